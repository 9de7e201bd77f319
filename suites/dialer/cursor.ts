import type { CheckContext } from '../../lib/checks/context.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/** One page of a cursor-paginated Dialer list as the spec shows it: `data` and `meta.nextCursor`. */
export interface CursorPage<T = Record<string, unknown>> {
  readonly ex: Exchange;
  readonly data: readonly T[];
  readonly nextCursor: string | null;
}

/** The page an answer holds, or undefined when it is not `{ data: [...], meta: { nextCursor } }`. */
export function pageOf<T = Record<string, unknown>>(ex: Exchange): CursorPage<T> | undefined {
  const body = ex.json as { data?: unknown; meta?: { nextCursor?: unknown } } | undefined;
  const next = body?.meta?.nextCursor;
  if (!Array.isArray(body?.data) || !(next === null || typeof next === 'string')) return undefined;
  return { ex, data: body.data as T[], nextCursor: next };
}

/** A page already read, as a prerequisite: a 200 with an array `data` and a `meta.nextCursor` string or null. */
export function prerequisitePage<T = Record<string, unknown>>(t: CheckContext, ex: Exchange): CursorPage<T> {
  t.expectOk(ex, `listing ${new URL(ex.request.url).pathname}`);
  const page = pageOf<T>(ex);
  t.prerequisite(page !== undefined, 'the list did not answer { data: [...], meta: { nextCursor } }', ex);
  return page as CursorPage<T>;
}

/** Reads one page as a prerequisite (prerequisitePage). */
export async function readCursorPage<T = Record<string, unknown>>(t: CheckContext, request: RequestSpec): Promise<CursorPage<T>> {
  return prerequisitePage<T>(t, await request.send());
}

/** One page judged under a rule: a 200 in the page envelope (schema dialer/cursor-page). */
export async function judgedPage<T = Record<string, unknown>>(t: CheckContext, rule: RuleId, request: RequestSpec): Promise<CursorPage<T>> {
  return judgedAnswer<T>(t, rule, await request.send());
}

/** A page already read (one a shared record holds) judged as judgedPage judges its own. */
export function judgedAnswer<T = Record<string, unknown>>(t: CheckContext, rule: RuleId, ex: Exchange): CursorPage<T> {
  t.expectStatus(rule, ex, 200);
  t.expectSchema(rule, ex, 'dialer/cursor-page');
  return pageOf<T>(ex) as CursorPage<T>;
}

/**
 * Follows `meta.nextCursor` from the first page until it is null, at most `maxPages` pages; `between`
 * runs after each page but the last (a check may change the list there). Returns every page read and
 * whether the walk reached the end.
 */
export async function walkCursor<T = Record<string, unknown>>(
  t: CheckContext,
  page: (cursor: string | undefined) => RequestSpec,
  maxPages: number,
  between?: (pageIndex: number) => Promise<void>,
): Promise<{ pages: CursorPage<T>[]; complete: boolean }> {
  const pages: CursorPage<T>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const current = await readCursorPage<T>(t, page(cursor));
    pages.push(current);
    if (current.nextCursor === null) return { pages, complete: true };
    cursor = current.nextCursor;
    if (between) await between(i);
  }
  return { pages, complete: false };
}

/** An item's identity: its id when it has one, else the item itself (record fields are mostly not shown). */
export function itemKey(item: unknown): string {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : JSON.stringify(item);
}

export const keysOf = (items: readonly unknown[]): string[] => items.map(itemKey);

export interface JudgedWalk<T> {
  readonly pages: CursorPage<T>[];
  readonly complete: boolean;
  /** Every item key in the order served. */
  readonly keys: string[];
}

/**
 * A walk whose every page is judged under `rule`: a 200 in the page envelope (schema dialer/cursor-page),
 * no item served twice, and with `limit` given no page above it. Unlike walkCursor, a broken page is the
 * rule's failure, not a missing prerequisite.
 */
export async function walkJudged<T = Record<string, unknown>>(
  t: CheckContext,
  rule: RuleId,
  page: (cursor: string | undefined) => RequestSpec,
  options: { readonly maxPages: number; readonly limit?: number; readonly between?: (pageIndex: number) => Promise<void> },
): Promise<JudgedWalk<T>> {
  const pages: CursorPage<T>[] = [];
  const keys: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < options.maxPages; i++) {
    const current = await judgedPage<T>(t, rule, page(cursor));
    const { ex } = current;
    const { limit } = options;
    if (limit !== undefined) t.check(rule, current.data.length <= limit, () => `page ${i + 1} holds ${current.data.length} items with limit=${limit}`, ex);
    for (const key of keysOf(current.data)) {
      t.check(
        rule,
        !keys.includes(key),
        () => `page ${i + 1} serves ${key} again, already served on page ${pages.findIndex((p) => keysOf(p.data).includes(key)) + 1}`,
        ex,
      );
      keys.push(key);
    }
    pages.push(current);
    if (current.nextCursor === null) return { pages, complete: true, keys };
    cursor = current.nextCursor;
    if (options.between) await options.between(i);
  }
  return { pages, complete: false, keys };
}
