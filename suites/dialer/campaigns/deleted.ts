import type { CheckContext } from '../../../lib/checks/context.ts';
import type { QueryValue } from '../../../lib/requests/request-spec.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import { commonest, idsOf, type Json, listPage } from '../fixtures/campaigns.ts';
import { pageFor } from './lists.ts';
import { type CursorPage, pageOf } from '../fixtures/cursor-page.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { membershipProblem } from '../fixtures/membership.ts';
import { SUB_ERRORS, subErrorsJudge } from '../errors/sub-errors.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { DELETED_CAMPAIGN, deletedCampaign, LANE_CAMPAIGN } from '../fixtures/shared-records.ts';

/**
 * Deleted campaigns in lists: status=deleted and include_deleted, whose rules hold in every release (before
 * v1.0.22 the parameter is ignored and an unfiltered list holds every status). The run's deleted campaign
 * (fixtures/shared-records.ts) is one that surely exists and whose id is known, and the lane's campaign one that
 * lives, which every listing but status=deleted must hold. What an unfiltered list does with deleted
 * campaigns is the v1.0.22 change, judged by its probe.
 */

/**
 * Pages of the largest limit walked until every id of `ids` showed up, at most `maxPages`; every page judged
 * under `rule`. `found` holds the ids met; `complete` says whether the walk reached the list's end.
 */
async function findIn(
  t: CheckContext,
  rule: RuleId,
  query: Readonly<Record<string, QueryValue>>,
  ids: readonly string[],
  maxPages: number,
): Promise<{ pages: CursorPage<Json>[]; found: Set<string>; complete: boolean }> {
  const pages: CursorPage<Json>[] = [];
  const found = new Set<string>();
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const page = await pageFor(t, rule, { ...query, limit: DIALER_LIMIT.max, cursor });
    pages.push(page);
    for (const id of idsOf(page.data)) if (ids.includes(id)) found.add(id);
    if (found.size === ids.length || page.nextCursor === null) return { pages, found, complete: page.nextCursor === null };
    cursor = page.nextCursor;
  }
  return { pages, found, complete: false };
}

const PAGES = 3;

export const CAMPAIGN_DELETED_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.deleted-listing',
    title: 'status=deleted lists deleted campaigns only; include_deleted=true lists them, false does not, and neither overrides status',
    surface: 'ai',
    rules: ['DIALER-LIST-STATUS-DELETED', 'DIALER-INCLUDE-DELETED-TRUE', 'DIALER-INCLUDE-DELETED-FALSE', 'DIALER-INCLUDE-DELETED-WITH-STATUS', SUB_ERRORS],
    cost: {
      requests: {
        'pages of status=deleted': PAGES,
        'pages of include_deleted=true': PAGES,
        'include_deleted=false between two without it': 3,
        'three with status': 3,
      },
    },
    records: { shares: [DELETED_CAMPAIGN, LANE_CAMPAIGN] },
    async run(t) {
      const campaign = await t.shared(DELETED_CAMPAIGN);
      const live = await t.shared(LANE_CAMPAIGN);
      deletedCampaign(t, campaign, 'deleting the campaign the check created');

      const rule = 'DIALER-LIST-STATUS-DELETED';
      const deleted = await findIn(t, rule, { status: 'deleted' }, [campaign.id], PAGES);
      for (const page of deleted.pages) {
        const off = page.data.filter((c) => c.status !== 'deleted');
        t.check(
          rule,
          off.length === 0,
          () => `status=deleted listed ${off.length} campaign(s) of another status, e.g. ${String(off[0]?.id)} (${JSON.stringify(off[0]?.status)})`,
          page.ex,
        );
      }
      const deletedFound = deleted.found.has(campaign.id);
      if (deletedFound || deleted.complete)
        t.check(rule, deletedFound, `status=deleted does not list campaign ${campaign.id}, which the run deleted`, deleted.pages.at(-1)?.ex);
      else t.note(rule, `campaign ${campaign.id} is not among the first ${PAGES * DIALER_LIMIT.max} deleted campaigns; its presence was not judged`);
      t.done(rule);

      // Every status: the campaign the run deleted and the one it keeps undeleted, both the run's own.
      const every = 'DIALER-INCLUDE-DELETED-TRUE';
      const all = await findIn(t, every, { include_deleted: 'true' }, [campaign.id, live.id], PAGES);
      const statuses = new Set(all.pages.flatMap((p) => p.data.map((c) => c.status)));
      t.note(every, `statuses listed: ${[...statuses].join(', ')}`);
      const missed = [
        { id: campaign.id, what: 'deleted by the run' },
        { id: live.id, what: 'not deleted' },
      ].filter(({ id }) => !all.found.has(id));
      const named = missed.map(({ id, what }) => `campaign ${id} (${what})`).join(' nor ');
      if (missed.length === 0 || all.complete) {
        t.check(every, missed.length === 0, () => `include_deleted=true does not list ${named}`, all.pages.at(-1)?.ex);
        t.done(every);
      } else
        t.skipRule(
          every,
          `${named} is not among the first ${PAGES * DIALER_LIMIT.max} campaigns listed with include_deleted=true, and the list goes on: whether it is listed was not judged`,
        );

      const rule2 = 'DIALER-INCLUDE-DELETED-FALSE';
      // Read between two reads without the parameter: others may create or delete campaigns meanwhile.
      const absent = await listPage(t, { limit: DIALER_LIMIT.max });
      const none = await pageFor(t, rule2, { include_deleted: 'false', limit: DIALER_LIMIT.max });
      const absentAgain = await listPage(t, { limit: DIALER_LIMIT.max });
      const problem = membershipProblem(idsOf(none.data), idsOf(absent.data), idsOf(absentAgain.data));
      t.check(rule2, problem === undefined, () => `include_deleted=false against the list without it, read before and after: ${problem}`, none.ex);
      t.done(rule2);

      const rule3 = 'DIALER-INCLUDE-DELETED-WITH-STATUS';
      const onlyDeleted = await pageFor(t, rule3, { status: 'deleted', include_deleted: 'false', limit: DIALER_LIMIT.max });
      const wrong = onlyDeleted.data.filter((c) => c.status !== 'deleted');
      // Of no effect beside status: what status=deleted alone lists (its first page above), include_deleted=false lists too.
      const listedAlone = deleted.pages[0]?.data.length ?? 0;
      t.check(
        rule3,
        (onlyDeleted.data.length > 0 || listedAlone === 0) && wrong.length === 0,
        () =>
          `status=deleted&include_deleted=false listed ${onlyDeleted.data.length} campaigns, ${wrong.length} not deleted, where status=deleted alone listed ${listedAlone}`,
        onlyDeleted.ex,
      );
      const other = commonest(none.data, 'status', ['deleted']);
      if (other === undefined) t.skip('no campaign of another status than deleted to filter by');
      const withTrue = await pageFor(t, rule3, { status: other as string, include_deleted: 'true', limit: DIALER_LIMIT.max });
      const extra = withTrue.data.filter((c) => c.status !== other);
      t.check(
        rule3,
        extra.length === 0,
        () =>
          `status=${other}&include_deleted=true listed ${extra.length} campaign(s) of another status, e.g. ${String(extra[0]?.id)} (${JSON.stringify(extra[0]?.status)})`,
        withTrue.ex,
      );
      // Beside status a value other than true or false is either refused ('any other value') or of no effect.
      const odd = await dialer(t, 'campaigns.list')
        .query({ status: other as string, include_deleted: 'yes', limit: DIALER_LIMIT.max })
        .send();
      t.expectStatus(rule3, odd, [200, 400]);
      const subErrors = subErrorsJudge(t);
      subErrors.judge(odd, `status=${other}&include_deleted=yes`);
      subErrors.settle('include_deleted=yes beside status');
      // Of no effect: the status filter alone decides what is listed, judged item by item (others may write meanwhile).
      const strays = (pageOf<Json>(odd)?.data ?? []).filter((c) => c.status !== other);
      if (odd.status === 200)
        t.check(
          rule3,
          strays.length === 0,
          () =>
            `status=${other}&include_deleted=yes listed ${strays.length} campaign(s) of another status, e.g. ${String(strays[0]?.id)} (${JSON.stringify(strays[0]?.status)})`,
          odd,
        );
      t.note(
        rule3,
        `status=${other}&include_deleted=yes answered ${odd.status === 400 ? '400: the value is validated even beside status' : '200: the value has no effect beside status'}`,
      );
    },
  }),
];
