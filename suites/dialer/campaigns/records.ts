import type { Assertions } from '../../../lib/checks/assertions.ts';
import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { DialerRouteName } from '../../../lib/dialer/routes.ts';
import { campaignOf, is2xx, isObject, judgePaddedNameKept, judgePaddedNameWrite, type Json, unknownCampaignId } from '../fixtures/campaigns.ts';
import { prerequisitePage, walkJudged } from '../fixtures/cursor-page.ts';
import { confirmedRouted, dialer, dialerAsIs, isRouteNotFound, ROUTE_NOT_FOUND } from '../../shared/dialer-requests.ts';
import { CONTACT_LIST, defaultPage } from '../pagination/cursor-lists.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { accountFirst, DELETED_CAMPAIGN, LANE_CAMPAIGN, LISTED_CAMPAIGNS } from '../fixtures/shared-records.ts';

/** Campaign records: create, read, partial update, delete to status `deleted`; unknown ids; a campaign's contacts. */

/** HH:MM and HH:MM:00 are the same documented time. */
const sameTime = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.replace(/^(\d\d:\d\d)$/, '$1:00') === b.replace(/^(\d\d:\d\d)$/, '$1:00');

const scheduleOf = (record: Json): Json => (isObject(record.schedule_policy) ? record.schedule_policy : {});

/** calling_policy as the report gives it: null, an empty object, or the knobs it holds. */
const policyOf = (record: Json): string => {
  const policy = record.calling_policy;
  if (!isObject(policy)) return JSON.stringify(policy) ?? 'absent';
  const knobs = Object.keys(policy);
  return knobs.length === 0 ? 'an empty object' : `an object of ${knobs.join(', ')}`;
};

/** Reads a campaign for a rule: the read itself is judged. */
async function readFor(t: CheckContext, rule: RuleId, id: string): Promise<{ ex: Exchange; record: Json }> {
  const ex = await dialer(t, 'campaigns.get', { campaignId: id }).send();
  return { ex, record: judgedRead(t, rule, id, ex) };
}

/** A campaign read by its id, judged on `rule`: 200 and a campaign object of the spec's shape. */
function judgedRead(t: CheckContext, rule: RuleId, id: string, ex: Exchange): Json {
  t.expectStatus(rule, ex, 200);
  const record = campaignOf(ex);
  t.check(rule, record !== undefined, `reading campaign ${id}: no campaign object in data or at the top level`, ex);
  t.expectSchema(rule, ex, 'dialer/campaign', record);
  return record as Json;
}

/** The first page of a campaign's contacts the contacts list's checks read: an answer of that route for a campaign that exists. */
const CONTACTS_PAGE = defaultPage(CONTACT_LIST);

const CONTACTS_LIMIT = 3;
const CONTACT_PAGES = 5;

/** A campaign created (DIALER-CAMPAIGN-CREATE-201): 201. */
export function judgeCampaignCreated(t: Assertions, ex: Exchange): void {
  t.expectStatus('DIALER-CAMPAIGN-CREATE-201', ex, 201);
}

/** A campaign deleted (DIALER-CAMPAIGN-DELETE-204): 204 with no body. */
export function judgeCampaignDeleted(t: Assertions, ex: Exchange): void {
  t.expectStatus('DIALER-CAMPAIGN-DELETE-204', ex, 204);
  t.check('DIALER-CAMPAIGN-DELETE-204', ex.bodyBytes === 0, `the 204 carries a body of ${ex.bodyBytes} bytes`, ex);
}

export const CAMPAIGN_RECORD_CHECKS = [
  defineCheck({
    id: 'dialer.campaigns.lifecycle',
    title: 'a campaign is created (201), read back, partially updated, deleted (204) and still read back with status deleted',
    surface: 'ai',
    rules: [
      'DIALER-CAMPAIGN-CREATE-201',
      'DIALER-CAMPAIGN-READ',
      'DIALER-CAMPAIGN-RECORD-FIELDS',
      'DIALER-CAMPAIGN-UPDATE-PARTIAL',
      'DIALER-CAMPAIGN-NAME-TRIMMED',
      'DIALER-CAMPAIGN-DELETE-204',
      'DIALER-CAMPAIGN-DELETED-KEPT',
    ],
    cost: {
      // The read after its deletion; the run's deleted campaign (shared), whose make is this lifecycle, the rest.
      requests: 1,
    },
    records: { shares: [DELETED_CAMPAIGN] },
    async run(t) {
      const made = await t.shared(DELETED_CAMPAIGN);
      const { id } = made;
      judgeCampaignCreated(t, made.created.ex);
      t.note('DIALER-CAMPAIGN-CREATE-201', campaignOf(made.created.ex) ? 'the create answer carries the campaign' : 'the create answer carries only the id');
      t.done('DIALER-CAMPAIGN-CREATE-201');

      const rule = 'DIALER-CAMPAIGN-READ';
      const sent = made.created.body as { name: string; mode: string; schedule_policy: { start_date: string; start_time: string } };
      const record = judgedRead(t, rule, id, confirmedRouted(t, 'campaigns.get', made.read));
      const ex = made.read;
      t.expectEqual(rule, String(record.id), id, 'id', ex);
      t.expectEqual(rule, record.name, sent.name, 'name', ex);
      t.expectEqual(rule, record.mode, sent.mode, 'mode', ex);
      t.expectEqual(rule, scheduleOf(record).start_date, sent.schedule_policy.start_date, 'schedule_policy.start_date', ex);
      t.check(
        rule,
        sameTime(scheduleOf(record).start_time, sent.schedule_policy.start_time),
        () => `schedule_policy.start_time: sent ${sent.schedule_policy.start_time}, read ${JSON.stringify(scheduleOf(record).start_time)}`,
        ex,
      );
      t.done(rule);
      // The spec's Campaign record, judged on the campaign read by its id (list items may be summaries).
      const fields = 'DIALER-CAMPAIGN-RECORD-FIELDS';
      t.expectSchema(fields, ex, 'dialer/campaign-record', record);

      const update = 'DIALER-CAMPAIGN-UPDATE-PARTIAL';
      const trimmed = 'DIALER-CAMPAIGN-NAME-TRIMMED';
      const { name, ex: patch } = made.renamed;
      const padded = `  ${name}  `;
      confirmedRouted(t, 'campaigns.update', patch);
      // Judged before the update's own verdict, which a refused PATCH ends the check on.
      // A PATCH refused for its padded name is the trimming rule's fact: the update's own verdict is then blocked.
      const refusedForName = judgePaddedNameWrite(t, trimmed, patch, padded, `PATCH of campaign ${id}`) === 'refused for its name';
      if (refusedForName) t.blockRule(update, trimmed);
      else t.check(update, is2xx(patch.status), `PATCH with only a name answered ${patch.status}`, patch);
      const after = { ex: made.renamed.read, record: judgedRead(t, update, id, made.renamed.read) };
      t.expectSchema(fields, after.ex, 'dialer/campaign-record', after.record);
      t.note(fields, `calling_policy of a campaign created without one: ${policyOf(record)} after the create, ${policyOf(after.record)} after the update`);
      t.done(fields);
      const stored = after.record.name;
      judgePaddedNameKept(t, trimmed, padded, stored, after.ex, `campaign ${id} read after the PATCH`);
      t.done(trimmed);
      // Which whitespace is kept is the trimming rule's; the update's is that the new name is there.
      if (!refusedForName)
        t.check(
          update,
          typeof stored === 'string' && stored.trim() === name,
          () => `the name sent as ${JSON.stringify(padded)} reads back as ${JSON.stringify(stored)}`,
          after.ex,
        );
      // Every other field the spec names on a Campaign; a calling_policy with no knob may read {} or null either time.
      const knobs = (policy: unknown) => (policy === null || (isObject(policy) && Object.keys(policy).length === 0) ? 'none' : policy);
      for (const field of ['mode', 'status', 'schedule_policy', 'calling_policy'] as const) {
        const [was, now] = field === 'calling_policy' ? [knobs(record[field]), knobs(after.record[field])] : [record[field], after.record[field]];
        t.check(
          update,
          isDeepStrictEqual(now, was),
          () => `${field} was not sent, yet changed from ${JSON.stringify(record[field])} to ${JSON.stringify(after.record[field])}`,
          after.ex,
        );
      }
      t.done(update);

      const del = confirmedRouted(t, 'campaigns.delete', made.deletion);
      judgeCampaignDeleted(t, del);
      t.done('DIALER-CAMPAIGN-DELETE-204');
      const kept = await readFor(t, 'DIALER-CAMPAIGN-DELETED-KEPT', id);
      t.expectEqual('DIALER-CAMPAIGN-DELETED-KEPT', kept.record.status, 'deleted', 'status after delete', kept.ex);
    },
  }),

  defineCheck({
    id: 'dialer.campaigns.not-found',
    title: "an unknown campaign id: 404 with the endpoint's message on read, update, delete and contacts",
    surface: 'ai',
    rules: ['DIALER-CAMPAIGN-NOT-FOUND'],
    cost: {
      // four operations; the head of the list (shared) gives the id form, and the answers that confirm a 'Route not
      // found' (the first ends the check, as a skip or a fail) are each held by a shared record: the run's deleted
      // campaign (its whole life, made by the first check that needs it) and the first page of a campaign's
      // contacts, whose campaign is the head of the list's or the lane's
      requests: 4,
    },
    records: { shares: [LISTED_CAMPAIGNS, DELETED_CAMPAIGN, CONTACTS_PAGE, LANE_CAMPAIGN] },
    async run(t) {
      const rule = 'DIALER-CAMPAIGN-NOT-FOUND';
      const sample = prerequisitePage<Json>(t, await t.shared(LISTED_CAMPAIGNS)).data[0]?.id;
      const campaignId = unknownCampaignId(sample);
      // A route that answers 'Route not found' for the unknown id is confirmed by an answer it gave for a
      // campaign that exists, one the run already holds, as the lifecycle check confirms its own: the run's
      // deleted campaign's read, rename and deletion, and the first page of the contacts list's campaign.
      const deleted = async () => t.shared(DELETED_CAMPAIGN);
      const operations: readonly [string, DialerRouteName, Json | undefined, () => Promise<Exchange>][] = [
        ['read', 'campaigns.get', undefined, async () => (await deleted()).read],
        ['update', 'campaigns.update', { name: t.uniqueName() }, async () => (await deleted()).renamed.ex],
        ['delete', 'campaigns.delete', undefined, async () => (await deleted()).deletion],
        ['contacts', 'campaign.contacts', undefined, () => t.shared(CONTACTS_PAGE)],
      ];
      for (const [what, route, body, confirmation] of operations) {
        const request = dialerAsIs(t, route, { campaignId });
        const ex = await (body ? request.json(body) : request).send();
        if (isRouteNotFound(ex)) confirmedRouted(t, route, await confirmation());
        t.expectStatus(rule, ex, 404);
        t.expectSchema(rule, ex, 'ai/service-error');
        const message = (ex.json as { message?: unknown }).message;
        t.check(rule, message !== ROUTE_NOT_FOUND, `${what} of unknown campaign ${campaignId}: the unmatched-route message, though the route is routed`, ex);
        t.note(rule, `${what}: 404 ${JSON.stringify(message)}`);
      }
    },
  }),

  defineCheck({
    id: 'dialer.campaigns.contacts',
    title: "a campaign's contacts list: cursor pages of at most limit items, walked to a null nextCursor without repeats",
    surface: 'ai',
    rules: ['DIALER-CAMPAIGN-CONTACTS-CURSOR'],
    cost: { requests: { 'the walk': CONTACT_PAGES, 'a first page of a campaign without contacts': 1 } },
    records: { shares: [LISTED_CAMPAIGNS] },
    async run(t) {
      const rule = 'DIALER-CAMPAIGN-CONTACTS-CURSOR';
      // The account's own campaigns first: the run's have no contacts to page through.
      const campaigns = accountFirst(t, prerequisitePage<Json>(t, await t.shared(LISTED_CAMPAIGNS)).data);
      if (campaigns.length === 0) t.skip('the account has no campaign whose contacts could be listed');
      const walk = (campaignId: string, maxPages: number) =>
        walkJudged(t, rule, (cursor) => dialer(t, 'campaign.contacts', { campaignId }).query({ limit: CONTACTS_LIMIT, cursor }), {
          maxPages,
          limit: CONTACTS_LIMIT,
        });
      let campaignId = String(campaigns[0]?.id);
      let walked = await walk(campaignId, CONTACT_PAGES);
      // A campaign with an empty dialing list shows no paging; one other campaign is tried.
      if (walked.keys.length === 0 && campaigns[1] !== undefined) {
        campaignId = String(campaigns[1].id);
        walked = await walk(campaignId, Math.max(1, CONTACT_PAGES + 1 - walked.pages.length));
      }
      t.note(
        rule,
        `campaign ${campaignId}: ${walked.keys.length} contacts over ${walked.pages.length} pages of limit=${CONTACTS_LIMIT}${walked.complete ? ', ending with nextCursor null' : `; the walk stopped after ${walked.pages.length} pages`}`,
      );
    },
  }),
];
