import { DIALER_LIMIT } from '../../lib/contract/limits.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { type Campaign, createCampaign, deleteCampaign, idsOf, type Json, listPage } from './campaign-fixtures.ts';
import { type CursorPage, walkJudged } from './cursor.ts';
import { dialer } from '../shared/dialer-requests.ts';
import { membership } from './membership.ts';
import { LANE_CAMPAIGN } from './shared-campaigns.ts';

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
    // the reference page, at most five full pages and one empty one, the reference page again
    maxRequests: 1 + 6 + 1,
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

  defineCheck({
    id: 'dialer.campaigns.cursor-walk-changing',
    title: 'a walk while campaigns are created and deleted between pages serves none twice and every lasting one once',
    surface: 'ai',
    rules: ['DIALER-CURSOR-WALK-CHANGING'],
    // the lane's campaign, the reference page, up to 7 pages, one create and one delete between them, and
    // the reference page again
    maxRequests: LANE_CAMPAIGN.makeRequests + 1 + 7 + 2 + 1,
    // The lane's campaign lasts the whole walk, so the list holds two campaigns at least. The campaign the
    // walk creates after its first page is the one it deletes after its second: one campaign of its own,
    // which the API keeps, where one made before the walk and deleted during it would be a second. Either
    // moves the list under the walk alike, by one at its head and back: an offset cursor serves one twice
    // and skips another.
    shares: [LANE_CAMPAIGN],
    leaves: { campaigns: 1, shared: [LANE_CAMPAIGN] },
    async run(t) {
      const rule = 'DIALER-CURSOR-WALK-CHANGING';
      await t.shared(LANE_CAMPAIGN);
      const reference = await listPage(t, { limit: DIALER_LIMIT.max });
      if (!wholeList(reference))
        t.skip(`the list holds more than ${DIALER_LIMIT.max} campaigns: the ones lasting the whole walk cannot be known from one page`);
      // Only a campaign the check created is deleted during the walk, never the account's own.
      const changed = new Set<string>();
      let made: Campaign | undefined;
      // The list holds one campaign more while the walk runs (the one created after its first page), so the
      // stride is taken of that: its campaigns fit five pages, and the walk is given two more.
      const during = reference.data.length + 1;
      const limit = stride(during);
      const between = async (page: number): Promise<void> => {
        if (page === 0) {
          made = await createCampaign(t);
          changed.add(made.id);
        }
        if (page === 1 && made) t.expectOk(await deleteCampaign(t, made), `deleting campaign ${made.id} during the walk`);
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
  }),
];
