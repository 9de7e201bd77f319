import { sequencesOf } from '../lib/checks/define.ts';
import { LANE_MEANING } from '../lib/checks/lanes.ts';
import { REPLAY_SHRINK_REQUESTS } from '../lib/config/target.ts';
import { BUDGET_PER_WINDOW, isMetered, type ApiPart } from '../lib/contract/vocabulary.ts';
import { roughly } from '../reporters/progress.ts';
import type { Scope } from '../lib/expectations/scope.ts';
import type { RunPlan } from './run-plan.ts';

/**
 * Why the budget checks take the windows they take, for `--plan --verbose`: each step needs a window the
 * one before has left, so none can share one.
 */
export const BUDGET_WINDOWS_WHY =
  'its windows, one after another: a quiet window, so the trial counts from a fresh one; the sequential trial to its first 429, ' +
  "through the server's reopening to the next 429 (up to two); a window with none of the run's requests, for the core's burst; " +
  "and the Dialer's burst a window after the core's, so that each budget is seen spent while the other still has room";

/** `n things`, in the singular for one. */
const counted = (n: number, thing: string): string => `${n} ${thing}${n === 1 ? '' : 's'}`;

/** What the line above the plan says of the target and the run. */
export interface RunHeader {
  /** The core API's address, or `bundled mock`. */
  readonly target: string;
  readonly hosts: readonly string[];
  readonly keyPairs: readonly string[];
  readonly rateWindowMs: number;
  /** The Dialer release the target is expected to be. */
  readonly release: string;
  readonly seed: number;
  /** The bundled mock, when it is the target: what it plays, how it counts its budgets' minute, its dialect and faults. */
  readonly mock?: { readonly plays: string; readonly rateAlgorithm: string; readonly dialect: string; readonly faults: readonly string[] };
}

/** The header in full, as `--plan` and `--verbose` print it. */
export function headerText(h: RunHeader): string {
  const mock = h.mock ? ` (mock plays ${h.mock.plays}, counts its budgets' minute as ${h.mock.rateAlgorithm}, dialect ${h.mock.dialect})` : '';
  const faults = h.mock && h.mock.faults.length > 0 ? `, mock faults: ${h.mock.faults.join(', ')}` : '';
  return (
    `cc-conformance: target ${h.target} (${h.hosts.join(', ')}), key pairs: ${h.keyPairs.join(', ')}, rate window ${h.rateWindowMs} ms, ` +
    `Dialer release ${h.release}${mock}, seed ${h.seed}${faults}`
  );
}

/**
 * The header of a run: where it goes, the release it expects and its seed. Of the bundled mock, only what
 * differs from its defaults (fixed minute, reference dialect, the expected release), and its window, which a
 * run may widen.
 */
export function shortHeaderText(h: RunHeader): string {
  if (!h.mock) return `cc-conformance: target ${h.target} (${h.hosts.join(', ')}), Dialer release ${h.release}, seed ${h.seed}`;
  const { plays, rateAlgorithm, dialect, faults } = h.mock;
  const differs = [
    plays !== h.release ? `mock plays ${plays}` : '',
    rateAlgorithm !== 'fixed' ? `minute counted as ${rateAlgorithm}` : '',
    dialect !== 'reference' ? `dialect ${dialect}` : '',
    faults.length > 0 ? `mock faults: ${faults.join(', ')}` : '',
  ].filter((part) => part !== '');
  return `cc-conformance: target bundled mock, rate window ${h.rateWindowMs} ms, Dialer release ${h.release}, seed ${h.seed}${differs.map((d) => `, ${d}`).join('')}`;
}

/** The budgets as a run names them: the Dialer as itself, the hosts without a stated budget together. */
const BUDGET_NAME: Readonly<Record<ApiPart, string>> = {
  core: 'core',
  dialer: 'Dialer',
  analytics: 'other hosts',
  ai: 'other hosts',
  cuecard: 'other hosts',
};

/** `core 209, Dialer 196, other hosts 193`: the most requests on each budget, the hosts without one added up. */
function requestsPerBudget(plan: RunPlan): string {
  const by = new Map<string, number>();
  for (const m of plan.meters) if (m.requests > 0) by.set(BUDGET_NAME[m.meter], (by.get(BUDGET_NAME[m.meter]) ?? 0) + m.requests);
  return [...by].map(([name, n]) => `${name} ${n}`).join(', ');
}

/** What an expectations file does to the run, in one line. */
export function shortScopeText(scope: Scope): string {
  const n = scope.unknown.length;
  const unknown = n > 0 ? `; ${n} ${n === 1 ? 'entry names' : 'entries name'} what the catalogue lacks (exit 4)` : '';
  return `expectations ${scope.file}: ${scope.outOfScope.size} rules out of scope (${scope.checksNotRun.length} checks not run), ${scope.expectedToFail.size} expected to fail${unknown}`;
}

/**
 * The plan as a run prints it by default, a few short lines: the checks and how long they take, the requests
 * per budget and the share, what the run leaves and skips, and the command that prints the whole plan.
 * Against the bundled mock, which stops with the run and is no one's budget, one line.
 */
export function shortPlanText(plan: RunPlan, options: { readonly live: boolean; readonly wholePlan: string; readonly scope?: Scope }): string[] {
  const checks = counted(plan.checksRun, 'check');
  const requests = requestsPerBudget(plan);
  const skipped = plan.checksSkipped;
  const scope = options.scope ? [shortScopeText(options.scope)] : [];
  if (!options.live) {
    const parts = [
      `plan: ${checks}, about ${roughly(plan.totalMs)}`,
      ...(requests ? [`requests at most: ${requests}`] : []),
      ...(skipped > 0 ? [`${counted(skipped, 'check')} skipped`] : []),
      `the whole plan: ${options.wholePlan}`,
    ];
    return [...scope, parts.join('; ')];
  }
  const budget = plan.budget?.runs
    ? `; last, the budget check spends both budgets: other integrations get 429 for about ${roughly(plan.budget.blockedMs)}`
    : '';
  const { pace } = plan;
  const leaves = [
    ...(plan.campaignsLeft > 0 ? [`leaves at most ${counted(plan.campaignsLeft, 'Dialer campaign')}, deleted but kept by the API`] : []),
    ...(skipped > 0 ? [`${counted(skipped, 'check')} skipped, each for want of a setting`] : []),
  ];
  return [
    `plan: ${checks} in about ${roughly(plan.totalMs)} besides response times${budget}`,
    `${requests ? `requests at most: ${requests}; ` : ''}share ${plan.share} of each budget, ${pace.perWindow} per ${roughly(pace.windowMs)} window (CC_BUDGET_SHARE)`,
    ...(leaves.length > 0 ? [leaves.join('; ')] : []),
    ...scope,
    `the whole plan: ${options.wholePlan} (with this run's options), or --verbose in a run`,
  ];
}

/** The plan as lines of text, printed before a run sends anything and by `--plan`. */
export function planText(plan: RunPlan, options: { readonly live: boolean; readonly verbose?: boolean }): string[] {
  const { pace } = plan;
  const lines = [
    `plan: ${plan.checksRun} checks, paced at ${pace.perWindow} requests per ${roughly(pace.windowMs)} window on each budget (share ${plan.share} of 60${plan.share === 1 ? ', less a margin of 2' : ''}; CC_BUDGET_SHARE)`,
  ];
  for (const lane of plan.lanes) {
    const { stateful } = lane;
    const apart =
      stateful.checks > 0
        ? `; its ${counted(stateful.checks, 'stateful check')} ${stateful.requests} of them, about ${roughly(stateful.ms)}, the rest ${stateful.rest}`
        : '';
    lines.push(
      `  lane ${lane.lane} (${LANE_MEANING[lane.lane]}): ${lane.checks.length} checks, at most ${lane.requests} requests, paced over about ${roughly(lane.ms)}${apart}`,
    );
    if (options.verbose && lane.costliest.length > 0)
      lines.push(
        `    the ${lane.costliest.length} largest allowances${stateful.checks > 0 ? ' besides the stateful checks' : ''} (in brackets: of each, the requests that make records the lane's checks share, counted once in the lane's total): ${lane.costliest.map((c) => `${c.check} ${c.requests}${c.shared > 0 ? ` (${c.shared} shared)` : ''}`).join(', ')}`,
      );
  }
  lines.push(
    `  the lanes side by side: about ${roughly(plan.lanesMs)}${plan.budget?.runs ? `, then the budget checks: ${roughly(plan.budget.ms)}` : ''}; in all about ${roughly(plan.totalMs)} besides the target's response time`,
  );
  lines.push('requests per budget (allowances, cleanup included; a check counts on the hosts it declares, the rest on its own):');
  for (const m of plan.meters) {
    if (m.requests === 0) continue;
    lines.push(
      `  ${m.meter}: at most ${m.requests}, ${isMetered(m.meter) ? `budget ${BUDGET_PER_WINDOW} per window per company` : 'no budget stated, paced alike'}`,
    );
  }
  const { batched, fuzz } = plan;
  if (batched.records > 0)
    lines.push(
      `deleted at the lanes' end: up to ${counted(batched.records, 'record')} the checks made, ${batched.what.join('; ')}, in ${counted(batched.requests, 'request')} (counted above); a target that refuses them gets one delete each, up to ${batched.records} more`,
    );
  for (const together of plan.madeTogether)
    lines.push(
      `made together (counted above): ${together.words.what(counted(together.sharers, 'check'))}; ${together.words.ifRefused}, up to ${together.requests} more`,
    );
  if (fuzz.checks > 0)
    lines.push(
      fuzz.cap === undefined
        ? `fuzzing: ${fuzz.checks} checks send their exact boundaries and ${fuzz.stated} samples and random values in all, each check all it states (CC_FUZZ_RANDOM=all)`
        : fuzz.cap === 0
          ? `fuzzing: ${fuzz.checks} checks send their exact boundaries only, none of the ${fuzz.stated} samples and random values they state (CC_FUZZ_RANDOM=0)`
          : fuzz.perLane === undefined
            ? `fuzzing: ${fuzz.checks} checks send their exact boundaries and at most ${fuzz.cap} more value${fuzz.cap === 1 ? '' : 's'} each, drawn among their samples and random values, ${fuzz.drawn} in all of the ${fuzz.stated} they state (CC_FUZZ_RANDOM); the run seed picks them, so each run tries others`
            : `fuzzing: ${fuzz.checks} checks send their exact boundaries; ${fuzz.perLane} of each lane's (CC_FUZZ_CHECKS) send at most ${fuzz.cap} more value${fuzz.cap === 1 ? '' : 's'} each, drawn among their samples and random values (CC_FUZZ_RANDOM), ${fuzz.drawn} in all of the ${fuzz.stated} the checks state; the run seed picks the checks and the values, so each run tries others`,
    );
  const { stateful } = plan;
  if (stateful.checks.length > 0) {
    const { shrinkRequests } = stateful.sequences;
    lines.push(
      `stateful sequences (CC_SEQUENCES), counted above: ${stateful.checks.map((c) => `${c.check} ${sequencesOf(c.count, 'random ')} of at most ${c.steps} steps${stateful.sequences.stepRequests !== undefined ? ` and ${c.stepRequests} requests` : ''}, at most ${c.requests} requests`).join('; ')}; ${
        stateful.perLane === undefined
          ? ''
          : `${stateful.perLane} of each lane's stateful checks with closing steps (CC_SEQUENCE_CHECKS) draws the random steps, the others run their closing steps alone, which judge each of their rules; the run seed picks the check, so successive runs explore with each, and the lane counts the dearest; `
      }${
        shrinkRequests > 0
          ? `each allowance keeps ${shrinkRequests} of them for shrinking a failing sequence, which the stateful checks of a lane share, so the lane counts them once`
          : `none kept for shrinking a failing sequence: its rerun line (CC_SEQUENCE_REPLAY) replays it alone and shrinks it with up to ${REPLAY_SHRINK_REQUESTS} requests`
      }`,
    );
  }
  if (plan.campaignsLeft > 0 || plan.campaignsIfTaken > 0)
    lines.push(
      `what the run leaves: at most ${plan.campaignsLeft} Dialer campaigns, deleted, which the API keeps with status deleted (it has no way to remove one)${
        plan.campaignsIfTaken > 0
          ? `; at most ${plan.campaignsIfTaken} more on a target that takes a campaign create it must refuse (a whitespace-only name), deleted by the check that sent it`
          : ''
      }`,
    );
  if (plan.skipped.length > 0) {
    lines.push(`skipped (${plan.checksSkipped} checks; set what each line needs to run them):`);
    for (const s of plan.skipped) lines.push(`  ${s.reason}: ${s.checks.join(', ')}`);
  }
  if (plan.disabled.length > 0) lines.push(`not part of the expected Dialer release: ${plan.disabled.length} checks`);
  if (plan.budget) {
    const block = roughly(plan.budget.blockedMs);
    lines.push(
      `${plan.budget.checks.join(', ')} ${plan.budget.runs ? 'spends' : 'would spend'} the company's whole core and Dialer budgets on purpose, after every lane: about ${roughly(plan.budget.ms)}, ` +
        `during which the company's other core and Dialer integrations get 429 for about ${block} on each; exempt from the share${options.live && !plan.budget.runs ? '; runs only with budget in CC_EFFECTS' : ''}`,
    );
    if (options.verbose) lines.push(`  ${BUDGET_WINDOWS_WHY}`);
  }
  return lines;
}

/** What an expectations file puts in and out of scope, printed with the plan. */
export function scopeText(scope: Scope): string[] {
  const lines = [
    `expectations ${scope.file}: ${scope.entries.length} entries; ${scope.outOfScope.size} rules out of scope (${scope.checksNotRun.length} checks not run, the rest set aside where their checks run), ${scope.expectedToFail.size} rules expected to fail`,
  ];
  if (scope.expectedToFail.size > 0) lines.push(`  expected to fail: ${[...scope.expectedToFail.keys()].join(', ')}`);
  if (scope.otherReleases.length > 0) lines.push(`  ${scope.otherReleases.length} entries for other Dialer releases, not applied`);
  if (scope.unknown.length > 0)
    lines.push(
      `  ${scope.unknown.length} entries name a rule or check the catalogue does not have: ${scope.unknown.map((e) => e.rule ?? e.check).join(', ')} (the gate will say so, exit 4)`,
    );
  return lines;
}
