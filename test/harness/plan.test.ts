import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { planRun } from '../../cli/run-plan.ts';
import { BUDGET_WINDOWS_WHY, headerText, planText, type RunHeader, shortHeaderText, shortPlanText, shortScopeText } from '../../cli/plan-text.ts';
import type { Scope } from '../../lib/expectations/scope.ts';
import { roughly } from '../../reporters/progress.ts';
import { allowanceOn, type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { ALL_CHECKS, BUDGET_CHECKS, laneOf } from '../../suites/index.ts';
import { literalTarget } from './support.ts';
import { ARCHIVED_TAG_MISSING } from '../../lib/checks/runner.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import type { Release } from '../../lib/dialer/releases.ts';
import { CHANGING_WALK } from '../../suites/dialer/campaigns/walks.ts';
import { DELETED_CAMPAIGN, LANE_CAMPAIGN } from '../../suites/dialer/fixtures/shared-records.ts';

const noop = async () => undefined;
const made = (def: Partial<CheckDefinition> & Pick<CheckDefinition, 'id' | 'cost'>): CheckDefinition =>
  defineCheck({ title: def.id, surface: 'core', rules: ['CORE-TAG-DELETE-404'], run: noop, ...def });

/** A live target on a minute window, every host and key, no effects: nothing in it is contacted. */
const live = (overrides: Parameters<typeof literalTarget>[0] = {}) =>
  literalTarget({
    urls: {
      core: 'https://core.example.test/api',
      ai: 'https://ai.example.test/v1',
      cuecard: 'https://cc.example.test/api',
      analytics: 'https://an.example.test/api',
    },
    rateWindowMs: 60_000,
    budgetShare: 0.5,
    ...overrides,
  });

describe('the plan of a run', () => {
  test('at share 0.5 of a 60 s window: 30 per window; requests counted where checks declare them, lanes timed at that pace', () => {
    const checks = [
      made({
        id: 'p.core-a',
        cost: { sends: 40 },
        lane: 'core',
      }),
      made({
        id: 'p.hosts-a',
        surface: 'ai',
        cost: {
          sends: 25,
          elsewhere: { core: 10 },
        },
        lane: 'hosts',
      }),
      made({
        id: 'p.dialer-a',
        surface: 'cuecard',
        cost: { sends: 61 },
        lane: 'dialer',
      }),
    ];
    const plan = planRun(live(), checks);
    expect(plan.pace).toEqual({ perWindow: 30, windowMs: 60_000 });
    expect(plan.lanes.map((l) => [l.lane, l.checks, l.requests, l.ms])).toEqual([
      ['core', ['p.core-a'], 40, 60_000],
      ['dialer', ['p.dialer-a'], 61, 120_000],
      ['hosts', ['p.hosts-a'], 25, 0],
    ]);
    expect(Object.fromEntries(plan.meters.map((m) => [m.meter, m.requests]))).toEqual({ core: 50, dialer: 0, ai: 15, cuecard: 61, analytics: 0 });
    // Side by side, the slowest lane sets the time; nothing else was planned.
    expect(plan.lanesMs).toBe(120_000);
    expect(plan.totalMs).toBe(120_000);
    expect(plan.budget).toBeUndefined();
  });

  test('lanes that share a meter are bound by the meter: 45 + 45 core requests at 30 a window take 2 windows side by side', () => {
    const plan = planRun(live(), [
      made({
        id: 'p.a',
        cost: { sends: 45 },
        lane: 'core',
      }),
      made({
        id: 'p.b',
        cost: { sends: 45 },
        lane: 'dialer',
      }),
    ]);
    expect(plan.lanes.map((l) => l.ms)).toEqual([60_000, 60_000, 0]);
    expect(plan.lanesMs).toBe(120_000);
  });

  test('a cap on random fuzz values (CC_FUZZ_RANDOM) takes what the others would cost off each allowance; the boundaries stay', () => {
    const checks = [
      made({
        id: 'p.fuzzed',
        cost: {
          sends: 20,
          randomValues: { count: 4, requestsEach: 2 },
        },
        lane: 'core',
      }),
      made({
        id: 'p.plain',
        cost: { sends: 5 },
        lane: 'core',
      }),
    ];
    const all = planRun(live(), checks);
    expect(all.lanes[0]?.requests).toBe(25);
    expect(all.fuzz).toEqual({ drawn: 4, stated: 4, checks: 1 });
    const capped = planRun(live({ fuzzRandomCap: 1 }), checks);
    // Three values forgone at two requests each.
    expect(capped.lanes[0]?.requests).toBe(19);
    expect(capped.lanes[0]?.costliest[0]).toEqual({ check: 'p.fuzzed', requests: 14, shared: 0 });
    expect(capped.fuzz).toEqual({ cap: 1, drawn: 1, stated: 4, checks: 1 });
    expect(planText(capped, { live: true }).join('\n')).toContain(
      'fuzzing: 1 checks send their exact boundaries and at most 1 more value each, drawn among their samples and random values, 1 in all of the 4 they state (CC_FUZZ_RANDOM)',
    );
    expect(planText(planRun(live({ fuzzRandomCap: 0 }), checks), { live: true }).join('\n')).toContain(
      'fuzzing: 1 checks send their exact boundaries only, none of the 4 samples and random values they state (CC_FUZZ_RANDOM=0)',
    );
  });

  test('some fuzzed checks of a lane draw (CC_FUZZ_CHECKS): each allowance holds its random values, the lane counts its dearest that many on each meter', () => {
    const checks = [
      made({
        id: 'p.dear',
        cost: {
          sends: 10,
          randomValues: { count: 1, requestsEach: 2 },
        },
        lane: 'core',
      }),
      made({
        id: 'p.cheap',
        cost: {
          sends: 10,
          randomValues: { count: 1, requestsEach: 1 },
        },
        lane: 'core',
      }),
      made({
        id: 'p.cheaper',
        cost: {
          sends: 10,
          randomValues: { count: 1, requestsEach: 1 },
        },
        lane: 'core',
      }),
      made({
        id: 'p.elsewhere',
        cost: {
          sends: 10,
          randomValues: { count: 1, requestsEach: 1 },
        },
        lane: 'core',
        surface: 'analytics',
      }),
    ];
    const every = planRun(live({ fuzzRandomCap: 1 }), checks);
    const two = planRun(live({ fuzzRandomCap: 1, fuzzChecksPerLane: 2 }), checks);
    // On the core's meter the dear and one cheap value are counted, one cheap value not; the analytics check is its meter's only one.
    expect(every.lanes[0]?.requests).toBe(40);
    expect(two.lanes[0]?.requests).toBe(39);
    expect(two.meters.find((m) => m.meter === 'core')?.requests).toBe(29);
    expect(two.meters.find((m) => m.meter === 'analytics')?.requests).toBe(10);
    expect(two.lanes[0]?.costliest.map((c) => c.requests)).toEqual([10, 10, 10, 10]);
    expect(two.fuzz).toEqual({ cap: 1, perLane: 2, drawn: 2, stated: 4, checks: 4 });
    expect(planText(two, { live: true }).join('\n')).toContain(
      "fuzzing: 4 checks send their exact boundaries; 2 of each lane's (CC_FUZZ_CHECKS) send at most 1 more value each, drawn among their samples and random values (CC_FUZZ_RANDOM), 2 in all of the 4 the checks state; the run seed picks the checks and the values, so each run tries others",
    );
  });

  test('one stateful check of a lane draws random steps (CC_SEQUENCE_CHECKS): each allowance holds its steps, the lane counts the dearest one, the others their closing steps', () => {
    const sequences = { count: 1, steps: 6, stepRequests: 8, shrinkRequests: 0 };
    const stateful = (id: string, closingRequests: number, meter: 'core' | 'analytics' = 'core') =>
      made({
        id,
        cost: {
          sends: 0,
          sequences: { requestsPerStep: 2, setupRequests: 1, closingRequests },
        },
        lane: 'core',
        surface: meter,
      });
    const checks = [
      stateful('p.contacts', 12),
      stateful('p.blacklist', 5),
      stateful('p.tags', 4),
      stateful('p.apart', 3, 'analytics'),
      made({
        id: 'p.plain',
        cost: { sends: 7 },
        lane: 'core',
      }),
    ];
    const every = planRun(live({ sequences }), checks);
    const one = planRun(live({ sequences, sequenceChecksPerLane: 1 }), checks);
    // Each allowance: setup 1, 8 of steps and the closing; on the core's meter one check's steps are counted, not three.
    expect(one.stateful.checks.map((c) => c.requests)).toEqual([21, 14, 13, 12]);
    expect(every.meters.find((m) => m.meter === 'core')?.requests).toBe(21 + 14 + 13 + 7);
    expect(one.meters.find((m) => m.meter === 'core')?.requests).toBe(21 + 14 + 13 + 7 - 2 * 8);
    // The analytics check is its meter's only stateful one: it keeps its steps.
    expect(one.meters.find((m) => m.meter === 'analytics')?.requests).toBe(12);
    expect(one.lanes[0]?.stateful.requests).toBe(21 + 14 + 13 + 12 - 2 * 8);
    expect(planText(one, { live: true }).join('\n')).toContain(
      "1 of each lane's stateful checks with closing steps (CC_SEQUENCE_CHECKS) draws the random steps, the others run their closing steps alone, which judge each of their rules; the run seed picks the check, so successive runs explore with each, and the lane counts the dearest",
    );
    expect(planText(every, { live: true }).join('\n')).not.toContain('CC_SEQUENCE_CHECKS');
  });

  test('requests a check sends only for older Dialer releases come off its allowance where the target is expected at that release or later', () => {
    const checks = [
      made({
        id: 'p.older',
        cost: {
          sends: 6,
          olderReleasesOnly: { before: 'next', requests: 1 },
        },
        lane: 'dialer',
      }),
    ];
    const at = (release: Release) => planRun(live({ dialer: { release, routes: DIALER_ROUTES } }), checks).lanes.find((l) => l.lane === 'dialer');
    expect(at('latest')?.requests).toBe(5);
    expect(at('next')?.requests).toBe(5);
    expect(at('1.0.22')?.requests).toBe(6);
    expect(at('1.0.22')?.costliest[0]).toEqual({ check: 'p.older', requests: 6, shared: 0 });
  });

  test("requests sent only with another company's key pair come off the allowance and each budget where the target lacks it", () => {
    const checks = [
      made({
        id: 'p.keyed',
        cost: {
          sends: 9,
          elsewhere: { core: 3 },
          withKeyOnly: { key: 'other', requests: 2, elsewhere: { core: 1 } },
        },
        lane: 'dialer',
        surface: 'ai',
      }),
      made({
        id: 'p.stateful',
        cost: {
          sends: 0,
          sequences: { requestsPerStep: 2, setupRequests: 1, closingRequests: 5, closingWithKeyOnly: { key: 'other', requests: 3 } },
        },
        lane: 'core',
      }),
    ];
    const other = { id: 'HARNESSKEYID03', secret: 'harness-secret-other-0123' };
    const sequences = { count: 2, steps: 4, shrinkRequests: 10, replay: undefined };
    const without = planRun(live({ sequences }), checks);
    const withKey = planRun(live({ sequences, keys: { primary: { id: 'HARNESSKEYID01', secret: 'harness-secret-0123456789' }, other } }), checks);
    const byMeter = (plan: typeof without) => Object.fromEntries(plan.meters.filter((m) => m.requests > 0).map((m) => [m.meter, m.requests]));
    // The keyed check: 9 with the key (3 on the core budget), 7 without (2 on the core budget). The stateful one: 1 + 2 × (4 × 2 + 5) + 10, and 3 less a sequence without.
    expect(byMeter(withKey)).toEqual({ core: 3 + 37, ai: 6 });
    expect(byMeter(without)).toEqual({ core: 2 + 31, ai: 5 });
    expect(allowanceOn(checks[0] as CheckDefinition, live({ sequences }))).toBe(7);
  });

  test('the checks that look for the archived call tag are skipped by the plan without CC_DIALER_ARCHIVED_TAG_ID, naming it, and counted with it', () => {
    const archived = ALL_CHECKS.filter((c) => c.needs?.archivedTag);
    expect(archived.map((c) => c.id).sort()).toEqual([
      'dialer.buttons.archived-omitted',
      'dialer.release.undated-archived-replace-422',
      'dialer.release.undated-archived-tag-list',
    ]);
    const without = planRun(live(), archived);
    expect(without.skipped).toEqual([{ reason: ARCHIVED_TAG_MISSING, checks: archived.map((c) => c.id) }]);
    expect(without.lanes.reduce((n, l) => n + l.requests, 0)).toBe(0);
    const named = planRun(live({ dialer: { release: 'latest', routes: DIALER_ROUTES, archivedTagId: '10016' } }), archived);
    expect(named.skipped).toEqual([]);
    expect(named.lanes.reduce((n, l) => n + l.requests, 0)).toBeGreaterThan(0);
  });

  test('share 1 paces at 58, the bundled mock default', () => {
    const plan = planRun(live({ budgetShare: 1, rateWindowMs: 2_000 }), [
      made({
        id: 'p.a',
        cost: { sends: 117 },
      }),
    ]);
    expect(plan.pace).toEqual({ perWindow: 58, windowMs: 2_000 });
    expect(plan.lanes.find((l) => l.lane === 'hosts')?.ms).toBe(4_000);
  });

  test('what cannot run is listed with what would enable it, and costs nothing', () => {
    const checks = [
      made({
        id: 'p.key2',
        cost: { sends: 5 },
        needs: { keys: ['second'] },
      }),
      made({
        id: 'p.call',
        cost: { sends: 7 },
        needs: { effects: ['call'] },
      }),
      made({
        id: 'p.runs',
        cost: { sends: 3 },
      }),
    ];
    const plan = planRun(live({ urls: { core: 'https://core.example.test/api' } }), [
      ...checks,
      made({
        id: 'p.cuecard',
        surface: 'cuecard',
        cost: { sends: 2 },
      }),
    ]);
    expect(plan.skipped).toEqual([
      { reason: 'needs CC_KEY2_ID', checks: ['p.key2'] },
      { reason: 'needs CC_EFFECTS to include call: the check places a real call (Make a call) on the target', checks: ['p.call'] },
      { reason: 'needs CC_CUECARD_URL', checks: ['p.cuecard'] },
    ]);
    expect(plan.meters.reduce((n, m) => n + m.requests, 0)).toBe(3);
  });

  test('the budget checks: their windows after the lanes, 2.5 windows refused to the company, only with the budget effect', () => {
    const without = planRun(live(), BUDGET_CHECKS);
    expect(without.budget).toEqual({ checks: ['budget.both-surfaces'], runs: false, ms: 360_000, blockedMs: 150_000 });
    expect(without.totalMs).toBe(0);
    expect(without.skipped.map((s) => s.reason)).toEqual([expect.stringMatching(/^needs CC_EFFECTS to include budget/)]);
    expect(planText(without, { live: true }).at(-1)).toContain(
      "would spend the company's whole core and Dialer budgets on purpose, after every lane: about 6 min, during which the company's other core and Dialer integrations get 429 for about 2 min 30 s on each; exempt from the share; runs only with budget in CC_EFFECTS",
    );
    const withBudget = planRun(live({ effects: new Set(['budget']) }), BUDGET_CHECKS);
    expect(withBudget.budget?.runs).toBe(true);
    expect(withBudget.totalMs).toBe(360_000);
  });

  test('CC_SEQUENCES=0: every stateful check is skipped with the variable that runs it, and the plan counts none of their requests', () => {
    const stateful = ALL_CHECKS.filter((c) => c.cost.sequences);
    const plan = planRun(
      live({ sequences: { count: 0, steps: 6, shrinkRequests: 24 }, effects: new Set(['campaign-sequences', 'group-sequences']) }),
      stateful,
    );
    expect(plan.stateful.checks).toEqual([]);
    expect(plan.lanes.reduce((n, l) => n + l.requests, 0)).toBe(0);
    expect(plan.skipped).toEqual([{ reason: 'needs CC_SEQUENCES of 1 or more: with 0 no random sequence runs', checks: stateful.map((c) => c.id) }]);
  });

  test("a configured target's default keeps nothing for shrinking: the stateful checks count their sequences alone, and the plan says where a failure is shrunk", () => {
    const stateful = ALL_CHECKS.filter((c) => c.cost.sequences && c.id.startsWith('core.'));
    const keeping = planRun(live({ sequences: { count: 1, steps: 6, shrinkRequests: 24 } }), stateful);
    const none = planRun(live({ sequences: { count: 1, steps: 6, shrinkRequests: 0 } }), stateful);
    const lane = (plan: typeof none) => plan.lanes.find((l) => l.lane === 'core')?.stateful?.requests ?? NaN;
    // The lane counted the shrinking once; without it, 24 fewer.
    expect(lane(none)).toBe(lane(keeping) - 24);
    expect(none.stateful.checks.reduce((n, c) => n + c.requests, 0)).toBe(lane(none));
    const text = planText(none, { live: true }).join('\n');
    expect(text).toContain(
      'none kept for shrinking a failing sequence: its rerun line (CC_SEQUENCE_REPLAY) replays it alone and shrinks it with up to 24 requests',
    );
    expect(text).not.toContain('for shrinking a failing sequence, which the stateful checks of a lane share');
  });

  test('the whole catalogue: every check in one lane or last, the meters add up to the lanes, the text names each lane', () => {
    const target = live({
      keys: {
        ...literalTarget().keys,
        second: { id: 'K2', secret: 's2' },
        other: { id: 'K3', secret: 's3' },
        revoked: { id: 'K4', secret: 's4' },
        limits: { id: 'K5', secret: 's5' },
      },
    });
    const plan = planRun(target, ALL_CHECKS);
    const planned = plan.lanes.flatMap((l) => l.checks);
    expect(new Set(planned).size).toBe(planned.length);
    expect(plan.lanes.reduce((n, l) => n + l.requests, 0)).toBe(plan.meters.reduce((n, m) => n + m.requests, 0));
    expect(ALL_CHECKS.filter((c) => laneOf(c) === 'budget')).toEqual(BUDGET_CHECKS);
    const text = planText(plan, { live: true }).join('\n');
    for (const lane of ['core', 'dialer', 'hosts']) expect(text).toContain(`lane ${lane} (`);
    expect(text).toContain('paced at 30 requests per 1 min window on each budget (share 0.5 of 60; CC_BUDGET_SHARE)');
    // The stateful checks' allowances, apart: the core's run by default, the campaigns' only with their effect.
    expect(plan.stateful.checks.map((c) => c.check)).toEqual(['core.stateful.contacts', 'core.stateful.blacklist', 'core.stateful.tags']);
    const [contacts, blacklist, tags] = plan.stateful.checks;
    expect(text).toContain(
      `stateful sequences (CC_SEQUENCES), counted above: core.stateful.contacts 2 random sequences of at most 6 steps, at most ${contacts?.requests} requests; core.stateful.blacklist 2 random sequences of at most 6 steps, at most ${blacklist?.requests} requests; core.stateful.tags 2 random sequences of at most 6 steps, at most ${tags?.requests} requests; each allowance keeps 24 of them for shrinking a failing sequence, which the stateful checks of a lane share, so the lane counts them once`,
    );
    // Shown apart on their lane's line, the shrinking counted once: three allowances less two shrinking allowances.
    const core = plan.lanes.find((l) => l.lane === 'core');
    const statefulRequests = (contacts?.requests ?? 0) + (blacklist?.requests ?? 0) + (tags?.requests ?? 0) - 2 * 24;
    expect(core?.stateful).toMatchObject({ checks: 3, requests: statefulRequests });
    expect(text).toContain(`; its 3 stateful checks ${statefulRequests} of them, about `);
    expect(text).toContain(`, the rest ${(core?.requests ?? 0) - statefulRequests}`);
    // Each lane's ten largest allowances besides its stateful checks', the largest first, shown with --verbose only.
    for (const lane of plan.lanes) {
      const allowances = lane.checks
        .map((id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition)
        .filter((c) => !c.cost.sequences)
        .map((c) => allowanceOn(c, target))
        .sort((a, b) => b - a);
      expect(lane.costliest.map((c) => c.requests)).toEqual(allowances.slice(0, 10));
      expect(lane.costliest.every((c) => lane.checks.includes(c.check))).toBe(true);
      // What of each makes the records the lane's checks share: the sum of its shared records' makes.
      for (const c of lane.costliest) {
        const def = ALL_CHECKS.find((d) => d.id === c.check) as CheckDefinition;
        expect(c.shared, c.check).toBe((def.records?.shares ?? []).reduce((n, r) => n + r.makeRequests, 0));
      }
    }
    const daily = core?.costliest.find((c) => c.check === 'core.agents.daily-price-limit');
    const groups = core?.costliest.find((c) => c.check === 'core.groups.remove-keeps-other-memberships');
    // The agents that carry the accepted bounds are shared, beside the check's own probes; this check judges a removal
    // made once for both checks of Remove agent from group and sends nothing of its own.
    expect(daily?.shared).toBeGreaterThan(0);
    expect(daily?.shared).toBeLessThan(daily?.requests as number);
    expect(groups?.shared).toBe(groups?.requests);
    expect(text).not.toContain('largest allowances');
    // Why the budget checks take the windows they take, with --verbose.
    expect(text).not.toContain(BUDGET_WINDOWS_WHY);
    expect(planText(plan, { live: true, verbose: true })).toContain(`  ${BUDGET_WINDOWS_WHY}`);
    const verbose = planText(plan, { live: true, verbose: true }).join('\n');
    expect(verbose).toContain(
      "    the 10 largest allowances besides the stateful checks (in brackets: of each, the requests that make records the lane's checks share, counted once in the lane's total): ",
    );
    expect(verbose).toContain(`core.agents.daily-price-limit ${daily?.requests} (${daily?.shared} shared), `);
    expect(verbose).toContain(`core.groups.remove-keeps-other-memberships ${groups?.requests} (${groups?.requests} shared)`);
    // One that shares nothing is shown without brackets.
    const alone = plan.lanes.flatMap((lane) => lane.costliest).find((c) => c.shared === 0);
    expect(alone).toBeDefined();
    expect(verbose).toMatch(new RegExp(`${alone?.check.replaceAll('.', '\\.')} ${alone?.requests}(, |$)`, 'm'));
  });

  test('the Dialer campaigns a run leaves: each check its own, a shared one once, none of a check that does not run', () => {
    const campaign = (key: string): SharedRecord<string> => ({
      key,
      lane: 'dialer',
      meter: 'dialer',
      makeRequests: 1,
      removeRequests: 1,
      leftForGood: true,
      make: async () => ({ value: key }),
    });
    const [lane, deleted] = [campaign('p.lane-campaign'), campaign('p.deleted-campaign')];
    const checks = [
      made({
        id: 'p.own',
        cost: { sends: 3 },
        records: { leaves: { campaigns: 2 } },
        lane: 'dialer',
      }),
      made({
        id: 'p.shares',
        cost: { sends: 2 },
        records: { shares: [lane] },
        lane: 'dialer',
      }),
      made({
        id: 'p.both',
        cost: { sends: 3 },
        records: {
          shares: [lane, deleted],
          leaves: { campaigns: 1 },
        },
        lane: 'dialer',
      }),
      made({
        id: 'p.none',
        cost: { sends: 1 },
        lane: 'dialer',
      }),
      made({
        id: 'p.skipped',
        cost: { sends: 2 },
        records: { leaves: { campaigns: 1 } },
        lane: 'dialer',
        needs: { keys: ['other'] },
      }),
    ];
    const plan = planRun(live(), checks);
    expect(plan.campaignsLeft).toBe(2 + 1 + 2);
    expect(planText(plan, { live: true })).toContain(
      'what the run leaves: at most 5 Dialer campaigns, deleted, which the API keeps with status deleted (it has no way to remove one)',
    );
    expect(
      planText(
        planRun(live(), [
          made({
            id: 'p.none',
            cost: { sends: 1 },
          }),
        ]),
        { live: true },
      ).join('\n'),
    ).not.toContain('what the run leaves');
    // A campaign only a target that takes a create it must refuse makes is named apart, not counted among those a run leaves.
    const refused = made({
      id: 'p.refused-create',
      cost: { sends: 2 },
      records: { leaves: { campaigns: 0, ifTaken: 1 } },
      lane: 'dialer',
    });
    const withRefused = planRun(live(), [...checks, refused]);
    expect(withRefused.campaignsLeft).toBe(2 + 1 + 2);
    expect(withRefused.campaignsIfTaken).toBe(1);
    expect(planText(withRefused, { live: true })).toContain(
      'what the run leaves: at most 5 Dialer campaigns, deleted, which the API keeps with status deleted (it has no way to remove one); at most 1 more on a target that takes a campaign create it must refuse (a whitespace-only name), deleted by the check that sent it',
    );
    expect(planText(planRun(live(), [refused]), { live: true }).join('\n')).toContain('what the run leaves: at most 0 Dialer campaigns');
  });

  test("the changing cursor walk runs first of the Dialer lane's checks that share the run's deleted campaign, so it makes it and leaves none of its own", () => {
    // Were another sharer before it, the walk would create a campaign of its own, which its declaration does not count.
    const sharers = ALL_CHECKS.filter((c) => laneOf(c) === 'dialer' && (c.records?.shares ?? []).includes(DELETED_CAMPAIGN as SharedRecord<unknown>)).map(
      (c) => c.id,
    );
    expect(sharers[0]).toBe(CHANGING_WALK.id);
    expect(sharers.length).toBeGreaterThan(1);
    expect(CHANGING_WALK.records?.leaves).toBeUndefined();
    expect(CHANGING_WALK.records?.shares).toEqual(expect.arrayContaining([LANE_CAMPAIGN, DELETED_CAMPAIGN]));
    expect([LANE_CAMPAIGN, DELETED_CAMPAIGN].every((record) => record.leftForGood)).toBe(true);
  });

  test('docs/live-account.md says how many Dialer campaigns the plan of a run with every host, one key pair and no effects leaves', () => {
    const said = /`what the\s+run leaves: at most (\d+) Dialer\s+campaigns` with every host, one key pair and no `CC_EFFECTS`/.exec(
      readFileSync('docs/live-account.md', 'utf8'),
    );
    expect(Number(said?.[1])).toBe(planRun(live(), ALL_CHECKS).campaignsLeft);
  });
});

describe('the short plan a run prints', () => {
  const WHOLE = 'npm run conformance -- --plan';
  const LIVE_HEADER: RunHeader = {
    target: 'https://core.example.test/api',
    hosts: ['core', 'analytics', 'ai', 'cuecard'],
    keyPairs: ['primary'],
    rateWindowMs: 60_000,
    release: 'latest',
    seed: 7,
  };
  const MOCK_HEADER: RunHeader = {
    ...LIVE_HEADER,
    target: 'bundled mock',
    keyPairs: ['primary', 'second'],
    rateWindowMs: 1000,
    mock: { plays: 'latest', rateAlgorithm: 'fixed', dialect: 'reference', faults: [] },
  };

  test('the header in full, as --plan prints it; a run names the target, its hosts, the release and the seed', () => {
    expect(headerText(LIVE_HEADER)).toBe(
      'cc-conformance: target https://core.example.test/api (core, analytics, ai, cuecard), key pairs: primary, rate window 60000 ms, Dialer release latest, seed 7',
    );
    expect(headerText({ ...MOCK_HEADER, mock: { plays: '1.0.22', rateAlgorithm: 'clock', dialect: 'variant', faults: ['tag-delete-unknown-200'] } })).toBe(
      "cc-conformance: target bundled mock (core, analytics, ai, cuecard), key pairs: primary, second, rate window 1000 ms, Dialer release latest (mock plays 1.0.22, counts its budgets' minute as clock, dialect variant), seed 7, mock faults: tag-delete-unknown-200",
    );
    expect(shortHeaderText(LIVE_HEADER)).toBe(
      'cc-conformance: target https://core.example.test/api (core, analytics, ai, cuecard), Dialer release latest, seed 7',
    );
    // Of the bundled mock, its window, and only what differs from its defaults.
    expect(shortHeaderText(MOCK_HEADER)).toBe('cc-conformance: target bundled mock, rate window 1000 ms, Dialer release latest, seed 7');
    expect(shortHeaderText({ ...MOCK_HEADER, mock: { plays: '1.0.22', rateAlgorithm: 'clock', dialect: 'variant', faults: ['a', 'b'] } })).toBe(
      'cc-conformance: target bundled mock, rate window 1000 ms, Dialer release latest, seed 7, mock plays 1.0.22, minute counted as clock, dialect variant, mock faults: a, b',
    );
  });

  test('a live target, the whole catalogue: at most five lines under 160 characters, with what the whole plan counts', () => {
    const plan = planRun(live(), ALL_CHECKS);
    const whole = planText(plan, { live: true });
    const lines = [shortHeaderText(LIVE_HEADER), ...shortPlanText(plan, { live: true, wholePlan: WHOLE })];
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(line.length, line).toBeLessThan(160);
    // The whole plan is several times as long, and has lines several times as wide.
    expect(whole.length).toBeGreaterThan(3 * lines.length);
    expect(Math.max(...whole.map((l) => l.length))).toBeGreaterThan(400);
    const meter = (name: string) => plan.meters.find((m) => m.meter === name)?.requests ?? NaN;
    const checks = plan.lanes.reduce((n, l) => n + l.checks.length, 0);
    const skipped = plan.skipped.reduce((n, s) => n + s.checks.length, 0);
    expect(plan.budget?.runs).toBe(false);
    expect(lines.slice(1)).toEqual([
      `plan: ${checks} checks in about ${roughly(plan.totalMs)} besides response times`,
      `requests at most: core ${meter('core')}, Dialer ${meter('dialer')}, other hosts ${meter('analytics') + meter('ai') + meter('cuecard')}; share 0.5 of each budget, 30 per 1 min window (CC_BUDGET_SHARE)`,
      `leaves at most ${plan.campaignsLeft} Dialer campaigns, deleted but kept by the API; ${skipped} checks skipped, each for want of a setting`,
      "the whole plan: npm run conformance -- --plan (with this run's options), or --verbose in a run",
    ]);
    // The same figures the whole plan prints.
    expect(whole[0]).toMatch(
      new RegExp(`^plan: ${checks} checks, paced at 30 requests per 1 min window on each budget \\(share 0\\.5 of 60; CC_BUDGET_SHARE\\)$`),
    );
    expect(whole).toContain(`  dialer: at most ${meter('dialer')}, budget 60 per window per company`);
    expect(whole).toContain(`skipped (${skipped} checks; set what each line needs to run them):`);
    expect(whole.join('\n')).toContain(`what the run leaves: at most ${plan.campaignsLeft} Dialer campaigns`);
  });

  test("with the budget effect the budget check is named, with how long the company's other integrations get 429", () => {
    const plan = planRun(live({ effects: new Set(['budget']) }), ALL_CHECKS);
    const lines = shortPlanText(plan, { live: true, wholePlan: WHOLE });
    expect(lines[0]).toBe(
      `plan: ${plan.lanes.reduce((n, l) => n + l.checks.length, 0) + 1} checks in about ${roughly(plan.totalMs)} besides response times; last, the budget check spends both budgets: other integrations get 429 for about 2 min 30 s`,
    );
    for (const line of lines) expect(line.length, line).toBeLessThan(160);
  });

  test('a run that leaves nothing and skips nothing says so by leaving that line out; a part with no request is not named', () => {
    const lines = shortPlanText(
      planRun(live(), [
        made({
          id: 'p.core-a',
          cost: { sends: 40 },
          lane: 'core',
        }),
      ]),
      { live: true, wholePlan: WHOLE },
    );
    expect(lines).toEqual([
      'plan: 1 check in about 1 min besides response times',
      'requests at most: core 40; share 0.5 of each budget, 30 per 1 min window (CC_BUDGET_SHARE)',
      "the whole plan: npm run conformance -- --plan (with this run's options), or --verbose in a run",
    ]);
  });

  test("against the bundled mock, which stops with the run and is no one's budget: one line", () => {
    const plan = planRun(live({ bundledMock: true, budgetShare: 1, rateWindowMs: 1000, effects: new Set(['budget']) }), [
      made({
        id: 'p.core-a',
        cost: { sends: 100 },
        lane: 'core',
      }),
      made({
        id: 'p.dialer-a',
        cost: {
          sends: 10,
          elsewhere: { dialer: 10 },
        },
        lane: 'dialer',
      }),
      made({
        id: 'p.key2',
        cost: { sends: 5 },
        needs: { keys: ['second'] },
      }),
    ]);
    expect(shortPlanText(plan, { live: false, wholePlan: WHOLE })).toEqual([
      'plan: 2 checks, about 1 s; requests at most: core 100, Dialer 10; 1 check skipped; the whole plan: npm run conformance -- --plan',
    ]);
  });

  test('an expectations file adds one line before the pointer: what it puts out of scope and expects to fail, and entries the catalogue lacks', () => {
    const entry = { index: 0, entry: 'entries[0]', rule: 'CORE-TAG-DELETE-404', expect: 'fail', reason: 'known' } as unknown as Scope['entries'][number];
    const scope: Scope = {
      file: 'cc-expectations.json',
      entries: [entry, entry],
      otherReleases: [],
      unknown: [entry],
      outOfScope: new Map([['CORE-TAG-DELETE-200', entry]]),
      expectedToFail: new Map([['CORE-TAG-DELETE-404', entry]]),
      checksNotRun: ['core.tags.delete-200'],
      hidden: [],
    };
    expect(shortScopeText(scope)).toBe(
      'expectations cc-expectations.json: 1 rules out of scope (1 checks not run), 1 expected to fail; 1 entry names what the catalogue lacks (exit 4)',
    );
    const lines = shortPlanText(planRun(live(), ALL_CHECKS), { live: true, wholePlan: WHOLE, scope });
    expect(lines.length).toBe(5);
    expect(lines.at(-2)).toBe(shortScopeText(scope));
  });
});
