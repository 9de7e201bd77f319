import { parseArgs } from 'node:util';
import { namesNoTarget, targetFromSettings } from '../lib/config/load.js';
import type { Target } from '../lib/config/target.js';
import type { RunningMock } from '../mock/start.js';
import { capacityDocument } from '../load/capacity/document.ts';
import { writeCapacityReports } from '../load/capacity/files.ts';
import { probeFindings } from '../load/capacity/findings.ts';
import { CapacityInputError, type CapacityPlan, planCampaign, SPEC_WINDOW_MS } from '../load/capacity/plan.ts';
import { probeNotice, probeScenario, probeTakesWholeBudget, runCapacityProbe } from '../load/capacity/probe.ts';
import { type CapacityProfile, ProfileError, readCapacityProfile } from '../load/capacity/profile.ts';
import { renderFindingsText, renderPlanText, renderVerdictText } from '../load/capacity/render-text.ts';
import { ProgressLine } from '../load/node/progress.js';
import { ABORT_GRACE_MS } from '../load/node/run.js';
import { prepareStreams } from '../load/node/streams.js';
import { startBundledMock } from './bundled-mock.js';
import { onInterrupt } from './interrupt.js';
import { CommandOutput } from './output.js';
import { commandSettings, warnReplacedByMock } from './settings.js';

const DEFAULT_SHARE = '0.5';
const DEFAULT_PROBE_WINDOWS = '2';
const MAX_PROBE_WINDOWS = 60;

const HELP = `Usage: npm run capacity -- --contacts N --profile FILE [options]

Plans an outbound campaign against the API's budgets: the requests each surface needs for N contacts
(from the profile, see load/capacity/README.md), the minimum wall time on the core API and the
Dialer at the share of each budget the integration may use (60 requests per window per company
each; they run in parallel, the slower one sets the pace), what batch operations would save, and
GO or NO-GO against a deadline. Writes reports/capacity.json and reports/capacity.html.

Options:
  --contacts N         contacts in the campaign (required)
  --profile FILE       what a campaign costs in requests (required); example:
                       load/capacity/profile.example.json
  --core-share F       share of the company's core budget the campaign may use, above 0 and at most 1
                       (default ${DEFAULT_SHARE}: the budget is per company, so half is left to its other
                       integrations and to retries)
  --dialer-share F     the same for the Dialer budget (default ${DEFAULT_SHARE})
  --deadline D         when the campaign must be done: a duration from now (8h, 90m, 1h30m) or an
                       ISO 8601 date-time with a zone (2026-09-10T18:00:00Z); without one the verdict
                       is GO and says how long the campaign needs
  --window-ms N        the budget window in ms (default: the target's CC_RATE_WINDOW_MS when a
                       target is configured, else the spec's minute, 60000)
  --probe              also run a short paced load at the shares against the target, or the bundled
                       mock when no CC_* target variable is set, and state the plan on measured
                       latency, 429s and errors; a 429 at the share turns the verdict to NO-GO
  --probe-windows N    how many windows the probe runs (default ${DEFAULT_PROBE_WINDOWS}, at most ${MAX_PROBE_WINDOWS})
  --reports DIR        where reports go (default: reports)
  --mock-window-ms N   rate window of the bundled mock the probe runs against (default 1000); the plan
                       stays at the spec's minute (or --window-ms)
  --help

Against a live target the probe spends the given share of the company's core and Dialer budgets
for its windows (printed before it starts); a probe at a share of 1 takes a whole budget and needs
budget in CC_EFFECTS. It only reads (GET /countries/index.json, GET /dialer/campaigns?limit=1).
Ctrl-C during the probe stops it, waits up to ${ABORT_GRACE_MS / 1000} s for answers in flight, writes the reports
marked interrupted and exits 130; a second Ctrl-C (a second or more later) exits at once.

Exit codes: 0 GO; 1 NO-GO; 2 bad input or configuration, or the harness could not run; 130 interrupted.`;

const EXIT = { go: 0, noGo: 1, harness: 2, interrupted: 130 } as const;

const progress = new ProgressLine(process.stderr);
const out = new CommandOutput('cc-capacity', () => progress.restore());
const { say, scrub } = out;
// Annotated, so the compiler knows a call ends the command.
const fail: (message: string, code?: number) => never = out.fail;



function wholeNumber(option: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) fail(`${option}: must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function share(option: string, raw: string): number {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw)) fail(`${option}: must be a number above 0 and at most 1, got ${JSON.stringify(raw)}`);
  return Number(raw);
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
}

function makePlan(options: PlanOptions): CapacityPlan {
  try {
    return planCampaign(options);
  } catch (err) {
    if (err instanceof CapacityInputError) fail(`${OPTION_OF_FIELD[err.field]}: ${err.message}`);
    throw err;
  }
}

/** A share of 1 takes a whole budget of a live account; the company's other integrations would get 429. */
function refuseWholeBudget(target: Target, takesWhole: boolean): void {
  if (!takesWhole || target.bundledMock || target.effects.has('budget')) return;
  fail("--probe at a share of 1 takes a whole budget of the company, so its other integrations would get 429 meanwhile; add budget to CC_EFFECTS to allow it, or probe at a lower share");
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        contacts: { type: 'string' },
        profile: { type: 'string' },
        'core-share': { type: 'string', default: DEFAULT_SHARE },
        'dialer-share': { type: 'string', default: DEFAULT_SHARE },
        deadline: { type: 'string' },
        'window-ms': { type: 'string' },
        probe: { type: 'boolean', default: false },
        'probe-windows': { type: 'string' },
        reports: { type: 'string', default: 'reports' },
        'mock-window-ms': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    fail(`${(err as Error).message} (see --help)`);
  }
  if (args.help) {
    say(HELP);
    return EXIT.go;
  }
  if (args.contacts === undefined) fail('--contacts: required (see --help)');
  if (args.profile === undefined) fail('--profile: required, e.g. load/capacity/profile.example.json (see --help)');
  const contacts = wholeNumber('--contacts', args.contacts, 0);
  const shares = { core: share('--core-share', args['core-share']), dialer: share('--dialer-share', args['dialer-share']) };
  if (!args.probe && (args['probe-windows'] !== undefined || args['mock-window-ms'] !== undefined)) fail('--probe-windows and --mock-window-ms apply only with --probe');
  const probeWindows = wholeNumber('--probe-windows', args['probe-windows'] ?? DEFAULT_PROBE_WINDOWS, 1, MAX_PROBE_WINDOWS);
  const profile = readProfile(args.profile);

  let settings = commandSettings(process.env, out.warn);
  const bundled = namesNoTarget(settings);
  if (!bundled && args['mock-window-ms'] !== undefined) fail('--mock-window-ms applies only to the bundled mock, and a target is configured');
  let target = bundled ? undefined : targetFromSettings(settings, process.cwd(), false);
  if (target) {
    out.redactFor(target);
  }

  // The plan is for the live campaign: the bundled mock's short window is a test convenience, never the plan's.
  const windowMs = args['window-ms'] !== undefined ? wholeNumber('--window-ms', args['window-ms'], 1, 86_400_000) : (target?.rateWindowMs ?? SPEC_WINDOW_MS);
  const windowFrom = args['window-ms'] !== undefined ? 'set by --window-ms' : target ? "the target's rate window, CC_RATE_WINDOW_MS" : "the spec's minute";
  const now = new Date();
  const plan = makePlan({ contacts, profile, shares, windowMs, ...(args.deadline !== undefined ? { deadline: args.deadline } : {}), now });
  say(renderPlanText(plan, { profileFile: args.profile, windowFrom }));

  if (!args.probe) {
    const doc = capacityDocument({ plan, plannedAt: now, profileFile: args.profile, windowFrom, probe: null });
    const written = writeCapacityReports(doc, args.reports, scrub);
    say('');
    say(renderVerdictText(doc));
    say(`reports: ${written.json}, ${written.html}`);
    return doc.verdict.go ? EXIT.go : EXIT.noGo;
  }

  // Signals count from here: a Ctrl-C while the mock starts still ends the run cleanly.
  const stop = onInterrupt({
    exitCode: EXIT.interrupted,
    onFirst: () => progress.note(`stopping: waiting up to ${ABORT_GRACE_MS / 1000} s for answers in flight (again to quit now)`),
    onQuit: () => progress.restore(),
  });

  let mock: RunningMock | undefined;
  if (bundled) {
    mock = await startBundledMock({ windowMs: args['mock-window-ms'] ?? '1000' });
    warnReplacedByMock(settings, out.warn);
    settings = { ...settings, ...mock.env };
    target = targetFromSettings(settings, process.cwd(), true);
    out.redactFor(target);
  }
  try {
    const probeTarget = target as Target;
    const scenario = probeScenario(plan, probeWindows);
    refuseWholeBudget(probeTarget, probeTakesWholeBudget(scenario));
    prepareStreams(scenario, probeTarget);
    say('');
    say(`cc-capacity: ${probeNotice(scenario, probeTarget)}`);
    const report = await runCapacityProbe({ scenario, target: probeTarget, signal: stop, onProgress: (p) => progress.update(p) });
    progress.finish();
    const findings = probeFindings(plan, report);
    const doc = capacityDocument({ plan, plannedAt: now, profileFile: args.profile, windowFrom, probe: { findings, report } });
    const written = writeCapacityReports(doc, args.reports, scrub);
    say('');
    say(renderFindingsText(findings));
    say('');
    say(renderVerdictText(doc));
    say(`reports: ${written.json}, ${written.html}`);
    if (doc.interrupted) return EXIT.interrupted;
    return doc.verdict.go ? EXIT.go : EXIT.noGo;
  } finally {
    await mock?.close();
  }
}

out.exitWith(main);
