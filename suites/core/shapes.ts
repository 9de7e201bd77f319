import type { Exchange } from '../../lib/http/exchange.ts';
import { recordOf } from '../shared/core-reads.ts';
import { isObject, type Json } from '../shared/json.ts';

/**
 * Readers for the shapes the spec leaves unshown: the ids a list's items show, and where a create answer
 * puts the new id. The vendor reference's shape is tried first, then the other plain readings; what none
 * of them finds is a failed prerequisite of the calling check, never a verdict on the target. How a record
 * is wrapped in an item, and lists that may come without paging fields, are read in
 * suites/shared/core-reads.ts, since other hosts' checks read them too.
 */

function body(ex: Exchange): Json {
  const data = isObject(ex.json) ? ex.json.responseData : undefined;
  return isObject(data) ? data : {};
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
  for (const id of [isObject(data.data) ? data.data.id : undefined, data.id]) {
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}
