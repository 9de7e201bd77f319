import type { CheckContext } from '../../lib/checks/context.ts';
import { type KeySlot } from '../../lib/contract/vocabulary.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { isObject, type Json } from './json.ts';

/**
 * Reads of the core API that checks of every host build on (the calls a host analyses, the agents a call
 * belongs to, the records a Dialer tag points at): its envelope's responseData, one page of a collection,
 * a list whose envelope the spec does not show, the record an item stands for, and the agent list. Every
 * read that fails is a failed prerequisite of the calling check, never a verdict on the rule under test.
 */

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
  return pageFrom<T>(t, path, await t.core('GET', path).as(slot).query(query).send());
}

/** One page of a core collection from an answer already sent (a read several checks share), judged as `readPage` judges its own. */
export function pageFrom<T = Record<string, unknown>>(t: CheckContext, path: string, ex: Exchange): { ex: Exchange; page: Page<T> } {
  t.expectOk(ex, `reading ${path}`);
  const result = t.validate('core/collection', ex.json);
  t.prerequisite(
    result.ok,
    () => `${path} did not answer a collection envelope: ${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')}`,
    ex,
  );
  return { ex, page: responseData<Page<T>>(ex) };
}

/**
 * The record an item or a read stands for: `item[key]` when the item wraps it under that key (the vendor
 * reference's `{ Contact: {...} }`), the item itself when it carries an `id`, else the first record with an
 * `id` it wraps under any key (`{ Groups: {...} }`).
 */
export function recordOf(item: unknown, key?: string): Json | undefined {
  if (!isObject(item)) return undefined;
  if (key !== undefined && isObject(item[key])) return item[key];
  if ('id' in item) return item;
  return Object.values(item).find((value): value is Json => isObject(value) && 'id' in value);
}

export interface ListRead {
  readonly ex: Exchange;
  readonly items: readonly unknown[];
  /** Whether the items are the whole list: one page of a collection, or a list answered without paging fields. */
  readonly complete: boolean;
}

/**
 * Reads a list whose envelope the spec does not show (it names no paging for it, and says some lists carry no
 * paging fields): the collection envelope, `{ data: [...] }` without paging fields, or a plain array in
 * responseData. Anything else, or a status other than 200, fails the calling check's prerequisite.
 */
export async function readList(
  t: CheckContext,
  path: string,
  query: Record<string, string | number | undefined> = {},
  slot: KeySlot = 'primary',
): Promise<ListRead> {
  return listFrom(t, path, await t.core('GET', path).as(slot).query(query).send());
}

/** A list from an answer already sent (a read several checks share), read as `readList` reads its own. */
export function listFrom(t: CheckContext, path: string, ex: Exchange): ListRead {
  t.expectOk(ex, `reading ${path}`);
  const data = isObject(ex.json) ? ex.json.responseData : undefined;
  if (Array.isArray(data)) return { ex, items: data, complete: true };
  t.prerequisite(isObject(data) && Array.isArray(data.data), `${path} answered neither a list in responseData nor responseData.data as an array`, ex);
  const { data: items, pageCount } = data as { data: unknown[]; pageCount?: unknown };
  return { ex, items, complete: typeof pageCount !== 'number' || pageCount <= 1 };
}

export interface Agent {
  readonly id: string;
  readonly extension?: unknown;
  readonly availability_status?: unknown;
}

/** The agent list's path and query: one read of up to 1000. */
export const AGENT_LIST = { path: '/agents/index.json', query: { limit: 1000 } } as const;

/**
 * The agents of the key's company, from one read of up to 1000. The spec shows no agent list: path, envelope and
 * item shape follow the vendor reference (`{ Agent: {...} }`), read tolerantly; an unreadable list fails the prerequisite.
 */
export async function listAgents(t: CheckContext, slot: KeySlot = 'primary'): Promise<{ agents: readonly Agent[]; complete: boolean }> {
  return agentsFrom(t, await readList(t, AGENT_LIST.path, AGENT_LIST.query, slot));
}

/** The agents of an agent list answer already sent (a read a shared record made), as `listAgents` gives them. */
export function agentsIn(t: CheckContext, ex: Exchange): { agents: readonly Agent[]; complete: boolean } {
  return agentsFrom(t, listFrom(t, AGENT_LIST.path, ex));
}

/** The agents of a list already read (`listAgents`, or a read several checks share), as `listAgents` gives them. */
export function agentsFrom(t: CheckContext, { ex, items, complete }: ListRead): { agents: readonly Agent[]; complete: boolean } {
  const agents = items
    .map((item) => recordOf(item, 'Agent'))
    .filter((a): a is Json => a !== undefined && (typeof a.id === 'string' || typeof a.id === 'number'));
  t.prerequisite(items.length === 0 || agents.length > 0, 'the agent list shows no agent id (vendor reference item { Agent: { id } })', ex);
  return { agents: agents.map((a) => ({ ...a, id: String(a.id) })), complete };
}
