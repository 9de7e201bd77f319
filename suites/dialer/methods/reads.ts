import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { DialerRouteName } from '../../../lib/dialer/routes.ts';
import { readCampaign } from '../fixtures/campaigns.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { listOf, recordOf } from '../fixtures/resources.ts';
import { figureLeaves } from '../resources/statistics.ts';
import { LANE_CAMPAIGN } from '../fixtures/shared-records.ts';

/**
 * "GET reads" (spec: HTTP method conventions): every Dialer read is made on the lane's campaign, between two
 * snapshots of what a read could have changed. The lane's checks run one after another and no one else
 * knows that campaign, so no other writer touches it meanwhile: the two snapshots must be equal, every
 * member of the campaign included.
 */

/** The reads of one campaign's state, taken before and after the others. */
async function snapshot(t: CheckContext, campaignId: string): Promise<Record<string, unknown>> {
  const campaign = await readCampaign(t, campaignId);
  const buttons = await dialer(t, 'campaign.buttons.get', { campaignId }).send();
  t.expectOk(buttons, `reading the disposition buttons of campaign ${campaignId}`);
  const statistics = await dialer(t, 'campaign.statistics', { campaignId }).send();
  t.expectOk(statistics, `reading the statistics of campaign ${campaignId}`);
  // Statistics are compared by their figures, whatever the target names them; a clock among them may move.
  return { campaign, buttons: listOf(buttons), statistics: figureLeaves(recordOf(statistics)) };
}
const SNAPSHOT_REQUESTS = 3;

/** The Dialer's lists, read once in between. */
const LISTS: readonly DialerRouteName[] = ['campaigns.list', 'scripts.list', 'surveys.list', 'dispositions.tags'];

export const READ_CHECKS = [
  defineCheck({
    id: 'dialer.reads.no-side-effects',
    title: 'Dialer GETs change nothing: a campaign, its buttons and its statistics read the same after every read',
    surface: 'ai',
    rules: ['DIALER-GET-SAFE'],
    cost: { requests: { 'snapshot before': SNAPSHOT_REQUESTS, 'its contacts': 1, lists: LISTS.length, 'snapshot after': SNAPSHOT_REQUESTS } },
    records: { shares: [LANE_CAMPAIGN] },
    async run(t) {
      const rule = 'DIALER-GET-SAFE';
      const { id } = await t.shared(LANE_CAMPAIGN);
      const before = await snapshot(t, id);
      t.expectOk(await dialer(t, 'campaign.contacts', { campaignId: id }).send(), `listing the contacts of campaign ${id}`);
      for (const route of LISTS)
        t.expectOk(
          await dialer(t, route)
            .query(route === 'dispositions.tags' ? {} : { limit: 1 })
            .send(),
          `reading ${route}`,
        );
      const after = await snapshot(t, id);
      for (const part of Object.keys(before)) t.expectEqual(rule, after[part], before[part], `${part} of campaign ${id} after the reads`);
    },
  }),
];
