import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { namesNoTarget, targetFromSettings, trafficTarget } from '../lib/config/load.ts';
import type { Target } from '../lib/config/target.ts';
import type { RunningMock } from '../mock/start.ts';
import { CAPACITY_EXIT, type CapacityDocument, capacityDocument, capacityOutcome } from '../load/capacity/document.ts';
import { type WrittenCapacityReports, writeCapacityReports } from '../load/capacity/files.ts';
import { probeFindings } from '../load/capacity/findings.ts';
import { CapacityInputError, type CapacityPlan, planCampaign, SPEC_WINDOW_MS } from '../load/capacity/campaign-plan.ts';
import { probeNotice, probeScenario, probeTakesWholeBudget, runCapacityProbe } from '../load/capacity/probe.ts';
import { type CapacityProfile, ProfileError, readCapacityProfile } from '../load/capacity/profile.ts';
import { renderBaselineText, renderFindingsText, renderPlanText, renderStaffingText, renderVerdictText } from '../load/capacity/render-text.ts';
import { type Baseline, BaselineError, baselineFigures, baselineKind, baselineOf, measuredUseOf } from '../load/capacity/baseline.ts';
import { measureHar } from '../load/capacity/har-baseline.ts';
import { resolveStaffing, type Staffing, StaffingError, type StaffingInput, staffedPlan } from '../load/capacity/staffing.ts';
import { scopeLine } from '../load/capacity/document.ts';
import { formatDuration } from '../lib/render/durations.ts';
import { ProgressLine } from '../load/node/progress-line.ts';
import { ABORT_GRACE_MS } from '../load/node/run.ts';
import { prepareStreams } from '../load/node/streams.ts';
import { startBundledMock } from './bundled-mock.ts';
import { onInterrupt } from './interrupt.ts';
import { CommandOutput } from './output.ts';
import { commandSettings, warnReplacedByMock } from './settings.ts';
import { toolCommand } from '../lib/invocation.ts';

const DEFAULT_SHARE = '0.5';
const DEFAULT_PROBE_WINDOWS = '2';
const MAX_PROBE_WINDOWS = 60;
const DEFAULT_MOCK_WINDOW_MS = '1000';
// The bundled mock's own floor (cli/bundled-mock.ts); a shorter window would leave its meters no time to count.
const MIN_MOCK_WINDOW_MS = 100;
/** A day: the longest window the plan or the mock is given; a longer one is a slip of the keyboard. */
const MAX_WINDOW_MS = 86_400_000;

/** The example profile and the profile format's README, found from this file: they ship in the package. */
const EXAMPLE_PROFILE = fileURLToPath(new URL('../load/capacity/profile.example.json', import.meta.url));
const PROFILE_README = fileURLToPath(new URL('../load/capacity/README.md', import.meta.url));
/** What `--profile` takes to name the example profile. */
const EXAMPLE = 'example';

/** A file of the package as the help shows it: from the current folder when it is below it, else in full. */
function shown(file: string): string {
  const below = relative(process.cwd(), file);
  return below !== '' && !below.startsWith('..') && !isAbsolute(below) ? below : file;
}

/** The file `--profile` names: `example` is the package's example profile; anything else a path. */
function profileFile(given: string): string {
  return given === EXAMPLE ? EXAMPLE_PROFILE : given;
}

const HELP = `Usage: ${toolCommand('capacity', '--contacts N --profile FILE [options]')}

Plans an outbound campaign against the API's budgets: the requests each surface needs for N contacts
(from the profile, see ${shown(PROFILE_README)}), the minimum wall time on the core API and the
Dialer at the share of each budget the integration may use (60 requests per window per company
each; they run in parallel, the slower one sets the pace), what batch operations would save, and
GO or NO-GO against a deadline. Writes reports/capacity.json and reports/capacity.html.

Options:
  --contacts N         contacts in the campaign, a whole number, 0 or more (required)
  --profile FILE       what a campaign costs in requests (required); \`--profile ${EXAMPLE}\` uses the
                       example that ships with the tool, ${shown(EXAMPLE_PROFILE)}
                       (copy it to start your own; ./${EXAMPLE} names a file called ${EXAMPLE})
  --core-share F       share of the company's core budget the campaign may use, above 0 and at most 1
                       (default ${DEFAULT_SHARE}: the budget is per company, so half is left to its other
                       integrations and to retries)
  --dialer-share F     the same for the Dialer budget (default ${DEFAULT_SHARE})
  --deadline D         when the campaign must be done: a duration from now, more than 0 (8h, 90m,
                       1h30m; units d, h, m, s), or an ISO 8601 date-time with a zone, later than now
                       (2026-09-10T18:00:00Z); a deadline of now or in the past is refused, since it
                       leaves the campaign no time; without one the verdict is GO and says how long
                       the campaign needs
  --window-ms N        the budget window in ms, 1 to ${MAX_WINDOW_MS} (default: the target's CC_RATE_WINDOW_MS
                       when a target is configured, else the spec's minute, 60000)
  --probe              also run a short paced load at the shares against the target, or the bundled
                       mock when no CC_* target variable is set, and state the plan on measured
                       latency, 429s and errors; a 429 at the share turns the verdict to NO-GO
  --probe-windows N    how many windows the probe runs, 1 to ${MAX_PROBE_WINDOWS} (default ${DEFAULT_PROBE_WINDOWS}; with --probe only)
  --reports DIR        where reports go (default: reports); made if missing, checked before the plan prints
  --mock-window-ms N   rate window of the bundled mock the probe runs against, ${MIN_MOCK_WINDOW_MS} to ${MAX_WINDOW_MS} ms
                       (default ${DEFAULT_MOCK_WINDOW_MS}; with --probe and no target only); the plan stays at the
                       spec's minute (or --window-ms)
  --baseline FILE      what the company's other integrations already send: a HAR 1.2 capture, or a
                       report of the observe command (traffic.budgetUse); the plan takes the baseline's
                       p95 per window off each share, and shows its median, p95 and peak beside it
  --company HASH       the company of the baseline to plan for (default: the one with the most requests)
  --agents N           agents taking the campaign's calls, a whole number, 1 or more; with staffing the
                       verdict answers "N contacts in H hours with A agents" and names the binding bound
  --handle-time D      how long a call holds an agent (5m, 4m30s, 90s)
  --calls-per-agent-hour N
                       answered calls an agent takes an hour (instead of --handle-time)
  --answer-share F     share of contacts whose call is answered, above 0 and at most 1 (default 1)
  --hours H            the campaign's working hours, above 0 (default: until --deadline)
                       The profile may hold all five under "staffing"; options override it field by field.
  --help

Against a live target the probe spends the given share of the company's core and Dialer budgets
for its windows (printed before it starts); a probe at a share of 1 takes a whole budget and needs
budget in CC_EFFECTS. It only reads (GET /countries/index.json, GET /dialer/campaigns?limit=1).
Ctrl-C during the probe stops it, waits up to ${ABORT_GRACE_MS / 1000} s for answers in flight, writes the reports
marked interrupted and exits 130; a second Ctrl-C (a second or more later) exits at once.

Every bad option is one line on stderr and exit code 2, before the plan is printed or anything is sent.

Exit codes: 0 GO; 1 NO-GO; 2 bad input or configuration, or the harness could not run; 130 interrupted
(both reports written with what was measured, the page headed INTERRUPTED with the verdict so far).`;

const progress = new ProgressLine(process.stderr);
const out = new CommandOutput('cc-capacity', () => progress.restore());
const { say, scrub } = out;
// Annotated, so the compiler knows a call ends the command.
const fail: (message: string, code?: number) => never = out.fail;

const VALUE_OPTIONS = [
  'contacts',
  'profile',
  'core-share',
  'dialer-share',
  'deadline',
  'window-ms',
  'probe-windows',
  'reports',
  'mock-window-ms',
  'baseline',
  'company',
  'agents',
  'handle-time',
  'calls-per-agent-hour',
  'answer-share',
  'hours',
] as const;
const FLAG_OPTIONS = ['probe', 'help'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
type FlagOption = (typeof FLAG_OPTIONS)[number];

interface CommandLine {
  readonly values: Partial<Record<ValueOption, string>>;
  readonly flags: ReadonlySet<FlagOption>;
}

const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);
const isFlagOption = (name: string): name is FlagOption => (FLAG_OPTIONS as readonly string[]).includes(name);

/**
 * The command line, read token by token so that every mistake is this command's own one line. Strict
 * parseArgs refuses `--contacts -5` as an "ambiguous" value over three lines before --contacts can say
 * what it accepts; here a value may start with one dash (the option's own check then refuses it by
 * name), while one starting with two is the next option, so the value before it is missing.
 */
function readCommandLine(argv: readonly string[]): CommandLine {
  const options = Object.fromEntries([
    ...VALUE_OPTIONS.map((name) => [name, { type: 'string' }]),
    ...FLAG_OPTIONS.map((name) => [name, { type: 'boolean' }]),
  ]) as Record<ValueOption | FlagOption, { type: 'string' } | { type: 'boolean' }>;
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const values: Partial<Record<ValueOption, string>> = {};
  const flags = new Set<FlagOption>();
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind === 'positional')
      fail(`unexpected argument ${JSON.stringify(token.value)}: every value follows its option, as in --contacts 10000 (see --help)`);
    if (token.kind !== 'option') continue;
    const { name, rawName, value } = token;
    if (!isValueOption(name) && !isFlagOption(name)) fail(`unknown option ${rawName} (see --help)`);
    if (seen.has(name)) fail(`--${name}: given more than once`);
    seen.add(name);
    if (isFlagOption(name)) {
      if (value !== undefined) fail(`--${name}: takes no value, got ${JSON.stringify(value)}`);
      flags.add(name);
      continue;
    }
    if (value === undefined || (!token.inlineValue && value.startsWith('--'))) fail(`--${name}: needs a value (see --help)`);
    if (value.trim() === '') fail(`--${name}: needs a value, got an empty one (see --help)`);
    values[name] = value;
  }
  return { values, flags };
}

function wholeNumber(option: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) fail(`${option}: must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function share(option: string, raw: string): number {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw)) fail(`${option}: must be a number above 0 and at most 1, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function positive(option: string, raw: string): number {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw) || Number(raw) <= 0) fail(`${option}: must be a number above 0, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** The staffing options as given; their values are checked with the profile's (resolveStaffing). */
function staffingFlags(args: Partial<Record<ValueOption, string>>): StaffingInput {
  const out: { -readonly [K in keyof StaffingInput]: StaffingInput[K] } = {};
  if (args.agents !== undefined) out.agents = wholeNumber('--agents', args.agents, 1);
  if (args['handle-time'] !== undefined) out.handleTime = args['handle-time'];
  if (args['calls-per-agent-hour'] !== undefined) out.callsPerAgentHour = positive('--calls-per-agent-hour', args['calls-per-agent-hour']);
  if (args['answer-share'] !== undefined) out.answerShare = share('--answer-share', args['answer-share']);
  if (args.hours !== undefined) out.hours = positive('--hours', args.hours);
  return out;
}

const OPTION_OF_STAFFING: Readonly<Record<keyof StaffingInput, ValueOption>> = {
  agents: 'agents',
  handleTime: 'handle-time',
  callsPerAgentHour: 'calls-per-agent-hour',
  answerShare: 'answer-share',
  hours: 'hours',
};

/** Staffing from the profile and the options; an error names the option, or the profile's field when no option gave it. */
function readStaffing(profile: CapacityProfile, profileShown: string, flags: StaffingInput): { staffing: Staffing | null; hours: number | null } {
  try {
    return resolveStaffing(profile.staffing, flags);
  } catch (err) {
    if (!(err instanceof StaffingError)) throw err;
    if (flags[err.field] !== undefined) fail(`--${OPTION_OF_STAFFING[err.field]}: ${err.message}`);
    if (profile.staffing?.[err.field] !== undefined) fail(`--profile: ${profileShown}: staffing.${err.field}: ${err.message}`);
    return fail(`--${OPTION_OF_STAFFING[err.field]}: ${err.message}`);
  }
}

/** The baseline file, read or measured in the plan's window; a HAR needs the target's addresses to place its requests. */
async function readBaseline(
  file: string,
  windowMs: number,
  company: string | undefined,
  target: Target | undefined,
  settingsSalt: string | undefined,
): Promise<Baseline> {
  try {
    const found = baselineKind(file);
    if (found.kind === 'report')
      return baselineOf(measuredUseOf(found.doc, file), { file, kind: 'report', windowMs, ...(company !== undefined ? { company } : {}) });
    if (!target)
      fail(
        `--baseline: ${file} is a HAR capture; telling its core requests from its Dialer requests needs the target's addresses (CC_BASE_URL and CC_AI_URL, as a run reads them)`,
      );
    const use = await measureHar(file, target, windowMs, settingsSalt);
    return baselineOf(use, { file, kind: 'har', windowMs, ...(company !== undefined ? { company } : {}) });
  } catch (err) {
    if (err instanceof BaselineError) fail(err.message.startsWith('--company') ? err.message : `--baseline: ${err.message}`);
    throw err;
  }
}

const OPTION_OF_FIELD: Readonly<Record<CapacityInputError['field'], string>> = {
  contacts: '--contacts',
  'shares.core': '--core-share',
  'shares.dialer': '--dialer-share',
  windowMs: '--window-ms',
  deadline: '--deadline',
  now: '--deadline',
};

function readProfile(file: string): CapacityProfile {
  try {
    return readCapacityProfile(file);
  } catch (err) {
    if (err instanceof ProfileError) fail(`--profile: ${err.message}`);
    throw err;
  }
}

interface PlanOptions {
  readonly contacts: number;
  readonly profile: CapacityProfile;
  readonly shares: { core: number; dialer: number };
  readonly windowMs: number;
  readonly deadline?: string;
  readonly now: Date;
  readonly baseline?: Baseline;
}

function makePlan(options: PlanOptions): CapacityPlan {
  try {
    const { baseline, ...rest } = options;
    return planCampaign({ ...rest, ...(baseline ? { baseline: baselineFigures(baseline) } : {}) });
  } catch (err) {
    if (err instanceof CapacityInputError) fail(`${OPTION_OF_FIELD[err.field]}: ${err.message}`);
    throw err;
  }
}

/** A share of 1 takes a whole budget of a live account; the company's other integrations would get 429. */
function refuseWholeBudget(target: Target, takesWhole: boolean): void {
  if (!takesWhole || target.bundledMock || target.effects.has('budget')) return;
  fail(
    '--probe at a share of 1 takes a whole budget of the company, so its other integrations would get 429 meanwhile; add budget to CC_EFFECTS to allow it, or probe at a lower share',
  );
}

/**
 * The reports' folder, made and checked before anything runs: a probe must not spend a live
 * company's budget for reports that cannot then be written.
 */
function checkReportsDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    let isFile = false;
    try {
      isFile = !statSync(dir).isDirectory();
    } catch {
      // Nothing there, or nothing readable: the error code below says which.
    }
    if (isFile) fail(`--reports: ${dir} is a file, not a folder`);
    fail(`--reports: cannot write reports to ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

function writeReports(doc: CapacityDocument, dir: string): WrittenCapacityReports {
  try {
    return writeCapacityReports(doc, dir, scrub);
  } catch (err) {
    return fail(`--reports: cannot write reports to ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

async function main(): Promise<number> {
  const { values: args, flags } = readCommandLine(process.argv.slice(2));
  if (flags.has('help')) {
    say(HELP);
    return CAPACITY_EXIT.go;
  }
  const probe = flags.has('probe');
  if (args.contacts === undefined) fail('--contacts: required (see --help)');
  if (args.profile === undefined) fail(`--profile: required, e.g. --profile ${EXAMPLE} (see --help)`);
  const contacts = wholeNumber('--contacts', args.contacts, 0);
  const shares = { core: share('--core-share', args['core-share'] ?? DEFAULT_SHARE), dialer: share('--dialer-share', args['dialer-share'] ?? DEFAULT_SHARE) };
  if (!probe && (args['probe-windows'] !== undefined || args['mock-window-ms'] !== undefined))
    fail('--probe-windows and --mock-window-ms apply only with --probe');
  const probeWindows = wholeNumber('--probe-windows', args['probe-windows'] ?? DEFAULT_PROBE_WINDOWS, 1, MAX_PROBE_WINDOWS);
  const mockWindowMs = String(wholeNumber('--mock-window-ms', args['mock-window-ms'] ?? DEFAULT_MOCK_WINDOW_MS, MIN_MOCK_WINDOW_MS, MAX_WINDOW_MS));
  const givenWindowMs = args['window-ms'] === undefined ? undefined : wholeNumber('--window-ms', args['window-ms'], 1, MAX_WINDOW_MS);
  const reportsDir = args.reports ?? 'reports';
  const profilePath = profileFile(args.profile);
  const profile = readProfile(profilePath);
  // The plan and the reports name the file read: the example's own path, where `example` was given.
  const profileShown = profilePath === args.profile ? args.profile : shown(profilePath);
  const { staffing, hours } = readStaffing(profile, profileShown, staffingFlags(args));
  if (args.company !== undefined && args.baseline === undefined) fail('--company: applies only with --baseline');

  let settings = commandSettings(process.env, out.warn);
  const bundled = namesNoTarget(settings);
  if (!bundled && args['mock-window-ms'] !== undefined) fail('--mock-window-ms applies only to the bundled mock, and a target is configured');
  // Only the probe sends: a plan, with or without a baseline to place, needs the target's addresses and window alone.
  let target = bundled ? undefined : flags.has('probe') ? targetFromSettings(settings, process.cwd(), false) : trafficTarget(settings);
  if (target) {
    out.redactFor(target);
  }

  // The plan is for the live campaign: the bundled mock's short window is a test convenience, never the plan's.
  const windowMs = givenWindowMs ?? target?.rateWindowMs ?? SPEC_WINDOW_MS;
  const windowFrom = givenWindowMs !== undefined ? 'set by --window-ms' : target ? "the target's rate window, CC_RATE_WINDOW_MS" : "the spec's minute";
  const now = new Date();
  const baseline = args.baseline === undefined ? undefined : await readBaseline(args.baseline, windowMs, args.company, target, settings.CC_TRAFFIC_SALT);
  const plan = makePlan({
    contacts,
    profile,
    shares,
    windowMs,
    ...(args.deadline !== undefined ? { deadline: args.deadline } : {}),
    now,
    ...(baseline ? { baseline } : {}),
  });
  if (hours !== null && plan.deadline && hours * 3_600_000 > plan.deadline.availableMs)
    fail(`--hours: ${hours} h do not fit before the deadline, ${formatDuration(plan.deadline.availableMs)} from now`);
  const workingTime =
    hours !== null
      ? { ms: Math.round(hours * 3_600_000), from: 'hours' as const }
      : plan.deadline
        ? { ms: plan.deadline.availableMs, from: 'deadline' as const }
        : null;
  const staffed = staffing ? staffedPlan(plan, staffing, workingTime) : null;
  const extra = { baseline: baseline ?? null, staffing: staffed };
  // Refused before any output; the bundled mock's budgets are nobody's, so only a live target refuses.
  const scenario = probe ? probeScenario(plan, probeWindows) : undefined;
  if (scenario && target) refuseWholeBudget(target, probeTakesWholeBudget(scenario));
  checkReportsDir(reportsDir);
  say(renderPlanText(plan, { profileFile: profileShown, windowFrom, scope: scopeLine(extra.baseline, staffed) }));
  if (baseline) say(`\n${renderBaselineText(baseline, plan)}`);
  if (staffed) say(`\n${renderStaffingText(staffed, plan)}`);

  if (!scenario) {
    const doc = capacityDocument({ plan, plannedAt: now, profileFile: profileShown, windowFrom, probe: null, ...extra });
    const written = writeReports(doc, reportsDir);
    say('');
    say(renderVerdictText(doc));
    say(`reports: ${written.json}, ${written.html}`);
    return capacityOutcome(doc).exitCode;
  }

  // Signals count from here: a Ctrl-C while the mock starts still ends the run cleanly.
  const stop = onInterrupt({
    exitCode: CAPACITY_EXIT.interrupted,
    onFirst: () => progress.note(`stopping: waiting up to ${ABORT_GRACE_MS / 1000} s for answers in flight (again to quit now)`),
    onQuit: () => progress.restore(),
  });

  let mock: RunningMock | undefined;
  if (bundled) {
    mock = await startBundledMock({ windowMs: mockWindowMs });
    warnReplacedByMock(settings, out.warn);
    settings = { ...settings, ...mock.env };
    target = targetFromSettings(settings, process.cwd(), true);
    out.redactFor(target);
  }
  try {
    const probeTarget = target as Target;
    prepareStreams(scenario, probeTarget);
    say('');
    say(`cc-capacity: ${probeNotice(scenario, probeTarget)}`);
    const report = await runCapacityProbe({ scenario, target: probeTarget, signal: stop, onProgress: (p) => progress.update(p) });
    progress.finish();
    const findings = probeFindings(plan, report);
    const doc = capacityDocument({ plan, plannedAt: now, profileFile: profileShown, windowFrom, probe: { findings, report }, ...extra });
    const written = writeReports(doc, reportsDir);
    say('');
    say(renderFindingsText(findings));
    say('');
    say(renderVerdictText(doc));
    say(`reports: ${written.json}, ${written.html}`);
    return capacityOutcome(doc).exitCode;
  } finally {
    await mock?.close();
  }
}

out.exitWith(main);
