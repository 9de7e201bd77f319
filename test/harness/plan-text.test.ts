import { describe, expect, test } from 'vitest';
import { planRun, type RunPlan } from '../../cli/run-plan.ts';
import { BUDGET_WINDOWS_WHY, headerText, planText, type RunHeader, shortHeaderText, shortPlanText, shortScopeText } from '../../cli/plan-text.ts';
import type { Scope } from '../../lib/expectations/scope.ts';
import { roughly } from '../../reporters/progress.ts';
import { sequencesOf } from '../../lib/checks/define.ts';
import { LANE_MEANING } from '../../lib/checks/lanes.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { REPLAY_SHRINK_REQUESTS } from '../../lib/config/target.ts';
import { BUDGET_PER_WINDOW } from '../../lib/contract/vocabulary.ts';
import { CONTACT_DELETIONS } from '../../suites/core/fixtures/steps.ts';
import { CONTACT_POOL } from '../../suites/core/fixtures/shared-records.ts';
import { ALL_CHECKS, BUDGET_CHECKS } from '../../suites/index.ts';
import { liveTarget, plannedCheck } from './support.ts';

/**
 * The plan as text (cli/plan-text.ts), apart from the planner's own tests (plan.test.ts), which assert its
 * figures: each test here hands the renderer a plan and asserts that a kind of sentence carries the plan's
 * figures, read from the plan, never the planner's arithmetic copied.
 */

/** The whole plan's text in one string. */
const text = (plan: RunPlan, options: { readonly live: boolean; readonly verbose?: boolean } = { live: true }): string => planText(plan, options).join('\n');

/** The one line of the text that starts so; it must be there. */
function lineOf(plan: RunPlan, start: string, options: { readonly live: boolean; readonly verbose?: boolean } = { live: true }): string {
  const line = planText(plan, options).find((l) => l.startsWith(start));
  expect(line, start).toBeDefined();
  return line as string;
}

/** A record some of the core lane's checks share, made with `makeRequests`, in no words of the plan's. */
const shared = (key: string, makeRequests: number): SharedRecord<string> => ({
  key,
  lane: 'core',
  meter: 'core',
  makeRequests,
  removeRequests: 1,
  make: async () => ({ value: key }),
});

const FUZZED = [
  plannedCheck({ id: 'p.fuzzed', cost: { requests: 20, randomValues: { count: 4, requestsEach: 2 } }, lane: 'core' }),
  plannedCheck({ id: 'p.fuzzed-too', cost: { requests: 10, randomValues: { count: 3, requestsEach: 1 } }, lane: 'core' }),
  plannedCheck({ id: 'p.plain', cost: { requests: 5 }, lane: 'core' }),
];

/** Stateful checks of the core lane, with closing steps, and a plain one. */
const STATEFUL = [
  ...['p.contacts', 'p.blacklist', 'p.tags'].map((id) =>
    plannedCheck({ id, cost: { requests: 0, sequences: { requestsPerStep: 2, setupRequests: 1, closingRequests: 5 } }, lane: 'core' }),
  ),
  plannedCheck({ id: 'p.plain', cost: { requests: 7 }, lane: 'core' }),
];

describe('the whole plan as text', () => {
  test('the first line: the checks that run and the pace, with the share it comes from', () => {
    const half = planRun(liveTarget(), [
      plannedCheck({ id: 'p.a', cost: { requests: 3 } }),
      plannedCheck({ id: 'p.b', cost: { requests: 3 }, needs: { keys: ['second'] } }),
    ]);
    expect(planText(half, { live: true })[0]).toBe(
      `plan: ${half.checksRun} checks, paced at ${half.pace.perWindow} requests per ${roughly(half.pace.windowMs)} window on each budget (share ${half.share} of 60; CC_BUDGET_SHARE)`,
    );
    // At share 1 the margin the pace keeps is named; the budget check, when it runs, is among the checks.
    const whole = planRun(liveTarget({ budgetShare: 1, effects: new Set(['budget']) }), [plannedCheck({ id: 'p.a', cost: { requests: 3 } }), ...BUDGET_CHECKS]);
    expect(whole.checksRun).toBe(2);
    expect(planText(whole, { live: true })[0]).toBe(
      `plan: ${whole.checksRun} checks, paced at ${whole.pace.perWindow} requests per ${roughly(whole.pace.windowMs)} window on each budget (share 1 of 60, less a margin of 2; CC_BUDGET_SHARE)`,
    );
  });

  test('a line per lane: its checks, requests and time; its stateful checks apart, with the rest; then the lanes side by side', () => {
    const plan = planRun(liveTarget(), [...STATEFUL, plannedCheck({ id: 'p.dialer', cost: { requests: 61 }, lane: 'dialer' })]);
    const [core, dialer, hosts] = plan.lanes;
    expect(core?.stateful.checks).toBe(3);
    expect(lineOf(plan, '  lane core (')).toBe(
      `  lane core (${LANE_MEANING.core}): ${core?.checks.length} checks, at most ${core?.requests} requests, paced over about ${roughly(core?.ms ?? NaN)}; ` +
        `its ${core?.stateful.checks} stateful checks ${core?.stateful.requests} of them, about ${roughly(core?.stateful.ms ?? NaN)}, the rest ${core?.stateful.rest}`,
    );
    // A lane without stateful checks says nothing of them; one without checks is still named.
    expect(lineOf(plan, '  lane dialer (')).toBe(
      `  lane dialer (${LANE_MEANING.dialer}): ${dialer?.checks.length} checks, at most ${dialer?.requests} requests, paced over about ${roughly(dialer?.ms ?? NaN)}`,
    );
    expect(hosts?.checks).toEqual([]);
    expect(lineOf(plan, '  lane hosts (')).toBe(
      `  lane hosts (${LANE_MEANING.hosts}): ${hosts?.checks.length} checks, at most ${hosts?.requests} requests, paced over about ${roughly(hosts?.ms ?? NaN)}`,
    );
    expect(lineOf(plan, '  the lanes side by side')).toBe(
      `  the lanes side by side: about ${roughly(plan.lanesMs)}; in all about ${roughly(plan.totalMs)} besides the target's response time`,
    );
  });

  test('the requests per budget: a line for each part of the API sent to, with its budget or none', () => {
    const plan = planRun(liveTarget(), [
      plannedCheck({ id: 'p.core', cost: { requests: 40 }, lane: 'core' }),
      plannedCheck({ id: 'p.ai', surface: 'ai', cost: { requests: 25, elsewhere: { core: 10 } }, lane: 'hosts' }),
    ]);
    const meter = (name: string) => plan.meters.find((m) => m.meter === name)?.requests ?? NaN;
    const lines = planText(plan, { live: true });
    expect(lines).toContain(`  core: at most ${meter('core')}, budget ${BUDGET_PER_WINDOW} per window per company`);
    expect(lines).toContain(`  ai: at most ${meter('ai')}, no budget stated, paced alike`);
    // A part sent nothing has no line.
    expect(meter('dialer')).toBe(0);
    expect(lines.filter((l) => l.startsWith('  dialer:'))).toEqual([]);
  });

  test('what is skipped, by what would enable it, and how many checks the expected release leaves out', () => {
    const plan = planRun(liveTarget({ urls: { core: 'https://core.example.test/api' } }), [
      plannedCheck({ id: 'p.key2', cost: { requests: 5 }, needs: { keys: ['second'] } }),
      plannedCheck({ id: 'p.cuecard', surface: 'cuecard', cost: { requests: 2 } }),
      plannedCheck({ id: 'p.cuecard-too', surface: 'cuecard', cost: { requests: 2 } }),
      plannedCheck({ id: 'p.runs', cost: { requests: 3 } }),
    ]);
    expect(plan.skipped).toHaveLength(2);
    const lines = planText(plan, { live: true });
    const at = lines.indexOf(`skipped (${plan.checksSkipped} checks; set what each line needs to run them):`);
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 1 + plan.skipped.length)).toEqual(plan.skipped.map((s) => `  ${s.reason}: ${s.checks.join(', ')}`));
    expect(text(plan)).not.toContain('not part of the expected Dialer release');
    // A plan with checks of other releases only names how many.
    const disabled: RunPlan = { ...plan, disabled: ['p.older', 'p.oldest'] };
    expect(planText(disabled, { live: true })).toContain(`not part of the expected Dialer release: ${disabled.disabled.length} checks`);
    // Nothing skipped: no such line.
    expect(text(planRun(liveTarget(), [plannedCheck({ id: 'p.runs', cost: { requests: 3 } })]))).not.toContain('skipped');
  });

  test('what the run leaves: the Dialer campaigns at most, those of a target that takes a create it must refuse apart, or nothing said', () => {
    const leaves = plannedCheck({ id: 'p.leaves', cost: { requests: 3 }, records: { leaves: { campaigns: 2 } }, lane: 'dialer' });
    const refused = plannedCheck({ id: 'p.refused-create', cost: { requests: 2 }, records: { leaves: { campaigns: 0, ifTaken: 1 } }, lane: 'dialer' });
    const plan = planRun(liveTarget(), [leaves]);
    expect(plan.campaignsLeft).toBeGreaterThan(0);
    expect(lineOf(plan, 'what the run leaves: ')).toBe(
      `what the run leaves: at most ${plan.campaignsLeft} Dialer campaigns, deleted, which the API keeps with status deleted (it has no way to remove one)`,
    );
    const both = planRun(liveTarget(), [leaves, refused]);
    expect(both.campaignsIfTaken).toBeGreaterThan(0);
    expect(lineOf(both, 'what the run leaves: ')).toBe(
      `what the run leaves: at most ${both.campaignsLeft} Dialer campaigns, deleted, which the API keeps with status deleted (it has no way to remove one); ` +
        `at most ${both.campaignsIfTaken} more on a target that takes a campaign create it must refuse (a whitespace-only name), deleted by the check that sent it`,
    );
    // Only those of a refused create: the line still says none are left otherwise.
    const refusedAlone = planRun(liveTarget(), [refused]);
    expect(refusedAlone.campaignsLeft).toBe(0);
    expect(lineOf(refusedAlone, 'what the run leaves: ')).toContain(`at most ${refusedAlone.campaignsLeft} Dialer campaigns`);
    // Nothing left: no line.
    const nothing = planRun(liveTarget(), [plannedCheck({ id: 'p.none', cost: { requests: 1 } })]);
    expect([nothing.campaignsLeft, nothing.campaignsIfTaken]).toEqual([0, 0]);
    expect(text(nothing)).not.toContain('what the run leaves');
  });

  test("the records deleted at the lanes' end: how many, what, in how many requests, and what a refusing target costs", () => {
    const batched = (id: string, records: number) =>
      plannedCheck({ id, cost: { requests: records }, records: { batched: [{ batch: CONTACT_DELETIONS, records }] }, lane: 'core' });
    const plan = planRun(liveTarget(), [batched('p.f', 7), batched('p.g', 5)]);
    expect(plan.batched.records).toBeGreaterThan(1);
    expect(lineOf(plan, "deleted at the lanes' end: ")).toBe(
      `deleted at the lanes' end: up to ${plan.batched.records} records the checks made, ${plan.batched.what.join('; ')}, in ${plan.batched.requests} requests (counted above); ` +
        `a target that refuses them gets one delete each, up to ${plan.batched.records} more`,
    );
    // One record, one request: in the singular.
    const one = planRun(liveTarget(), [batched('p.f', 1)]);
    expect([one.batched.records, one.batched.requests]).toEqual([1, 1]);
    expect(lineOf(one, "deleted at the lanes' end: ")).toContain(`up to 1 record the checks made, ${CONTACT_DELETIONS.what}, in 1 request (counted above)`);
    expect(text(planRun(liveTarget(), [plannedCheck({ id: 'p.none', cost: { requests: 1 } })]))).not.toContain("deleted at the lanes' end");
  });

  test('a make that serves several checks: in its own words with its sharers, and what a target that refuses it costs them beyond the totals', () => {
    const pooled = (id: string) =>
      plannedCheck({
        id,
        cost: { requests: { 'its own contact and its edit, should the pool have none to spare': 2 }, ifBatchRefused: [{ record: CONTACT_POOL, requests: 2 }] },
        records: { shares: [CONTACT_POOL], batched: [{ batch: CONTACT_DELETIONS, records: 1 }] },
        lane: 'core',
      });
    const plan = planRun(liveTarget(), [pooled('p.h'), pooled('p.i')]);
    expect(plan.madeTogether).toHaveLength(1);
    const together = plan.madeTogether[0] as RunPlan['madeTogether'][number];
    expect([together.words, together.sharers, together.requests]).toEqual([CONTACT_POOL.madeTogether, 2, 2 * 2]);
    expect(planText(plan, { live: true }).filter((l) => l.startsWith('made together'))).toEqual([
      `made together (counted above): ${together.words.what(`${together.sharers} checks`)}; ${together.words.ifRefused}, up to ${together.requests} more`,
    ]);
    // A shared record without such words is no make of this kind.
    const plain = shared('p.plain-record', 1);
    expect(text(planRun(liveTarget(), [plannedCheck({ id: 'p.j', cost: { requests: 1 }, records: { shares: [plain] } })]))).not.toContain('made together');
  });

  test('fuzzing: the values a check sends beyond its boundaries, as CC_FUZZ_RANDOM and CC_FUZZ_CHECKS set them', () => {
    const fuzzLine = (plan: RunPlan) => lineOf(plan, 'fuzzing: ');
    // Every value stated, the default of CC_FUZZ_RANDOM=all.
    const all = planRun(liveTarget(), FUZZED);
    expect(all.fuzz.cap).toBeUndefined();
    expect(fuzzLine(all)).toBe(
      `fuzzing: ${all.fuzz.checks} checks send their exact boundaries and ${all.fuzz.stated} samples and random values in all, each check all it states (CC_FUZZ_RANDOM=all)`,
    );
    // None.
    const none = planRun(liveTarget({ fuzzRandomCap: 0 }), FUZZED);
    expect(none.fuzz.cap).toBe(0);
    expect(fuzzLine(none)).toBe(
      `fuzzing: ${none.fuzz.checks} checks send their exact boundaries only, none of the ${none.fuzz.stated} samples and random values they state (CC_FUZZ_RANDOM=0)`,
    );
    // A cap for each check.
    const capped = planRun(liveTarget({ fuzzRandomCap: 2 }), FUZZED);
    expect(capped.fuzz.cap).toBe(2);
    expect(fuzzLine(capped)).toBe(
      `fuzzing: ${capped.fuzz.checks} checks send their exact boundaries and at most ${capped.fuzz.cap} more values each, drawn among their samples and random values, ` +
        `${capped.fuzz.drawn} in all of the ${capped.fuzz.stated} they state (CC_FUZZ_RANDOM); the run seed picks them, so each run tries others`,
    );
    // A cap of one value, for some checks of each lane only.
    const some = planRun(liveTarget({ fuzzRandomCap: 1, fuzzChecksPerLane: 1 }), FUZZED);
    expect([some.fuzz.cap, some.fuzz.perLane]).toEqual([1, 1]);
    expect(fuzzLine(some)).toBe(
      `fuzzing: ${some.fuzz.checks} checks send their exact boundaries; ${some.fuzz.perLane} of each lane's (CC_FUZZ_CHECKS) send at most ${some.fuzz.cap} more value each, ` +
        `drawn among their samples and random values (CC_FUZZ_RANDOM), ${some.fuzz.drawn} in all of the ${some.fuzz.stated} the checks state; the run seed picks the checks and the values, so each run tries others`,
    );
    // No fuzzed check: no line.
    expect(text(planRun(liveTarget(), [plannedCheck({ id: 'p.plain', cost: { requests: 5 } })]))).not.toContain('fuzzing:');
  });

  test('the stateful sequences: each check with its sequences, steps and allowance, the checks that draw steps, and what is kept for shrinking', () => {
    const sequencesLine = (plan: RunPlan) => lineOf(plan, 'stateful sequences (CC_SEQUENCES), counted above: ');
    const each = (plan: RunPlan, stepRequests: boolean) =>
      plan.stateful.checks
        .map(
          (c) =>
            `${c.check} ${sequencesOf(c.count, 'random ')} of at most ${c.steps} steps${stepRequests ? ` and ${c.stepRequests} requests` : ''}, at most ${c.requests} requests`,
        )
        .join('; ');
    // Shrinking kept in each allowance, shared by the lane; every stateful check draws random steps.
    const keeping = planRun(liveTarget({ sequences: { count: 2, steps: 6, shrinkRequests: 24 } }), STATEFUL);
    expect(keeping.stateful.checks).toHaveLength(3);
    expect(keeping.stateful.perLane).toBeUndefined();
    expect(sequencesLine(keeping)).toBe(
      `stateful sequences (CC_SEQUENCES), counted above: ${each(keeping, false)}; ` +
        `each allowance keeps ${keeping.stateful.sequences.shrinkRequests} of them for shrinking a failing sequence, which the stateful checks of a lane share, so the lane counts them once`,
    );
    // A cap on each sequence's step requests, two drawers a lane (CC_SEQUENCE_CHECKS), nothing kept for shrinking.
    const drawing = planRun(liveTarget({ sequences: { count: 1, steps: 6, stepRequests: 8, shrinkRequests: 0 }, sequenceChecksPerLane: 2 }), STATEFUL);
    expect(drawing.stateful.perLane).toBe(2);
    expect(drawing.stateful.sequences.shrinkRequests).toBe(0);
    expect(sequencesLine(drawing)).toBe(
      `stateful sequences (CC_SEQUENCES), counted above: ${each(drawing, true)}; ` +
        `${drawing.stateful.perLane} of each lane's stateful checks with closing steps (CC_SEQUENCE_CHECKS) draws the random steps, the others run their closing steps alone, which judge each of their rules; ` +
        'the run seed picks the check, so successive runs explore with each, and the lane counts the dearest; ' +
        `none kept for shrinking a failing sequence: its rerun line (CC_SEQUENCE_REPLAY) replays it alone and shrinks it with up to ${REPLAY_SHRINK_REQUESTS} requests`,
    );
    expect(text(keeping)).not.toContain('CC_SEQUENCE_CHECKS');
    // No stateful check: no line.
    expect(text(planRun(liveTarget(), [plannedCheck({ id: 'p.plain', cost: { requests: 5 } })]))).not.toContain('stateful sequences');
  });

  test("the budget checks: their windows after the lanes, how long the company's other integrations get 429, whether they run; why those windows with --verbose", () => {
    const without = planRun(liveTarget(), BUDGET_CHECKS);
    const budget = without.budget as NonNullable<RunPlan['budget']>;
    expect(budget.runs).toBe(false);
    expect(planText(without, { live: true }).at(-1)).toBe(
      `${budget.checks.join(', ')} would spend the company's whole core and Dialer budgets on purpose, after every lane: about ${roughly(budget.ms)}, ` +
        `during which the company's other core and Dialer integrations get 429 for about ${roughly(budget.blockedMs)} on each; exempt from the share; runs only with budget in CC_EFFECTS`,
    );
    // Against the bundled mock, whose effects a run sets, nothing to enable.
    expect(planText(without, { live: false }).at(-1)).toMatch(/; exempt from the share$/);
    // When it runs, its windows follow the lanes'.
    const runs = planRun(liveTarget({ effects: new Set(['budget']) }), BUDGET_CHECKS);
    const running = runs.budget as NonNullable<RunPlan['budget']>;
    expect(running.runs).toBe(true);
    expect(planText(runs, { live: true }).at(-1)).toBe(
      `${running.checks.join(', ')} spends the company's whole core and Dialer budgets on purpose, after every lane: about ${roughly(running.ms)}, ` +
        `during which the company's other core and Dialer integrations get 429 for about ${roughly(running.blockedMs)} on each; exempt from the share`,
    );
    expect(lineOf(runs, '  the lanes side by side')).toBe(
      `  the lanes side by side: about ${roughly(runs.lanesMs)}, then the budget checks: ${roughly(running.ms)}; in all about ${roughly(runs.totalMs)} besides the target's response time`,
    );
    // Why the windows are those, with --verbose only, below the budget checks' line.
    expect(text(runs)).not.toContain(BUDGET_WINDOWS_WHY);
    expect(planText(runs, { live: true, verbose: true }).slice(-2)).toEqual([planText(runs, { live: true }).at(-1), `  ${BUDGET_WINDOWS_WHY}`]);
    // No budget check: none of this.
    expect(text(planRun(liveTarget(), [plannedCheck({ id: 'p.plain', cost: { requests: 5 } })]), { live: true, verbose: true })).not.toContain(
      'budgets on purpose',
    );
  });

  test("--verbose lists each lane's largest allowances besides its stateful checks, with what of each makes the records the lane's checks share", () => {
    const record = shared('p.record', 3);
    const plan = planRun(liveTarget(), [
      ...STATEFUL,
      plannedCheck({ id: 'p.sharer', cost: { requests: 5 }, records: { shares: [record] }, lane: 'core' }),
      plannedCheck({ id: 'p.all-shared', cost: { requests: 0 }, records: { shares: [record] }, lane: 'core' }),
      plannedCheck({ id: 'p.dialer', cost: { requests: 9 }, lane: 'dialer' }),
    ]);
    const [core, dialer, hosts] = plan.lanes;
    const listed = (c: RunPlan['lanes'][number]['costliest'][number]) => `${c.check} ${c.requests}${c.shared > 0 ? ` (${c.shared} shared)` : ''}`;
    // Of each, some shared; one all shared; one nothing.
    expect(core?.costliest.map((c) => [c.check, c.shared > 0])).toEqual([
      ['p.sharer', true],
      ['p.plain', false],
      ['p.all-shared', true],
    ]);
    const verbose = planText(plan, { live: true, verbose: true });
    const after = (lane: string) => verbose[verbose.findIndex((l) => l.startsWith(`  lane ${lane} (`)) + 1];
    expect(after('core')).toBe(
      `    the ${core?.costliest.length} largest allowances besides the stateful checks (in brackets: of each, the requests that make records the lane's checks share, counted once in the lane's total): ` +
        (core?.costliest ?? []).map(listed).join(', '),
    );
    // A lane without stateful checks says nothing of them; one without checks lists nothing.
    expect(after('dialer')).toBe(
      `    the ${dialer?.costliest.length} largest allowances (in brackets: of each, the requests that make records the lane's checks share, counted once in the lane's total): ` +
        (dialer?.costliest ?? []).map(listed).join(', '),
    );
    expect(hosts?.costliest).toEqual([]);
    expect(after('hosts')).toMatch(/^ {2}the lanes side by side/);
    // Without --verbose, no list.
    expect(text(plan)).not.toContain('largest allowances');
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
    const plan = planRun(liveTarget(), ALL_CHECKS);
    const whole = planText(plan, { live: true });
    const lines = [shortHeaderText(LIVE_HEADER), ...shortPlanText(plan, { live: true, wholePlan: WHOLE })];
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(line.length, line).toBeLessThan(160);
    // The whole plan is several times as long, and has lines several times as wide.
    expect(whole.length).toBeGreaterThan(3 * lines.length);
    expect(Math.max(...whole.map((l) => l.length))).toBeGreaterThan(400);
    const meter = (name: string) => plan.meters.find((m) => m.meter === name)?.requests ?? NaN;
    const { pace } = plan;
    expect(plan.budget?.runs).toBe(false);
    // The hosts without a stated budget are added up as one.
    expect(lines.slice(1)).toEqual([
      `plan: ${plan.checksRun} checks in about ${roughly(plan.totalMs)} besides response times`,
      `requests at most: core ${meter('core')}, Dialer ${meter('dialer')}, other hosts ${meter('analytics') + meter('ai') + meter('cuecard')}; ` +
        `share ${plan.share} of each budget, ${pace.perWindow} per ${roughly(pace.windowMs)} window (CC_BUDGET_SHARE)`,
      `leaves at most ${plan.campaignsLeft} Dialer campaigns, deleted but kept by the API; ${plan.checksSkipped} checks skipped, each for want of a setting`,
      `the whole plan: ${WHOLE} (with this run's options), or --verbose in a run`,
    ]);
    // The same figures the whole plan prints.
    expect(whole[0]).toContain(`plan: ${plan.checksRun} checks, paced at ${pace.perWindow} requests per ${roughly(pace.windowMs)} window on each budget`);
    expect(whole).toContain(`  dialer: at most ${meter('dialer')}, budget ${BUDGET_PER_WINDOW} per window per company`);
    expect(whole).toContain(`skipped (${plan.checksSkipped} checks; set what each line needs to run them):`);
    expect(whole.join('\n')).toContain(`what the run leaves: at most ${plan.campaignsLeft} Dialer campaigns`);
  });

  test("with the budget effect the budget check is named, with how long the company's other integrations get 429", () => {
    const plan = planRun(liveTarget({ effects: new Set(['budget']) }), ALL_CHECKS);
    const lines = shortPlanText(plan, { live: true, wholePlan: WHOLE });
    expect(plan.budget?.runs).toBe(true);
    expect(lines[0]).toBe(
      `plan: ${plan.checksRun} checks in about ${roughly(plan.totalMs)} besides response times; last, the budget check spends both budgets: ` +
        `other integrations get 429 for about ${roughly(plan.budget?.blockedMs ?? NaN)}`,
    );
    for (const line of lines) expect(line.length, line).toBeLessThan(160);
  });

  test('a run that leaves nothing and skips nothing says so by leaving that line out; a part with no request is not named', () => {
    const plan = planRun(liveTarget(), [
      plannedCheck({
        id: 'p.core-a',
        cost: { requests: 40 },
        lane: 'core',
      }),
    ]);
    // One check, in the singular; only the core is sent to.
    expect(plan.checksRun).toBe(1);
    expect(plan.meters.filter((m) => m.requests > 0).map((m) => m.meter)).toEqual(['core']);
    expect([plan.campaignsLeft, plan.checksSkipped]).toEqual([0, 0]);
    expect(shortPlanText(plan, { live: true, wholePlan: WHOLE })).toEqual([
      `plan: 1 check in about ${roughly(plan.totalMs)} besides response times`,
      `requests at most: core ${plan.meters[0]?.requests}; share ${plan.share} of each budget, ${plan.pace.perWindow} per ${roughly(plan.pace.windowMs)} window (CC_BUDGET_SHARE)`,
      `the whole plan: ${WHOLE} (with this run's options), or --verbose in a run`,
    ]);
  });

  test("against the bundled mock, which stops with the run and is no one's budget: one line", () => {
    const plan = planRun(liveTarget({ bundledMock: true, budgetShare: 1, rateWindowMs: 1000, effects: new Set(['budget']) }), [
      plannedCheck({
        id: 'p.core-a',
        cost: { requests: 100 },
        lane: 'core',
      }),
      plannedCheck({
        id: 'p.dialer-a',
        cost: {
          requests: 10,
          elsewhere: { dialer: 10 },
        },
        lane: 'dialer',
      }),
      plannedCheck({
        id: 'p.key2',
        cost: { requests: 5 },
        needs: { keys: ['second'] },
      }),
    ]);
    const meter = (name: string) => plan.meters.find((m) => m.meter === name)?.requests ?? NaN;
    // One check skipped, in the singular; the parts sent nothing are not named.
    expect(plan.checksSkipped).toBe(1);
    expect(plan.meters.filter((m) => m.requests > 0).map((m) => m.meter)).toEqual(['core', 'dialer']);
    expect(shortPlanText(plan, { live: false, wholePlan: WHOLE })).toEqual([
      `plan: ${plan.checksRun} checks, about ${roughly(plan.totalMs)}; requests at most: core ${meter('core')}, Dialer ${meter('dialer')}; 1 check skipped; the whole plan: ${WHOLE}`,
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
    const lines = shortPlanText(planRun(liveTarget(), ALL_CHECKS), { live: true, wholePlan: WHOLE, scope });
    expect(lines.length).toBe(5);
    expect(lines.at(-2)).toBe(shortScopeText(scope));
  });
});
