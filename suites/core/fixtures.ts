import type { CheckContext } from '../../lib/checks/context.js';
import type { KeySlot } from '../../lib/config/target.js';
import type { Exchange } from '../../lib/http/exchange.js';

/**
 * Shared steps of the core checks: creating what a check needs (and registering its deletion),
 * reading collections and single contacts. Every step that fails is a failed prerequisite, never a
 * verdict on the rule under test.
 */

/** An identifier no account is expected to hold, below 2^31 so no server overflows on it. */
export const UNKNOWN_ID = 2_147_480_123;

/** Numbers from the UK's drama range (Ofcom 07700 900000-900999): they reach no one. */
export function fictionalNumber(n: number): string {
  return `+447700900${String(n % 1000).padStart(3, '0')}`;
}

export interface Page<T = Record<string, unknown>> {
  readonly itemsCount: number;
  readonly pageCount: number;
  readonly pageNumber: number;
  readonly limit: number;
  readonly data: readonly T[];
}

export function responseData<T = Record<string, unknown>>(ex: Exchange): T {
  return ((ex.json as { responseData?: unknown } | undefined)?.responseData ?? {}) as T;
}

/** Reads one page of a core collection as a prerequisite: it must be a 200 with the collection envelope. */
export async function readPage<T = Record<string, unknown>>(
  t: CheckContext,
  path: string,
  query: Record<string, string | number | undefined> = {},
  slot: KeySlot = 'primary',
): Promise<{ ex: Exchange; page: Page<T> }> {
  const ex = await t.core('GET', path).as(slot).query(query).send();
  t.expectOk(ex, `reading ${path}`);
  const result = t.session.schemas.validate('core/collection', ex.json);
  t.prerequisite(result.ok, () => `${path} did not answer a collection envelope: ${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')}`, ex);
  return { ex, page: responseData<Page<T>>(ex) };
}

/** Creates a contact (PUT /contacts/add.json) and registers its deletion. Returns its id. */
export async function createContact(t: CheckContext, body: Record<string, unknown> = {}, slot: KeySlot = 'primary'): Promise<string> {
  const payload = { name: t.session.uniqueName(), ...body };
  const ex = await t.core('PUT', '/contacts/add.json').as(slot).json(payload).send();
  t.expectOk(ex, 'creating a contact');
  const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
  t.prerequisite(typeof id === 'string' || typeof id === 'number', 'creating a contact returned no responseData.data.id', ex);
  t.undo(`delete contact ${String(id)}`, t.core('DELETE', `/contacts/delete/${String(id)}.json`).as(slot));
  return String(id);
}

export interface ContactView {
  readonly Contact: Record<string, unknown>;
  readonly ExternalUrl?: readonly { name: string; url: string }[];
  readonly ContactNumber?: readonly { public_number: string | number }[];
  readonly ContactEmail?: readonly { email: string }[];
  readonly ContactsTag?: readonly { name: string }[];
  readonly ContactAttribute?: readonly { attribute_id: number | string; value: string }[];
}

/** Inspect a contact (GET /contacts/show/{id}.json, vendor reference) as a prerequisite. */
export async function showContact(t: CheckContext, id: string, slot: KeySlot = 'primary'): Promise<ContactView> {
  const ex = await t.core('GET', `/contacts/show/${id}.json`).as(slot).send();
  t.expectOk(ex, `reading contact ${id}`);
  const view = responseData<ContactView>(ex);
  t.prerequisite(typeof view.Contact === 'object' && view.Contact !== null, 'Inspect a contact returned no responseData.Contact', ex);
  return view;
}

/** A scalar the spec lets a server clear to "" or null; both read as cleared. */
export function isCleared(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** Creates an agent (PUT /agents/add.json) from a valid base payload plus overrides; registers its deletion on 2xx. */
export async function putAgent(t: CheckContext, overrides: Record<string, unknown> = {}, slot: KeySlot = 'primary'): Promise<Exchange> {
  const name = t.session.uniqueName('ccagent');
  const payload = { firstname: 'Conformance', lastname: name, email: `${name}@example.com`, pass: `P-${name}-9z`, ...overrides };
  for (const [key, value] of Object.entries(payload)) if (value === undefined) delete (payload as Record<string, unknown>)[key];
  const ex = await t.core('PUT', '/agents/add.json').as(slot).json(payload).send();
  const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
  if (ex.status >= 200 && ex.status < 300 && (typeof id === 'string' || typeof id === 'number')) {
    t.undo(`delete agent ${String(id)}`, t.core('DELETE', `/agents/delete/${String(id)}.json`).as(slot));
  }
  return ex;
}

export function agentIdOf(t: CheckContext, ex: Exchange): string {
  t.expectOk(ex, 'creating an agent');
  const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
  t.prerequisite(typeof id === 'string' || typeof id === 'number', 'creating an agent returned no responseData.data.id', ex);
  return String(id);
}

export interface AgentItem {
  readonly Agent: { id: string | number; extension?: string | number | null; availability_status?: string; status_outbound?: boolean };
}

/** All agents of the key's company from one page of up to 1000 (vendor reference path). */
export async function listAgents(t: CheckContext, slot: KeySlot = 'primary'): Promise<readonly AgentItem[]> {
  const { page } = await readPage<AgentItem>(t, '/agents/index.json', { limit: 1000 }, slot);
  return page.data.filter((item) => item && typeof item.Agent === 'object');
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
