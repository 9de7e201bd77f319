import { recordId } from '../fixtures/shapes.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { type Page, pageFrom, readPage, responseData } from '../../shared/core-reads.ts';

/**
 * What the counting rules (pageCount, pageNumber, the walk) build on: a collection whose itemsCount is the
 * total over all pages. CORE-PAGE-ITEMS-COUNT judges that; a check that only builds on it treats a count it
 * cannot trust as a failed prerequisite, so one broken counter fails one rule instead of every rule that counts.
 */

/** Items are keyed by record type ({ Contact: {...} }, { Blacklist: {...} }); the first key's id identifies them. */
export function identify(item: unknown): string {
  return recordId(item) ?? JSON.stringify(item);
}

/**
 * Reads page 1 with limit 1 (or takes `sent`, that read already made) and returns it once its itemsCount can be
 * taken as the total. An itemsCount of 2 or more cannot be the page's own count; an itemsCount of 0 or 1 beside an
 * item is checked against page 2 (one more request): another item there means itemsCount counted only the page returned.
 */
export async function firstPageCounted<T = Record<string, unknown>>(
  t: CheckContext,
  path: string,
  query: Record<string, string | number | undefined> = {},
  sent?: Exchange,
): Promise<{ ex: Exchange; page: Page<T> }> {
  const first = sent === undefined ? await readPage<T>(t, path, { ...query, limit: 1 }) : pageFrom<T>(t, path, sent);
  const [only] = first.page.data;
  if (only === undefined || first.page.itemsCount > 1) return first;
  const next = await t
    .core('GET', path)
    .query({ ...query, limit: 1, page: 2 })
    .send();
  // Past the last page the answer is open (an error, an empty page, the last page again): only another item tells.
  const items = next.status === 200 ? responseData<{ data?: unknown }>(next).data : undefined;
  const another = Array.isArray(items) && items.some((item) => identify(item) !== identify(only));
  t.prerequisite(
    !another,
    `itemsCount of ${path} is not the total over all pages (CORE-PAGE-ITEMS-COUNT): limit 1 answered itemsCount ${first.page.itemsCount}, and page 2 holds another item`,
    next,
  );
  return first;
}
