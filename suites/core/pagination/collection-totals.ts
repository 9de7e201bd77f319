import { defineCheck } from '../../../lib/checks/define.ts';
import { readPage, responseData } from '../../shared/core-reads.ts';

/** The call history: a collection whose path, filters and envelope the spec shows (Endpoints > Call history). */
const HISTORY = '/calls/index.json';

/** A window no call of any account falls in, in the spec's date_from/date_to form. */
const EMPTY_WINDOW = { date_from: '2000-01-01 00:00:00', date_to: '2000-01-01 00:00:01' };

export const collectionTotalChecks = [
  defineCheck({
    id: 'core.envelopes.collection-empty',
    title: 'a collection with no matches still answers the envelope, data an empty array',
    surface: 'core',
    rules: ['CORE-ENV-COLLECTION'],
    cost: { requests: 1 },
    async run(t) {
      const ex = await t.core('GET', HISTORY).query(EMPTY_WINDOW).send();
      t.expectStatus('CORE-ENV-COLLECTION', ex, 200);
      const data = responseData<{ data?: unknown }>(ex).data;
      if (Array.isArray(data) && data.length > 0)
        t.skip(`the call history window ${EMPTY_WINDOW.date_from} to ${EMPTY_WINDOW.date_to} matched ${data.length} calls, so no empty collection was seen`);
      t.expectSchema('CORE-ENV-COLLECTION', ex, 'core/collection');
    },
  }),

  defineCheck({
    id: 'core.paging.items-count',
    title: 'itemsCount is the total over all pages, whatever the limit',
    surface: 'core',
    rules: ['CORE-PAGE-ITEMS-COUNT'],
    cost: { requests: 3 },
    async run(t) {
      const rule = 'CORE-PAGE-ITEMS-COUNT';
      const before = await readPage(t, HISTORY, { limit: 1 });
      const wide = await readPage(t, HISTORY, { limit: 5 });
      const after = await readPage(t, HISTORY, { limit: 1 });
      if (before.page.itemsCount !== after.page.itemsCount)
        t.skip(`the call history changed during the check (itemsCount ${before.page.itemsCount}, then ${after.page.itemsCount})`);
      if (wide.page.data.length < 2) t.skip(`needs at least 2 calls in the history, found ${wide.page.data.length}`);
      t.check(
        rule,
        before.page.itemsCount >= wide.page.data.length,
        `limit 1 answered itemsCount ${before.page.itemsCount}, yet limit 5 returned ${wide.page.data.length} items`,
        before.ex,
      );
      t.expectEqual(rule, wide.page.itemsCount, before.page.itemsCount, 'itemsCount with limit 5 against limit 1', wide.ex);
    },
  }),
];
