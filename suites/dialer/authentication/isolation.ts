import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { QueryValue } from '../../../lib/requests/request-spec.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { DialerRouteName } from '../../../lib/dialer/routes.ts';
import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import { type Campaign, campaignOf, createCampaign, type Json, readCampaign } from '../fixtures/campaigns.ts';
import { keysOf, walkCursor } from '../fixtures/cursor-page.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { idOf, NEEDS_RECORDS, runScript } from '../fixtures/resources.ts';
import type { RuleId } from '../../../lib/rules/index.ts';

/**
 * Another company's key (CC_OTHER_KEY_ID) against this company's Dialer records (spec: Authentication 3
 * and 6): it may be refused (401) or find nothing (404), and under either no record of this company
 * reaches it and none changes. Its requests spend the other company's own Dialer budget.
 */

/** Pages of the other company's lists walked looking for this company's record. */
const FOREIGN_PAGES = 3;

/** The fields the spec names for a campaign: what a foreign write must leave as it was. */
const NAMED_FIELDS = ['name', 'status', 'mode', 'schedule_policy', 'calling_policy'] as const;

/** Creates a campaign and reads it back by its own company, by its name: the foreign requests are judged against that read. */
async function ownCampaign(t: CheckContext): Promise<{ campaign: Campaign; name: string; record: Json }> {
  const campaign = await createCampaign(t);
  const name = String(campaign.body.name);
  const record = await readCampaign(t, campaign.id);
  // Another company's 404 on the read route says something only once the route shows the campaign to its own.
  t.prerequisite(record.name === name, () => `campaign ${campaign.id} reads back to its own company with the name ${JSON.stringify(record.name)}, not ${name}`);
  return { campaign, name, record };
}

/**
 * The other company's list walked with its cursor at limit 100, at most FOREIGN_PAGES pages: no page holds
 * the record `id`, nor `text` when given.
 */
async function judgeForeignList(
  t: CheckContext,
  rule: RuleId,
  route: DialerRouteName,
  query: Readonly<Record<string, QueryValue>>,
  what: string,
  id: string,
  text?: string,
): Promise<void> {
  const walk = await walkCursor<Json>(
    t,
    (cursor) =>
      dialer(t, route)
        .as('other')
        .query({ ...query, limit: DIALER_LIMIT.max, cursor }),
    FOREIGN_PAGES,
  );
  // Every record of this kind the run read from this company's lists, whoever made it, is looked for too.
  const kind = route === 'campaigns.list' ? 'campaign' : 'call script';
  let compared = 0;
  for (const [i, page] of walk.pages.entries()) {
    t.check(rule, !keysOf(page.data).includes(id), `page ${i + 1} of the other company's ${what} list holds this company's ${what} ${id}`, page.ex);
    if (text !== undefined)
      t.check(rule, !page.ex.text.includes(text), `page ${i + 1} of the other company's ${what} list holds the name of this company's ${what} ${id}`, page.ex);
    const { matches, seen } = t.seenOfCompany(kind, page.data);
    compared = seen;
    t.check(
      rule,
      matches.length === 0,
      () =>
        `page ${i + 1} of the other company's ${what} list holds ${matches.length} ${what}(s) of this company, each with its id and ${matches[0]?.fields.join(', ')} as this company's list shows them: ${matches.map((m) => m.id).join(', ')}`,
      page.ex,
    );
  }
  const items = walk.pages.reduce((n, page) => n + page.data.length, 0);
  const shown = Object.entries(query)
    .map(([k, v]) => `${k}=${String(v)}&`)
    .join('');
  t.note(
    rule,
    `the other company's ${what} list (${shown}limit=${DIALER_LIMIT.max}) walked ${walk.pages.length} page(s), ${items} item(s), ${walk.complete ? 'to its end' : `stopped after ${FOREIGN_PAGES} pages before its end`}, compared with the ${compared} ${what}s the run read from this company's lists`,
  );
}

export const ISOLATION_CHECKS = [
  defineCheck({
    id: 'dialer.isolation.campaign-read',
    title: "another company's key never reads this company's Dialer campaign, by id or in its campaign list",
    surface: 'ai',
    rules: ['DIALER-ISOLATION-READ'],
    cost: {
      requests: {
        create: 1,
        'the read by its own company': 1,
        "the other's read": 1,
        "this company's first page": 1,
        "the other's list walked": FOREIGN_PAGES,
        'its deletion': 1,
      },
    },
    records: {
      // Its own: a campaign whose name no other check changes, since what the other company reads is searched for it.
      leaves: { campaigns: 1 },
    },
    needs: { keys: ['other'] },
    async run(t) {
      const rule = 'DIALER-ISOLATION-READ';
      const { campaign, name } = await ownCampaign(t);
      const foreign = await dialer(t, 'campaigns.get', { campaignId: campaign.id }).as('other').send();
      t.check(rule, !foreign.text.includes(name), `the other company's key read the name of campaign ${campaign.id}`, foreign);
      t.check(rule, [200, 401, 404].includes(foreign.status), `expected 401 or 404 for another company's campaign, got ${foreign.status}`, foreign);
      t.note(
        rule,
        foreign.status === 200
          ? `campaign id ${campaign.id} also names a campaign of the other company (ids overlap across companies)`
          : `the other company's read of campaign ${campaign.id} answered ${foreign.status}`,
      );
      // This company's first page, whatever ran before: the campaigns it already had are looked for in the other's list too.
      await dialer(t, 'campaigns.list').query({ include_deleted: 'true', limit: DIALER_LIMIT.max }).send();
      await judgeForeignList(t, rule, 'campaigns.list', { include_deleted: 'true' }, 'campaign', campaign.id, name);
    },
  }),

  defineCheck({
    id: 'dialer.isolation.script-list',
    title: "another company's call script list never holds this company's call script",
    surface: 'ai',
    rules: ['DIALER-ISOLATION-READ'],
    cost: {
      // The run's call script is made once a run, by the first check that needs it.
      requests: { "the run's call script": 1, "the other's list walked": FOREIGN_PAGES },
    },
    needs: { ...NEEDS_RECORDS, keys: ['other'] },
    async run(t) {
      // Call scripts have no read by id (lib/dialer/routes.ts) and other checks rename the run's script, so only its id is looked for.
      const id = idOf(t, await runScript(t), 'call script');
      await judgeForeignList(t, 'DIALER-ISOLATION-READ', 'scripts.list', {}, 'call script', id);
    },
  }),

  defineCheck({
    id: 'dialer.isolation.campaign-write',
    title: "another company's key never edits or deletes this company's Dialer campaign",
    surface: 'ai',
    rules: ['DIALER-ISOLATION-WRITE'],
    cost: {
      // create, the read by its own company, the other's peek, PATCH and DELETE, the read back
      requests: 7,
    },
    records: {
      // Its own: a target that lets the other company change or delete it must not change what other checks see.
      leaves: { campaigns: 1 },
    },
    needs: { keys: ['other'] },
    async run(t) {
      const rule = 'DIALER-ISOLATION-WRITE';
      const { campaign, name, record: before } = await ownCampaign(t);
      const campaignId = campaign.id;
      const peek = await dialer(t, 'campaigns.get', { campaignId }).as('other').send();
      // With overlapping ids the PATCH and the DELETE would change the other company's own campaign: never send
      // them. A 200 showing this company's campaign is a leak, judged by DIALER-ISOLATION-READ, and no reason to stop.
      if (peek.status === 200 && !peek.text.includes(name))
        t.skip(`campaign id ${campaignId} also names a campaign of the other company; editing or deleting it would change that company's data`);
      const patch = await dialer(t, 'campaigns.update', { campaignId })
        .as('other')
        .json({ name: `${name}-intruder` })
        .send();
      t.check(rule, [401, 404].includes(patch.status), `expected 401 or 404 for another company's PATCH of campaign ${campaignId}, got ${patch.status}`, patch);
      const removal = await dialer(t, 'campaigns.delete', { campaignId }).as('other').send();
      t.check(
        rule,
        [401, 404].includes(removal.status),
        `expected 401 or 404 for another company's DELETE of campaign ${campaignId}, got ${removal.status}`,
        removal,
      );
      t.note(rule, `the other company's PATCH answered ${patch.status}, its DELETE ${removal.status}`);
      const after = await dialer(t, 'campaigns.get', { campaignId }).send();
      t.check(
        rule,
        after.status !== 404,
        `campaign ${campaignId} is gone after the other company's PATCH and DELETE: its own company's read answers 404`,
        after,
      );
      t.expectOk(after, `reading campaign ${campaignId} back`);
      const record = campaignOf(after);
      t.prerequisite(record !== undefined, `reading campaign ${campaignId} back: no campaign object in data or at the top level`, after);
      const now = record as Json;
      t.check(rule, now.status !== 'deleted', `campaign ${campaignId} reads back with status deleted after the other company's DELETE`, after);
      for (const field of NAMED_FIELDS) {
        t.check(
          rule,
          isDeepStrictEqual(now[field], before[field]),
          () =>
            `${field} of campaign ${campaignId} changed from ${JSON.stringify(before[field])} to ${JSON.stringify(now[field])} after the other company's PATCH and DELETE`,
          after,
        );
      }
    },
  }),
];
