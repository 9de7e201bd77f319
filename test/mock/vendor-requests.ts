import type { Company, MockState } from '../../mock/state/model.ts';
import { analysisOf } from '../../mock/state/analysis.ts';
import type { Operation, Schema } from './vendor-reference.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The request the replay sends for one vendor operation. Its documented example where the document has
 * one (only Contact actions has a body example; no parameter has one); otherwise the smallest request its
 * schema allows: the required fields only, one item per required list. Either way a value naming a record
 * (an id, a live call's UUID) names a record of the mock's company A instead of the vendor's account.
 */
export interface ReplayRequest {
  readonly url: string;
  readonly body: Json | undefined;
  /** `example` or `built from the schema`, reported with every failure. */
  readonly source: string;
}

/** Which record a reference names: the newest of its kind for a delete (what the operations before it added), else the oldest. */
function pickOf<T>(records: Iterable<T>, newest: boolean, where: (r: T) => boolean = () => true): T | undefined {
  const matching = [...records].filter(where);
  return newest ? matching.at(-1) : matching[0];
}

const id = (record: { id: number } | undefined): number | undefined => record?.id;

/** A record of company A for a field or parameter naming one; undefined when the name names none. */
function reference(state: MockState, company: Company, op: Operation, name: string, deleting: boolean): Json | undefined {
  const membership = [...company.memberships][0]?.split(':').map(Number) ?? [];
  switch (name) {
    case 'contactId':
    case 'contact_id':
      // A deleted contact takes its notes and activities along: the one deleted has none, so later commands find theirs.
      return id(
        pickOf(
          company.contacts.values(),
          deleting,
          (c) => !deleting || ![...company.notes.values(), ...company.activities.values()].some((r) => r.contact_id === c.id),
        ),
      );
    case 'noteId':
      return id(pickOf(company.notes.values(), deleting));
    case 'activityId':
      return id(pickOf(company.activities.values(), deleting));
    case 'agentId':
      return id(pickOf(company.agents.values(), deleting));
    case 'user_id':
      return id(pickOf(company.agents.values(), false));
    case 'agent_id':
      // Make a call needs an agent who is online; a membership names its agent and group together.
      if (op.path === '/calls/create.json') return id(pickOf(company.agents.values(), false, (a) => a.availability_status === 'online'));
      return membership[0];
    case 'group_id':
      return membership[1];
    case 'callId': {
      if (op.host === 'ai') return id(pickOf(company.calls.values(), false, (c) => analysisOf(state.seed, company, c.id) != null));
      if (op.path.includes('recording')) return id(pickOf(company.calls.values(), false, (c) => c.recording === 'available'));
      return id(pickOf(company.calls.values(), false));
    }
    case 'call_uuid':
      return [...company.activeCalls.keys()][0];
    case 'voice_agent_id':
      return [...company.voiceAgents.keys()][0];
    case 'id': {
      const kind = op.path.split('/')[1];
      if (kind === 'campaigns') return id(pickOf(company.campaigns.values(), deleting));
      if (kind === 'numbers') return id(pickOf(company.numbers.values(), deleting));
      if (kind === 'blacklist') return id(pickOf(company.blacklist.values(), deleting));
      if (kind === 'tags') return id(pickOf(company.tags.values(), deleting, (t) => !t.archived));
      return undefined;
    }
    default:
      return undefined;
  }
}

const PHONE_FIELDS = new Set(['public_number', 'callee_number', 'recipient', 'sender', 'call_number']);

/** Values that must not repeat across the replay (names and e-mails are unique per company, numbers on the blacklist). */
let counter = 0;

/** The smallest value a schema allows for a field: its example, a record it names, or the first value of its type. */
function smallest(schema: Schema, name: string, top: boolean, refer: (name: string) => Json | undefined): Json {
  const referenced = refer(name);
  if (referenced !== undefined) return referenced;
  if (schema.example !== undefined) return schema.example as Json;
  const alternative = ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined)?.[0];
  if (alternative) return smallest(alternative, name, top, refer);
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  counter += 1;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [smallest((schema.items ?? {}) as Schema, name, false, refer)];
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      // At the top only what is required; an item of a list gets each of its fields but an id of its own.
      const fields = top ? ((schema.required ?? []) as string[]) : Object.keys(properties).filter((k) => k !== 'id');
      return Object.fromEntries(fields.map((field) => [field, smallest(properties[field] ?? {}, field, false, refer)]));
    }
    default:
      if (schema.format === 'email') return `replay.${counter}@example.com`;
      if (schema.format === 'date-time') return '2026-01-02T03:04:05.000Z';
      if (PHONE_FIELDS.has(name)) return `+4477009${String(1000 + counter)}`;
      return `Replay ${counter}`;
  }
}

/**
 * The vendor's Contact actions example names records of its own account: each command's ids become
 * records of company A, a delete taking the newest of its kind so the commands after it find theirs.
 */
function adaptBulkExample(example: Json, refer: (name: string, deleting: boolean, kind: string) => Json | undefined): Json {
  const kinds: Record<string, string> = { contact: 'contactId', note: 'noteId', activity: 'activityId' };
  return (example as { action: string; command_id: string; data: Record<string, Json> }[]).map((command) => {
    const [verb, noun] = command.action.split('_') as [string, string];
    const data = { ...command.data };
    const deleting = verb === 'delete';
    if ('id' in data) data.id = refer(kinds[noun] as string, deleting, noun) ?? null;
    if ('contact_id' in data) data.contact_id = refer('contactId', false, 'contact') ?? null;
    if ('user_id' in data) data.user_id = refer('user_id', false, 'agent') ?? null;
    return { ...command, data };
  });
}

export function replayRequest(state: MockState, op: Operation, prefix: string): ReplayRequest {
  const company = state.companies.get(1) as Company;
  const deleting = op.method === 'DELETE';
  const refer = (name: string) => reference(state, company, op, name, deleting && !name.endsWith('_id'));
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    if (!p.required && p.example === undefined) continue;
    const value = p.example ?? reference(state, company, op, p.name, deleting) ?? smallest(p.schema, p.name, false, () => undefined);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query') query.set(p.name, String(value));
  }
  const url = `${prefix}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
  if (!op.body) return { url, body: undefined, source: 'no body' };
  if (op.body.example !== undefined) {
    const example =
      op.path === '/bulk/contacts.json' ? adaptBulkExample(op.body.example, (name, del) => reference(state, company, op, name, del)) : op.body.example;
    return { url, body: example, source: 'example' };
  }
  return { url, body: smallest(op.body.schema, '', true, refer), source: 'built from the schema' };
}
