import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { pickedLabel, pickFromNewest, runSequences, type SequenceModel, type StepIo } from '../../../lib/stateful/sequences.ts';
import { OUTCOME_KINDS, type OutcomeKind } from '../../../lib/dialer/outcomes.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { dialer, dialerAsIs, isRouteNotFound, notRouted } from '../../shared/dialer-requests.ts';
import { campaignOf, campaignPayload, idsOf, is2xx, type Json } from '../fixtures/campaigns.ts';
import { pageOf } from '../fixtures/cursor-page.ts';
import { KINDS_REFUSED, usableTags } from '../resources/buttons.ts';
import { type CallTag, callTagsIn, DISPOSITION_TAGS, listOf, sameId } from '../fixtures/resources.ts';

/**
 * Dialer campaigns as a model: random sequences of creates, deletes and cursor walks of the campaign list,
 * some with a create between two pages, and replaces and reads of the campaigns' disposition buttons
 * (lib/stateful/). Each walk is judged against the sequence's own campaigns (DIALER-STATE-WALK), each
 * buttons read against the last replace of that campaign (DIALER-STATE-BUTTONS); the account's other
 * campaigns, and what other clients do to them, are never judged.
 */

/** The most pages one walk reads: a list longer than this at its page size is judged for repeats only. */
const WALK_PAGES = 6;

type CampaignStep =
  | { readonly op: 'create' }
  | { readonly op: 'delete'; readonly pick: number }
  | {
      readonly op: 'walk';
      readonly limit: number;
      /** From release 1.0.22: whether the walk asks for deleted campaigns too. */
      readonly includeDeleted: boolean;
      /** After which page a campaign is created, or none. */
      readonly insertAfter: number | null;
      /** A campaign deleted first, as the delete step picks it (the closing's: one step, so a failing story stays short). */
      readonly deleteFirst?: number;
    }
  /** Replaces a campaign's buttons: tag `tags[i]` of the pool with `kinds[i]`. */
  | { readonly op: 'buttons'; readonly pick: number; readonly tags: readonly number[]; readonly kinds: readonly OutcomeKind[] }
  | { readonly op: 'read-buttons'; readonly pick: number };

interface ModelCampaign {
  readonly id: string;
  deleted: boolean;
  /** Its last replace's buttons, outcome_kind by tag id; none before the sequence replaced them. */
  buttons?: ReadonlyMap<string, OutcomeKind>;
}

interface CampaignWorld {
  /** The sequence's campaigns, deleted ones kept: the API keeps them with status deleted. */
  readonly campaigns: ModelCampaign[];
}

/** Creates a campaign of the sequence; its id goes into the model and the story. */
async function create(t: CheckContext, io: StepIo, world: CampaignWorld): Promise<ModelCampaign> {
  const ex = await io.send(dialer(t, 'campaigns.create').json(campaignPayload(t)));
  t.expectOk(ex, 'creating a campaign');
  const id = campaignOf(ex)?.id;
  t.prerequisite(typeof id === 'string' || typeof id === 'number', 'the create answer carries no campaign id (looked in data.id and id)', ex);
  io.made(String(id));
  const campaign = { id: String(id), deleted: false };
  world.campaigns.push(campaign);
  return campaign;
}

/** The most call tags the buttons use: few, so that replaces on two campaigns meet on one tag. */
const BUTTON_TAGS = 3;

/**
 * What the button steps work with: the account's usable call tags, and whether the target takes the steps at
 * all. The first answer that shows it does not (the route not routed, the reference's outcome_kind values
 * refused) turns them off for the check and leaves DIALER-STATE-BUTTONS skipped with the reason; the walks go on.
 */
interface ButtonPool {
  readonly tags: readonly CallTag[];
  off?: string;
}

function campaignModel(filtersDeleted: boolean, pool: ButtonPool): SequenceModel<CampaignStep, CampaignWorld> {
  const pick = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(5) });
  const createStep = fc.constant({ op: 'create' as const });
  const walk = fc.record({
    op: fc.constant('walk' as const),
    // Mostly a create after the first page: a list that loses its place on a write misses a lasting campaign, at the cost of two pages.
    limit: fc.oneof({ weight: 2, arbitrary: fc.constant(50) }, { weight: 1, arbitrary: fc.constantFrom(20, 100) }),
    includeDeleted: filtersDeleted ? fc.boolean() : fc.constant(true),
    insertAfter: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(null, 1) }),
  });
  const live = (world: CampaignWorld): ModelCampaign[] => world.campaigns.filter((c) => !c.deleted);
  const chosen = (world: CampaignWorld, n: number): ModelCampaign | undefined => pickFromNewest(live(world), n);
  /** Deletes the open campaign the pick names, if there is one; the model keeps it, deleted. */
  const remove = async (t: CheckContext, io: StepIo, world: CampaignWorld, n: number): Promise<ModelCampaign | undefined> => {
    const campaign = chosen(world, n);
    if (!campaign) return undefined;
    const ex = await io.send(dialer(t, 'campaigns.delete', { campaignId: campaign.id }));
    t.expectOk(ex, `deleting campaign ${campaign.id}`);
    campaign.deleted = true;
    return campaign;
  };

  const withButtons = pool.tags.length > 0;
  const steps: fc.WeightedArbitrary<CampaignStep>[] = [
    { weight: 3, arbitrary: createStep },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
    { weight: 2, arbitrary: walk },
  ];
  if (withButtons) {
    const buttons = fc.record({
      op: fc.constant('buttons' as const),
      pick,
      tags: fc.uniqueArray(fc.nat(pool.tags.length - 1), { minLength: 1, maxLength: Math.min(2, pool.tags.length) }),
      kinds: fc.array(fc.constantFrom(...OUTCOME_KINDS), { minLength: 2, maxLength: 2 }),
    });
    steps.push({ weight: 2, arbitrary: buttons }, { weight: 1, arbitrary: fc.record({ op: fc.constant('read-buttons' as const), pick }) });
  }
  const which = (n: number): string => pickedLabel('campaign', n);
  /** Turns the button steps off when an answer shows the target does not take them; true when it did. */
  const refused = (t: CheckContext, ex: Exchange, route: 'campaign.buttons.replace' | 'campaign.buttons.get'): boolean => {
    const why = isRouteNotFound(ex) ? notRouted(route) : ex.status === 400 && route === 'campaign.buttons.replace' ? KINDS_REFUSED : undefined;
    if (why === undefined) return false;
    pool.off = why;
    t.skipRule('DIALER-STATE-BUTTONS', why);
    return true;
  };

  return {
    step: fc.oneof(...steps),
    opening: createStep,
    // A walk reads its pages and may create one campaign, deleted at the end; a create is deleted at the end too.
    cost: (step) => (step.op === 'create' ? 2 : step.op === 'walk' ? WALK_PAGES + 2 : 1),
    reads: (step) => (step.op === 'walk' && step.insertAfter === null && step.deleteFirst === undefined) || step.op === 'read-buttons',
    // Every sequence ends judging each rule once: two campaigns open (made when fewer are); one tag's button
    // replaced on both and the first read back; the older deleted, then a walk of the list that leaves deleted ones out.
    closing(world) {
      const open = live(world).length;
      const buttons: CampaignStep[] =
        withButtons && pool.off === undefined
          ? [
              { op: 'buttons', pick: 1, tags: [0], kinds: ['neutral', 'neutral'] },
              { op: 'buttons', pick: 0, tags: [0], kinds: ['positive', 'positive'] },
              { op: 'read-buttons', pick: 1 },
            ]
          : [];
      return [
        ...Array.from({ length: Math.max(0, 2 - open) }, () => ({ op: 'create' as const })),
        ...buttons,
        { op: 'walk', limit: 50, includeDeleted: !filtersDeleted, insertAfter: null, deleteFirst: 1 },
      ];
    },
    label(step) {
      if (step.op === 'create') return 'create a campaign';
      if (step.op === 'delete') return `delete ${which(step.pick)}`;
      if (step.op === 'buttons') return `replace the buttons of ${which(step.pick)}`;
      if (step.op === 'read-buttons') return `read the buttons of ${which(step.pick)}`;
      const first = step.deleteFirst === undefined ? '' : `delete ${which(step.deleteFirst)}, then `;
      return `${first}walk the list at limit ${step.limit}${filtersDeleted ? ` with include_deleted=${step.includeDeleted}` : ''}${step.insertAfter === null ? '' : `, creating a campaign after page ${step.insertAfter + 1}`}`;
    },

    start: () => ({ campaigns: [] }),

    async run(t, world, step, io) {
      if (step.op === 'create') return `create campaign ${(await create(t, io, world)).id}`;
      if (step.op === 'delete') {
        const campaign = await remove(t, io, world, step.pick);
        return campaign && `delete campaign ${campaign.id}`;
      }
      if (step.op === 'buttons') {
        const campaign = chosen(world, step.pick);
        if (!campaign || pool.off !== undefined) return undefined;
        const sent = step.tags.map((i, j) => ({ tag_id: (pool.tags[i] as CallTag).id, outcome_kind: step.kinds[j] as OutcomeKind }));
        const ex = await io.send(dialerAsIs(t, 'campaign.buttons.replace', { campaignId: campaign.id }).json({ buttons: sent }));
        if (refused(t, ex, 'campaign.buttons.replace')) return undefined;
        t.expectOk(ex, `replacing the buttons of campaign ${campaign.id}`);
        campaign.buttons = new Map(sent.map((b) => [String(b.tag_id), b.outcome_kind]));
        return `replace the buttons of campaign ${campaign.id}: ${sent.map((b) => `tag ${String(b.tag_id)} ${b.outcome_kind}`).join(', ')}`;
      }
      if (step.op === 'read-buttons') {
        const campaign = chosen(world, step.pick);
        if (!campaign?.buttons || pool.off !== undefined) return undefined;
        const ex = await io.send(dialerAsIs(t, 'campaign.buttons.get', { campaignId: campaign.id }));
        if (refused(t, ex, 'campaign.buttons.get')) return undefined;
        t.expectOk(ex, `reading the buttons of campaign ${campaign.id}`);
        const shown = listOf(ex);
        t.prerequisite(shown !== undefined, "a campaign's buttons answered no list (looked in data and the body)", ex);
        // Each button of its own last replace must be there as sent; whether others are too is DIALER-BUTTONS-REPLACE's.
        for (const [tagId, kind] of campaign.buttons) {
          const button = (shown ?? []).find((b) => sameId((b as Json)?.tag_id, tagId)) as Json | undefined;
          io.judge(
            'DIALER-STATE-BUTTONS',
            button?.outcome_kind === kind,
            () =>
              `campaign ${campaign.id} shows ${button ? `the button of tag ${tagId} as ${JSON.stringify(button.outcome_kind)}` : `no button of tag ${tagId}`}; its last replace set ${kind}`,
            ex,
          );
        }
        return `read the buttons of campaign ${campaign.id}`;
      }
      const rule = 'DIALER-STATE-WALK';
      const deleted = step.deleteFirst === undefined ? undefined : await remove(t, io, world, step.deleteFirst);
      // What the walk must serve: the sequence's campaigns that exist for the whole walk, in the listing asked for.
      const listed = (c: ModelCampaign) => !c.deleted || step.includeDeleted;
      // Before 1.0.22 what an unfiltered list does with deleted campaigns is unstated (DIALER-LIST-INCLUDES-DELETED,
      // observed): a deleted campaign is neither asked for nor refused there.
      const open = (c: ModelCampaign) => c.deleted && !filtersDeleted;
      const before = world.campaigns.filter((c) => !open(c) && listed(c)).map((c) => c.id);
      const hidden = world.campaigns.filter((c) => !open(c) && !listed(c)).map((c) => c.id);
      const served: string[] = [];
      let inserted: string | undefined;
      let cursor: string | undefined;
      let complete = false;
      let pages = 0;
      while (pages < WALK_PAGES) {
        const query: Record<string, string | number> = { limit: step.limit, ...(cursor !== undefined ? { cursor } : {}) };
        if (filtersDeleted) query.include_deleted = String(step.includeDeleted);
        const ex = await io.send(dialer(t, 'campaigns.list').query(query));
        t.expectOk(ex, 'reading a page of the campaign list');
        const page = pageOf<Json>(ex);
        t.prerequisite(page !== undefined, 'a page of the campaign list is not { data: [...], meta: { nextCursor } }', ex);
        pages += 1;
        for (const id of idsOf(page?.data ?? [])) {
          // Serving one twice is the cursor rules' fact, in a walk with writes between its pages or without.
          if (served.includes(id)) {
            t.judge('DIALER-CURSOR-WALK', false, `a walk of the campaign list (limit ${step.limit}) served campaign ${id} again on page ${pages}`, ex);
            io.leave(
              rule,
              `page ${pages} served campaign ${id} again: a repeat is DIALER-CURSOR-WALK's fact (no write between pages) or DIALER-CURSOR-WALK-CHANGING's (a create between them)`,
            );
            continue;
          }
          io.judge(
            rule,
            !hidden.includes(id),
            () => `page ${pages} serves campaign ${id}, deleted before the walk, though include_deleted=${step.includeDeleted}`,
            ex,
          );
          served.push(id);
        }
        if (page?.nextCursor === null || page?.nextCursor === undefined) {
          complete = true;
          const missing = before.filter((id) => !served.includes(id));
          io.judge(
            rule,
            missing.length === 0,
            () =>
              `the walk ended without serving campaign${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of the sequence, which existed for the whole walk`,
            ex,
          );
          break;
        }
        cursor = page.nextCursor;
        if (step.insertAfter === pages - 1) inserted = (await create(t, io, world)).id;
      }
      const more = inserted === undefined ? '' : `, campaign ${inserted} created after page ${(step.insertAfter ?? 0) + 1}`;
      return `${deleted ? `delete campaign ${deleted.id}, then ` : ''}walk the list at limit ${step.limit}${filtersDeleted ? ` with include_deleted=${step.includeDeleted}` : ''}: ${pages} pages${complete ? '' : ' (not to its end)'}${more}`;
    },

    // Deleting is all the API offers: the campaigns stay, with status deleted.
    async clean(t, world, io) {
      for (const campaign of live(world)) {
        const ex = await io.send(dialer(t, 'campaigns.delete', { campaignId: campaign.id }));
        if (!is2xx(ex.status) && ex.status !== 404) throw new Error(`deleting campaign ${campaign.id} answered ${ex.status}`);
        campaign.deleted = true;
      }
    },
  };
}

export const CAMPAIGN_SEQUENCE_CHECKS = [
  defineCheck({
    id: 'dialer.stateful.campaigns',
    title: 'random sequences of campaign creates, deletes and cursor walks agree with a model of the spec',
    surface: 'ai',
    // A campaign served twice in one walk, seen by a walk step, fails the cursor walk rule here on that page.
    rules: ['DIALER-STATE-WALK', 'DIALER-STATE-BUTTONS', 'DIALER-CURSOR-WALK'],
    handsOver: ['DIALER-CURSOR-WALK'],
    cost: {
      // Each step and closing create may make one campaign, which stays: at most 4 a sequence, since a sequence
      // has 4 steps and the closing creates come only where its deletes left fewer than two open.
      sequences: {
        requestsPerStep: { 'a walk': WALK_PAGES, 'a campaign it may create': 1, 'its deletion': 1 },
        setupRequests: 0,
        closingRequests: {
          'two creates, when fewer campaigns are open': 2,
          'their deletions': 2,
          'two button replaces and a read': 3,
          'a delete': 1,
          'a walk that creates nothing': WALK_PAGES,
        },
        longest: 4,
        // Its closing steps judge both rules in every sequence: 6 sequences find what 10 would.
        most: 6,
        campaignsPerSequence: 4,
      },
      requests: 0,
    },
    records: { shares: [DISPOSITION_TAGS] },
    needs: { effects: ['campaign-sequences'] },
    async run(t) {
      // Read as it comes: a target without the list, or with no usable tag, leaves the buttons out and the walks judged.
      const listed = await t.shared(DISPOSITION_TAGS);
      const tags = is2xx(listed.status) ? usableTags(t, callTagsIn(listed) ?? []).slice(0, BUTTON_TAGS) : [];
      const pool: ButtonPool = { tags };
      if (tags.length === 0)
        t.skipRule(
          'DIALER-STATE-BUTTONS',
          isRouteNotFound(listed)
            ? notRouted('dispositions.tags')
            : `the disposition tag list (answered ${listed.status}) shows no call tag a button may use: no button is replaced`,
        );
      await runSequences(t, campaignModel(t.atLeast('1.0.22'), pool));
    },
  }),
];
