import fc from 'fast-check';
import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { runSequences, type SequenceModel, type StepIo } from '../../lib/stateful/sequences.ts';
import { dialer } from '../shared/dialer-requests.ts';
import { campaignOf, campaignPayload, idsOf, is2xx, type Json } from './campaign-fixtures.ts';
import { pageOf } from './cursor.ts';

/**
 * Dialer campaigns as a model: random sequences of creates, deletes and cursor walks of the campaign list,
 * some with a create between two pages (lib/stateful/). Each walk is judged against the sequence's own
 * campaigns (DIALER-STATE-WALK); the account's other campaigns, and what other clients do to them, are
 * never judged.
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
    };

interface ModelCampaign {
  readonly id: string;
  deleted: boolean;
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

function campaignModel(filtersDeleted: boolean): SequenceModel<CampaignStep, CampaignWorld> {
  const pick = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(5) });
  const createStep = fc.constant({ op: 'create' as const });
  const walk = fc.record({
    op: fc.constant('walk' as const),
    // Mostly a create after the first page: where a cursor that keeps a shifting position shows, at the cost of two pages.
    limit: fc.oneof({ weight: 2, arbitrary: fc.constant(50) }, { weight: 1, arbitrary: fc.constantFrom(20, 100) }),
    includeDeleted: filtersDeleted ? fc.boolean() : fc.constant(true),
    insertAfter: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(null, 1) }),
  });
  const live = (world: CampaignWorld): ModelCampaign[] => world.campaigns.filter((c) => !c.deleted);
  const chosen = (world: CampaignWorld, n: number): ModelCampaign | undefined => {
    const open = live(world);
    return open.length === 0 ? undefined : open[open.length - 1 - (n % open.length)];
  };

  return {
    step: fc.oneof(
      { weight: 3, arbitrary: createStep },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
      { weight: 2, arbitrary: walk },
    ),
    opening: createStep,
    // A walk reads its pages and may create one campaign, deleted at the end; a create is deleted at the end too.
    cost: (step) => (step.op === 'create' ? 2 : step.op === 'delete' ? 1 : WALK_PAGES + 2),
    reads: (step) => step.op === 'walk' && step.insertAfter === null,
    // Every sequence ends with a walk of every status with a create after its first page, so each judges the rule once at least.
    closing: () => [{ op: 'walk', limit: 50, includeDeleted: true, insertAfter: 0 }],
    label(step) {
      if (step.op === 'create') return 'create a campaign';
      if (step.op === 'delete') return step.pick === 0 ? 'delete the newest campaign' : `delete the campaign ${step.pick} before the newest`;
      return `walk the list at limit ${step.limit}${filtersDeleted ? ` with include_deleted=${step.includeDeleted}` : ''}${step.insertAfter === null ? '' : `, creating a campaign after page ${step.insertAfter + 1}`}`;
    },

    start: () => ({ campaigns: [] }),

    async run(t, world, step, io) {
      if (step.op === 'create') return `create campaign ${(await create(t, io, world)).id}`;
      if (step.op === 'delete') {
        const campaign = chosen(world, step.pick);
        if (!campaign) return undefined;
        const ex = await io.send(dialer(t, 'campaigns.delete', { campaignId: campaign.id }));
        t.expectOk(ex, `deleting campaign ${campaign.id}`);
        campaign.deleted = true;
        return `delete campaign ${campaign.id}`;
      }
      const rule = 'DIALER-STATE-WALK';
      // What the walk must serve: the sequence's campaigns that exist for the whole walk, in the listing asked for.
      const listed = (c: ModelCampaign) => !c.deleted || step.includeDeleted;
      const before = world.campaigns.filter(listed).map((c) => c.id);
      const hidden = world.campaigns.filter((c) => !listed(c)).map((c) => c.id);
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
          io.judge(rule, !served.includes(id), () => `page ${pages} serves campaign ${id} again, already served earlier in the walk`, ex);
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
      return `walk the list at limit ${step.limit}${filtersDeleted ? ` with include_deleted=${step.includeDeleted}` : ''}: ${pages} pages${complete ? '' : ' (not to its end)'}${more}`;
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
    rules: ['DIALER-STATE-WALK'],
    // A walk: its pages and a campaign it may create, deleted at the end.
    // Each step and the closing walk may make one campaign, which stays.
    stateful: { requestsPerStep: WALK_PAGES + 2, setupRequests: 0, closingRequests: WALK_PAGES + 2, longest: 4, campaignsPerSequence: 5 },
    maxRequests: 0,
    needs: { effects: ['campaign-sequences'] },
    async run(t) {
      await runSequences(t, campaignModel(t.atLeast('1.0.22')));
    },
  }),
];
