import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Target } from '../lib/config/target.ts';
import { buildLoadReport, type EngineThreshold } from '../load/report/build.ts';
import { type SummaryData, thresholdVerdicts } from '../load/k6/junit.ts';
import { isLatencyThreshold, latencyDisagreements } from '../load/k6/k6-options.ts';
import { latencyLimitsText, parseLatencyFlags, withLatencyLimits } from '../load/shared/latency.ts';
import { ruleOfThreshold } from '../load/shared/budget-rules.ts';
import { BUDGET_BLOCKED_WINDOWS, BUDGET_PROCEDURE_WINDOWS } from '../lib/budget/procedure.ts';
import { writeLoadReports } from '../load/report/files.ts';
import type { LoadReport } from '../load/report/report-model.ts';
import { type LoadScenario, scenarioProblems } from '../load/shared/scenario-model.ts';
import { SCENARIOS, scenarioNamed } from '../load/scenarios/index.ts';
import { BUNDLED_MOCK_WINDOW_MS, targetOrBundledMock } from './bundled-mock.ts';
import { floodRefusal, inMinutesOrSeconds, mayFloodBudgets } from './flood-consent.ts';
import { onInterrupt } from './interrupt.ts';
import { CommandOutput } from './output.ts';
import { type K6Analysis, readK6Output } from './k6-analysis.ts';
import { rule } from '../lib/rules/index.ts';
import { findK6, k6Missing, runK6 } from './k6-process.ts';
import { parseCommandLine } from './command-line.ts';
import { toolCommand } from '../lib/invocation.ts';
import { EXIT_CODE as EXIT } from '../lib/exit-codes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const HELP = `Usage: ${toolCommand('k6', '<scenario|budget> [options] [-- extra k6 run arguments]')}

Runs a k6 script of load/k6 with the pinned k6 (.tools/bin/k6, else k6 on PATH) against the target
named by the CC_* variables, or, when none is set, against the bundled mock started for the run.

  scenario   load/k6/scenario.ts: a scenario of load/scenarios as k6 arrival-rate executors
  budget     load/k6/budget-probe.ts: probes 60 requests per window per company on the core API and the Dialer

Options:
  --scenario NAME      the scenario to run (default smoke; known: ${SCENARIOS.map((s) => s.name).join(', ')})
  --reports DIR        where reports go (default: reports)
  --mock-window-ms N   rate window of the bundled mock (default ${BUNDLED_MOCK_WINDOW_MS}, so the budget probe takes seconds)
  --mock-fault NAME    start the bundled mock with a fault on (repeatable)
  --latency SURFACE:p95=MS[,p99=MS]
                       a latency limit on one surface (core, dialer, analytics, ai, cuecard), e.g.
                       core:p95=800,p99=1500: that percentile of the surface's http_req_duration must
                       stay below MS; repeatable, one per surface, replacing the scenario's own limits
                       for that surface; scenario only
  --help

Writes, in the reports folder, for a run named k6-<name> (<name> the scenario, or budget):
  k6-<name>-summary.json, k6-<name>-junit.xml   k6's summary and one JUnit testcase per threshold
  k6-<name>.ndjson                               every metric sample (k6 --out json)
  k6-<name>-dashboard.html                       k6's web dashboard report
  k6-<name>.json, k6-<name>.html                 the project's load report of the same requests
and prints k6's thresholds, then the request figures k6's own end-of-test summary would show
(http_req_duration's avg, min, med, max, p(90), p(95), p(99) and http_reqs: overall, and per surface
for a scenario).

A latency limit (the scenario's, or --latency's) is a k6 threshold on http_req_duration{surface:S}
(p(95)<MS), so a plain k6 run fails the same way; the load report judges the same samples the same way
as an expectation of kind latency, and does not list the threshold a second time. k6's own arguments go
after --, e.g. -- --out experimental-prometheus-rw (with K6_PROMETHEUS_RW_SERVER_URL) or
-- --out json=FILE; outputs add to the ones this command writes.

Key pairs reach k6 through its environment only, never its command line. The budget probe, and a
scenario that floods a budget, run against a live target only with budget in CC_EFFECTS.

Ctrl-C (or SIGTERM) is passed on to k6 once: k6 cancels the requests in flight and still writes its
summary; then the load report is written marked interrupted (none if k6 left no summary) and the
command exits 130. A second Ctrl-C (a second or more later) kills k6 and exits 130 at once.

Exit codes: 0 every threshold held and the load report passed; 1 a threshold was crossed or the load
report failed; 2 bad configuration, k6 missing, or k6 could not run the test (a setup() check
stopped it: the target is unhealthy or its budget already spent); 3 incomplete (thresholds held, but
the load report saw errors); 130 interrupted.`;

/** k6's exit code when a threshold was crossed. */
const K6_THRESHOLDS_CROSSED = 99;

/** The budget probe's requests, drawn and counted by the load report; its verdicts are k6's thresholds. */
const BUDGET_PROBE: LoadScenario = {
  name: 'budget-probe',
  description:
    "k6 budget probe: the conformance budget check's procedure (lib/budget): per metered surface, a sequential trial after a quiet window until the first 429, polling until served again and on to the next 429; then 90 requests at once into a fresh window, the second key, another company, and the other surface",
  streams: [],
  // One fact, one judge: the probe's thresholds are the budget rules' verdicts, so the report judges no
  // flooded budget of its own beside them (it still draws and counts every request).
  limited: [],
};
/** Windows the budget probe lasts (a quiet one, then the procedure's), and how many of them it keeps each budget spent: for the CC_EFFECTS refusal. */
const PROBE_WINDOWS = BUDGET_PROCEDURE_WINDOWS + 1;
const PROBE_SPENT_WINDOWS = BUDGET_BLOCKED_WINDOWS;

const out = new CommandOutput('cc-k6');
const { say, scrub } = out;
// Annotated, so the compiler knows a call ends the command.
const fail: (message: string, code?: number) => never = out.fail;

/** The budget probe spends whole budgets and a scenario may flood some: either needs consent on a live target (flood-consent.ts). */
function refuseUnallowedFlood(mode: 'scenario' | 'budget', scenario: LoadScenario, target: Target): void {
  const w = target.rateWindowMs;
  if (mode === 'budget' && !mayFloodBudgets(target)) {
    fail(
      `the budget probe spends the company's whole core and Dialer budgets in about ${PROBE_SPENT_WINDOWS} of its ${PROBE_WINDOWS} windows, so the company's ` +
        `other integrations would get 429 on and off for about ${inMinutesOrSeconds(PROBE_WINDOWS * w)} (at a ${w} ms window); add budget to CC_EFFECTS to allow it`,
    );
  }
  const refusal = floodRefusal(scenario, target);
  if (refusal !== undefined) fail(refusal);
}

/** The dashboard aggregates per period: a few points per window on a fast mock, k6's 10 s on a live minute. */
function dashboardPeriod(windowMs: number): string {
  return `${Math.min(10_000, Math.max(1000, Math.round(windowMs / 4)))}ms`;
}

interface Paths {
  readonly ndjson: string;
  readonly dashboard: string;
  readonly summary: string;
  readonly junit: string;
}

function pathsOf(dir: string, name: string): Paths {
  return {
    ndjson: join(dir, `${name}.ndjson`),
    dashboard: join(dir, `${name}-dashboard.html`),
    summary: join(dir, `${name}-summary.json`),
    junit: join(dir, `${name}-junit.xml`),
  };
}

/** k6 wrote these itself: they pass through the redactor too, in case a server echoed a credential. */
function scrubFiles(paths: readonly string[]): string[] {
  const present: string[] = [];
  for (const path of paths) {
    let text: string;
    try {
      if (!statSync(path).isFile()) continue;
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    present.push(path);
    const clean = scrub(text);
    if (clean !== text) writeFileSync(path, clean);
  }
  return present;
}

function childEnv(settings: Record<string, string>, target: Target, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // Only this run's target: a CC_* variable of the shell that the config file or the mock replaced must not leak through.
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CC_')) env[k] = v;
  Object.assign(
    env,
    settings,
    { CC_RATE_WINDOW_MS: String(target.rateWindowMs), CC_TIMEOUT_MS: String(target.timeoutMs), CC_BUDGET_EXCLUSIVE: String(target.budgetExclusive) },
    extra,
  );
  // k6 is a Go program: SSL_CERT_FILE is the CA bundle it trusts. The mock's own CA, or the target's extra one.
  if (target.caFile !== undefined) env.SSL_CERT_FILE = resolve(target.caFile);
  return env;
}

function verdictLines(report: LoadReport): string[] {
  const t = report.totals.all;
  const lines = [
    `cc-k6: load report ${report.verdict}${report.interrupted ? ' (interrupted)' : ''}: sent ${t.sent}, served ${t.served}, 429 ${t.limited}, errors ${t.errors}, dropped ${report.missed}`,
  ];
  for (const e of report.expectations) lines.push(`  ${e.status.padEnd(10)} ${e.kind} ${e.subject}: ${e.detail}`);
  return lines;
}

/**
 * The exit code is the report's verdict, which holds k6's thresholds: the two cannot disagree. k6 ending
 * otherwise than by finishing or by a crossed threshold is a harness error; without a report (no summary),
 * k6's own word on its thresholds stands.
 */
function exitCode(k6Code: number, report: LoadReport | undefined, interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted;
  if (k6Code !== 0 && k6Code !== K6_THRESHOLDS_CROSSED) return EXIT.harness;
  if (!report) return k6Code === K6_THRESHOLDS_CROSSED ? EXIT.fail : EXIT.harness;
  return report.verdict === 'fail' ? EXIT.fail : report.verdict === 'incomplete' ? EXIT.incomplete : EXIT.pass;
}

/**
 * The thresholds k6 judged, from the summary its handleSummary wrote; none when it wrote none. A budget
 * rule's threshold reads as the rule: its statement from the catalogue, and the probe's words on why it
 * failed or was not judged.
 */
function thresholdsOf(summaryFile: string, ruleVerdicts: K6Analysis['ruleVerdicts']): EngineThreshold[] {
  if (!existsSync(summaryFile)) return [];
  const data = JSON.parse(readFileSync(summaryFile, 'utf8')) as SummaryData;
  const statements = Object.fromEntries(
    Object.keys(data.metrics).flatMap((metric) => {
      const id = ruleOfThreshold(metric);
      return id ? [[metric, `${id}: ${rule(id).statement}`]] : [];
    }),
  );
  // A latency limit is judged by the report itself from the same samples (kind latency): carried here too, it would count twice.
  return thresholdVerdicts(data, statements)
    .filter((t) => !isLatencyThreshold(t.metric))
    .map((t) => {
      const id = ruleOfThreshold(t.metric);
      const words = id === undefined ? undefined : ruleVerdicts.get(id)?.detail;
      return words ? { ...t, reason: words } : t;
    });
}

function splitArgs(argv: readonly string[]): { ours: string[]; k6: string[] } {
  const at = argv.indexOf('--');
  return at < 0 ? { ours: [...argv], k6: [] } : { ours: argv.slice(0, at), k6: argv.slice(at + 1) };
}

async function main(): Promise<number> {
  const { ours, k6: extraArgs } = splitArgs(process.argv.slice(2));
  const parsed = parseCommandLine(
    {
      args: ours,
      options: {
        scenario: { type: 'string' },
        reports: { type: 'string', default: 'reports' },
        'mock-window-ms': { type: 'string', default: String(BUNDLED_MOCK_WINDOW_MS) },
        'mock-fault': { type: 'string', multiple: true },
        latency: { type: 'string', multiple: true },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    },
    fail,
  );
  const args = parsed.values;
  if (args.help) {
    say(HELP);
    return EXIT.pass;
  }
  const [mode, ...rest] = parsed.positionals;
  if (mode !== 'scenario' && mode !== 'budget') fail(`first argument must be scenario or budget, got ${JSON.stringify(mode ?? '')} (see --help)`);
  if (rest.length > 0) fail(`unexpected argument ${JSON.stringify(rest[0])}; k6's own arguments go after -- (see --help)`);
  if (mode === 'budget' && args.scenario !== undefined) fail('--scenario applies to the scenario script only');
  if (mode === 'budget' && args.latency !== undefined) fail('--latency applies to the scenario script only');
  let latency;
  try {
    latency = parseLatencyFlags(args.latency ?? []);
  } catch (err) {
    fail(`--latency: ${(err as Error).message}`);
  }
  const named = mode === 'budget' ? BUDGET_PROBE : scenarioNamed(args.scenario ?? 'smoke');
  if (!named) fail(`--scenario: unknown scenario ${JSON.stringify(args.scenario)} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  // The limits the report judges are the ones the script sets as thresholds: the scenario's, each surface --latency names replaced.
  const scenario = withLatencyLimits(named, latency);
  if (mode === 'scenario') {
    const problems = scenarioProblems(scenario);
    if (problems.length > 0) fail(`scenario ${scenario.name}: ${problems.join('; ')}`);
  }
  const k6 = findK6(ROOT);
  if (!k6) fail(k6Missing());

  // Signals count from here: Ctrl-C while the mock starts still ends the run cleanly. A second one
  // exits at once, and k6 is killed on the way out (runK6), before it could write its summary.
  const stop = onInterrupt({
    exitCode: EXIT.interrupted,
    onFirst: () => process.stderr.write('cc-k6: stopping k6 (it writes its summary first; Ctrl-C again to quit now)\n'),
    onQuit: () => process.stderr.write('cc-k6: quitting now: k6 is killed, no summary and no load report\n'),
  });
  // Listening before runK6 does, so the time is taken before k6 is told.
  let interruptedAt: number | undefined;
  stop.addEventListener('abort', () => (interruptedAt = Date.now()), { once: true });
  // A function, not the property: the compiler would keep the value the first check saw.
  const isInterrupted = (): boolean => stop.aborted;

  const { target, settings, mock } = await targetOrBundledMock({ mockWindowMs: args['mock-window-ms'], mockFaults: args['mock-fault'] ?? [], warn: out.warn });
  try {
    out.redactFor(target);
    refuseUnallowedFlood(mode, scenario, target);
    if (isInterrupted()) return EXIT.interrupted;

    const name = mode === 'budget' ? 'k6-budget' : `k6-${scenario.name}`;
    const reports = isAbsolute(args.reports) ? args.reports : resolve(args.reports);
    mkdirSync(reports, { recursive: true });
    const paths = pathsOf(reports, name);
    const script = join(ROOT, 'load', 'k6', mode === 'budget' ? 'budget-probe.ts' : 'scenario.ts');
    const env = childEnv(settings, target, {
      ...(mode === 'scenario' ? { CC_SCENARIO: scenario.name } : {}),
      ...(latencyLimitsText(latency) !== '' ? { CC_LATENCY: latencyLimitsText(latency) } : {}),
      CC_K6_REPORTS: reports,
      K6_WEB_DASHBOARD: 'true',
      K6_WEB_DASHBOARD_EXPORT: paths.dashboard,
      K6_WEB_DASHBOARD_OPEN: 'false',
      K6_WEB_DASHBOARD_HOST: '127.0.0.1',
      // 0: the system picks a free port, so runs side by side never collide.
      K6_WEB_DASHBOARD_PORT: '0',
      K6_WEB_DASHBOARD_PERIOD: dashboardPeriod(target.rateWindowMs),
      K6_NO_USAGE_REPORT: 'true',
      K6_AUTO_EXTENSION_RESOLUTION: 'false',
    });
    const where = target.bundledMock
      ? `bundled mock${args['mock-fault'] ? ` (faults: ${args['mock-fault'].join(', ')})` : ''}`
      : (target.urls.core ?? '(no core URL)');
    say(`cc-k6: ${mode === 'budget' ? 'budget probe' : `scenario ${scenario.name}`} against ${where}, window ${target.rateWindowMs} ms, k6 at ${k6}`);

    const startedAt = new Date();
    const k6Code = await runK6({
      binary: k6,
      args: ['run', '--out', `json=${paths.ndjson}`, ...extraArgs, script],
      env,
      cwd: process.cwd(),
      scrub,
      stdout: process.stdout,
      stderr: process.stderr,
      signal: stop,
    });
    const durationMs = Date.now() - startedAt.getTime();
    const interrupted = isInterrupted();
    const written = scrubFiles([paths.summary, paths.junit, paths.ndjson, paths.dashboard]);

    let report: LoadReport | undefined;
    if (!existsSync(paths.summary)) {
      // k6 stopped before its handleSummary (an interrupt, or it could not run the script: a bad argument,
      // a script error): what it wrote is partial, and no report of ours would be whole either.
      say(`cc-k6: k6 ${interrupted ? 'stopped' : `exited ${k6Code}`} without writing its summary: no load report`);
      if (written.length > 0) say(`reports: ${written.join(', ')}`);
      return interrupted ? EXIT.interrupted : EXIT.harness;
    }
    try {
      // Stopped before its first sample (Ctrl-C during k6's start), k6 leaves no output file: nothing was sent.
      const analysis: K6Analysis = existsSync(paths.ndjson)
        ? await readK6Output(paths.ndjson, startedAt.getTime())
        : { records: [], dropped: 0, unreadable: 0, ruleVerdicts: new Map() };
      const notes = [
        "k6's arrival-rate executors time each request from when it actually went out, not from when it was due: " +
          'corrected and uncorrected latency are the same figures here (uncorrected); sends k6 could not start for lack of a free VU are counted as missed (dropped_iterations)',
        ...(mode === 'budget'
          ? [
              "the budget probe's verdicts are k6's thresholds, one per rule of the catalogue, judged by the conformance budget check's own procedure and judges (lib/budget) and listed among the expectations (kind threshold), the report judging nothing of its own beside them",
            ]
          : []),
        ...(analysis.unreadable > 0 ? [`${analysis.unreadable} k6 samples named a stream but no known surface or company and were left out`] : []),
        ...(k6Code !== 0 && k6Code !== K6_THRESHOLDS_CROSSED && !interrupted ? [`k6 exited ${k6Code}: the run did not complete`] : []),
        ...(interrupted ? ['k6 stops on an interrupt by cancelling the requests in flight, and records none of them: they are missing from the totals'] : []),
      ];
      report = buildLoadReport({
        records: analysis.records,
        scenario,
        windowMs: target.rateWindowMs,
        engine: 'k6',
        kind: mode === 'budget' || scenario.limited.length > 0 ? 'budget' : 'load',
        startedAt,
        durationMs,
        interrupted,
        ...(interruptedAt !== undefined ? { interruptedAtMs: interruptedAt - startedAt.getTime() } : {}),
        missed: analysis.dropped,
        // k6 cancels the requests in flight when it stops and records none of them: what the interrupt
        // spared cannot be told apart from what it cut short.
        notSent: interrupted ? null : 0,
        target: { bundledMock: target.bundledMock, urls: target.urls },
        notes,
        thresholds: thresholdsOf(paths.summary, analysis.ruleVerdicts),
      });
      // k6 also counts a trend threshold with no sample as crossed; the report calls that not measured.
      // A latency threshold k6 crossed is the report's latency expectation, not held (failed, or not judged or measured).
      const crossedInReport = (e: LoadReport['expectations'][number]) =>
        (e.kind === 'threshold' && !e.detail.startsWith('held')) || (e.kind === 'latency' && e.status !== 'pass');
      if (k6Code === K6_THRESHOLDS_CROSSED && !report.expectations.some(crossedInReport)) {
        throw new Error(`k6 says a threshold was crossed, but its summary ${paths.summary} shows none crossed`);
      }
      const disagreements = latencyDisagreements(thresholdVerdicts(JSON.parse(readFileSync(paths.summary, 'utf8')) as SummaryData), report.expectations);
      if (disagreements.length > 0) throw new Error(`k6 and the load report disagree on a latency limit: ${disagreements.join('; ')}`);
      const ours = writeLoadReports(report, reports, name, scrub);
      for (const line of verdictLines(report)) say(line);
      written.push(ours.json, ours.html);
    } catch (err) {
      process.stderr.write(`cc-k6: could not build the load report from ${paths.ndjson}: ${scrub((err as Error).message)}\n`);
    }
    say(`reports: ${written.join(', ')}`);
    if (k6Code !== 0 && k6Code !== K6_THRESHOLDS_CROSSED && !interrupted) say(`cc-k6: k6 exited ${k6Code}: it could not run the test (see its messages above)`);
    return exitCode(k6Code, report, interrupted);
  } finally {
    await mock?.close();
  }
}

out.exitWith(main);
