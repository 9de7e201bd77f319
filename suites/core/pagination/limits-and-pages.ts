import fc from 'fast-check';
import type { Assertions } from '../../../lib/checks/assertions.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { NON_INTEGER_QUERY } from '../../../lib/fuzz/arbitraries.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { CORE_LIMIT } from '../../../lib/contract/limits.ts';
import { firstPageCounted, identify } from './collection-counts.ts';
import { type Page, readPage, responseData } from '../../shared/core-reads.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { BLACKLIST_LIMIT_1, CONTACTS_LIMIT_1, sharedPage } from '../fixtures/shared-records.ts';

/** List contacts: a collection in the spec, with limit and page (path from the vendor reference). */
const PAGED = '/contacts/index.json';
/** List blacklist: the spec shows its path and gives limit 1 to 1000 and page at least 1 for it in so many words. */
const BOUNDED = '/blacklist/index.json';

/** A bound probe: either a rejection in the error envelope, or a 200 whose echo stays inside the range. */
function judgeBound(t: Assertions, rule: RuleId, ex: Exchange, accept: (page: Page) => void): void {
  if (ex.status >= 400 && ex.status < 500) {
    t.expectSchema(rule, ex, 'core/error');
    return;
  }
  t.expectStatus(rule, ex, [200, 400, 404, 406, 422]);
  accept(responseData<Page>(ex));
}

/**
 * A page read with a limit from 1 to 1000 (CORE-PAGE-LIMIT-ECHO): the limit echoed, and data never more. The
 * first page holds min(limit, itemsCount) items; a later one at most the limit.
 */
export function judgeLimitEcho(t: Assertions, ex: Exchange, page: Page, limit: number, pageNumber: number): void {
  t.expectEqual('CORE-PAGE-LIMIT-ECHO', page.limit, limit, `limit echoed for limit=${limit}`, ex);
  if (pageNumber === 1)
    t.expectEqual('CORE-PAGE-LIMIT-ECHO', page.data.length, Math.min(limit, page.itemsCount), `data length for limit=${limit} of ${page.itemsCount} items`, ex);
  else t.check('CORE-PAGE-LIMIT-ECHO', page.data.length <= limit, `page ${pageNumber} holds ${page.data.length} items, over limit=${limit}`, ex);
}

/** A read without page and limit (CORE-PAGE-DEFAULTS): the first page, the server's default limit echoed. */
export function judgeDefaults(t: Assertions, ex: Exchange): Page {
  t.expectStatus('CORE-PAGE-DEFAULTS', ex, 200);
  const page = responseData<Page>(ex);
  t.expectEqual('CORE-PAGE-DEFAULTS', page.pageNumber, 1, 'pageNumber without page', ex);
  t.check(
    'CORE-PAGE-DEFAULTS',
    Number.isInteger(page.limit) && page.limit >= CORE_LIMIT.min && page.limit <= CORE_LIMIT.max,
    `default limit must be echoed as an integer from ${CORE_LIMIT.min} to ${CORE_LIMIT.max}, got ${JSON.stringify(page.limit)}`,
    ex,
  );
  t.check('CORE-PAGE-DEFAULTS', Array.isArray(page.data) && page.data.length <= page.limit, 'data holds more items than the echoed default limit', ex);
  return page;
}

/** A page asked for by number, not past the last (CORE-PAGE-NUMBER): pageNumber is that page. */
export function judgePageNumber(t: Assertions, ex: Exchange, page: Page, asked: number): void {
  t.expectEqual('CORE-PAGE-NUMBER', page.pageNumber, asked, `pageNumber for page=${asked}`, ex);
}

/** A read that matches nothing (CORE-PAGE-EMPTY): data empty, itemsCount 0. */
export function judgeEmpty(t: Assertions, ex: Exchange, page: Page): void {
  t.expectEqual('CORE-PAGE-EMPTY', page.data, [], 'data', ex);
  t.expectEqual('CORE-PAGE-EMPTY', page.itemsCount, 0, 'itemsCount', ex);
}

/** Any page (CORE-PAGE-COUNT): pageCount is ceil(itemsCount / limit); with nothing matching, 0 or 1. */
export function judgePageCount(t: Assertions, ex: Exchange, page: Page, limit = page.limit): void {
  if (page.itemsCount === 0) {
    t.check('CORE-PAGE-COUNT', page.pageCount === 0 || page.pageCount === 1, `pageCount with no matches must be 0 or 1, got ${page.pageCount}`, ex);
    return;
  }
  t.expectEqual('CORE-PAGE-COUNT', page.pageCount, Math.ceil(page.itemsCount / limit), `pageCount for limit=${limit} and ${page.itemsCount} items`, ex);
}

/** A read with `limit` as sent (CORE-PAGE-LIMIT-BOUNDS): one in range is applied; one outside refused or clamped. */
export function judgeLimitBounds(t: Assertions, ex: Exchange, raw: string): void {
  const rule = 'CORE-PAGE-LIMIT-BOUNDS';
  const asked = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const inRange = asked !== undefined && asked >= CORE_LIMIT.min && asked <= CORE_LIMIT.max;
  if (inRange) t.expectStatus(rule, ex, 200);
  judgeBound(t, rule, ex, (page) => {
    t.check(
      rule,
      Number.isInteger(page.limit) && page.limit >= CORE_LIMIT.min && page.limit <= CORE_LIMIT.max,
      `limit=${raw} was echoed as ${JSON.stringify(page.limit)}`,
      ex,
    );
    if (inRange) t.expectEqual(rule, page.limit, asked, `limit echoed for limit=${raw}`, ex);
    t.check(rule, Array.isArray(page.data) && page.data.length <= page.limit, `limit=${raw} returned ${page.data?.length} items over the echoed limit`, ex);
  });
}

/** A read with `page` as sent (CORE-PAGE-PAGE-BOUNDS): below 1 or no integer is refused, or answered as a page >= 1. */
export function judgePageBounds(t: Assertions, ex: Exchange, raw: string): void {
  const rule = 'CORE-PAGE-PAGE-BOUNDS';
  if (raw === '1') t.expectStatus(rule, ex, 200);
  judgeBound(t, rule, ex, (page) => {
    t.check(rule, Number.isInteger(page.pageNumber) && page.pageNumber >= 1, `page=${raw} was echoed as pageNumber ${JSON.stringify(page.pageNumber)}`, ex);
  });
}

/**
 * The pages 1..pageCount of one walk, in order, all answering the same itemsCount (CORE-PAGE-WALK): full pages
 * before the last, the last numbered pageCount, no item twice, and itemsCount items in all.
 */
export function judgeWalk(t: Assertions, pages: readonly { readonly ex: Exchange; readonly page: Page }[], total: number, limit: number): void {
  const seen = new Set<string>();
  const pageCount = pages.length;
  for (const [index, { ex, page }] of pages.entries()) {
    const number = index + 1;
    const last = number === pageCount;
    const expected = last ? total - limit * (pageCount - 1) : limit;
    t.expectEqual('CORE-PAGE-WALK', page.data.length, expected, `items on page ${number} of ${pageCount}`, ex);
    if (last) t.expectEqual('CORE-PAGE-WALK', page.pageNumber, page.pageCount, 'pageNumber on the last page', ex);
    for (const item of page.data) {
      const id = identify(item);
      t.check('CORE-PAGE-WALK', !seen.has(id), `item ${id} appears twice in the walk (again on page ${number})`, ex);
      seen.add(id);
    }
  }
  t.expectEqual('CORE-PAGE-WALK', seen.size, total, 'distinct items over all pages', pages.at(-1)?.ex);
}

export const paginationChecks = [
  defineCheck({
    id: 'core.paging.limit-echo',
    title: 'limit 1, 7 and 1000 are applied and echoed',
    surface: 'core',
    rules: ['CORE-PAGE-LIMIT-ECHO'],
    cost: { requests: 2 },
    records: {
      // limit 1 is the read other checks make of List contacts (fixtures/shared-records.ts): each answer is judged on its own
      shares: [CONTACTS_LIMIT_1],
    },
    async run(t) {
      for (const limit of [CORE_LIMIT.min, 7, CORE_LIMIT.max]) {
        const { ex, page } = limit === CONTACTS_LIMIT_1.query.limit ? await sharedPage(t, CONTACTS_LIMIT_1) : await readPage(t, PAGED, { limit });
        judgeLimitEcho(t, ex, page, limit, 1);
      }
    },
  }),

  defineCheck({
    id: 'core.paging.defaults',
    title: 'without page and limit: first page, server default limit echoed',
    surface: 'core',
    rules: ['CORE-PAGE-DEFAULTS'],
    cost: { requests: 1 },
    async run(t) {
      const ex = await t.core('GET', PAGED).send();
      const page = judgeDefaults(t, ex);
      t.note('CORE-PAGE-DEFAULTS', `server default limit: ${page.limit}`);
    },
  }),

  defineCheck({
    id: 'core.paging.number-and-count',
    title: 'pageNumber is the page asked for; pageCount is ceil(itemsCount / limit)',
    surface: 'core',
    rules: ['CORE-PAGE-NUMBER', 'CORE-PAGE-COUNT'],
    cost: {
      // Page 2 with limit 1 is read only when itemsCount is 1 or less, which is then too few to go on.
      requests: { 'page 1 with limit 1': 1, 'two pages': 2 },
    },
    async run(t) {
      const first = await firstPageCounted(t, '/calls/index.json');
      if (first.page.itemsCount < 3) t.skip(`needs at least 3 calls in the history, found ${first.page.itemsCount}`);
      t.expectEqual('CORE-PAGE-COUNT', first.page.pageCount, first.page.itemsCount, 'pageCount for limit=1', first.ex);
      for (const [limit, page] of [
        [1, 2],
        [2, Math.ceil(first.page.itemsCount / 2)],
      ] as const) {
        const { ex, page: got } = await readPage(t, '/calls/index.json', { limit, page });
        judgePageNumber(t, ex, got, page);
        judgePageCount(t, ex, got, limit);
      }
    },
  }),

  defineCheck({
    id: 'core.paging.walk',
    title: 'walking every page yields every item once',
    surface: 'core',
    rules: ['CORE-PAGE-WALK', 'CORE-PAGE-COUNT'],
    cost: {
      // At most 3 pages: the limit is chosen so the walk has 2 or 3, and a pageCount other than that fails the check
      // on page 1. Page 2 with limit 1 is read only when itemsCount is 1 or less, which is then too few to walk.
      requests: 3,
    },
    records: { shares: [BLACKLIST_LIMIT_1] },
    async run(t) {
      // The blacklist changes rarely, so a walk over it is not disturbed by other users of the account.
      const path = BOUNDED;
      const probe = await firstPageCounted(t, path, {}, await t.shared(BLACKLIST_LIMIT_1));
      const total = probe.page.itemsCount;
      if (total < 2) t.skip(`needs at least 2 blacklist entries to walk, found ${total}`);
      const limit = Math.ceil(total / 3) + (total % 3 === 0 ? 1 : 0);
      const pages: { ex: Exchange; page: Page }[] = [];
      let pageCount = 1;
      for (let number = 1; number <= pageCount; number++) {
        const { ex, page } = await readPage(t, path, { limit, page: number });
        if (page.itemsCount !== total) t.skip(`the blacklist changed during the walk (${total} then ${page.itemsCount} entries)`);
        if (number === 1) {
          pageCount = page.pageCount;
          t.expectEqual('CORE-PAGE-COUNT', pageCount, Math.ceil(total / limit), `pageCount for limit=${limit} and ${total} items`, ex);
        }
        pages.push({ ex, page });
      }
      judgeWalk(t, pages, total, limit);
    },
  }),

  defineCheck({
    id: 'core.paging.empty',
    title: 'nothing matches: empty data, itemsCount 0',
    surface: 'core',
    rules: ['CORE-PAGE-EMPTY', 'CORE-PAGE-COUNT'],
    cost: { requests: 1 },
    async run(t) {
      const { ex, page } = await readPage(t, PAGED, { keyword: t.uniqueName() });
      judgeEmpty(t, ex, page);
      judgePageCount(t, ex, page);
    },
  }),

  defineCheck({
    id: 'core.paging.limit-bounds',
    title: 'limit outside 1..1000 is rejected or clamped (fuzzed)',
    surface: 'core',
    rules: ['CORE-PAGE-LIMIT-BOUNDS'],
    cost: {
      requests: { 'three boundaries (limit 1 is the shared read)': 3, 'a sample': 1, 'random values': 4 },
      randomValues: { count: { 'a sample': 1, 'random values': 4 }, requestsEach: 1 },
    },
    records: {
      // limit 1 is the read other checks make of List blacklist (fixtures/shared-records.ts), judged here as it came
      shares: [BLACKLIST_LIMIT_1],
    },
    async run(t) {
      await explore(t, {
        arbitrary: fc.oneof(fc.integer({ min: -5, max: 1200 }).map(String), fc.constantFrom(...NON_INTEGER_QUERY)),
        boundaries: [CORE_LIMIT.min - 1, CORE_LIMIT.min, CORE_LIMIT.max, CORE_LIMIT.max + 1].map(String),
        samples: ['abc'],
        property: async (raw) => {
          const ex =
            raw === String(BLACKLIST_LIMIT_1.query.limit) ? await t.shared(BLACKLIST_LIMIT_1) : await t.core('GET', BOUNDED).query({ limit: raw }).send();
          judgeLimitBounds(t, ex, raw);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.paging.page-bounds',
    title: 'page below 1 is rejected or corrected (fuzzed)',
    surface: 'core',
    rules: ['CORE-PAGE-PAGE-BOUNDS'],
    cost: {
      requests: { boundaries: 2, samples: 2, 'random values': 3 },
      randomValues: { count: { samples: 2, 'random values': 3 }, requestsEach: 1 },
    },
    async run(t) {
      await explore(t, {
        arbitrary: fc.oneof(fc.integer({ min: -10, max: 3 }).map(String), fc.constantFrom(...NON_INTEGER_QUERY)),
        boundaries: ['0', '1'],
        samples: ['-1', 'abc'],
        property: async (raw) => {
          judgePageBounds(t, await t.core('GET', BOUNDED).query({ page: raw, limit: 1 }).send(), raw);
        },
      });
    },
  }),

  defineCheck({
    id: 'core.paging.past-last',
    title: 'a page past the last (observed)',
    surface: 'core',
    rules: ['CORE-PAGE-PAST-LAST'],
    cost: { requests: 1 },
    records: { shares: [BLACKLIST_LIMIT_1] },
    async run(t) {
      const { page } = await sharedPage(t, BLACKLIST_LIMIT_1);
      const ex = await t
        .core('GET', BOUNDED)
        .query({ limit: 1, page: page.pageCount + 1 })
        .send();
      const data = responseData<{ data?: unknown[] }>(ex).data;
      t.observe(
        'CORE-PAGE-PAST-LAST',
        `page ${page.pageCount + 1} of ${page.pageCount} answered ${ex.status}${Array.isArray(data) ? ` with ${data.length} items` : ''}`,
      );
    },
  }),
];
