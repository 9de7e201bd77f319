import type { DeletionBatch } from '../../lib/checks/batched-deletions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import { type KeySlot } from '../../lib/contract/vocabulary.ts';
import type { StepIo } from '../../lib/stateful/sequences.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { createdId } from './shapes.ts';
import { isObject, type Json } from '../shared/json.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { responseData } from '../shared/core-reads.ts';

/**
 * Shared steps of the core checks: creating what a check needs (and registering its deletion),
 * reading single contacts, adding and probing agents. Every step that fails is a failed prerequisite,
 * never a verdict on the rule under test. The reads and values other hosts' checks use as well are in
 * suites/shared/ (`core-reads.ts`, `inert-values.ts`).
 */

/**
 * Reports whether an acknowledgement's status equals the HTTP status: the spec ties the two together for
 * failures only, so on a success it is noted, never judged (CORE-ENV-ACK).
 */
export function noteAckStatus(t: CheckContext, rule: RuleId, ex: Exchange): void {
  const status = responseData<{ status?: unknown }>(ex).status;
  t.note(
    rule,
    status === ex.status
      ? `responseData.status equals the HTTP status, ${ex.status}`
      : `responseData.status is ${JSON.stringify(status)} with HTTP ${ex.status}, which the spec allows on a success`,
  );
}

/** Contact actions take at most ten commands a request (vendor reference). */
export const CONTACT_ACTIONS_MAX = 10;

/**
 * The status of each command of a Contact actions request, in the order sent, and the id a command made
 * (vendor reference: `responseData.data[i]` is `{ command_id, status, data: { id } }`); a request refused as a
 * whole, or an answer that shows no such list, gives no status for any command.
 */
export function commandResults(ex: Exchange, commands: number): { readonly status: number; readonly id?: string }[] {
  const results = ex.status >= 200 && ex.status < 300 ? responseData<{ data?: unknown }>(ex).data : undefined;
  return Array.from({ length: commands }, (_, i) => {
    const result = Array.isArray(results) ? results[i] : undefined;
    if (!isObject(result)) return { status: Number.NaN };
    const id = isObject(result.data) ? result.data.id : undefined;
    return { status: Number(result.status), ...(typeof id === 'string' || typeof id === 'number' ? { id: String(id) } : {}) };
  });
}

/**
 * The company's contacts the core lane's checks leave to its end, deleted there ten a request with Contact
 * actions (vendor reference: POST /bulk/contacts.json, `delete_contact`), each command answered with its own
 * status; one its command did not delete is deleted alone.
 */
export const CONTACT_DELETIONS: DeletionBatch = {
  key: 'core.contacts',
  what: 'contacts, ten a request with Contact actions (POST /bulk/contacts.json, vendor reference)',
  lane: 'core',
  meter: 'core',
  perRequest: CONTACT_ACTIONS_MAX,
  together: (scope, ids) =>
    scope
      .core('POST', '/bulk/contacts.json')
      .json(ids.map((id, i) => ({ action: 'delete_contact', command_id: `delete-${i}`, data: { id: /^\d+$/.test(id) ? Number(id) : id } }))),
  gone(ex, ids) {
    const results = commandResults(ex, ids.length);
    return new Set(
      ids.filter((_, i) => {
        const status = results[i]?.status ?? Number.NaN;
        return (status >= 200 && status < 300) || status === 404;
      }),
    );
  },
  alone: (scope, id) => scope.core('DELETE', `/contacts/delete/${id}.json`),
};

/** The contacts one check may leave to the core lane's end, as its `batched` declares them. */
export const leavesContacts = (records: number) => [{ batch: CONTACT_DELETIONS, records }] as const;

/**
 * Creates a contact (PUT /contacts/add.json) of the company under test, deleted when the core lane ends with
 * the other checks' (CONTACT_DELETIONS: the check declares it in `batched`), or of another key's company,
 * deleted by the check as it ends (vendor reference path). Returns its id. The spec does not show the add
 * answer: an id it does not carry where `createdId` looks fails the prerequisite.
 */
export async function createContact(t: CheckContext, body: Record<string, unknown> = {}, slot: KeySlot = 'primary'): Promise<string> {
  const id = await addContact(t, body, slot);
  if (slot === 'primary') t.deleteWhenLaneEnds(CONTACT_DELETIONS, id);
  else t.undo(`delete contact ${id}`, deleteContact(t, id, slot));
  return id;
}

/** Creates a contact (PUT /contacts/add.json) as `createContact` does, leaving its deletion to the caller. Returns its id. */
export async function addContact(t: CheckContext, body: Record<string, unknown> = {}, slot: KeySlot = 'primary'): Promise<string> {
  const payload = { name: t.uniqueName(), ...body };
  const ex = await t.core('PUT', '/contacts/add.json').as(slot).json(payload).send();
  t.expectOk(ex, 'creating a contact');
  const id = createdId(ex);
  t.prerequisite(
    id !== undefined,
    'creating a contact returned its id neither in responseData.data.id (vendor reference) nor in responseData.id; the spec does not show the add answer',
    ex,
  );
  return String(id);
}

/** Deletes a contact (vendor reference path); a 404 means it is already gone. */
export const deleteContact = (t: CheckContext, id: string, slot: KeySlot = 'primary') => t.core('DELETE', `/contacts/delete/${id}.json`).as(slot);

/** A contact as Inspect a contact shows it; the spec shows neither the path nor the shape. */
export interface ContactView {
  /** The contact's own fields: responseData.Contact (vendor reference), or responseData itself when it holds them directly. */
  readonly fields: Json;
  /** A list property (ContactNumber, ContactEmail, ...) beside the fields (vendor reference) or among them; undefined when not shown. */
  list(key: string): unknown;
}

export function contactViewOf(ex: Exchange): ContactView | undefined {
  const data = responseData<Json>(ex);
  const fields = isObject(data.Contact) ? data.Contact : 'id' in data || 'name' in data ? data : undefined;
  return fields && { fields, list: (key) => data[key] ?? fields[key] };
}

/** Inspect a contact (GET /contacts/show/{id}.json, vendor reference) as a prerequisite. */
export async function showContact(t: CheckContext, id: string, slot: KeySlot = 'primary'): Promise<ContactView> {
  const ex = await t.core('GET', `/contacts/show/${id}.json`).as(slot).send();
  t.expectOk(ex, `reading contact ${id}`);
  const view = contactViewOf(ex);
  t.prerequisite(
    view !== undefined,
    'Inspect a contact showed the contact neither in responseData.Contact (vendor reference) nor directly in responseData',
    ex,
  );
  return view as ContactView;
}

/** A field the check builds on must be shown by Inspect a contact; when it is not, nothing can be judged on it. */
export function shownField(t: CheckContext, view: ContactView, field: string): unknown {
  t.prerequisite(field in view.fields, `Inspect a contact does not show the field ${field}`);
  return view.fields[field];
}

/** A list property the check builds on must be shown as an array by Inspect a contact. */
export function shownList(t: CheckContext, view: ContactView, key: string): readonly unknown[] {
  const value = view.list(key);
  t.prerequisite(Array.isArray(value), `Inspect a contact does not show ${key} as a list`);
  return value as unknown[];
}

/** The list properties of a contact (Contact, core API edit payload). */
export const CONTACT_LIST_PROPERTIES = ['ExternalUrl', 'ContactNumber', 'ContactEmail', 'ContactsTag', 'ContactAttribute'] as const;
export type ContactListProperty = (typeof CONTACT_LIST_PROPERTIES)[number];

/**
 * An entry of a list property as a read-back compares it, by what the payload types: a number by its digits (a
 * server may write a plus or spaces around them), an attribute as id=value in text, a link as name and url.
 */
export function contactEntryKey(property: ContactListProperty, item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  switch (property) {
    case 'ContactNumber':
      return String(item.public_number).replace(/\D/g, '');
    case 'ContactEmail':
      return String(item.email);
    case 'ContactsTag':
      return String(item.name);
    case 'ContactAttribute':
      return `${String(item.attribute_id)}=${String(item.value)}`;
    case 'ExternalUrl':
      return `${String(item.name)} ${String(item.url)}`;
  }
}

/** A scalar the spec lets a server clear to "" or null; both read as cleared, as does a field no longer shown. */
export function isCleared(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** Sends Add an agent with a valid base payload plus overrides (a field set to undefined is left out). */
function sendAgent(t: CheckContext, overrides: Record<string, unknown>, slot: KeySlot): Promise<Exchange> {
  const name = t.uniqueName();
  const payload: Record<string, unknown> = { firstname: 'Conformance', lastname: name, email: `${name}@example.com`, pass: `P-${name}-9z`, ...overrides };
  for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
  return t.core('PUT', '/agents/add.json').as(slot).json(payload).send();
}

/** The id a create of an agent answered with, read without judging: undefined unless it succeeded with one. */
export function createdAgentId(ex: Exchange): string | undefined {
  const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
  return ex.status >= 200 && ex.status < 300 && (typeof id === 'string' || typeof id === 'number') ? String(id) : undefined;
}

const deleteAgent = (t: CheckContext, id: string, slot: KeySlot) => t.core('DELETE', `/agents/delete/${id}.json`).as(slot);

/** Creates an agent (PUT /agents/add.json) from a valid base payload plus overrides; registers its deletion on 2xx. */
export async function putAgent(t: CheckContext, overrides: Record<string, unknown> = {}, slot: KeySlot = 'primary'): Promise<Exchange> {
  const ex = await sendAgent(t, overrides, slot);
  const id = createdAgentId(ex);
  if (id !== undefined) t.undo(`delete agent ${id}`, deleteAgent(t, id, slot));
  return ex;
}

/**
 * One Add an agent as a probe of a value: an agent it creates is deleted at once (vendor reference path), before
 * the answer is judged and before the next probe, so a check never holds more than one agent of its own and an
 * account near its agent maximum can still take every probe. Costs 2 requests when the agent is created.
 */
export async function probeAgent(t: CheckContext, overrides: Record<string, unknown>): Promise<Exchange> {
  const ex = await sendAgent(t, overrides, 'primary');
  const id = createdAgentId(ex);
  if (id === undefined) return ex;
  const removed = await deleteAgent(t, id, 'primary').send();
  if (removed.status >= 300) {
    t.undo(`delete agent ${id}`, deleteAgent(t, id, 'primary'));
    t.prerequisite(
      false,
      `the agent a probe created could not be deleted before the next probe (DELETE /agents/delete/${id}.json answered ${removed.status})`,
      removed,
    );
  }
  return ex;
}

/**
 * An account at its agent maximum answers 403 to every create, valid or not (the spec does not say whether the
 * maximum is checked before the payload): the value itself cannot be judged, and the check is skipped.
 */
export function skipAtMaximum(t: CheckContext, ex: Exchange, what: string): void {
  if (ex.status === 403) t.skip(`${what} answered 403: the account is at its agent maximum, so no value can be judged`);
}

export function agentIdOf(t: CheckContext, ex: Exchange): string {
  t.expectOk(ex, 'creating an agent');
  const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
  t.prerequisite(typeof id === 'string' || typeof id === 'number', 'creating an agent returned no responseData.data.id', ex);
  return String(id);
}

/** The field messages of a 406, or undefined when the body has none. */
export function fieldMessages(ex: Exchange): Record<string, unknown> | undefined {
  const data = responseData<{ data?: unknown }>(ex).data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/** True when one of the 406 field keys names the field (`name`, `ContactEmail.0.email`, ...). */
export function namesField(ex: Exchange, field: string): boolean {
  const keys = Object.keys(fieldMessages(ex) ?? {});
  return keys.some((key) => key.toLowerCase().includes(field.toLowerCase()));
}

/** A core request of a stateful step, sent through the step so the story records it; `body` as JSON when given. */
export function sendStep(io: StepIo, t: CheckContext, method: string, path: string, body?: unknown, slot: KeySlot = 'primary'): Promise<Exchange> {
  const request = t.core(method, path).as(slot);
  return io.send(body === undefined ? request : request.json(body));
}
