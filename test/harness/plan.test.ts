import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { planRun } from '../../cli/run-plan.ts';
import { allowanceOn, type CheckDefinition } from '../../lib/checks/define.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { ALL_CHECKS, BUDGET_CHECKS, laneOf } from '../../suites/index.ts';
import { literalTarget, liveTarget, plannedCheck } from './support.ts';
import { ARCHIVED_TAG_MISSING } from '../../lib/checks/runner.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import type { Release } from '../../lib/dialer/releases.ts';
import { inRunOrder } from '../../lib/checks/run-order.ts';
import { CHANGING_WALK } from '../../suites/dialer/campaigns/walks.ts';
import { DELETED_CAMPAIGN, LANE_CAMPAIGN } from '../../suites/dialer/fixtures/shared-records.ts';

describe('the plan of a run', () => {
  test('at share 0.5 of a 60 s window: 30 per window; requests counted where checks declare them, lanes timed at that pace', () => {
    const checks = [
      plannedCheck({
        id: 'p.core-a',
        cost: { requests: 40 },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.hosts-a',
        surface: 'ai',
        cost: {
          requests: 25,
          elsewhere: { core: 10 },
        },
        lane: 'hosts',
      }),
      plannedCheck({
        id: 'p.dialer-a',
        surface: 'cuecard',
        cost: { requests: 61 },
        lane: 'dialer',
      }),
    ];
    const plan = planRun(liveTarget(), checks);
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
    const plan = planRun(liveTarget(), [
      plannedCheck({
        id: 'p.a',
        cost: { requests: 45 },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.b',
        cost: { requests: 45 },
        lane: 'dialer',
      }),
    ]);
    expect(plan.lanes.map((l) => l.ms)).toEqual([60_000, 60_000, 0]);
    expect(plan.lanesMs).toBe(120_000);
  });

  test('a cap on random fuzz values (CC_FUZZ_RANDOM) takes what the others would cost off each allowance; the boundaries stay', () => {
    const checks = [
      plannedCheck({
        id: 'p.fuzzed',
        cost: {
          requests: 20,
          randomValues: { count: 4, requestsEach: 2 },
        },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.plain',
        cost: { requests: 5 },
        lane: 'core',
      }),
    ];
    const all = planRun(liveTarget(), checks);
    expect(all.lanes[0]?.requests).toBe(25);
    expect(all.fuzz).toEqual({ drawn: 4, stated: 4, checks: 1 });
    const capped = planRun(liveTarget({ fuzzRandomCap: 1 }), checks);
    // Three values forgone at two requests each.
    expect(capped.lanes[0]?.requests).toBe(19);
    expect(capped.lanes[0]?.costliest[0]).toEqual({ check: 'p.fuzzed', requests: 14, shared: 0 });
    expect(capped.fuzz).toEqual({ cap: 1, drawn: 1, stated: 4, checks: 1 });
    // A cap of 0: the boundaries alone, none of the four values stated, their eight requests off the lane.
    const none = planRun(liveTarget({ fuzzRandomCap: 0 }), checks);
    expect(none.fuzz).toEqual({ cap: 0, drawn: 0, stated: 4, checks: 1 });
    expect(none.lanes[0]?.requests).toBe(25 - 4 * 2);
  });

  test('some fuzzed checks of a lane draw (CC_FUZZ_CHECKS): each allowance holds its random values, the lane counts its dearest that many on each meter', () => {
    const checks = [
      plannedCheck({
        id: 'p.dear',
        cost: {
          requests: 10,
          randomValues: { count: 1, requestsEach: 2 },
        },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.cheap',
        cost: {
          requests: 10,
          randomValues: { count: 1, requestsEach: 1 },
        },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.cheaper',
        cost: {
          requests: 10,
          randomValues: { count: 1, requestsEach: 1 },
        },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.elsewhere',
        cost: {
          requests: 10,
          randomValues: { count: 1, requestsEach: 1 },
        },
        lane: 'core',
        surface: 'analytics',
      }),
    ];
    const every = planRun(liveTarget({ fuzzRandomCap: 1 }), checks);
    const two = planRun(liveTarget({ fuzzRandomCap: 1, fuzzChecksPerLane: 2 }), checks);
    // On the core's meter the dear and one cheap value are counted, one cheap value not; the analytics check is its meter's only one.
    expect(every.lanes[0]?.requests).toBe(40);
    expect(two.lanes[0]?.requests).toBe(39);
    expect(two.meters.find((m) => m.meter === 'core')?.requests).toBe(29);
    expect(two.meters.find((m) => m.meter === 'analytics')?.requests).toBe(10);
    expect(two.lanes[0]?.costliest.map((c) => c.requests)).toEqual([10, 10, 10, 10]);
    expect(two.fuzz).toEqual({ cap: 1, perLane: 2, drawn: 2, stated: 4, checks: 4 });
    expect(every.fuzz).toEqual({ cap: 1, drawn: 4, stated: 4, checks: 4 });
  });

  test('one stateful check of a lane draws random steps (CC_SEQUENCE_CHECKS): each allowance holds its steps, the lane counts the dearest one, the others their closing steps', () => {
    const sequences = { count: 1, steps: 6, stepRequests: 8, shrinkRequests: 0 };
    const stateful = (id: string, closingRequests: number, meter: 'core' | 'analytics' = 'core') =>
      plannedCheck({
        id,
        cost: {
          requests: 0,
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
      plannedCheck({
        id: 'p.plain',
        cost: { requests: 7 },
        lane: 'core',
      }),
    ];
    const every = planRun(liveTarget({ sequences }), checks);
    const one = planRun(liveTarget({ sequences, sequenceChecksPerLane: 1 }), checks);
    // Each allowance: setup 1, 8 of steps and the closing; on the core's meter one check's steps are counted, not three.
    expect(one.stateful.checks.map((c) => c.requests)).toEqual([21, 14, 13, 12]);
    expect(every.meters.find((m) => m.meter === 'core')?.requests).toBe(21 + 14 + 13 + 7);
    expect(one.meters.find((m) => m.meter === 'core')?.requests).toBe(21 + 14 + 13 + 7 - 2 * 8);
    // The analytics check is its meter's only stateful one: it keeps its steps.
    expect(one.meters.find((m) => m.meter === 'analytics')?.requests).toBe(12);
    expect(one.lanes[0]?.stateful.requests).toBe(21 + 14 + 13 + 12 - 2 * 8);
    // How many of a lane's stateful checks draw: one here; without CC_SEQUENCE_CHECKS, no such figure, every one.
    expect(one.stateful.perLane).toBe(1);
    expect(every.stateful.perLane).toBeUndefined();
  });

  test('requests a check sends only for older Dialer releases come off its allowance where the target is expected at that release or later', () => {
    const checks = [
      plannedCheck({
        id: 'p.older',
        cost: {
          requests: 6,
          olderReleasesOnly: { before: 'next', requests: 1 },
        },
        lane: 'dialer',
      }),
    ];
    const at = (release: Release) => planRun(liveTarget({ dialer: { release, routes: DIALER_ROUTES } }), checks).lanes.find((l) => l.lane === 'dialer');
    expect(at('latest')?.requests).toBe(5);
    expect(at('next')?.requests).toBe(5);
    expect(at('1.0.22')?.requests).toBe(6);
    expect(at('1.0.22')?.costliest[0]).toEqual({ check: 'p.older', requests: 6, shared: 0 });
  });

  test("requests sent only with another company's key pair come off the allowance and each budget where the target lacks it", () => {
    const checks = [
      plannedCheck({
        id: 'p.keyed',
        cost: {
          requests: 9,
          elsewhere: { core: 3 },
          withKeyOnly: { key: 'other', requests: 2, elsewhere: { core: 1 } },
        },
        lane: 'dialer',
        surface: 'ai',
      }),
      plannedCheck({
        id: 'p.stateful',
        cost: {
          requests: 0,
          sequences: { requestsPerStep: 2, setupRequests: 1, closingRequests: 5, closingWithKeyOnly: { key: 'other', requests: 3 } },
        },
        lane: 'core',
      }),
    ];
    const other = { id: 'HARNESSKEYID03', secret: 'harness-secret-other-0123' };
    const sequences = { count: 2, steps: 4, shrinkRequests: 10, replay: undefined };
    const without = planRun(liveTarget({ sequences }), checks);
    const withKey = planRun(liveTarget({ sequences, keys: { primary: { id: 'HARNESSKEYID01', secret: 'harness-secret-0123456789' }, other } }), checks);
    const byMeter = (plan: typeof without) => Object.fromEntries(plan.meters.filter((m) => m.requests > 0).map((m) => [m.meter, m.requests]));
    // The keyed check: 9 with the key (3 on the core budget), 7 without (2 on the core budget). The stateful one: 1 + 2 × (4 × 2 + 5) + 10, and 3 less a sequence without.
    expect(byMeter(withKey)).toEqual({ core: 3 + 37, ai: 6 });
    expect(byMeter(without)).toEqual({ core: 2 + 31, ai: 5 });
    expect(allowanceOn(checks[0] as CheckDefinition, liveTarget({ sequences }))).toBe(7);
  });

  test('the checks that look for the archived call tag are skipped by the plan without CC_DIALER_ARCHIVED_TAG_ID, naming it, and counted with it', () => {
    const archived = ALL_CHECKS.filter((c) => c.needs?.archivedTag);
    expect(archived.map((c) => c.id).sort()).toEqual([
      'dialer.buttons.archived-omitted',
      'dialer.release.undated-archived-replace-422',
      'dialer.release.undated-archived-tag-list',
    ]);
    const without = planRun(liveTarget(), archived);
    expect(without.skipped).toEqual([{ reason: ARCHIVED_TAG_MISSING, checks: archived.map((c) => c.id) }]);
    expect(without.lanes.reduce((n, l) => n + l.requests, 0)).toBe(0);
    const named = planRun(liveTarget({ dialer: { release: 'latest', routes: DIALER_ROUTES, archivedTagId: '10016' } }), archived);
    expect(named.skipped).toEqual([]);
    expect(named.lanes.reduce((n, l) => n + l.requests, 0)).toBeGreaterThan(0);
  });

  test('share 1 paces at 58, the bundled mock default', () => {
    const plan = planRun(liveTarget({ budgetShare: 1, rateWindowMs: 2_000 }), [
      plannedCheck({
        id: 'p.a',
        cost: { requests: 117 },
      }),
    ]);
    expect(plan.pace).toEqual({ perWindow: 58, windowMs: 2_000 });
    expect(plan.lanes.find((l) => l.lane === 'hosts')?.ms).toBe(4_000);
  });

  test('what cannot run is listed with what would enable it, and costs nothing', () => {
    const checks = [
      plannedCheck({
        id: 'p.key2',
        cost: { requests: 5 },
        needs: { keys: ['second'] },
      }),
      plannedCheck({
        id: 'p.call',
        cost: { requests: 7 },
        needs: { effects: ['call'] },
      }),
      plannedCheck({
        id: 'p.runs',
        cost: { requests: 3 },
      }),
    ];
    const plan = planRun(liveTarget({ urls: { core: 'https://core.example.test/api' } }), [
      ...checks,
      plannedCheck({
        id: 'p.cuecard',
        surface: 'cuecard',
        cost: { requests: 2 },
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
    const without = planRun(liveTarget(), BUDGET_CHECKS);
    expect(without.budget).toEqual({ checks: ['budget.both-surfaces'], runs: false, ms: 360_000, blockedMs: 150_000 });
    expect(without.totalMs).toBe(0);
    expect(without.skipped.map((s) => s.reason)).toEqual([expect.stringMatching(/^needs CC_EFFECTS to include budget/)]);
    expect([without.checksRun, without.checksSkipped]).toEqual([0, 1]);
    const withBudget = planRun(liveTarget({ effects: new Set(['budget']) }), BUDGET_CHECKS);
    expect(withBudget.budget?.runs).toBe(true);
    expect(withBudget.totalMs).toBe(360_000);
    // Counted among the checks that run once they do.
    expect([withBudget.checksRun, withBudget.checksSkipped]).toEqual([1, 0]);
  });

  test('CC_SEQUENCES=0: every stateful check is skipped with the variable that runs it, and the plan counts none of their requests', () => {
    const stateful = ALL_CHECKS.filter((c) => c.cost.sequences);
    const plan = planRun(
      liveTarget({ sequences: { count: 0, steps: 6, shrinkRequests: 24 }, effects: new Set(['campaign-sequences', 'group-sequences']) }),
      stateful,
    );
    expect(plan.stateful.checks).toEqual([]);
    expect(plan.lanes.reduce((n, l) => n + l.requests, 0)).toBe(0);
    expect(plan.skipped).toEqual([{ reason: 'needs CC_SEQUENCES of 1 or more: with 0 no random sequence runs', checks: stateful.map((c) => c.id) }]);
  });

  test("a configured target's default keeps nothing for shrinking: the stateful checks count their sequences alone", () => {
    const stateful = ALL_CHECKS.filter((c) => c.cost.sequences && c.id.startsWith('core.'));
    const keeping = planRun(liveTarget({ sequences: { count: 1, steps: 6, shrinkRequests: 24 } }), stateful);
    const none = planRun(liveTarget({ sequences: { count: 1, steps: 6, shrinkRequests: 0 } }), stateful);
    const lane = (plan: typeof none) => plan.lanes.find((l) => l.lane === 'core')?.stateful?.requests ?? NaN;
    // The lane counted the shrinking once; without it, 24 fewer.
    expect(lane(none)).toBe(lane(keeping) - 24);
    expect(none.stateful.checks.reduce((n, c) => n + c.requests, 0)).toBe(lane(none));
    // What each plan keeps for shrinking, as the stateful checks' figures carry it.
    expect(keeping.stateful.sequences.shrinkRequests).toBe(24);
    expect(none.stateful.sequences.shrinkRequests).toBe(0);
  });

  test('the whole catalogue: every check in one lane or last, the meters add up to the lanes, each lane with its figures', () => {
    const target = liveTarget({
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
    expect(plan.lanes.map((l) => l.lane)).toEqual(['core', 'dialer', 'hosts']);
    // The checks that run are the lanes'; the budget check, which waits for its effect, is among the skipped.
    expect(plan.checksRun).toBe(planned.length);
    expect(plan.checksSkipped).toBe(plan.skipped.reduce((n, s) => n + s.checks.length, 0));
    expect(plan.skipped.flatMap((s) => s.checks)).toContain('budget.both-surfaces');
    expect([plan.share, plan.pace]).toEqual([0.5, { perWindow: 30, windowMs: 60_000 }]);
    // The stateful checks' allowances, apart: the core's run by default, the campaigns' only with their effect,
    // each its two random sequences of at most six steps, 24 requests kept for shrinking in each allowance.
    expect(plan.stateful.checks.map((c) => [c.check, c.count, c.steps])).toEqual([
      ['core.stateful.contacts', 2, 6],
      ['core.stateful.blacklist', 2, 6],
      ['core.stateful.tags', 2, 6],
    ]);
    expect(plan.stateful.sequences).toEqual({ count: 2, steps: 6, shrinkRequests: 24 });
    expect(plan.stateful.perLane).toBeUndefined();
    const [contacts, blacklist, tags] = plan.stateful.checks;
    // Apart on their lane, the shrinking counted once: three allowances less two shrinking allowances; the rest the lane's other checks'.
    const core = plan.lanes.find((l) => l.lane === 'core');
    const statefulRequests = (contacts?.requests ?? 0) + (blacklist?.requests ?? 0) + (tags?.requests ?? 0) - 2 * 24;
    expect(core?.stateful).toMatchObject({ checks: 3, requests: statefulRequests, rest: (core?.requests ?? 0) - statefulRequests });
    for (const lane of plan.lanes.filter((l) => l.lane !== 'core'))
      expect(lane.stateful, lane.lane).toMatchObject({ checks: 0, requests: 0, rest: lane.requests });
    // Each lane's ten largest allowances besides its stateful checks', the largest first.
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
    // Some share nothing at all.
    expect(plan.lanes.flatMap((lane) => lane.costliest).some((c) => c.shared === 0)).toBe(true);
    expect(core?.costliest).toHaveLength(10);
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
      plannedCheck({
        id: 'p.own',
        cost: { requests: 3 },
        records: { leaves: { campaigns: 2 } },
        lane: 'dialer',
      }),
      plannedCheck({
        id: 'p.shares',
        cost: { requests: 2 },
        records: { shares: [lane] },
        lane: 'dialer',
      }),
      plannedCheck({
        id: 'p.both',
        cost: { requests: 3 },
        records: {
          shares: [lane, deleted],
          leaves: { campaigns: 1 },
        },
        lane: 'dialer',
      }),
      plannedCheck({
        id: 'p.none',
        cost: { requests: 1 },
        lane: 'dialer',
      }),
      plannedCheck({
        id: 'p.skipped',
        cost: { requests: 2 },
        records: { leaves: { campaigns: 1 } },
        lane: 'dialer',
        needs: { keys: ['other'] },
      }),
    ];
    const plan = planRun(liveTarget(), checks);
    expect(plan.campaignsLeft).toBe(2 + 1 + 2);
    expect(plan.campaignsIfTaken).toBe(0);
    const nothing = planRun(liveTarget(), [
      plannedCheck({
        id: 'p.none',
        cost: { requests: 1 },
      }),
    ]);
    expect([nothing.campaignsLeft, nothing.campaignsIfTaken]).toEqual([0, 0]);
    // A campaign only a target that takes a create it must refuse makes is named apart, not counted among those a run leaves.
    const refused = plannedCheck({
      id: 'p.refused-create',
      cost: { requests: 2 },
      records: { leaves: { campaigns: 0, ifTaken: 1 } },
      lane: 'dialer',
    });
    const withRefused = planRun(liveTarget(), [...checks, refused]);
    expect(withRefused.campaignsLeft).toBe(2 + 1 + 2);
    expect(withRefused.campaignsIfTaken).toBe(1);
    const refusedAlone = planRun(liveTarget(), [refused]);
    expect([refusedAlone.campaignsLeft, refusedAlone.campaignsIfTaken]).toEqual([0, 1]);
  });

  test("the changing cursor walk runs first of the Dialer lane's checks that share the run's deleted campaign, so it makes it and leaves none of its own", () => {
    // Were another sharer before it, the walk would create a campaign of its own, which its declaration does not count.
    // Whatever order the suite lists them in: the walk declares it makes the campaign, and the run order puts it first.
    const isSharer = (c: CheckDefinition) => laneOf(c) === 'dialer' && (c.records?.shares ?? []).includes(DELETED_CAMPAIGN as SharedRecord<unknown>);
    const sharers = inRunOrder(ALL_CHECKS)
      .filter(isSharer)
      .map((c) => c.id);
    expect(sharers[0]).toBe(CHANGING_WALK.id);
    expect(inRunOrder([...ALL_CHECKS].reverse()).filter(isSharer)[0]?.id).toBe(CHANGING_WALK.id);
    expect(CHANGING_WALK.records?.makes).toEqual([DELETED_CAMPAIGN]);
    expect(sharers.length).toBeGreaterThan(1);
    expect(CHANGING_WALK.records?.leaves).toBeUndefined();
    expect(CHANGING_WALK.records?.shares).toEqual(expect.arrayContaining([LANE_CAMPAIGN, DELETED_CAMPAIGN]));
    expect([LANE_CAMPAIGN, DELETED_CAMPAIGN].every((record) => record.leftForGood)).toBe(true);
  });

  test('docs/live-account.md says how many Dialer campaigns the plan of a run with every host, one key pair and no effects leaves', () => {
    const said = /`what the\s+run leaves: at most (\d+) Dialer\s+campaigns` with every host, one key pair and no `CC_EFFECTS`/.exec(
      readFileSync('docs/live-account.md', 'utf8'),
    );
    expect(Number(said?.[1])).toBe(planRun(liveTarget(), ALL_CHECKS).campaignsLeft);
  });
});
