import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { QueryValue } from '../../../lib/requests/request-spec.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { commonest, idsOf, type Json, listPage } from '../fixtures/campaigns.ts';
import { type CursorPage, judgedAnswer, judgedPage, prerequisitePage } from '../fixtures/cursor-page.ts';
import { CAMPAIGN_LIST, cursorListChecks, defaultPage, largestPage } from '../pagination/cursor-lists.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { membership } from '../fixtures/membership.ts';
import { successMediaJudge } from '../../shared/media.ts';
import type { RuleId } from '../../../lib/rules/index.ts';

/** The campaign list: its envelope, the status and mode filters, and what it shares with every cursor list. */

type Query = Readonly<Record<string, QueryValue | undefined>>;

/** One page of the campaign list judged under a rule: a 200 in the page envelope. */
export function pageFor(t: CheckContext, rule: RuleId, query: Query): Promise<CursorPage<Json>> {
  return judgedPage<Json>(t, rule, dialer(t, 'campaigns.list').query(query));
}

/**
 * Every item carries `value` in `field`; with a complete page, every campaign the unfiltered list held with
 * that value both before and after the filtered read is there (others may change campaigns in between).
 */
function judgeFilter(
  t: CheckContext,
  rule: RuleId,
  page: CursorPage<Json>,
  field: string,
  value: string,
  before: readonly Json[],
  after: readonly Json[],
): void {
  const off = page.data.filter((c) => c[field] !== value);
  t.check(
    rule,
    off.length === 0,
    () => `${field}=${value} listed ${off.length} campaign(s) with another ${field}, e.g. ${String(off[0]?.id)} (${JSON.stringify(off[0]?.[field])})`,
    page.ex,
  );
  if (page.nextCursor !== null) return t.note(rule, `${field}=${value} fills more than one page of ${DIALER_LIMIT.max}; only the first page was judged`);
  const withValue = (items: readonly Json[]) => idsOf(items.filter((c) => c[field] === value));
  // Only what the filtered page leaves out is judged: an item the unfiltered page lacks may lie beyond it.
  const { missing } = membership(idsOf(page.data), withValue(before), withValue(after));
  t.check(
    rule,
    missing.length === 0,
    () => `${field}=${value} left out ${missing.length} campaign(s) the unfiltered list showed with it before and after, e.g. ${missing[0]}`,
    page.ex,
  );
}

/** A page of the campaign list: 200, { data, meta.nextCursor }, each item a campaign (DIALER-CAMPAIGN-LIST-ENVELOPE). */
export function judgeCampaignListPage(t: Assertions, ex: Exchange): CursorPage<Json> {
  const rule = 'DIALER-CAMPAIGN-LIST-ENVELOPE';
  const page = judgedAnswer<Json>(t, rule, ex);
  for (const item of page.data) t.expectSchema(rule, page.ex, 'dialer/campaign', item);
  return page;
}

export const CAMPAIGN_LIST_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.envelope',
    title: 'the campaign list: { data, meta.nextCursor } with campaigns as items',
    surface: 'ai',
    // AI-JSON-UTF8 on the same page: the Dialer clause of the AI host's success bodies.
    rules: ['DIALER-CAMPAIGN-LIST-ENVELOPE', 'AI-JSON-UTF8'],
    cost: { requests: 0 },
    // the first page, which the first-page check of the campaign list judges too
    records: { shares: [defaultPage(CAMPAIGN_LIST)] },
    async run(t) {
      const rule = 'DIALER-CAMPAIGN-LIST-ENVELOPE';
      const ex = await t.shared(defaultPage(CAMPAIGN_LIST));
      const media = successMediaJudge(t, 'AI-JSON-UTF8');
      media.judge(ex, 'the first page of the campaign list');
      media.settle('the first page of the campaign list');
      const first = judgeCampaignListPage(t, ex);
      t.note(rule, `the first page holds ${first.data.length} campaigns, nextCursor ${first.nextCursor === null ? 'null' : 'set'}`);
    },
  }),

  defineCheck({
    id: 'dialer.campaigns.filters',
    title: 'status=<value> and mode=<value> list only and all campaigns with that value',
    surface: 'ai',
    rules: ['DIALER-LIST-STATUS-FILTER', 'DIALER-LIST-MODE-FILTER'],
    cost: { requests: { 'the unfiltered list before': 1, 'the filtered reads': 2 } },
    // the unfiltered list after the filtered reads: the list's page of the largest limit, which the limits check
    // judges too; no other sharer comes before this check in run order
    records: { shares: [largestPage(CAMPAIGN_LIST)] },
    async run(t) {
      const base = await listPage(t, { limit: DIALER_LIMIT.max });
      const statuses = new Set(base.data.map((c) => c.status));
      const status = commonest(base.data, 'status', ['deleted']);
      if (status === undefined) t.skip('the unfiltered list holds no campaign with a status other than deleted');
      const byStatus = await pageFor(t, 'DIALER-LIST-STATUS-FILTER', { status, limit: DIALER_LIMIT.max });
      const mode = commonest(base.data, 'mode');
      // Without status the list keeps its own default for deleted campaigns, which the unfiltered page shares.
      const byMode = mode === undefined ? undefined : await pageFor(t, 'DIALER-LIST-MODE-FILTER', { mode, limit: DIALER_LIMIT.max });
      const later = prerequisitePage<Json>(t, await t.shared(largestPage(CAMPAIGN_LIST)));
      judgeFilter(t, 'DIALER-LIST-STATUS-FILTER', byStatus, 'status', status as string, base.data, later.data);
      t.note(
        'DIALER-LIST-STATUS-FILTER',
        `status=${status}: ${byStatus.data.length} campaigns; the unfiltered page shows the statuses ${[...statuses].join(', ')}`,
      );
      t.done('DIALER-LIST-STATUS-FILTER');
      const modePage = byMode ?? t.skip('no campaign of the unfiltered list carries a mode');
      judgeFilter(t, 'DIALER-LIST-MODE-FILTER', modePage, 'mode', mode as string, base.data, later.data);
      t.note('DIALER-LIST-MODE-FILTER', `mode=${mode}: ${modePage.data.length} campaigns`);
    },
  }),
  ...cursorListChecks(CAMPAIGN_LIST),
];
