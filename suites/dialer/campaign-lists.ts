import fc from 'fast-check';
import type { CheckContext } from '../../lib/checks/context.js';
import type { QueryValue } from '../../lib/checks/request.js';
import { defineCheck } from '../../lib/checks/define.js';
import { explore } from '../../lib/fuzz/property.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { DIALER_LIMIT } from '../../lib/spec/limits.js';
import { commonest, idsOf, type Json, listPage } from './campaign-fixtures.js';
import { type CursorPage, pageOf } from './cursor.js';
import { dialer } from './fixtures.js';

/** The campaign list: its envelope and page size, the status and mode filters, limit. */

type Query = Readonly<Record<string, QueryValue | undefined>>;

/** One page judged under a rule: a 200 in the page envelope. */
export async function pageFor(t: CheckContext, rule: string, query: Query): Promise<CursorPage<Json>> {
  const ex = await dialer(t, 'campaigns.list').query(query).send();
  t.expectStatus(rule, ex, 200);
  t.expectSchema(rule, ex, 'dialer/cursor-page');
  return pageOf<Json>(ex) as CursorPage<Json>;
}

/** Every item carries `value` in `field`; with a complete page, every `expected` item is there. */
function judgeFilter(t: CheckContext, rule: string, page: CursorPage<Json>, field: string, value: string, expected: readonly Json[]): void {
  const off = page.data.filter((c) => c[field] !== value);
  t.check(rule, off.length === 0, () => `${field}=${value} listed ${off.length} campaign(s) with another ${field}, e.g. ${String(off[0]?.id)} (${JSON.stringify(off[0]?.[field])})`, page.ex);
  if (page.nextCursor !== null) return t.note(rule, `${field}=${value} fills more than one page of ${DIALER_LIMIT.max}; only the first page was judged`);
  const ids = new Set(idsOf(page.data));
  const missing = expected.filter((c) => !ids.has(String(c.id)));
  t.check(rule, missing.length === 0, () => `${field}=${value} left out ${missing.length} campaign(s) the unfiltered list shows with it, e.g. ${String(missing[0]?.id)}`, page.ex);
}

const NOT_INTEGER = ['1.5', 'abc', '-1'];

export const CAMPAIGN_LIST_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.first-page',
    title: `the campaign list: { data, meta.nextCursor }, ${DIALER_LIMIT.default} campaigns by default, the same first page with an empty cursor`,
    surface: 'ai',
    rules: ['DIALER-CAMPAIGN-LIST-ENVELOPE', 'DIALER-LIMIT-DEFAULT-50', 'DIALER-CURSOR-EMPTY-FIRST-PAGE'],
    maxRequests: 2,
    async run(t) {
      const rule = 'DIALER-CAMPAIGN-LIST-ENVELOPE';
      const first = await pageFor(t, rule, {});
      for (const item of first.data) t.expectSchema(rule, first.ex, 'dialer/campaign', item);
      t.note(rule, `the first page holds ${first.data.length} campaigns, nextCursor ${first.nextCursor === null ? 'null' : 'set'}`);

      const n = first.data.length;
      const full = first.nextCursor === null ? n <= DIALER_LIMIT.default : n === DIALER_LIMIT.default;
      t.check('DIALER-LIMIT-DEFAULT-50', full, `without limit the page holds ${n} campaigns and nextCursor is ${first.nextCursor === null ? 'null' : 'set'}`, first.ex);
      if (first.nextCursor === null && n < DIALER_LIMIT.default) t.note('DIALER-LIMIT-DEFAULT-50', `the list holds ${n} campaigns in all, too few to show the default of ${DIALER_LIMIT.default}`);

      const empty = await dialer(t, 'campaigns.list').query({ cursor: '' }).send();
      t.expectStatus('DIALER-CURSOR-EMPTY-FIRST-PAGE', empty, 200);
      t.expectEqual('DIALER-CURSOR-EMPTY-FIRST-PAGE', idsOf(pageOf<Json>(empty)?.data ?? []), idsOf(first.data), 'ids with cursor= against ids without cursor', empty);
    },
  }),

  defineCheck({
    id: 'dialer.campaigns.filters',
    title: 'status=<value> and mode=<value> list only and all campaigns with that value',
    surface: 'ai',
    rules: ['DIALER-LIST-STATUS-FILTER', 'DIALER-LIST-MODE-FILTER'],
    maxRequests: 3,
    async run(t) {
      const base = await listPage(t, { limit: DIALER_LIMIT.max });
      const statuses = new Set(base.data.map((c) => c.status));
      const status = commonest(base.data, 'status', ['deleted']);
      if (status === undefined) t.skip('the unfiltered list holds no campaign with a status other than deleted');
      const byStatus = await pageFor(t, 'DIALER-LIST-STATUS-FILTER', { status, limit: DIALER_LIMIT.max });
      judgeFilter(t, 'DIALER-LIST-STATUS-FILTER', byStatus, 'status', status as string, base.data.filter((c) => c.status === status));
      t.note('DIALER-LIST-STATUS-FILTER', `status=${status}: ${byStatus.data.length} campaigns; the unfiltered page shows the statuses ${[...statuses].join(', ')}`);

      const mode = commonest(base.data, 'mode');
      if (mode === undefined) t.skip('no campaign of the unfiltered list carries a mode');
      const byMode = await pageFor(t, 'DIALER-LIST-MODE-FILTER', { mode, limit: DIALER_LIMIT.max });
      // Without status the list keeps its own default for deleted campaigns, which the unfiltered page shares.
      judgeFilter(t, 'DIALER-LIST-MODE-FILTER', byMode, 'mode', mode as string, base.data.filter((c) => c.mode === mode));
      t.note('DIALER-LIST-MODE-FILTER', `mode=${mode}: ${byMode.data.length} campaigns`);
    },
  }),

  defineCheck({
    id: 'dialer.campaigns.limits',
    title: `limit ${DIALER_LIMIT.min} and ${DIALER_LIMIT.max} are served and never exceeded; ${DIALER_LIMIT.min - 1}, ${DIALER_LIMIT.max + 1} and non-integers are never applied (fuzzed)`,
    surface: 'ai',
    rules: ['DIALER-LIMIT-BOUNDS', 'DIALER-LIMIT-OUT-OF-RANGE'],
    maxRequests: 2 + 5 + 2,
    async run(t) {
      const rule = 'DIALER-LIMIT-BOUNDS';
      const all = await pageFor(t, rule, { limit: DIALER_LIMIT.max });
      t.check(rule, all.data.length <= DIALER_LIMIT.max && (all.nextCursor === null || all.data.length === DIALER_LIMIT.max), `limit=${DIALER_LIMIT.max}: ${all.data.length} campaigns, nextCursor ${all.nextCursor === null ? 'null' : 'set'}`, all.ex);
      const one = await pageFor(t, rule, { limit: DIALER_LIMIT.min });
      const expected = Math.min(DIALER_LIMIT.min, all.data.length);
      t.check(rule, one.data.length === expected, `limit=${DIALER_LIMIT.min} with ${all.data.length} campaigns listed: ${one.data.length} items`, one.ex);
      t.check(rule, all.data.length <= DIALER_LIMIT.min || one.nextCursor !== null, `limit=${DIALER_LIMIT.min} over a list of several campaigns: nextCursor null after the first`, one.ex);

      const outside = 'DIALER-LIMIT-OUT-OF-RANGE';
      const seen: string[] = [];
      await explore(t, {
        arbitrary: fc.oneof(fc.integer({ min: DIALER_LIMIT.max + 1, max: 100_000 }).map(String), fc.integer({ min: -1000, max: DIALER_LIMIT.min - 1 }).map(String), fc.constantFrom('1e1', '2.0', '0x10', 'ten')),
        boundaries: [String(DIALER_LIMIT.min - 1), String(DIALER_LIMIT.max + 1), ...NOT_INTEGER],
        randomRuns: 2,
        property: async (limit) => {
          const ex: Exchange = await dialer(t, 'campaigns.list').query({ limit }).send();
          t.check(outside, ex.status < 500, `limit=${JSON.stringify(limit)} answered ${ex.status}`, ex);
          t.expectStatus(outside, ex, [200, 400]);
          if (ex.status === 400) {
            t.expectSchema(outside, ex, 'ai/service-error');
            seen.push(`${JSON.stringify(limit)} 400`);
            return;
          }
          t.expectSchema(outside, ex, 'dialer/cursor-page');
          const n = (pageOf(ex) as CursorPage).data.length;
          t.check(outside, n <= DIALER_LIMIT.max && (n >= DIALER_LIMIT.min || all.data.length === 0), `limit=${JSON.stringify(limit)} was applied: a page of ${n} campaigns`, ex);
          seen.push(`${JSON.stringify(limit)} 200 with ${n}`);
        },
      });
      t.note(outside, seen.join('; '));
    },
  }),
];
