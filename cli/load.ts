import type { Target } from '../lib/config/target.ts';
import { nodeRunReport } from '../load/report/node-run-report.ts';
import { writeLoadReports } from '../load/report/files.ts';
import type { LoadReport } from '../load/report/report-model.ts';
import { parseLatencyFlags, withLatencyLimits } from '../load/shared/latency.ts';
import { type LoadScenario, scenarioProblems, scenarioRequests, scenarioWindows } from '../load/shared/scenario-model.ts';
import { SCENARIOS, scenarioNamed } from '../load/scenarios/index.ts';
import { ProgressLine } from '../load/node/progress-line.ts';
import { ABORT_GRACE_MS, defaultMaxDurationMs, type LoadRunResult, runLoad } from '../load/node/run.ts';
import { prepareStreams } from '../load/node/streams.ts';
import { BUNDLED_MOCK_WINDOW_MS, targetOrBundledMock } from './bundled-mock.ts';
import { floodRefusal } from './flood-consent.ts';
import { onInterrupt } from './interrupt.ts';
import { CommandOutput } from './output.ts';
import { parseCommandLine } from './command-line.ts';
import { toolCommand } from '../lib/invocation.ts';
import { EXIT_CODE as EXIT } from '../lib/exit-codes.ts';

const HELP = `Usage: ${toolCommand('load', '--scenario NAME [options]')}

Runs a load scenario with the Node engine against the target named by the CC_* variables, or, when
none is set, against the bundled mock started for the run. Requests go out on the scenario's schedule
whether or not earlier ones have answered (open model); a send that was due but not sent is counted
as missed. Writes reports/load.json and reports/load.html.

Options:
  --scenario NAME      the scenario to run (--list shows them)
  --reports DIR        where reports go (default: reports)
  --max-requests N     send at most the first N requests of the schedule (default: all)
  --max-seconds N      end the run after N seconds whatever is left (default: the scenario's length,
                       two windows and the request timeout)
  --mock-window-ms N   rate window of the bundled mock (default ${BUNDLED_MOCK_WINDOW_MS}: a busy machine's stalls stay
                       small beside a window under a load's sustained rate; smoke takes two windows)
  --mock-fault NAME    start the bundled mock with a fault on (repeatable; ${toolCommand('mock', '--list-faults')}
                       lists them)
  --latency SURFACE:p95=MS[,p99=MS]
                       a latency limit on one surface (core, dialer, analytics, ai, cuecard), e.g.
                       core:p95=800,p99=1500: that percentile of the surface's latency, from when each
                       request went out to its answer, must stay below MS (computed as k6 computes
                       p(95)); repeatable, one per surface, replacing the scenario's own limits for that
                       surface; judged in the report as an expectation of kind latency
  --list               list the scenarios, then exit
  --help

A scenario that floods a budget on purpose runs against a live target only with budget in
CC_EFFECTS: meanwhile the company's other integrations get 429.

Ctrl-C (or SIGTERM) stops new sends, waits up to ${ABORT_GRACE_MS / 1000} s for answers in flight, prints the
summary, writes the reports marked interrupted and exits 130; the sends it spared are counted as not
sent, not as missed. A second Ctrl-C (a second or more later) exits at once, without reports.

Exit codes: 0 the scenario's expectations held; 1 an expectation failed; 2 bad configuration or the
harness could not run; 3 incomplete (errors, missed sends or no answers where a judgement needs
them); 130 interrupted.`;

/** The live line on stderr; anything else written there first ends it. */
const progress = new ProgressLine(process.stderr);
const out = new CommandOutput('cc-load', () => progress.restore());
const { say, scrub } = out;
// Annotated, so the compiler knows a call ends the command.
const fail: (message: string, code?: number) => never = out.fail;

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) fail(`--${name}: must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function secondsOption(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0) || value > 86_400)
    fail(`--${name}: must be a number of seconds above 0 and at most 86400, got ${JSON.stringify(raw)}`);
  return value;
}

function duration(ms: number): string {
  return ms >= 120_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

function listScenarios(): void {
  for (const s of SCENARIOS) {
    say(`${s.name}\t${scenarioRequests(s)} requests over ${scenarioWindows(s)} windows${s.limited.length > 0 ? ', floods a budget' : ''}\t${s.description}`);
  }
}

function startLine(scenario: LoadScenario, target: Target, options: { maxRequests?: number; maxDurationMs: number }): string {
  const windowMs = target.rateWindowMs;
  const where = target.bundledMock ? 'bundled mock' : (target.urls.core ?? Object.values(target.urls)[0] ?? '(none)');
  const requests = Math.min(scenarioRequests(scenario), options.maxRequests ?? Number.POSITIVE_INFINITY);
  return (
    `cc-load: target ${where} (${Object.keys(target.urls).join(', ')}), scenario ${scenario.name}, window ${windowMs} ms, ` +
    `${requests}${requests < scenarioRequests(scenario) ? ` of ${scenarioRequests(scenario)}` : ''} requests over ${duration(scenarioWindows(scenario) * windowMs)}, ` +
    `time bound ${duration(options.maxDurationMs)}, engine node`
  );
}

function summary(report: LoadReport): string[] {
  const t = report.totals.all;
  const stopped = report.interrupted ? ` (interrupted${report.interruptedAtMs === null ? '' : ` at ${duration(report.interruptedAtMs)}`})` : '';
  const spared = report.interrupted ? `, not sent ${report.notSent ?? 0}` : '';
  const lines = [
    `cc-load: ${report.verdict}${stopped}: sent ${t.sent}, served ${t.served}, 429 ${t.limited}, errors ${t.errors}, missed ${report.missed}${spared}, in ${duration(report.durationMs)}`,
  ];
  for (const e of report.expectations) lines.push(`  ${e.status.padEnd(10)} ${e.kind} ${e.subject}: ${e.detail}`);
  for (const l of report.latency) {
    if (l.corrected.count === 0) continue;
    lines.push(
      `  latency ${l.surface}: corrected p50 ${l.corrected.p50.toFixed(1)} ms, p99 ${l.corrected.p99.toFixed(1)} ms; ` +
        `uncorrected p50 ${l.uncorrected.p50.toFixed(1)} ms, p99 ${l.uncorrected.p99.toFixed(1)} ms`,
    );
  }
  for (const note of report.notes) lines.push(`  note: ${note}`);
  return lines;
}

function exitCodeOf(report: LoadReport, result: LoadRunResult): number {
  if (result.interrupted) return EXIT.interrupted;
  if (report.verdict === 'fail') return EXIT.fail;
  // A missed send means the target was offered less than the scenario says: a pass could not vouch for it.
  if (report.verdict === 'incomplete' || result.missed > 0) return EXIT.incomplete;
  return EXIT.pass;
}

async function main(): Promise<number> {
  const args = parseCommandLine(
    {
      options: {
        scenario: { type: 'string' },
        reports: { type: 'string', default: 'reports' },
        'max-requests': { type: 'string' },
        'max-seconds': { type: 'string' },
        'mock-window-ms': { type: 'string', default: String(BUNDLED_MOCK_WINDOW_MS) },
        'mock-fault': { type: 'string', multiple: true },
        latency: { type: 'string', multiple: true },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    },
    fail,
  ).values;
  if (args.help) {
    say(HELP);
    return EXIT.pass;
  }
  if (args.list) {
    listScenarios();
    return EXIT.pass;
  }
  if (args.scenario === undefined) fail('--scenario: required (--list shows the scenarios)');
  const named = scenarioNamed(args.scenario);
  if (!named) fail(`--scenario: unknown scenario ${JSON.stringify(args.scenario)} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  let latency;
  try {
    latency = parseLatencyFlags(args.latency ?? []);
  } catch (err) {
    fail(`--latency: ${(err as Error).message}`);
  }
  // The report judges the scenario's latency limits, each surface --latency names replaced by the flag's.
  const scenario = withLatencyLimits(named, latency);
  const problems = scenarioProblems(scenario);
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`cc-load: scenario ${scenario.name}: ${p}\n`);
    return EXIT.harness;
  }
  const maxRequests = count('max-requests', args['max-requests']);
  const maxSeconds = secondsOption('max-seconds', args['max-seconds']);

  // Signals count from here: a Ctrl-C while the mock starts still ends the run cleanly.
  const stop = onInterrupt({
    exitCode: EXIT.interrupted,
    onFirst: () => progress.note(`stopping: waiting up to ${ABORT_GRACE_MS / 1000} s for answers in flight (again to quit now)`),
    onQuit: () => progress.restore(),
  });

  const { target, mock } = await targetOrBundledMock({ mockWindowMs: args['mock-window-ms'], mockFaults: args['mock-fault'] ?? [], warn: out.warn });
  try {
    out.redactFor(target);
    const refusal = floodRefusal(scenario, target);
    if (refusal !== undefined) fail(refusal);
    prepareStreams(scenario, target);
    const windowMs = target.rateWindowMs;
    const maxDurationMs = maxSeconds !== undefined ? maxSeconds * 1000 : defaultMaxDurationMs(scenario, windowMs, target.timeoutMs);
    say(startLine(scenario, target, { ...(maxRequests !== undefined ? { maxRequests } : {}), maxDurationMs }));

    const result = await runLoad({
      warmUp: true,
      scenario,
      target,
      windowMs,
      maxDurationMs,
      ...(maxRequests !== undefined ? { maxRequests } : {}),
      signal: stop,
      onProgress: (p) => progress.update(p),
    });
    progress.finish();

    const notes: string[] = [];
    if (maxRequests !== undefined && maxRequests < scenarioRequests(scenario)) {
      notes.push(`--max-requests ${maxRequests}: only the first ${maxRequests} of the scenario's ${scenarioRequests(scenario)} requests were scheduled`);
    }
    if (maxSeconds !== undefined) notes.push(`--max-seconds ${maxSeconds}: the run was bounded to ${duration(maxDurationMs)}`);
    if (result.lastResetAt !== undefined) notes.push(`the latest core 429 announced its reset at ${new Date(result.lastResetAt).toISOString()}`);
    const report = nodeRunReport(result, { scenario, target, kind: scenario.limited.length > 0 ? 'budget' : 'load', notes });
    const written = writeLoadReports(report, args.reports, 'load', scrub);
    for (const line of summary(report)) say(line);
    say(`reports: ${written.json}, ${written.html}`);
    return exitCodeOf(report, result);
  } finally {
    await mock?.close();
  }
}

out.exitWith(main);
