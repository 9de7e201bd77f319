import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { namesNoTarget, runSeed, targetFromSettings } from '../lib/config/load.ts';
import { parseRelease, RELEASES } from '../lib/dialer/releases.ts';
import { HarnessError } from '../lib/errors.ts';
import { toolCommand } from '../lib/invocation.ts';
import { Redactor } from '../lib/http/redact.ts';
import { writeHar } from '../lib/http/har.ts';
import { drawWrongSecret } from '../lib/http/wrong-secret.ts';
import { type ExpectationsDocument, type NumberedEntry, readExpectations } from '../lib/expectations/expectations-file.ts';
import { expectationsFromReport } from '../lib/expectations/from-report.ts';
import { scopeOf } from '../lib/expectations/scope.ts';
import { readRunReport } from '../lib/results/report-file.ts';
import { buildReport, exitCodeOf, type RunReport } from '../lib/results/report.ts';
import { leftoversOf, readLedger } from '../lib/ledger/ledger-file.ts';
import { newRun } from '../lib/ledger/run-id.ts';
import { GAPS, hasRule, RULES } from '../lib/rules/index.ts';
import { ALL_CHECKS, laneOf } from '../suites/index.ts';
import { allowanceOn } from '../lib/checks/define.ts';
import { LANES } from '../lib/checks/lanes.ts';
import { type MockWindowWidened, RUN_CHANNEL, type RunInterrupt, type RunMessage } from '../lib/checks/run-channel.ts';
import type { RunPayload } from '../lib/checks/vitest.ts';
import { RunProgress } from '../lib/results/run-progress.ts';
import type { RunningMock } from '../mock/start.ts';
import { onInterrupt } from './interrupt.ts';
import { planRun } from './run-plan.ts';
import { headerText, planText, type RunHeader, scopeText, shortHeaderText, shortPlanText } from './plan-text.ts';
import { rerunOf, withOptionalValue } from './rerun.ts';
import { commandSettings, warnReplacedByMock } from './settings.ts';
import { OutcomeCollector } from '../reporters/collector.ts';
import { ProgressReporter } from '../reporters/progress.ts';
import { renderConsole } from '../reporters/console.ts';
import { writeReports } from '../reporters/files.ts';
import { parseCommandLine } from './command-line.ts';
import { EXIT_CODE } from '../lib/exit-codes.ts';

/**
 * The rate window of the bundled mock a conformance run gets unless told otherwise: 1 s, so a run takes
 * about fifteen seconds (load and k6 keep 2 s, bundled-mock.ts). Its budget rules stay conclusive on a
 * machine loaded past its cores: `npm run test:budget-window` runs them so, at this window, beside busy
 * threads on every core.
 */
const CONFORMANCE_MOCK_WINDOW_MS = 1000;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const HELP = `Usage: ${toolCommand('run', '[options]')}

Runs every suite against the target named by the CC_* variables, or, when none is set, against the
bundled mock started for the run. Prints a short plan first: the requests each budget may get, the time
the run takes at the pace, what it leaves and skips; --plan prints the whole plan. Checks of the core
API, the Dialer and the other hosts run in three lanes side by side, each in catalogue order; the budget
checks last. A progress line goes to stdout every minute. The run spends at most CC_BUDGET_SHARE of each
company's budget per window (default 0.5 on a live target, 1 on the bundled mock). Writes
reports/conformance.json, reports/junit.xml, reports/conformance.html and reports/summary.md.

Options:
  --seed N             replay a run: the seed of random choices and fuzzing (also CC_SEED)
  --dialer-release R   the Dialer release the target is expected to be (also CC_DIALER_RELEASE):
                       ${RELEASES.join(', ')}; the suite checks exactly that release
  --rule ID            run only the checks of this rule (repeatable); other rules are reported disabled
  --rerun-failed [REPORT]
                       run only the checks of the rules a report called fail or error, with its seed
                       unless --seed is given (default report: conformance.json in --reports)
  --reports DIR        where reports go (default: reports)
  --har FILE           also write every exchange of the run as HAR 1.2, credentials redacted, to share a
                       failure or judge it again offline
  --verbose            list passing rules too, and print the whole plan before the run
  --mock-window-ms N   rate window of the bundled mock (default ${CONFORMANCE_MOCK_WINDOW_MS}: a run takes about fifteen seconds;
                       the budget check widens it when this machine is too slow to fill one)
  --mock-seed N        data seed of the bundled mock (default 1)
  --mock-fault NAME    start the bundled mock with a fault on (repeatable), to see a rule fail
  --mock-dialer-release R
                       the Dialer release the bundled mock behaves as (default: the expected one)
  --mock-rate-algorithm A
                       how the bundled mock counts its budgets' minute: fixed (default), clock or
                       sliding; the spec leaves it open and every one must pass
  --mock-dialect D      what the bundled mock picks where the spec is silent: reference (default) or
                       variant (other paths, wrappers and Dialer routes the spec equally allows)
  --expect FILE        judge the run against an expectations file (also CC_EXPECTATIONS): rules and
                       checks out of scope here, and known failures, each with its reason and maybe an
                       expiry date or Dialer releases (format: schemas/gate/expectations.json)
  --fixed-warns        with --expect, an expected failure that passes is a warning, not exit 4
  --write-expectations FILE
                       after the run, write an expectations file that its report passes as it stands:
                       each failed required rule expected to fail (with how it failed), each skipped
                       one out of scope, each with a reason naming the run; a rule blocked by another's
                       failure gets no entry; with --from-report REPORT, from that report without
                       running anything
  --list-rules         print the rule catalogue and the gaps, then exit
  --plan               print the plan without sending anything (with --verbose, every check with its
                       lane and request allowance too, and each lane's ten largest allowances), then exit
  --help

Exit codes: 0 every required rule passed; 1 a required rule failed; 2 bad configuration or the
harness could not run; 3 incomplete (no failure, but required rules skipped or in error); 130
interrupted. With --expect: 0 everything as expected; 1 a failure no entry expects; 4 the file is out of
date (an expired entry, an expected failure that passed, an entry naming a rule or check the catalogue
lost, an out-of-scope entry written where a failure hid the rule); 3 a skip no entry puts out of scope,
or an error; 1 wins over 4, 4 over 3.`;

/**
 * Every run transforms the same suites. Kept on disk, in the package's own node_modules, they load in a
 * fraction of the time on the next run; an install this user cannot write to (a read-only image, another
 * user's) transforms them each time, as vitest would fail writing there. Never a shared folder such as
 * the system's temporary one, whose cached code another user could have put there.
 */
function transformCache(): { fsModuleCache: boolean; fsModuleCachePath?: string } {
  const path = join(ROOT, 'node_modules', '.cc-conformance-vitest-cache');
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
    return { fsModuleCache: true, fsModuleCachePath: path };
  } catch {
    return { fsModuleCache: false };
  }
}

/** Writes the expectations a report passes as it stands; `kept`: entries of the file applied that the report cannot show. */
function writeExpectations(file: string, report: RunReport, kept?: readonly NumberedEntry[]): ExpectationsDocument {
  const document = expectationsFromReport(report, kept);
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return document;
}

function fail(message: string): never {
  process.stderr.write(`cc-conformance: ${message}\n`);
  process.exit(EXIT_CODE.harness);
}

async function main(): Promise<number> {
  const args = parseCommandLine(
    {
      args: withOptionalValue(process.argv.slice(2), '--rerun-failed'),
      options: {
        seed: { type: 'string' },
        'dialer-release': { type: 'string' },
        'mock-dialer-release': { type: 'string' },
        rule: { type: 'string', multiple: true },
        'rerun-failed': { type: 'string' },
        reports: { type: 'string', default: 'reports' },
        verbose: { type: 'boolean', default: false },
        'mock-window-ms': { type: 'string', default: String(CONFORMANCE_MOCK_WINDOW_MS) },
        'mock-seed': { type: 'string', default: '1' },
        'mock-fault': { type: 'string', multiple: true },
        'mock-rate-algorithm': { type: 'string' },
        'mock-dialect': { type: 'string' },
        'list-rules': { type: 'boolean', default: false },
        plan: { type: 'boolean', default: false },
        expect: { type: 'string' },
        'fixed-warns': { type: 'boolean', default: false },
        'write-expectations': { type: 'string' },
        'from-report': { type: 'string' },
        har: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    },
    fail,
  ).values;
  if (args.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (args['rerun-failed'] !== undefined) {
    if (args.rule) fail('--rerun-failed picks its rules from the report; leave out --rule');
    const rerun = rerunOf(args['rerun-failed'] || join(args.reports, 'conformance.json'));
    if (rerun.unknown.length > 0) process.stderr.write(`cc-conformance: not in the catalogue any more, not run: ${rerun.unknown.join(', ')}\n`);
    if (rerun.rules.length === 0) {
      process.stdout.write(`cc-conformance: nothing to rerun: no rule of ${rerun.report} failed or erred\n`);
      return 0;
    }
    process.stdout.write(`cc-conformance: rerunning ${rerun.rules.length} failed or erring rule(s) of ${rerun.report}: ${rerun.rules.join(', ')}\n`);
    args.rule = [...rerun.rules];
    args.seed ??= String(rerun.seed);
  }
  for (const id of args.rule ?? []) if (!hasRule(id)) fail(`--rule: unknown rule ${id}`);
  if (args['from-report'] !== undefined) {
    if (args['write-expectations'] === undefined) fail('--from-report is read by --write-expectations; give both, or neither');
    const written = writeExpectations(args['write-expectations'], readRunReport(args['from-report'], '--from-report'));
    process.stdout.write(`cc-conformance: wrote ${written.entries.length} entries to ${args['write-expectations']} from ${args['from-report']}\n`);
    return 0;
  }
  if (args['list-rules']) {
    for (const r of RULES) process.stdout.write(`${r.id}\t${r.level}\t${r.source}\t${r.section}\t${r.statement}\n`);
    for (const g of GAPS) process.stdout.write(`${g.id}\tgap (${g.reason})\t-\t${g.section}\t${g.statement}\n`);
    return 0;
  }
  // An option stands in for its variable, and a bad value is blamed on the option, with the value shown.
  if (args.seed !== undefined && !/^\d+$/.test(args.seed)) fail(`--seed: must be an integer from 0 to 2147483647, got ${JSON.stringify(args.seed)}`);
  if (args['dialer-release'] !== undefined && !parseRelease(args['dialer-release']))
    fail(`--dialer-release: unknown release ${JSON.stringify(args['dialer-release'])} (known: ${RELEASES.join(', ')})`);
  const env = {
    ...process.env,
    ...(args.seed !== undefined ? { CC_SEED: args.seed } : {}),
    ...(args['dialer-release'] !== undefined ? { CC_DIALER_RELEASE: args['dialer-release'] } : {}),
  };
  const warn = (line: string) => process.stderr.write(`cc-conformance: warning: ${line}\n`);
  // A plan sends nothing, so it reads no CA file: one that is gone (a stopped mock's) is only a warning.
  const need = args.plan ? 'plan' : 'send';
  let settings = commandSettings(env, warn, need);
  const seed = runSeed(settings);
  let mock: RunningMock | undefined;
  const bundled = namesNoTarget(settings);
  const caFile = settings.CC_CA_FILE === undefined ? undefined : resolve(settings.CC_CA_FILE);
  if (args.plan && !bundled && caFile !== undefined && !existsSync(caFile)) warn(`CC_CA_FILE: no file at ${caFile}; a run would stop there`);
  if (!bundled && (args['mock-fault'] || args['mock-dialer-release'] || args['mock-rate-algorithm'] || args['mock-dialect']))
    fail('--mock-fault, --mock-dialer-release, --mock-rate-algorithm and --mock-dialect apply only to the bundled mock, and a target is configured');
  if (bundled) {
    // The bundled mock plays the expected Dialer release unless told otherwise, so a plain run passes.
    const given = args['mock-dialer-release'] ?? settings.CC_DIALER_RELEASE;
    const from = args['mock-dialer-release'] !== undefined ? '--mock-dialer-release' : 'CC_DIALER_RELEASE';
    // Loaded only here and below: vitest and the mock take seconds to load, which a command that ends on
    // its settings, its plan or its help need not wait for.
    const { startBundledMock } = await import('./bundled-mock.ts');
    mock = await startBundledMock({
      windowMs: args['mock-window-ms'],
      seed: args['mock-seed'],
      faults: args['mock-fault'] ?? [],
      ...(given !== undefined ? { release: { value: given, from } } : {}),
      ...(args['mock-rate-algorithm'] !== undefined ? { rateAlgorithm: args['mock-rate-algorithm'] } : {}),
      ...(args['mock-dialect'] !== undefined ? { dialect: args['mock-dialect'] } : {}),
    });
    warnReplacedByMock(settings, warn);
    const expected = settings.CC_DIALER_RELEASE;
    settings = { ...settings, ...mock.env, ...(expected !== undefined ? { CC_DIALER_RELEASE: expected } : {}) };
  }
  try {
    const target = targetFromSettings(settings, process.cwd(), bundled, need);
    // Drawn here, not in the suites' thread, so this process's last scrub knows it too.
    const wrongSecret = target.keys.primary ? drawWrongSecret(target.keys.primary) : undefined;
    const redactor = new Redactor(target, wrongSecret);
    const selectedRules = args.rule ? new Set(args.rule) : undefined;
    // The expectations the run is judged against: the checks all of whose rules are out of scope do not run.
    const expectations = args.expect ?? settings.CC_EXPECTATIONS;
    const scope =
      expectations === undefined
        ? undefined
        : scopeOf(readExpectations(expectations), { rules: RULES.map((r) => r.id), checks: ALL_CHECKS, release: target.dialer.release });
    const notRun = new Set(scope?.checksNotRun);
    const selected = ALL_CHECKS.filter((c) => (!selectedRules || c.rules.some((r) => selectedRules.has(r))) && !notRun.has(c.id));
    const plan = planRun(target, selected);
    const header: RunHeader = {
      target: bundled ? 'bundled mock' : (target.urls.core ?? Object.values(target.urls).join(', ')),
      hosts: Object.keys(target.urls),
      keyPairs: Object.keys(target.keys),
      rateWindowMs: target.rateWindowMs,
      release: target.dialer.release,
      seed,
      ...(mock
        ? {
            mock: {
              plays: mock.mock.context.dialer.release,
              rateAlgorithm: mock.mock.context.rateAlgorithm,
              dialect: mock.mock.context.dialect,
              faults: args['mock-fault'] ?? [],
            },
          }
        : {}),
    };
    if (args.plan) {
      process.stdout.write(`${headerText(header)}\n`);
      if (args.verbose)
        for (const c of selected)
          process.stdout.write(`${String(allowanceOn(c, target)).padStart(4)}  ${laneOf(c).padEnd(6)}  ${c.id}  [${c.rules.join(', ')}]\n`);
      process.stdout.write(`${[...planText(plan, { live: !bundled, verbose: args.verbose }), ...(scope ? scopeText(scope) : [])].join('\n')}\n`);
      return 0;
    }
    // A run leads with its outcome: a few lines of plan, the whole of it with --verbose or from --plan.
    const planLines = args.verbose
      ? [headerText(header), ...planText(plan, { live: !bundled }), ...(scope ? scopeText(scope) : [])]
      : [shortHeaderText(header), ...shortPlanText(plan, { live: !bundled, wholePlan: toolCommand('plan'), ...(scope ? { scope } : {}) })];
    process.stdout.write(`${planLines.join('\n')}\n`);
    // The run's id and prefix name every record it creates; the ledger lists them as they are made.
    const run = newRun(resolve(args.reports));
    // The worker appends each exchange here as it ends; the HAR is written from it once the run is over.
    const harEntries = args.har !== undefined ? `${resolve(args.har)}.${run.id}.entries` : undefined;
    if (args.har !== undefined) mkdirSync(dirname(resolve(args.har)), { recursive: true });
    process.stdout.write(`cc-conformance: run ${run.id}, names start with ${run.prefix}, ledger ${run.ledgerFile}\n`);
    const collector = new OutcomeCollector();
    const progress = new ProgressReporter({
      progress: new RunProgress(plan, selected.length),
      write: (text) => process.stderr.write(text),
      live: process.stderr.isTTY === true,
      // A paced run is silent for minutes otherwise; a CI log, which has no terminal, needs it most.
      log: (text) => process.stdout.write(text),
    });
    // The worker tells of each wait on the pacer, so the line can say when the next window opens, and of each
    // paced request, so the log can say how much of each budget is spent; the command tells the worker of an interrupt.
    const channel = new BroadcastChannel(RUN_CHANNEL);
    channel.onmessage = (event) => {
      const message = (event as { data: RunMessage }).data;
      if (message.kind === 'wait') progress.wait(message.bucket, message.until);
      if (message.kind === 'sent') progress.sent(message.bucket);
      if (message.kind === 'widen-mock-window' && mock) {
        mock.restartBudgets(message.windowMs);
        process.stdout.write(
          `cc-conformance: the budget check found this machine too slow for the bundled mock's ${target.rateWindowMs} ms window and widened it to ${message.windowMs} ms (its rules' notes say why)\n`,
        );
        channel.postMessage({ kind: 'mock-window-widened', windowMs: message.windowMs } satisfies MockWindowWidened);
      }
    };
    let telling: NodeJS.Timeout | undefined;
    const started = new Date();
    const ownSignalListeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const { createVitest } = await import('vitest/node');
    const vitest = await createVitest(
      'test',
      {
        config: false,
        root: ROOT,
        include: ['suites/conformance.test.ts'],
        reporters: [collector, progress],
        watch: false,
        // One worker without isolation: every lane shares one session, so one pacer guards each budget.
        isolate: false,
        // A worker thread, not a child process: a terminal's Ctrl-C reaches the whole process group, and
        // a child would die of it mid-check, before its cleanups; a thread hears of it only through us.
        pool: 'threads',
        fileParallelism: false,
        maxWorkers: 1,
        // The lanes run side by side in the one worker (suites/conformance.test.ts); each test sets its own
        // timeout from its check's time limit, which is what stops a check.
        maxConcurrency: LANES.length + 1,
        sequence: { shuffle: false },
        hookTimeout: 60_000,
        experimental: transformCache(),
      },
      {},
    );
    // The worker runs the checks that judge a rule of `rules`: the selected ones, less those out of scope.
    const inScope = scope ? RULES.map((r) => r.id).filter((id) => (!selectedRules || selectedRules.has(id)) && !scope.outOfScope.has(id)) : args.rule;
    const payload: RunPayload = {
      settings,
      seed,
      bundledMock: bundled,
      cwd: process.cwd(),
      run,
      ...(inScope ? { rules: inScope } : {}),
      ...(wrongSecret !== undefined ? { wrongSecret } : {}),
      ...(harEntries !== undefined ? { harEntries } : {}),
    };
    vitest.provide('ccRun', payload);
    // vitest's logger exits the process on the first signal, which would skip the cleanup and the reports.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!ownSignalListeners[signal].includes(listener)) process.off(signal, listener);
    }
    // Ctrl-C or SIGTERM: no new check starts, the running ones stop sending and run their cleanups (an
    // emergency stop is lifted there), and the reports are written with what ran; a second signal quits.
    // The worker is told, again every quarter second: it may not have opened its end of the channel yet.
    const interrupt = onInterrupt({
      exitCode: EXIT_CODE.interrupted,
      onFirst: () => {
        process.stderr.write(
          "cc-conformance: interrupted; finishing the running checks' cleanup and writing the reports (interrupt again to quit at once, leaving their records behind)\n",
        );
        const tell = () => channel.postMessage({ kind: 'interrupt' } satisfies RunInterrupt);
        tell();
        telling = setInterval(tell, 250);
      },
      onQuit: () => process.stderr.write('cc-conformance: quit without cleanup; records of the running checks may be left on the target\n'),
    });
    try {
      await vitest.start();
      await vitest.close();
    } finally {
      clearInterval(telling);
      channel.close();
    }
    const report = buildReport({
      outcomes: collector.outcomes,
      target,
      seed,
      startedAt: started,
      durationMs: Date.now() - started.getTime(),
      ...(args.rule ? { selected: new Set(args.rule) } : {}),
      problems: collector.problems,
      interrupted: interrupt.aborted,
      runId: run.id,
      prefix: run.prefix,
      // The suites' worker starts the ledger with a line naming the run as its checks start; a run whose
      // checks never started left no file.
      ...(run.ledgerFile !== undefined && existsSync(run.ledgerFile)
        ? { ledger: run.ledgerFile, leftovers: leftoversOf(readLedger(run.ledgerFile).records) }
        : {}),
      ...(scope ? { gate: { scope, today: started.toISOString().slice(0, 10), fixedWarns: args['fixed-warns'] } } : {}),
    });
    const scrub = (text: string) => redactor.text(text);
    const written = writeReports(report, args.reports, scrub);
    process.stdout.write(`${scrub(renderConsole(report, { verbose: args.verbose, color: process.stdout.isTTY }))}\n`);
    process.stdout.write(
      `reports: ${written.json}, ${written.junit}, ${written.html}, ${written.summary}${report.ledger !== undefined ? `; ledger: ${report.ledger}` : ''}\n`,
    );
    if (args.har !== undefined && harEntries !== undefined) {
      const entries = writeHar(harEntries, args.har, scrub);
      rmSync(harEntries, { force: true });
      process.stdout.write(`har: ${args.har}, ${entries} exchange${entries === 1 ? '' : 's'}, credentials redacted\n`);
    }
    if (args['write-expectations'] !== undefined) {
      const document = writeExpectations(args['write-expectations'], report, scope?.otherReleases);
      process.stdout.write(
        `cc-conformance: wrote ${document.entries.length} entries to ${args['write-expectations']}: with --expect ${args['write-expectations']}, what this run failed or skipped is as expected (errors are not written: they are the harness's, to fix)\n`,
      );
    }
    return exitCodeOf(report);
  } finally {
    await mock?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => fail(err instanceof HarnessError ? `${err.code}: ${err.message}` : ((err as Error).stack ?? String(err))),
);
