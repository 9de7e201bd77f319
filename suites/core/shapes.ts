import type { CheckContext } from '../../lib/checks/context.ts';
import type { KeySlot } from '../../lib/config/target.ts';
import type { Exchange } from '../../lib/http/exchange.ts';

/**
 * Readers for the shapes the spec leaves unshown: how a record is wrapped in a list item or a read, where a
 * create answer puts the new id, and lists that may come without paging fields. The vendor reference's
 * shape is tried first, then the other plain readings; what none of them finds is a failed prerequisite of
 * the calling check, never a verdict on the target.
 */

export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function body(ex: Exchange): Json {
  const data = isJson(ex.json) ? ex.json.responseData : undefined;
  return isJson(data) ? data : {};
}

/**
 * The record an item or a read stands for: `item[key]` when the item wraps it under that key (the vendor
 * reference's `{ Contact: {...} }`), the item itself when it carries an `id`, else the first record with an
 * `id` it wraps under any key (`{ Groups: {...} }`).
 */
export function recordOf(item: unknown, key?: string): Json | undefined {
  if (!isJson(item)) return undefined;
  if (key !== undefined && isJson(item[key])) return item[key];
  if ('id' in item) return item;
  return Object.values(item).find((value): value is Json => isJson(value) && 'id' in value);
}

/** The id of the record an item stands for, as a string, or undefined when the item shows none. */
export function recordId(item: unknown, key?: string): string | undefined {
  const id = recordOf(item, key)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The ids a list shows, or undefined when it holds items but none of them shows an id: its item shape is unknown. */
export function listedIds(items: readonly unknown[], key?: string): Set<string> | undefined {
  const ids = items.map((item) => recordId(item, key)).filter((id): id is string => id !== undefined);
  return items.length > 0 && ids.length === 0 ? undefined : new Set(ids);
}

/** Where a create answer may carry the new id: `responseData.data.id` (vendor reference), else `responseData.id`. */
export function createdId(ex: Exchange): string | undefined {
  const data = body(ex);
  for (const id of [isJson(data.data) ? data.data.id : undefined, data.id]) {
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
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
  const ex = await t.core('GET', path).as(slot).query(query).send();
  t.expectOk(ex, `reading ${path}`);
  const data = isJson(ex.json) ? ex.json.responseData : undefined;
  if (Array.isArray(data)) return { ex, items: data, complete: true };
  t.prerequisite(isJson(data) && Array.isArray(data.data), `${path} answered neither a list in responseData nor responseData.data as an array`, ex);
  const { data: items, pageCount } = data as { data: unknown[]; pageCount?: unknown };
  return { ex, items, complete: typeof pageCount !== 'number' || pageCount <= 1 };
}
