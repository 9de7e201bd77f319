import { type Surface } from '../contract/vocabulary.ts';
import { type DialerRouteName, type DialerRoutes } from '../dialer/routes.ts';
import { idText, isJson, type Json, kindByKey, membershipId, type RecordKind, recordKinds } from './kinds.ts';

/**
 * The API's create operations, as the suites send them: method and path on a surface, the kind of record
 * each makes, the name the request gives it, and how to read the new records from the answer. Every
 * request of a run is looked up here before it goes out (CheckContext), so a record is in the ledger
 * whichever check creates it.
 */

/** What a create's answer shows was made: one entry per record, with its id when the answer names one. */
export interface MadeRecord {
  readonly id?: string;
  readonly name?: string;
}

export interface CreateOperation {
  readonly surface: Surface;
  readonly method: string;
  readonly path: RegExp;
  readonly kind: RecordKind;
  /** The name the request gives the record, when the kind has one. */
  nameOf(body: unknown): string | undefined;
  /** The id a request alone determines (a membership is its agent and group), known before any answer. */
  idOf?(body: unknown): string | undefined;
  /** Whether this body can make a record at all (Contact actions of deletes only make none); absent: always. */
  makesAny?(body: unknown): boolean;
  /** The records a 2xx answer shows made; an answer that names no id still made one record. */
  made(answer: unknown, body: unknown, status: number): MadeRecord[];
}

const field =
  (name: string) =>
  (body: unknown): string | undefined => {
    const value = isJson(body) ? body[name] : undefined;
    return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  };

/** `responseData.data.id` (vendor reference), else `responseData.id`. */
function coreId(answer: unknown): string | undefined {
  const data = isJson(answer) && isJson(answer.responseData) ? answer.responseData : undefined;
  return idText(isJson(data?.data) ? data.data.id : undefined) ?? idText(data?.id);
}

/** The record a Dialer or AI answer carries: `data` when it wraps an object, else the body itself. */
function recordOf(answer: unknown): Json | undefined {
  if (!isJson(answer)) return undefined;
  return isJson(answer.data) ? answer.data : answer;
}

const one = (id: string | undefined, name?: string): MadeRecord[] => [{ ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}) }];

/** Contact actions: each `add_contact` command answered 2xx made a contact (vendor reference: `responseData.data[i].data.id`). */
function bulkMade(answer: unknown, body: unknown): MadeRecord[] {
  const results = isJson(answer) && isJson(answer.responseData) ? answer.responseData.data : undefined;
  const commands = Array.isArray(body) ? body : [];
  const made: MadeRecord[] = [];
  commands.forEach((command, i) => {
    if (!isJson(command) || command.action !== 'add_contact') return;
    const result = Array.isArray(results) ? results[i] : undefined;
    const status = isJson(result) ? Number(result.status) : Number.NaN;
    // A result that says nothing of its command may still have made the contact.
    if (Number.isFinite(status) && (status < 200 || status >= 300)) return;
    made.push(...one(idText(isJson(result) && isJson(result.data) ? result.data.id : undefined), field('name')(command.data)));
  });
  return made;
}

function bulkName(body: unknown): string | undefined {
  const first = Array.isArray(body) ? body.find((c) => isJson(c) && c.action === 'add_contact') : undefined;
  return isJson(first) ? field('name')(first.data) : undefined;
}

/** A membership is named by the request alone: its agent and group. */
function membershipOf(body: unknown): string | undefined {
  const agent = isJson(body) ? idText(body.agent_id) : undefined;
  const group = isJson(body) ? idText(body.group_id) : undefined;
  return agent !== undefined && group !== undefined ? membershipId(agent, group) : undefined;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route template as a pattern: each `{placeholder}` one path segment. */
function routePattern(template: string): RegExp {
  return new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map(escape)
      .join('[^/]+')}$`,
  );
}

export function createTable(routes: DialerRoutes): readonly CreateOperation[] {
  const kinds = recordKinds(routes);
  const kind = (key: string): RecordKind => kindByKey(kinds, key) as RecordKind;
  const dialer = (route: DialerRouteName, key: string, made: CreateOperation['made'], nameOf: CreateOperation['nameOf'] = field('name')): CreateOperation => {
    const [method = '', template = ''] = routes[route].split(' ');
    return { surface: 'ai', method, path: routePattern(template), kind: kind(key), nameOf, made };
  };
  const coreCreate = (method: string, path: string, key: string, nameOf: CreateOperation['nameOf']): CreateOperation => ({
    surface: 'core',
    method,
    path: new RegExp(`^${escape(path)}$`),
    kind: kind(key),
    nameOf,
    made: (answer, body) => one(coreId(answer), nameOf(body)),
  });
  const noName = (): undefined => undefined;
  const dialerId = (answer: unknown, body: unknown): MadeRecord[] => one(idText(recordOf(answer)?.id), field('name')(body));
  return [
    coreCreate('PUT', '/contacts/add.json', 'contact', field('name')),
    // A POST that creates breaks the method convention, yet what it made is still the run's to delete.
    coreCreate('POST', '/contacts/add.json', 'contact', field('name')),
    {
      surface: 'core',
      method: 'POST',
      path: /^\/bulk\/contacts\.json$/,
      kind: kind('contact'),
      nameOf: bulkName,
      makesAny: (body) => Array.isArray(body) && body.some((c) => isJson(c) && c.action === 'add_contact'),
      made: bulkMade,
    },
    coreCreate('PUT', '/agents/add.json', 'agent', field('lastname')),
    {
      surface: 'core',
      method: 'PUT',
      path: /^\/groups\/add\.json$/,
      kind: kind('group-membership'),
      nameOf: noName,
      idOf: membershipOf,
      made: (_answer, body) => one(membershipOf(body)),
    },
    coreCreate('PUT', '/tags/add.json', 'tag', field('name')),
    coreCreate('PUT', '/blacklist/add.json', 'blacklist-entry', field('public_number')),
    { surface: 'core', method: 'POST', path: /^\/calls\/create\.json$/, kind: kind('call'), nameOf: noName, made: () => one(undefined) },
    { surface: 'core', method: 'POST', path: /^\/sms\/send\.json$/, kind: kind('sms'), nameOf: noName, made: () => one(undefined) },
    dialer('campaigns.create', 'dialer-campaign', dialerId),
    dialer('scripts.create', 'call-script', dialerId),
    dialer('surveys.create', 'survey', dialerId),
    dialer('campaign.export', 'export-job', (answer) => one(idText(recordOf(answer)?.jobId)), noName),
    {
      surface: 'ai',
      method: 'POST',
      path: /^\/voice-agents$/,
      kind: kind('voice-agent'),
      nameOf: field('agentName'),
      made: (answer, body) => one(idText(recordOf(answer)?.id), field('agentName')(body)),
    },
    { surface: 'ai', method: 'POST', path: /^\/voice-agent\/calls$/, kind: kind('voice-agent-call'), nameOf: noName, made: () => one(undefined) },
    {
      surface: 'cuecard',
      method: 'POST',
      path: /^\/cuecards$/,
      kind: kind('cuecard'),
      nameOf: field('title'),
      made: (answer, body) => one(idText(recordOf(answer)?.id), field('title')(body)),
    },
  ];
}

/** The create operation a request is, or undefined. */
export function createOf(table: readonly CreateOperation[], surface: Surface, method: string, path: string): CreateOperation | undefined {
  const m = method.toUpperCase();
  return table.find((op) => op.surface === surface && op.method === m && op.path.test(path));
}
