import type { CheckContext } from '../../lib/checks/context.ts';
import type { Lane } from '../../lib/checks/lanes.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { createCampaign, createKept, is2xx, isObject, type Json } from './campaign-fixtures.ts';
import { dialerAsIs, isRouteNotFound, notRouted } from '../shared/dialer-requests.ts';

/**
 * The Dialer's shared records (lib/checks/shared-records.ts). The API keeps every campaign it is asked to
 * delete, with status `deleted`, so each campaign a run makes stays on the account for good: the checks
 * that only need one to exist share one, made by the first of them and deleted when the lane ends.
 *
 * A sharer uses the campaign as it is, or writes to it only what no other sharer reads: the checks of a
 * lane run one after another, so a check that replaces the campaign's buttons or associations wholesale,
 * or sends it an update the target must refuse, judges only the answers to its own writes, and what it
 * leaves (a button, an association, a schedule) is judged by no other sharer. Its name stays the run's
 * unless a target takes a whitespace name it should refuse; no sharer but those writers reads it.
 * Checks that judge a deletion or a foreign company's writes make their own.
 */

export interface SharedCampaign {
  readonly id: string;
  /** The create answer: its creation time is what an export's default window starts at. */
  readonly ex: Exchange;
  readonly body: Json;
}

function laneCampaign(lane: Lane): SharedRecord<SharedCampaign> {
  return {
    key: `dialer.${lane}-lane-campaign`,
    lane,
    meter: 'dialer',
    makeRequests: 1,
    removeRequests: 1,
    async make(t: CheckContext) {
      const made = await createKept(t);
      return { value: made, removal: dialerAsIs(t, 'campaigns.delete', { campaignId: made.id }) };
    },
  };
}

/** The Dialer lane's campaign. */
export const LANE_CAMPAIGN = laneCampaign('dialer');

/** The campaign of the Dialer checks that run in the core lane, beside the core records they name. */
export const CORE_LANE_CAMPAIGN = laneCampaign('core');

export interface DeletedCampaign {
  readonly id: string;
  /** Its statistics read twice while it lived, before its deletion: what DIALER-STATS-DELETED compares with. */
  readonly statistics: readonly [Exchange, Exchange];
  /** The answer to its deletion, which each check takes as it would the answer to its own (deletedCampaign). */
  readonly deletion: Exchange;
}

/**
 * A campaign the run deleted, for the checks that need one whose id they know (the listings of deleted
 * campaigns, a deleted campaign's statistics). Its statistics are read twice before the deletion and kept,
 * unjudged, for the check that compares them with what the deleted campaign shows. Nothing is left to
 * delete at the lane's end; a deletion that failed is sent again when the check that made it ends.
 */
export const DELETED_CAMPAIGN: SharedRecord<DeletedCampaign> = {
  key: 'dialer.deleted-campaign',
  lane: 'dialer',
  meter: 'dialer',
  // the create, two reads of its statistics, the deletion
  makeRequests: 4,
  removeRequests: 0,
  async make(t: CheckContext) {
    const campaign = await createCampaign(t);
    const read = () => dialerAsIs(t, 'campaign.statistics', { campaignId: campaign.id }).send();
    const before = await read();
    const again = await read();
    const deletion = await dialerAsIs(t, 'campaigns.delete', { campaignId: campaign.id }).send();
    if (is2xx(deletion.status)) campaign.deleted = true;
    return { value: { id: campaign.id, statistics: [before, again], deletion } };
  },
};

/** The run's deleted campaign, its deletion taken as a prerequisite, as a check takes that of a campaign of its own. */
export function deletedCampaign(t: CheckContext, made: DeletedCampaign, what: string): DeletedCampaign {
  if (isRouteNotFound(made.deletion)) t.skip(notRouted('campaigns.delete'));
  t.expectOk(made.deletion, what);
  return made;
}

/** The campaigns read from the head of the list. */
export const LISTED = 5;

/**
 * The head of the account's campaign list (limit 5), read once: the id form of the account's campaigns, and
 * campaigns with a history to read. Each check judges the answer as it would its own read.
 */
export const LISTED_CAMPAIGNS: SharedRecord<Exchange> = {
  key: 'dialer.listed-campaigns',
  lane: 'dialer',
  meter: 'dialer',
  makeRequests: 1,
  removeRequests: 0,
  async make(t: CheckContext) {
    return { value: await dialerAsIs(t, 'campaigns.list').query({ limit: LISTED }).send() };
  },
};

/** The account's campaigns before the run's own, which have no history: a name under the run's prefix is the run's. */
export function accountFirst(t: CheckContext, campaigns: readonly Json[]): Json[] {
  const ours = (c: Json) => isObject(c) && String(c.name ?? '').startsWith(t.runPrefix);
  return [...campaigns.filter((c) => !ours(c)), ...campaigns.filter(ours)];
}
