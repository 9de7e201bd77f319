import type { CheckContext } from '../../lib/checks/context.ts';
import type { Lane } from '../../lib/checks/lanes.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { type Campaign, campaignPayload, createCampaign, createKept, is2xx, isObject, type Json, keptFrom } from './campaign-fixtures.ts';
import { dialer, dialerAsIs, isRouteNotFound, notRouted } from '../shared/dialer-requests.ts';

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
 * The lifecycle's deletion is the run's deleted campaign's (DELETED_CAMPAIGN), which the changing cursor
 * walk makes between its pages (liveToDelete, deleteLived); a check that judges a foreign company's writes
 * makes its own.
 */

export interface SharedCampaign {
  readonly id: string;
  /** The create answer: its creation time is what an export's default window starts at. */
  readonly ex: Exchange;
  readonly body: Json;
  /**
   * The Dialer lane's campaign is made with an unknown calling_policy key (UNKNOWN_POLICY_KEY), for the
   * release probe that tells whether a write drops one: a create carrying it that the target refused, when
   * it did. The campaign was then made without it.
   */
  readonly refusedUnknownPolicy?: Exchange;
}

/** The unknown calling_policy key the Dialer lane's campaign is made with, and the value it carries. */
export const UNKNOWN_POLICY_KEY = 'cc_conformance_unknown_a';
export const UNKNOWN_POLICY_VALUE = 'kept';

/**
 * A lane's campaign. `unknownPolicy`: its create carries an unknown calling_policy key, so that the release
 * probe c21-calling-policy judges this create instead of making a campaign of its own the API would keep (no
 * other sharer reads calling_policy). A create the target refuses (a 4xx that is not a missing route) made
 * nothing, so it is made again without the key, and the refusal kept for the probe: 2 requests at most.
 */
function laneCampaign(lane: Lane, unknownPolicy: boolean): SharedRecord<SharedCampaign> {
  return {
    key: `dialer.${lane}-lane-campaign`,
    lane,
    meter: 'dialer',
    makeRequests: unknownPolicy ? 2 : 1,
    removeRequests: 1,
    async make(t: CheckContext) {
      const made: SharedCampaign = unknownPolicy ? await createWithUnknownPolicy(t) : await createKept(t);
      return { value: made, removal: dialerAsIs(t, 'campaigns.delete', { campaignId: made.id }) };
    },
  };
}

async function createWithUnknownPolicy(t: CheckContext): Promise<SharedCampaign> {
  const body = campaignPayload(t, { calling_policy: { [UNKNOWN_POLICY_KEY]: UNKNOWN_POLICY_VALUE } });
  const ex = await dialer(t, 'campaigns.create').json(body).send();
  const refused = ex.status >= 400 && ex.status < 500 && !isRouteNotFound(ex);
  return refused ? { ...(await createKept(t)), refusedUnknownPolicy: ex } : keptFrom(t, ex, body);
}

/**
 * For a check that sends a shared campaign whitespace names the target should refuse: given each answer, once
 * one was taken, the campaign (which lives on for the lane) gets a name of the run again when the check ends,
 * one request, so no other sharer meets the whitespace name and a prefix cleanup still finds it.
 */
export function renamesBack(t: CheckContext, campaignId: string): (answer: Exchange) => void {
  let waiting = false;
  return (answer) => {
    if (!is2xx(answer.status) || waiting) return;
    waiting = true;
    t.cleanup(`naming campaign ${campaignId} after the run again`, async () => {
      const back = await dialer(t, 'campaigns.update', { campaignId }).json({ name: t.uniqueName() }).send();
      if (!is2xx(back.status)) throw new Error(`renaming campaign ${campaignId} answered ${back.status}: it keeps a whitespace name`);
    });
  };
}

/** The Dialer lane's campaign, made with the unknown calling_policy key. */
export const LANE_CAMPAIGN = laneCampaign('dialer', true);

/** The campaign of the Dialer checks that run in the core lane, beside the core records they name. */
export const CORE_LANE_CAMPAIGN = laneCampaign('core', false);

export interface DeletedCampaign {
  readonly id: string;
  /** The create: its answer and the body sent. */
  readonly created: { readonly ex: Exchange; readonly body: Json };
  /** Its read by id right after the create. */
  readonly read: Exchange;
  /** An update sending only a name with spaces around it, its answer, and the read by id after it. */
  readonly renamed: { readonly name: string; readonly ex: Exchange; readonly read: Exchange };
  /** Its statistics read twice while it lived, before its deletion: what DIALER-STATS-DELETED compares with. */
  readonly statistics: readonly [Exchange, Exchange];
  /** The answer to its deletion, which each check takes as it would the answer to its own (deletedCampaign). */
  readonly deletion: Exchange;
}

/**
 * A campaign the run made, read, renamed and deleted: its whole life, the lifecycle check's to judge, and
 * then a deleted campaign for the checks that need one whose id they know (the listings of deleted
 * campaigns, a deleted campaign's statistics). Its statistics are read twice before the deletion and kept,
 * unjudged, for the check that compares them with what the deleted campaign shows. Every answer is kept
 * as it came, routed or not: each check judges the ones it needs, or skips. One campaign a run instead
 * of one for the lifecycle and one for the rest, since the API keeps each deleted one for good. Nothing is
 * left to delete at the lane's end; a deletion that failed is sent again when the check that made it ends.
 */
export const DELETED_CAMPAIGN: SharedRecord<DeletedCampaign> = {
  key: 'dialer.deleted-campaign',
  lane: 'dialer',
  meter: 'dialer',
  // the create, a read, a rename and its read, two reads of its statistics, the deletion
  makeRequests: 7,
  removeRequests: 0,
  async make(t: CheckContext) {
    return { value: await deleteLived(t, await liveToDelete(t)) };
  },
};

/** The run's deleted campaign while it lives: created, read, renamed, read again, its statistics read twice. */
export interface LivingCampaign extends Omit<DeletedCampaign, 'deletion'> {
  readonly campaign: Campaign;
}

/** The first part of the deleted campaign's make, all but the deletion: 6 requests. */
export async function liveToDelete(t: CheckContext): Promise<LivingCampaign> {
  const campaign = await createCampaign(t);
  const byId = () => dialerAsIs(t, 'campaigns.get', { campaignId: campaign.id }).send();
  const read = await byId();
  const name = t.uniqueName();
  const rename = await dialerAsIs(t, 'campaigns.update', { campaignId: campaign.id })
    .json({ name: `  ${name}  ` })
    .send();
  const renamedRead = await byId();
  const statistics = () => dialerAsIs(t, 'campaign.statistics', { campaignId: campaign.id }).send();
  const before = await statistics();
  const again = await statistics();
  return {
    campaign,
    id: campaign.id,
    created: { ex: campaign.ex, body: campaign.body },
    read,
    renamed: { name, ex: rename, read: renamedRead },
    statistics: [before, again],
  };
}

/** The last part: its deletion, 1 request; the deleted campaign as the checks that share it take it. */
export async function deleteLived(t: CheckContext, living: LivingCampaign): Promise<DeletedCampaign> {
  const { campaign, ...rest } = living;
  const deletion = await dialerAsIs(t, 'campaigns.delete', { campaignId: campaign.id }).send();
  if (is2xx(deletion.status)) campaign.deleted = true;
  return { ...rest, deletion };
}

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

/**
 * The account's campaigns before the run's own, which have no history: a name under the run's prefix is the
 * run's, read trimmed, as a target may keep a name sent with whitespace around it as sent.
 */
export function accountFirst(t: CheckContext, campaigns: readonly Json[]): Json[] {
  const ours = (c: Json) =>
    isObject(c) &&
    String(c.name ?? '')
      .trim()
      .startsWith(t.runPrefix);
  return [...campaigns.filter((c) => !ours(c)), ...campaigns.filter(ours)];
}
