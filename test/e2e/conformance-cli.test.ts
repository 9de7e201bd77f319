import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.ts';
import type { HarLog } from '../../lib/http/har.ts';
import { seedState } from '../../mock/state/seed.ts';
import { type CheckDefinition, ownRequests, sharedMakes } from '../../lib/checks/define.ts';
import { LANES } from '../../lib/checks/lanes.ts';
import { laneEndStep } from '../../lib/checks/lane-end.ts';
import { ALL_CHECKS, BUDGET_CHECKS, laneOf } from '../../suites/index.ts';
import { PROOF_SEED } from '../proofs/prove.ts';
import { command, conformance, planOf, type Run } from './conformance-run.ts';
import type { RunPlan } from '../../cli/run-plan.ts';
import { headerText, planText, type RunHeader, shortHeaderText, shortPlanText } from '../../cli/plan-text.ts';
import { startMock } from '../../mock/start.ts';
import { KEY_SLOT_VARIABLE, KEY_SLOTS, secretVariable } from '../../lib/contract/vocabulary.ts';

const report = (run: Run): RunReport => JSON.parse(readFileSync(join(run.reports, 'conformance.json'), 'utf8')) as RunReport;

/**
 * The run's plan is honest: no check sent more than its allowance (its cleanup included), no lane more than
 * the plan's figure, and no more Dialer campaigns (kept by the API once deleted) are left than it said.
 */
function expectWithinPlan(plan: RunPlan, doc: RunReport): void {
  expect(doc.checks.filter((c) => c.requests > c.allowance).map((c) => `${c.check}: ${c.requests} > ${c.allowance}`)).toEqual([]);
  for (const cost of doc.costliest.filter((c) => c.lane !== 'budget')) {
    const planned = plan.lanes.find((l) => l.lane === cost.lane)?.requests ?? Number.NaN;
    expect(cost.requests, cost.lane).toBeLessThanOrEqual(planned);
  }
  expect(doc.leftovers.filter((l) => l.kind === 'Dialer campaign').length).toBeLessThanOrEqual(plan.campaignsLeft);
}

/**
 * What a run prints before its first check: the plan's few lines, each short, then the line naming the run.
 * The command prints its plan as text only, so these tests hold it to the renderer's lines of the plan planOf
 * makes with the same settings, and assert the figures on that plan; the sentences themselves are
 * test/harness/plan-text.test.ts's.
 */
function printedPlan(run: Run): string[] {
  const lines = run.stdout.split('\n');
  return lines.slice(
    0,
    lines.findIndex((line) => line.startsWith('cc-conformance: run ')),
  );
}

describe('npm run conformance', () => {
  // A 2 s window: the rate-limit bursts must finish inside one window while the proofs load both cores.
  test('against the bundled mock: every required rule passes, exit 0, reports and HAR written, no secret printed', { timeout: 150_000 }, async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'cc-har-')), 'run.har');
    const [run, { plan, target }] = await Promise.all([
      conformance(['--mock-window-ms', '2000', '--seed', String(PROOF_SEED), '--har', har]),
      planOf({}, { bundledWindowMs: 2000 }),
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const doc = report(run);
    expect(doc.seed).toBe(PROOF_SEED);
    // Lanes run side by side, each in one fixed order, so a seed replays the run: within each lane the checks
    // ran in catalogue order, and the budget checks after every other.
    const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));
    // Beside the checks the report lists each lane's deletion of its shared records: a step of the run, not a check.
    const steps = doc.checks.map((c) => c.check).filter((id) => !byId.has(id));
    expect(steps.filter((id) => !LANES.some((lane) => id === laneEndStep(lane)))).toEqual([]);
    const ran = doc.checks.map((c) => c.check).filter((id) => byId.has(id));
    for (const lane of [...LANES, 'budget']) {
      const inLane = ran.filter((id) => laneOf(byId.get(id) as CheckDefinition) === lane);
      expect(inLane, lane).toEqual(
        ALL_CHECKS.filter((c) => laneOf(c) === lane)
          .map((c) => c.id)
          .filter((id) => ran.includes(id)),
      );
      expect(inLane.length, lane).toBeGreaterThan(0);
    }
    expect(ran.slice(-BUDGET_CHECKS.length)).toEqual(BUDGET_CHECKS.map((c) => c.id));
    expect(ran.length).toBeGreaterThan(ALL_CHECKS.length / 2);
    // The plan comes first, before anything is sent: against the bundled mock, a line with what the whole
    // plan counts and the command that prints it. It paces at 58 requests per 2 s window on each budget.
    expect(plan.pace).toEqual({ perWindow: 58, windowMs: 2000 });
    expect(printedPlan(run)).toEqual([
      shortHeaderText({
        target: 'bundled mock',
        hosts: [],
        keyPairs: [],
        rateWindowMs: 2000,
        release: 'latest',
        seed: PROOF_SEED,
        mock: { plays: 'latest', rateAlgorithm: 'fixed', dialect: 'reference', faults: [] },
      }),
      ...shortPlanText(plan, { live: false, wholePlan: 'npm run conformance -- --plan' }),
    ]);
    // Against the bundled mock nothing is skipped, and the core, the Dialer and the hosts without a budget all get requests.
    expect(plan.skipped).toEqual([]);
    const sent = (...parts: string[]) => plan.meters.filter((m) => parts.includes(m.meter)).reduce((n, m) => n + m.requests, 0);
    expect([sent('core'), sent('dialer'), sent('analytics', 'ai', 'cuecard')].map((n) => n > 0)).toEqual([true, true, true]);
    expect(target.bundledMock).toBe(true);
    expect(doc.format).toBe('cc-conformance-report');
    expect(doc.verdict).toBe('pass');
    // Rules of older Dialer releases only are disabled on the newest; every other required rule passes.
    const olderReleases = (r: (typeof doc.rules)[number]) => r.status === 'disabled' && (r.detail ?? '').startsWith('not part of Dialer release latest');
    expect(
      doc.rules.filter((r) => r.level === 'required' && r.status !== 'pass' && !olderReleases(r)).map((r) => `${r.id}: ${r.status} ${r.detail ?? ''}`),
    ).toEqual([]);
    expect(doc.rules.filter(olderReleases).every((r) => r.until !== undefined)).toBe(true);
    // The run deleted all it could: what its ledger shows left the API cannot delete, or keeps when deleted.
    expect(doc.leftovers.filter((l) => l.deletable)).toEqual([]);
    expect(doc.summary.leftovers).toBe(doc.leftovers.length);
    expect(doc.prefix).toBe(`cc-conformance-${doc.runId}`);
    expect(run.stdout).toContain(`run ${doc.runId}, names start with ${doc.prefix}, ledger ${doc.ledger}`);
    expect(doc.leftovers.every((l) => l.name === undefined || l.name.startsWith(`${doc.prefix}-`) || l.name.trim() === '')).toBe(true);
    expect(doc.summary.unplanned429).toBe(0);
    expect(doc.gaps.length).toBeGreaterThan(0);
    expectWithinPlan(plan, doc);
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    // Disabled rules (those of older Dialer releases) are counted on their testsuite, not listed as testcases.
    expect(junit.match(/<testcase /g)?.length).toBe(doc.rules.filter((r) => r.status !== 'disabled').length);
    // --har: every exchange the run counted, oldest first, as HAR 1.2, its credentials redacted.
    const harText = readFileSync(har, 'utf8');
    const { log } = JSON.parse(harText) as HarLog;
    expect([log.version, log.creator.name, log.entries.length]).toEqual(['1.2', 'cc-conformance', doc.summary.requests]);
    expect(log.entries.map((e) => e.startedDateTime)).toEqual(log.entries.map((e) => e.startedDateTime).sort());
    const credentialHeaders = log.entries.flatMap((e) => e.request.headers).filter((h) => /^(authorization|x-api-key)$/i.test(h.name));
    expect(credentialHeaders.length).toBeGreaterThan(0);
    // A well-formed pair's value is redacted; the seeded keys are looked for in the whole file below.
    expect(credentialHeaders.some((h) => h.value === 'Basic [redacted]')).toBe(true);
    expect(run.stdout).toContain(`har: ${har}, ${log.entries.length} exchanges, credentials redacted`);
    // The HAR observed: the run's own traffic, judged again offline, breaks no rule the run found held.
    const urls = doc.target.urls;
    const observed = await command('cli/observe.ts', [har, '--reports', join(run.reports, 'observed')], {
      CC_BASE_URL: urls.core ?? '',
      CC_AI_URL: urls.ai ?? '',
      CC_ANALYTICS_URL: urls.analytics ?? '',
      CC_CUECARD_URL: urls.cuecard ?? '',
    });
    expect(observed.code, observed.stdout + observed.stderr).toBe(0);
    const seen = JSON.parse(readFileSync(join(run.reports, 'observed', 'conformance.json'), 'utf8')) as RunReport;
    expect(seen.traffic?.exchanges).toBe(doc.summary.requests - (seen.traffic?.otherHosts ?? 0));
    expect(seen.rules.filter((r) => r.status === 'pass').length).toBe(
      seen.traffic?.judged.filter((j, i, all) => all.findIndex((k) => k.rule === j.rule) === i).length,
    );
    expect(observed.stdout).toMatch(/^Observed \d+ exchanges over /);
    // The bundled mock's data seed is 1, so its keys are known here: none may appear in any output.
    const texts = [
      run.stdout,
      run.stderr,
      JSON.stringify(doc),
      junit,
      readFileSync(doc.ledger as string, 'utf8'),
      harText,
      observed.stdout,
      JSON.stringify(seen),
    ];
    for (const key of seedState(1).keys.values()) {
      for (const text of texts) {
        expect(text.includes(key.secret)).toBe(false);
        expect(text.includes(key.id)).toBe(false);
      }
    }
  });

  test(
    "against the mock as a configured target with a live target's defaults (one key pair, no effects): the plan is honest about every check and lane",
    { timeout: 150_000 },
    async () => {
      const mock = await startMock({ rateWindowMs: 1000 });
      try {
        // One key pair and no CC_EFFECTS, as most live targets: the mock's other key pairs and its effects are left out.
        const others = KEY_SLOTS.filter((slot) => slot !== 'primary').flatMap((slot) => [KEY_SLOT_VARIABLE[slot], secretVariable(slot)]);
        const env = Object.fromEntries(Object.entries(mock.env).filter(([name]) => name !== 'CC_EFFECTS' && !others.includes(name)));
        const [run, { plan }] = await Promise.all([conformance(['--seed', String(PROOF_SEED)], env), planOf(env)]);
        const doc = report(run);
        // Required rules that need another key pair or an effect are skipped, so the run is incomplete; none failed.
        expect(run.code, run.stdout + run.stderr).toBe(3);
        expect(doc.rules.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
        // What a live target's run does by default, as the plan counts it: three fuzzed checks of each lane
        // (CC_FUZZ_CHECKS) send one value beyond their boundaries, each stateful check one random sequence of
        // at most 6 steps and 8 requests, and nothing is kept for shrinking a failing sequence.
        expect(plan.fuzz).toMatchObject({ cap: 1, perLane: 3 });
        expect(plan.stateful.sequences).toMatchObject({ count: 1, steps: 6, stepRequests: 8, shrinkRequests: 0 });
        expect(plan.stateful.checks).toContainEqual(expect.objectContaining({ count: 1, steps: 6, stepRequests: 8 }));
        // The run printed it in a few short lines, the command that prints the whole plan named as npm runs it.
        const printed = printedPlan(run);
        expect(printed.slice(1)).toEqual(shortPlanText(plan, { live: true, wholePlan: 'npm run conformance -- --plan' }));
        expect(printed.length).toBeLessThanOrEqual(5);
        for (const line of printed) expect(line.length, line).toBeLessThan(160);
        expectWithinPlan(plan, doc);
      } finally {
        await mock.close();
      }
    },
  );

  test('a mock fault makes its rule fail, exit 1; unselected rules are disabled; --seed replays', async () => {
    const run = await conformance(['--mock-fault', 'tag-delete-unknown-200', '--rule', 'CORE-TAG-DELETE-404', '--seed', '123']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const doc = report(run);
    expect(doc.seed).toBe(123);
    const rule = doc.rules.find((r) => r.id === 'CORE-TAG-DELETE-404');
    expect(rule?.status).toBe('fail');
    expect(rule?.evidence?.request.method).toBe('DELETE');
    expect(doc.rules.filter((r) => r.id !== 'CORE-TAG-DELETE-404').every((r) => r.status === 'disabled')).toBe(true);
    expect(run.stdout).toContain('CORE-TAG-DELETE-404');
    expect(run.stdout).toContain('spec: Endpoints > Core API > Delete a tag');
  });

  test('CC_FUZZ_RANDOM=1: each fuzzed check sends its boundaries and one random value, within the smaller allowance the plan counts', async () => {
    const rules = ['CORE-PAGE-LIMIT-BOUNDS', 'CORE-AGENT-DAILY-LIMIT'];
    const [run, { plan }] = await Promise.all([
      conformance([...rules.flatMap((rule) => ['--rule', rule]), '--seed', '5'], { CC_FUZZ_RANDOM: '1' }),
      planOf({ CC_FUZZ_RANDOM: '1' }, { rules, bundledWindowMs: 1000 }),
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // Two checks send their exact boundaries and at most one more value each: 2 in all of the 7 they state.
    expect(plan.fuzz).toEqual({ cap: 1, drawn: 2, stated: 7, checks: 2 });
    const doc = report(run);
    for (const [id, forgone] of [
      ['core.paging.limit-bounds', 4],
      ['core.agents.daily-price-limit', 1],
    ] as const) {
      const def = ALL_CHECKS.find((c) => c.id === id) as CheckDefinition;
      const outcome = doc.checks.find((c) => c.check === id);
      expect(outcome?.allowance, id).toBe(ownRequests(def.cost) + sharedMakes(def) - forgone * (def.cost.randomValues?.requestsEach ?? 0));
      expect(outcome?.requests, id).toBeLessThanOrEqual(outcome?.allowance ?? 0);
    }
    expect(doc.rules.filter((r) => r.status !== 'disabled').map((r) => [r.id, r.status])).toEqual([
      ['CORE-PAGE-LIMIT-BOUNDS', 'pass'],
      ['CORE-AGENT-DAILY-LIMIT', 'pass'],
    ]);
  });

  test('a run that sends nothing still names its ledger, which holds only the line naming the run', async () => {
    // Only the core host, on a port nobody listens on, and a rule of the AI host: skipped, nothing sent.
    const run = await conformance(['--rule', 'AI-AUTH-MISSING-401'], {
      CC_BASE_URL: 'https://127.0.0.1:1/api',
      CC_KEY_ID: 'KEYID0001',
      CC_KEY_SECRET: 'not-a-secret-of-anyone',
    });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    const doc = report(run);
    expect(doc.summary.requests).toBe(0);
    expect(doc.rules.find((r) => r.id === 'AI-AUTH-MISSING-401')).toMatchObject({ status: 'skipped', detail: 'needs CC_AI_URL' });
    expect(doc.ledger).toBe(join(run.reports, `ledger-${doc.runId}.jsonl`));
    const lines = readFileSync(doc.ledger as string, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; runId?: string });
    expect(lines).toEqual([expect.objectContaining({ event: 'run', runId: doc.runId })]);
    expect(doc.leftovers).toEqual([]);
  });

  test('a run prints a few short lines of plan, the command for the whole of it written as the tool was called; --verbose prints the whole plan', async () => {
    // Only the core host, on a port nobody listens on, and a rule of the AI host: skipped, nothing sent.
    const live = { CC_BASE_URL: 'https://127.0.0.1:1/api', CC_KEY_ID: 'KEYID0001', CC_KEY_SECRET: 'not-a-secret-of-anyone' };
    const rules = ['AI-AUTH-MISSING-401'];
    const [short, verbose, { plan }] = await Promise.all([
      conformance(['--rule', 'AI-AUTH-MISSING-401'], { ...live, cc_conformance_invocation: 'npx' }),
      conformance(['--rule', 'AI-AUTH-MISSING-401', '--verbose'], live),
      planOf(live, { rules }),
    ]);
    // The plan of these settings: nothing runs or is sent, the rule's one check skipped for the AI host; half of each budget.
    expect([plan.checksRun, plan.checksSkipped, plan.campaignsLeft, plan.totalMs]).toEqual([0, 1, 0, 0]);
    expect(plan.meters.filter((m) => m.requests > 0)).toEqual([]);
    expect(plan.skipped).toEqual([{ reason: 'needs CC_AI_URL', checks: ['ai.auth.missing'] }]);
    expect([plan.share, plan.pace]).toEqual([0.5, { perWindow: 30, windowMs: 60_000 }]);
    const header = (run: Run): RunHeader => ({
      target: live.CC_BASE_URL,
      hosts: ['core'],
      keyPairs: ['primary'],
      rateWindowMs: 60_000,
      release: 'latest',
      seed: report(run).seed,
    });
    // A run prints its short lines, the command for the whole plan as the tool was called (npx)...
    expect(short.code, short.stderr).toBe(3);
    expect(printedPlan(short)).toEqual([shortHeaderText(header(short)), ...shortPlanText(plan, { live: true, wholePlan: 'npx cc-conformance plan' })]);
    // ...and with --verbose the header in full and the whole plan.
    expect(verbose.code, verbose.stderr).toBe(3);
    expect(printedPlan(verbose)).toEqual([headerText(header(verbose)), ...planText(plan, { live: true })]);
    for (const text of [short.stdout, verbose.stdout]) expect(text).not.toContain('not-a-secret-of-anyone');
  });

  test('--plan and --list-rules send nothing and read no CA file; a run, which sends, refuses one that is gone', async () => {
    const gone = join(mkdtempSync(join(tmpdir(), 'cc-no-ca-')), 'ca.pem');
    const live = { CC_BASE_URL: 'https://127.0.0.1:9/api', CC_KEY_ID: 'id', CC_KEY_SECRET: 'secret', CC_CA_FILE: gone };
    const [plan, list, run, planned] = await Promise.all([
      conformance(['--plan'], live),
      conformance(['--list-rules'], live),
      conformance([], live),
      planOf(live),
    ]);
    expect(plan.code, plan.stderr).toBe(0);
    // Below its header, the whole plan of these settings.
    expect(plan.stdout.split('\n').slice(1)).toEqual([...planText(planned.plan, { live: true }), '']);
    expect(plan.stderr).toBe(`cc-conformance: warning: CC_CA_FILE: no file at ${gone}; a run would stop there\n`);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^CORE-AUTH-MISSING-401\t/m);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cc-conformance: CC_ERR_CONFIG: CC_CA_FILE: no file at ${gone}\n`);
  });

  test('a bad configuration stops the run with one line naming the variable, exit 2, with a target or without', async () => {
    const runs = await Promise.all([
      conformance([], { CC_BASE_URL: 'http://api.example.com/api', CC_KEY_ID: 'id', CC_KEY_SECRET: 'secret' }).then((run) => ({ run, names: 'CC_BASE_URL' })),
      // No target: the bundled mock would stand in, and a bad value is refused all the same (each variable's
      // check without a target is proven in test/harness/config.test.ts).
      conformance([], { CC_EFFECTS: 'foo' }).then((run) => ({ run, names: 'CC_EFFECTS: unknown effect "foo"' })),
      // An option is blamed as itself, with the value given.
      conformance(['--dialer-release', '9.9']).then((run) => ({ run, names: '--dialer-release: unknown release "9.9"' })),
    ]);
    for (const { run, names } of runs) {
      expect(run.code, names).toBe(2);
      expect(run.stderr.trim().split('\n'), names).toHaveLength(1);
      expect(run.stderr, names).toContain(names);
      expect(run.stdout, names).toBe('');
    }
  });
});
