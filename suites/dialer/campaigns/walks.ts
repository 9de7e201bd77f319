import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { DefinitionError } from '../../../lib/errors.ts';
import { idsOf, type Json, listPage } from '../fixtures/campaigns.ts';
import { type CursorPage, walkJudged } from '../fixtures/cursor-page.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { membership } from '../fixtures/membership.ts';
import { DELETED_CAMPAIGN, deleteLived, LANE_CAMPAIGN, type LivingCampaign, liveToDelete } from '../fixtures/shared-records.ts';

/**
 * Walking the campaign list by cursor: over an unchanging list, while it changes, and with cursors that
 * are not the server's own. The order of a cursor list is not shown, so walks are compared as sets
 * with one page of the largest limit read just before.
 */

/**
 * Whether one page of the largest limit holds the whole list: its nextCursor is null, or it is short (limit is
 * the page size, so a short page is the end; a cursor after it is DIALER-CURSOR-LAST-NULL's business).
 */
const wholeList = (page: CursorPage<Json>): boolean => page.nextCursor === null || page.data.length < DIALER_LIMIT.max;

/** A page size that walks the list in about five pages. */
const stride = (n: number): number => Math.max(1, Math.ceil(n / 5));
const listing = (t: CheckContext, limit: number) => (cursor: string | undefined) => dialer(t, 'campaigns.list').query({ limit, cursor });

export const CAMPAIGN_WALK_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.cursor-walk',
    title: 'following nextCursor lists every campaign once and ends with nextCursor null',
    surface: 'ai',
    rules: ['DIALER-CURSOR-WALK', 'DIALER-CURSOR-LAST-NULL'],
    cost: { requests: { 'the reference page': 1, 'five full pages and an empty one': 6, 'the reference page again': 1 } },
    async run(t) {
      const rule = 'DIALER-CURSOR-WALK';
      const reference = await listPage(t, { limit: DIALER_LIMIT.max });
      const n = reference.data.length;
      if (n < 2) t.skip(`the unfiltered list holds ${n} campaign(s): a walk needs at least two`);
      const complete = wholeList(reference);
      const limit = complete ? stride(n) : 20;
      const maxPages = complete ? Math.ceil(n / limit) + 1 : 6;
      const walk = await walkJudged<Json>(t, rule, listing(t, limit), { maxPages, limit });
      t.note(rule, `${walk.keys.length} campaigns over ${walk.pages.length} pages of limit=${limit}`);
      if (!complete)
        t.skip(
          `the list holds more than ${DIALER_LIMIT.max} campaigns: only duplicates were judged, gaps and the end of the walk need the whole list in one page`,
        );

      const last = 'DIALER-CURSOR-LAST-NULL';
      t.check(last, walk.complete, `${n} campaigns at limit=${limit}: still a nextCursor after ${maxPages} pages`, walk.pages.at(-1)?.ex);
      const final = walk.pages.at(-1) as CursorPage<Json>;
      t.note(
        last,
        final.data.length === 0 && walk.pages.length > 1
          ? 'nextCursor turned null on an empty page after the last campaign'
          : 'nextCursor is null on the page holding the last campaign',
      );

      // Read again: what others created or deleted during the walk may or may not have been served.
      const again = await listPage(t, { limit: 100 });
      const { missing, extra } = membership(walk.keys, idsOf(reference.data), wholeList(again) ? idsOf(again.data) : idsOf(reference.data));
      t.check(
        rule,
        missing.length === 0 && extra.length === 0,
        () =>
          `the walk left out ${missing.length} campaign(s) listed before and after it (e.g. ${missing[0]}) and served ${extra.length} listed neither before nor after (e.g. ${extra[0]})`,
        final.ex,
      );
    },
  }),
];

/**
 * The walk while campaigns change: it makes the run's deleted campaign between its pages, so it runs before
 * any other check that reads that campaign (`records.makes`; lib/checks/run-order.ts).
 */
export const CHANGING_WALK = defineCheck({
  id: 'dialer.campaigns.cursor-walk-changing',
  title: 'a walk while campaigns are created and deleted between pages serves none twice and every lasting one once',
  surface: 'ai',
  rules: ['DIALER-CURSOR-WALK-CHANGING'],
  cost: { requests: { 'the reference page': 1, 'up to 7 pages': 7, 'the reference page again': 1 } },
  records: {
    // The lane's campaign lasts the whole walk, so the list holds two campaigns at least. The campaign the
    // walk creates after its first page and deletes after its second is the run's deleted campaign, which
    // the lifecycle and the deleted-campaign checks then read: no campaign of its own, which the API would
    // keep. It moves the list under the walk by one at its head and back, so an offset cursor serves one
    // twice and skips another. Declared in `makes`, it runs before the other checks that share that campaign.
    shares: [LANE_CAMPAIGN, DELETED_CAMPAIGN],
    makes: [DELETED_CAMPAIGN],
  },
  async run(t) {
    const rule = 'DIALER-CURSOR-WALK-CHANGING';
    await t.shared(LANE_CAMPAIGN);
    const reference = await listPage(t, { limit: DIALER_LIMIT.max });
    if (!wholeList(reference)) t.skip(`the list holds more than ${DIALER_LIMIT.max} campaigns: the ones lasting the whole walk cannot be known from one page`);
    // Only a campaign the check created is deleted during the walk, never the account's own.
    const changed = new Set<string>();
    if (t.sharedMade(DELETED_CAMPAIGN))
      throw new DefinitionError(`${t.scope.id} makes the run's deleted campaign, so it must run before every other check that shares it`);
    let living: LivingCampaign | undefined;
    // The list holds one campaign more while the walk runs (the one created after its first page), so the
    // stride is taken of that: its campaigns fit five pages, and the walk is given two more.
    const during = reference.data.length + 1;
    const limit = stride(during);
    const between = async (page: number): Promise<void> => {
      if (page === 0) {
        living = await liveToDelete(t);
        changed.add(living.id);
        // Cut short before its second page, the walk still deletes the campaign and gives it to the checks
        // after it, as the record's make would have: the run keeps one deleted campaign, not two. Registered
        // after the create's own cleanup, so it runs before it.
        t.cleanup("deleting the run's deleted campaign, made during the walk", async () => {
          if (living) t.provideShared(DELETED_CAMPAIGN, await deleteLived(t, living));
        });
      }
      if (page === 1 && living) {
        // Given to the checks after it whatever its deletion answered, as the record's make would; a failed
        // deletion is sent again when the walk ends (createCampaign's), not by the cleanup above.
        const lived = living;
        living = undefined;
        const deleted = await deleteLived(t, lived);
        t.provideShared(DELETED_CAMPAIGN, deleted);
        t.expectOk(deleted.deletion, `deleting campaign ${deleted.id} during the walk`);
      }
    };
    const walk = await walkJudged<Json>(t, rule, listing(t, limit), { maxPages: Math.ceil(during / limit) + 2, between });
    t.prerequisite(walk.complete, `the walk had not ended after ${walk.pages.length} pages (judged by DIALER-CURSOR-LAST-NULL)`);
    const served = new Set(walk.keys);
    // Lasting: listed before and after the walk and not changed by the check; others may change campaigns meanwhile.
    const again = await listPage(t, { limit: 100 });
    const afterwards = new Set(idsOf(again.data));
    const lasting = idsOf(reference.data).filter((id) => !changed.has(id) && (!wholeList(again) || afterwards.has(id)));
    const missing = lasting.filter((id) => !served.has(id));
    t.check(
      rule,
      missing.length === 0,
      () => `${missing.length} campaign(s) that existed for the whole walk were never served, e.g. ${missing[0]}`,
      walk.pages.at(-1)?.ex,
    );
    const seenChanged = [...changed].filter((id) => served.has(id));
    t.note(
      rule,
      `${walk.keys.length} served over ${walk.pages.length} pages of limit=${limit}; of the ${changed.size} campaigns created or deleted during the walk, ${seenChanged.length} appeared`,
    );
  },
});
