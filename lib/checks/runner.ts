import fc from 'fast-check';
import { EFFECT_MEANING, type Target } from '../config/target.ts';
import { KEY_SLOT_VARIABLE, SURFACE_VARIABLE } from '../contract/vocabulary.ts';
import { appliesTo } from '../dialer/releases.ts';
import { CheckTimeLimitError, HarnessError } from '../errors.ts';
import { rule as lookupRule } from '../rules/index.ts';
import type { CheckOutcome, RuleVerdict } from '../results/outcome.ts';
import type { RuleId } from '../rules/index.ts';
import type { RuleStanding } from './assertions.ts';
import { CheckContext } from './context.ts';
import { allowanceOn, type CheckDefinition, randomValuesOn, totalOf } from './define.ts';
import { inRunOrder } from './run-order.ts';
import { type Lane, LANES } from './lanes.ts';
import { type Pace, plannedMs, timeLimitMs } from './pace.ts';
import type { Session } from './session.ts';
import { PrerequisiteFailed, RuleViolation, SkipSignal } from './signals.ts';

/** Why a check that needs the archived call tag (CheckDefinition `needs.archivedTag`) cannot run without it. */
export const ARCHIVED_TAG_MISSING = 'needs CC_DIALER_ARCHIVED_TAG_ID: no endpoint lists an archived call tag';

/** Whether a rule of the check is part of the Dialer release the target is expected to be: else none is judged, and the report shows them disabled. */
export function judgedAtRelease(target: Pick<Target, 'dialer'>, def: Pick<CheckDefinition, 'rules'>): boolean {
  return def.rules.some((rule) => appliesTo(lookupRule(rule), target.dialer.release));
}

/** Why a check cannot run against this target, or undefined when it can; the plan asks it too, before anything is sent. */
export function missingPrerequisite(target: Target, def: Pick<CheckDefinition, 'surface' | 'needs' | 'cost'>): string | undefined {
  for (const surface of [def.surface, ...(def.needs?.surfaces ?? [])]) {
    if (target.urls[surface] === undefined) return `needs ${SURFACE_VARIABLE[surface]}`;
  }
  for (const slot of def.needs?.keys ?? []) {
    if (target.keys[slot] === undefined) return `needs ${KEY_SLOT_VARIABLE[slot]}`;
  }
  for (const effect of def.needs?.effects ?? []) {
    if (!target.effects.has(effect)) {
      return `needs CC_EFFECTS to include ${effect}: the check ${EFFECT_MEANING[effect]} on the target`;
    }
  }
  if (def.needs?.archivedTag && (target.dialer.archivedTagId ?? '') === '') return ARCHIVED_TAG_MISSING;
  if (def.cost.sequences && target.sequences.count === 0) return 'needs CC_SEQUENCES of 1 or more: with 0 no random sequence runs';
  return undefined;
}

/** The outcome of a check that sent nothing. */
function notRun(def: CheckDefinition, target: Target, verdicts: RuleVerdict[]): CheckOutcome {
  return {
    check: def.id,
    title: def.title,
    surface: def.surface,
    verdicts,
    requests: 0,
    allowance: allowanceOn(def, target),
    unplanned429: 0,
    retried503: 0,
    durationMs: 0,
    leftovers: [],
    problems: [],
  };
}

/** What a check the run was interrupted before says of each of its rules. */
const NOT_RUN_INTERRUPTED = 'not run: the run was interrupted before this check';

/** A check the run was interrupted before it began: its rules (those of the expected release) are errors, never judged. */
export function interruptedBefore(session: Session, def: CheckDefinition): CheckOutcome {
  const rules = def.rules.filter((rule) => appliesTo(lookupRule(rule), session.target.dialer.release));
  return notRun(
    def,
    session.target,
    rules.map((rule) => ({ rule, status: 'error', detail: NOT_RUN_INTERRUPTED, notes: [] })),
  );
}

/**
 * How a check that ended early leaves a rule it had not finished: skipped, blocked or error, never pass.
 * A check that stopped after a rule failed (its next step needed the failed answer, or tripped over it) leaves
 * the rest blocked by that rule; a harness error (transport, timeout, allowance, interrupt) is an error whatever
 * failed before it.
 */
function unfinished(rule: string, standing: RuleStanding, ending: unknown, checkId: string, firstFailed: string | undefined): RuleVerdict {
  const notes = [...standing.notes];
  // What held is kept, but a rule judged in part is not a pass: its remaining assertions might have failed.
  if (standing.passes > 0) notes.push(`${standing.passes} assertion${standing.passes === 1 ? '' : 's'} held before the check ended; the rest were not judged`);
  const blocker = ending instanceof RuleViolation ? ending.rule : firstFailed;
  if (blocker !== undefined && !(ending instanceof HarnessError)) {
    const why = ending instanceof RuleViolation ? '' : `: the check could not go on (${endingText(ending, checkId)})`;
    return { rule, status: 'blocked', blockedBy: blocker, detail: `blocked by ${blocker}, which failed first in ${checkId}${why}`, notes };
  }
  if (ending instanceof SkipSignal) return { rule, status: 'skipped', detail: ending.reason, notes };
  if (ending instanceof PrerequisiteFailed) {
    return { rule, status: 'skipped', detail: `prerequisite failed: ${ending.message}`, ...(ending.evidence ? { evidence: ending.evidence } : {}), notes };
  }
  return { rule, status: 'error', detail: harnessProblem(ending, checkId), notes };
}

/** What ended a check, in a line. */
function endingText(ending: unknown, checkId: string): string {
  if (ending instanceof SkipSignal) return ending.reason;
  if (ending instanceof PrerequisiteFailed) return `prerequisite failed: ${ending.message}`;
  return harnessProblem(ending, checkId);
}

function harnessProblem(ending: unknown, checkId: string): string {
  if (ending instanceof HarnessError) return `${ending.code}: ${ending.message}`;
  const err = ending as Error | undefined;
  return err instanceof Error ? `${err.name}: ${err.message}` : `check ${checkId} threw ${String(ending)}`;
}

function seconds(ms: number): string {
  return `${ms < 10_000 ? Number((ms / 1000).toFixed(1)) : Math.round(ms / 1000)} s`;
}

/** Time a stopped check gets to unwind (its aborted request or wait rejects) before its cleanups run regardless. */
const UNWIND_MS = 2_000;

/**
 * The check's own ending, or, once `stop` aborts and the check has not unwound within UNWIND_MS (a wait that
 * does not listen to its signal), the abort's reason: a run never hangs on one check.
 */
function settledOrAbandoned(run: Promise<unknown>, stop: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let grace: NodeJS.Timeout | undefined;
    const onStop = () => {
      grace = setTimeout(() => reject(stop.reason), UNWIND_MS);
    };
    stop.addEventListener('abort', onStop, { once: true });
    run
      .then(() => resolve(), reject)
      .finally(() => {
        stop.removeEventListener('abort', onStop);
        clearTimeout(grace);
      });
  });
}

/**
 * Runs one check and turns what happened into one verdict per rule it lists. A status only escalates:
 * - the rule an assertion broke: fail, with the evidence;
 * - a rule the check ran to the end for (or declared judged in full with `done`): pass;
 * - a rule the check did not finish: skipped (a skip, a failed prerequisite, another rule failing first)
 *   or error (the harness, the network, a timeout, the request allowance, the check's time limit), with what
 *   held as a note. The time limit (pace.ts) stops a check that overruns it like an interrupt would.
 * An error that ended the check is also one of the outcome's problems, so the report lists it.
 */
export async function runCheck(
  session: Session,
  def: CheckDefinition,
  options: {
    readonly signal?: AbortSignal;
    /** Overrides the limit derived from the pace (tests). */
    readonly timeLimitMs?: number;
    /** The lane the run runs it in: its shared records must be that lane's. */
    readonly lane?: Lane;
  } = {},
): Promise<CheckOutcome> {
  const started = performance.now();
  const verdicts: RuleVerdict[] = [];
  const missing = missingPrerequisite(session.target, def);
  if (missing)
    return notRun(
      def,
      session.target,
      def.rules.map((rule) => ({ rule, status: 'skipped', detail: missing, notes: [] })),
    );
  // Rules of other Dialer releases than the expected one are not judged; the report shows them disabled.
  if (!judgedAtRelease(session.target, def)) return notRun(def, session.target, []);
  const pace: Pace = { perWindow: session.pacer.perWindow, windowMs: session.pacer.windowMs };
  const allowance = allowanceOn(def, session.target);
  const sized = { allowance, lastsWindows: def.cost.lastsWindows };
  const limitMs = options.timeLimitMs ?? timeLimitMs(sized, pace, session.target.timeoutMs);
  const overrun = new CheckTimeLimitError(
    `${def.id} overran its time limit of ${seconds(limitMs)} (planned ${seconds(plannedMs(sized, pace))}: ${def.cost.lastsWindows !== undefined ? `${def.cost.lastsWindows} windows` : `${allowance} requests at ${pace.perWindow} per ${pace.windowMs} ms window`}) and was stopped`,
  );
  const timer = new AbortController();
  const clock = setTimeout(() => timer.abort(overrun), limitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
  const t = new CheckContext(session, options.lane !== undefined ? { ...def, runsIn: options.lane } : def, signal);
  const unplannedBefore = session.client.stats.unplanned429;
  const retriedBefore = session.client.stats.retried503;
  let ending: unknown;
  try {
    await settledOrAbandoned(def.run(t), timer.signal);
  } catch (err) {
    ending = err;
  } finally {
    clearTimeout(clock);
  }
  // Whatever the stopped check threw on its way out (an interrupted wait, an aborted request), the cause is its time.
  if (timer.signal.aborted && ending !== undefined && !(ending instanceof RuleViolation)) ending = overrun;
  const leftovers = await t.runCleanups();
  // A violation thrown out of the check (not recorded) is the rule's failure all the same.
  if (ending instanceof RuleViolation && t.standings.has(ending.rule as RuleId)) t.recordFailure(ending);
  // An error a check met only after a rule failed is that failure's consequence, not the harness's.
  const blockedByFailure = t.firstFailed !== undefined && !(ending instanceof HarnessError);
  const endedByHarness =
    ending !== undefined && !blockedByFailure && !(ending instanceof SkipSignal || ending instanceof PrerequisiteFailed || ending instanceof RuleViolation);
  for (const [rule, standing] of t.standings) {
    if (!t.applies(rule)) continue;
    const notes = [...standing.notes];
    const violation = standing.failure;
    // A rule handed over speaks only when the check saw it broken: its own checks judge it otherwise.
    if (violation === undefined && def.handsOver?.includes(rule)) continue;
    if (violation) {
      notes.push(...standing.laterFailures.map((message) => `also broken in this check: ${message}`));
      verdicts.push({ rule, status: 'fail', detail: violation.message, ...(violation.evidence ? { evidence: violation.evidence } : {}), notes });
    } else if (standing.skipped !== undefined) {
      verdicts.push({ rule, status: 'skipped', detail: standing.skipped, notes });
    } else if (standing.blockedBy !== undefined) {
      if (standing.passes > 0)
        notes.push(`${standing.passes} assertion${standing.passes === 1 ? '' : 's'} held; a step that needed the failed answer was not judged`);
      verdicts.push({
        rule,
        status: 'blocked',
        blockedBy: standing.blockedBy,
        detail: `blocked by ${standing.blockedBy}, which failed first in ${def.id}: a step needed its answer`,
        notes,
      });
    } else if ((ending === undefined || standing.done) && standing.passes > 0) {
      verdicts.push({ rule, status: 'pass', notes });
    } else if (ending === undefined) {
      verdicts.push({ rule, status: 'error', detail: `check ${def.id} ended without asserting this rule (a defect of the check)`, notes });
    } else {
      verdicts.push(unfinished(rule, standing, ending, def.id, t.firstFailed));
    }
  }
  return {
    check: def.id,
    title: def.title,
    surface: def.surface,
    verdicts,
    requests: t.requests,
    allowance,
    unplanned429: session.client.stats.unplanned429 - unplannedBefore,
    retried503: session.client.stats.retried503 - retriedBefore,
    durationMs: performance.now() - started,
    leftovers,
    problems: endedByHarness ? [`${def.id}: ${harnessProblem(ending, def.id)}`] : [],
  };
}

/** Counts, in the session, the shared records of the checks a run will run: those chosen whose prerequisites the target meets. */
export function countSharers(session: Session, checks: readonly CheckDefinition[]): void {
  for (const check of checks) {
    if (missingPrerequisite(session.target, check)) continue;
    for (const record of check.records?.shares ?? []) session.sharers.set(record.key, (session.sharers.get(record.key) ?? 0) + 1);
  }
}

/**
 * Chooses the lane's checks that draw random inputs in this run, where the target lets only some of them: the
 * fuzzed checks that draw random values (CC_FUZZ_CHECKS) and the stateful checks with closing steps that draw
 * random steps (CC_SEQUENCE_CHECKS; one without closing steps always draws, or it would judge nothing). That many
 * of those that run, by the run seed and the lane, so the same seed draws with the same checks, another seed with
 * others. The plan counts the lane's dearest that many.
 */
export function chooseDrawers(session: Session, lane: Lane, checks: readonly CheckDefinition[]): void {
  const { target } = session;
  const running = checks.filter((check) => !missingPrerequisite(target, check) && judgedAtRelease(target, check));
  const choose = (most: number | undefined, among: readonly CheckDefinition[], offset: number, into: Map<string, ReadonlySet<string>>) => {
    if (most === undefined) return;
    const ids = among.map((check) => check.id);
    const size = Math.min(most, ids.length);
    const [chosen = []] = fc.sample(fc.shuffledSubarray(ids, { minLength: size, maxLength: size }), { seed: session.seed + offset, numRuns: 1 });
    into.set(lane, new Set(chosen));
  };
  choose(
    target.fuzzChecksPerLane,
    running.filter((check) => randomValuesOn(check, target) > 0),
    LANES.indexOf(lane),
    session.fuzzDrawers,
  );
  choose(
    target.sequenceChecksPerLane,
    running.filter((check) => totalOf(check.cost.sequences?.closingRequests ?? 0) > 0),
    LANES.length + LANES.indexOf(lane),
    session.sequenceDrawers,
  );
}

/** Runs checks one after another, as a live target's budget requires. */
export async function runChecks(session: Session, defs: readonly CheckDefinition[]): Promise<CheckOutcome[]> {
  countSharers(session, defs);
  const outcomes: CheckOutcome[] = [];
  for (const def of inRunOrder(defs)) outcomes.push(await runCheck(session, def));
  // Outside a run's lanes every lane ends once all the checks have ended.
  for (const lane of LANES) {
    const removal = await session.endLane(lane);
    if (removal) outcomes.push(removal);
  }
  return outcomes;
}
