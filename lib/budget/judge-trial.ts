import { announcedResetValue, resetPlacement, resetProblem, resetTimeMs } from '../contract/reset-time.ts';
import { BUDGET_PER_WINDOW, type MeteredSurface } from '../contract/vocabulary.ts';
import { type BudgetAnswer, isLimited, isServed, receivedAt, surfaceName } from './answers.ts';
import { limitedBodyProblem } from './limited-body.ts';
import { RESET_HEADER_RULE, RESET_STABLE_RULE, RULES_OF } from './rule-ids.ts';
import { type BudgetJudge, judgeBelowBudget } from './rule-sink.ts';
import type { ServerClock } from './server-clock.ts';
import { BURST_CAP, type SequentialTrial, TRIAL_CAP } from './sequential-trial.ts';

/** How the target counts its minute, as the trial saw it; the fresh-window bursts are timed by it. */
export interface Reading {
  readonly kind: 'fixed' | 'clock' | 'sliding' | 'unknown';
  /**
   * Where the server's window reopened, on our clock: after the last refused poll went out and before
   * the served one came back. Were the windows clock-aligned, their boundaries repeat from there.
   */
  readonly reopenedWithin?: { readonly from: number; readonly to: number };
  readonly text: string;
  /**
   * Set when the trial told nothing because this machine sent too slowly for the window: its requests came
   * one every `paceMs`, too slow for a window's worth (B + 1) to lie in one. A longer window would tell.
   */
  readonly tooSlow?: { readonly paceMs: number };
}

/** The time a run of requests sent one after another took, per request: from the first send to the last answer. */
function paceOf<A extends BudgetAnswer>(run: readonly A[]): number {
  const first = run[0];
  const last = run.at(-1);
  return first && last ? (receivedAt(last) - first.startedAt) / run.length : 0;
}

const B = BUDGET_PER_WINDOW;

function disturbance<A extends BudgetAnswer>(trial: SequentialTrial<A>): string {
  return `an answer other than 2xx or 429 (${trial.disturbed?.status}) interrupted the trial`;
}

/** Judges the 429 bodies of a surface; every 429 met must have the surface's shape (limited-body.ts). */
export function judgeLimitedBodies<A extends BudgetAnswer>(t: BudgetJudge<A>, surface: MeteredSurface, limited: readonly A[]): void {
  const rule = RULES_OF[surface].body;
  for (const ex of limited) {
    const problem = limitedBodyProblem(surface, ex.json);
    if (!t.judge(rule, problem === undefined, () => `429 body: ${problem}`, ex)) return;
  }
  if (surface === 'dialer' && limited.length > 0) {
    const withId = limited.filter((ex) => typeof (ex.json as { correlationId?: unknown } | undefined)?.correlationId === 'string').length;
    t.note(rule, `${withId} of ${limited.length} Dialer 429s carried a correlationId`);
  }
}

/** The reset a core 429 announces, in epoch ms, or undefined when the header is missing or not integer seconds. */
export function announcedReset<A extends BudgetAnswer>(ex: A): number | undefined {
  return resetTimeMs(announcedResetValue(ex.headers));
}

/** X-ServiceAPI-ResetTime on each core 429, as lib/contract/reset-time.ts judges it (the k6 probe too). */
export function judgeResetHeaders<A extends BudgetAnswer>(t: BudgetJudge<A>, limited: readonly A[], clock: ServerClock): void {
  for (const ex of limited) {
    const problem = resetProblem(announcedResetValue(ex.headers), clock.madeAt(ex), t.target.rateWindowMs);
    if (!t.judge(RESET_HEADER_RULE, problem === undefined, () => `${problem}; ${clock.describe()}`, ex)) return;
  }
}

/** Whether the 429s of one window announce one reset: observed (the spec does not say it may not move). */
export function observeResetStable<A extends BudgetAnswer>(t: BudgetJudge<A>, oneWindow: readonly A[], where: string): void {
  if (oneWindow.length < 2) return t.observe(RESET_STABLE_RULE, `${oneWindow.length === 0 ? 'no 429' : 'one 429'} ${where}: nothing to compare`);
  const values = [...new Set(oneWindow.map((ex) => announcedResetValue(ex.headers) ?? '(none)'))];
  t.observe(
    RESET_STABLE_RULE,
    values.length === 1
      ? `the ${oneWindow.length} 429s ${where} announced one reset, ${values[0]}`
      : `the ${oneWindow.length} 429s ${where} announced ${values.length} different resets (${values.slice(0, 4).join(', ')}), each judged on its own by CORE-RATE-RESET-HEADER`,
  );
}

function judgeAtLeast60<A extends BudgetAnswer>(t: BudgetJudge<A>, trial: SequentialTrial<A>): void {
  const rule = RULES_OF[trial.surface].atLeast60;
  const complete = trial.firstLimited !== undefined || trial.firstHalf.length + trial.secondHalf.length >= TRIAL_CAP;
  if (!complete) return t.skipRule(rule, disturbance(trial));
  if (trial.servedBeforeLimit >= B) return t.pass(rule);
  judgeBelowBudget(t, rule, `429 after only ${trial.servedBeforeLimit} requests after a quiet window`, trial.firstLimited);
}

function judgeLimited<A extends BudgetAnswer>(t: BudgetJudge<A>, trial: SequentialTrial<A>): void {
  const rule = RULES_OF[trial.surface].limited;
  const sent = [...trial.firstHalf, ...trial.secondHalf];
  const first = sent[0] as A;
  const limitedAt = sent.findIndex(isLimited);
  if (limitedAt >= 0 && limitedAt < BURST_CAP) {
    t.pass(rule);
    t.note(
      rule,
      `first 429 after ${trial.servedBeforeLimit} served requests, ${Math.round(receivedAt(sent[limitedAt] as A) - first.startedAt)} ms after the trial's first request`,
    );
    return;
  }
  if (sent.length < BURST_CAP) return t.skipRule(rule, disturbance(trial));
  const capped = sent[BURST_CAP - 1] as A;
  const took = receivedAt(capped) - first.startedAt;
  if (took >= trial.windowMs)
    return t.skipRule(rule, `inconclusive: ${BURST_CAP} requests took ${Math.round(took)} ms, not less than the ${trial.windowMs} ms window`);
  t.judge(
    rule,
    false,
    `${BURST_CAP} requests in ${Math.round(took)} ms, less than one window, were all served${limitedAt >= 0 ? ` (the first 429 came after ${limitedAt})` : ''}`,
    capped,
  );
}

function judgeCoreRecovery<A extends BudgetAnswer>(t: BudgetJudge<A>, trial: SequentialTrial<A>, clock: ServerClock): void {
  const rule = RULES_OF.core.recovery;
  const first = trial.firstLimited as A;
  const reset = announcedReset(first);
  if (reset === undefined) return t.skipRule(rule, 'the first 429 announced no usable reset; judged by CORE-RATE-RESET-HEADER');
  // A reset further than one window ahead of the server's clock (in milliseconds, or read against a Date
  // years off) never passes while the check polls: a reopening then shows nothing of it.
  if (resetPlacement(reset, clock.madeAt(first), { aheadMs: trial.windowMs }) === 'beyond') {
    return t.skipRule(
      rule,
      `the first 429 announced a reset (${announcedResetValue(first.headers)}) more than one window ahead of the server's clock (${clock.describe()}), which no polling reaches; judged by CORE-RATE-RESET-HEADER`,
    );
  }
  // Once the announced second has wholly passed on the server's clock, whatever its rounding.
  const surelyPassed = reset + 1000 - clock.bounds.lo;
  const due = trial.polls.find((ex) => ex.startedAt >= surelyPassed);
  const refusedInSecond = trial.polls.filter((ex) => isLimited(ex) && ex.startedAt + clock.bounds.hi >= reset && ex.startedAt < surelyPassed).length;
  if (refusedInSecond > 0) t.note(rule, `${refusedInSecond} request(s) sent within the announced second were still refused`);
  if (trial.reopened && (due === undefined || trial.reopened.startedAt <= due.startedAt)) {
    t.pass(rule);
    t.note(
      rule,
      `served again ${Math.round(trial.reopened.startedAt - receivedAt(first))} ms after the first 429; the reset it announced was ${Math.round(reset - receivedAt(first))} ms after it`,
    );
    return;
  }
  if (due && isLimited(due)) {
    t.judge(
      rule,
      false,
      `still 429 at ${new Date(due.startedAt).toISOString()}, after the announced reset ${new Date(reset).toISOString()} had passed (${clock.describe()})`,
      due,
    );
    return;
  }
  if (trial.disturbed) return t.skipRule(rule, disturbance(trial));
  t.skipRule(
    rule,
    `the announced reset ${new Date(reset).toISOString()} lies beyond the polling, which ends 1.5 windows and 2 s after the first 429; judged by CORE-RATE-RESET-HEADER`,
  );
}

function judgeDialerRecovery<A extends BudgetAnswer>(t: BudgetJudge<A>, trial: SequentialTrial<A>): void {
  const rule = RULES_OF.dialer.recovery;
  const first = trial.firstLimited as A;
  const deadline = receivedAt(first) + trial.windowMs + trial.pollStepMs + trial.longestLatencyMs;
  if (trial.reopened) {
    const after = trial.reopened.startedAt - receivedAt(first);
    t.judge(
      rule,
      trial.reopened.startedAt <= deadline,
      `served again only ${Math.round(after)} ms after the first 429, more than one window of ${trial.windowMs} ms`,
      trial.reopened,
    );
    t.note(rule, `served again ${Math.round(after)} ms after the first 429`);
    return;
  }
  const late = trial.polls.find((ex) => ex.startedAt > deadline && isLimited(ex));
  if (late)
    return void t.judge(
      rule,
      false,
      `still 429 ${Math.round(late.startedAt - receivedAt(first))} ms after the first 429, more than one window of ${trial.windowMs} ms`,
      late,
    );
  t.skipRule(rule, trial.disturbed ? disturbance(trial) : 'the polling ended before one window had passed');
}

/** The window rule and the reading the target behaves like, from what was served after the reopening. */
function judgeWindow<A extends BudgetAnswer>(t: BudgetJudge<A>, trial: SequentialTrial<A>): Reading {
  const rules = RULES_OF[trial.surface];
  const unknown = (why: string): Reading => {
    t.skipRule(rules.window, why);
    t.observe(rules.algorithm, `not told: ${why}`);
    return { kind: 'unknown', text: why };
  };
  // The slowest of the runs sent one after another: each must fit its share of the window.
  const tooSlow = (why: string, ...runs: (readonly A[])[]): Reading => ({ ...unknown(why), tooSlow: { paceMs: Math.max(...runs.map(paceOf)) } });
  const reopened = trial.reopened;
  if (!trial.firstLimited) {
    // Sent too slowly for a window's worth to fall in one window, no 429 tells nothing of the target.
    const pace = Math.max(paceOf(trial.firstHalf), paceOf(trial.secondHalf));
    if (!trial.disturbed && pace * (B + 1) >= trial.windowMs)
      return tooSlow(
        `no 429 in the trial, whose requests came one every ${pace.toFixed(1)} ms: too slow for ${B + 1} to fall in one ${trial.windowMs} ms window`,
        trial.firstHalf,
        trial.secondHalf,
      );
    return unknown('no 429 in the trial');
  }
  if (!reopened) return unknown(trial.disturbed ? disturbance(trial) : 'the window did not reopen while the trial polled');
  const sentBefore = [...trial.firstHalf, ...trial.secondHalf];
  const first = sentBefore[0] as A;
  const burstTook = receivedAt(trial.firstLimited) - first.startedAt;
  const served = trial.servedAfterReopen;
  const lastAfter = trial.afterReopen.at(-1) ?? reopened;
  const afterLimited = trial.afterReopen.find(isLimited);
  if (!afterLimited && served <= B)
    return unknown(trial.disturbed ? disturbance(trial) : `the ${trial.afterReopen.length} requests after the reopening met no 429`);
  const tookAfter = receivedAt(lastAfter) - reopened.startedAt;
  const halfServed = trial.firstHalf.filter(isServed).length;
  if (burstTook >= trial.windowMs)
    return tooSlow(
      `inconclusive: the trial's first burst took ${Math.round(burstTook)} ms, not less than the ${trial.windowMs} ms window`,
      trial.firstHalf,
      trial.secondHalf,
    );
  // A window that reopened holds everything until one window later (less a polling step for where it began);
  // a sliding log frees no slot of the trial's second half before half a window after the reopening.
  const inOneWindow = tookAfter < trial.windowMs - trial.pollStepMs;
  const beforeSecondHalfLeaves = tookAfter < trial.windowMs / 2 - trial.pollStepMs;
  if (!inOneWindow || (served <= halfServed && !beforeSecondHalfLeaves)) {
    return tooSlow(`inconclusive: the requests after the reopening took ${Math.round(tookAfter)} ms, too long to lie in one window of the server's own`, [
      reopened,
      ...trial.afterReopen,
    ]);
  }
  const lastRefused = trial.polls.filter(isLimited).at(-1) ?? trial.firstLimited;
  const reopenedWithin = { from: lastRefused.startedAt, to: receivedAt(reopened) };
  const reopenDelay = reopened.startedAt - first.startedAt;
  const counts = `${trial.servedBeforeLimit} served before the first 429, ${served} from the reopening ${Math.round(reopenDelay)} ms after the trial's first request to the next 429`;
  t.note(rules.window, counts);
  // How near the trial came to inconclusive: both runs must fit in one window.
  t.note(
    rules.window,
    `the first burst took ${Math.round(burstTook)} ms and the run after the reopening ${Math.round(tookAfter)} ms, of a ${trial.windowMs} ms window`,
  );
  if (served <= halfServed) {
    // A sliding log: only the first half's slots had left it, and the first burst cannot straddle anything.
    t.judge(
      rules.window,
      trial.servedBeforeLimit <= B,
      `a sliding log (only ${served} served after the reopening, no more than the trial's first ${halfServed}), yet the trial's first burst, shorter than one window, got ${trial.servedBeforeLimit} served: more than ${B} in one window`,
      trial.firstLimited,
    );
    const text = `a sliding log: ${served} served after the reopening ${Math.round(reopenDelay)} ms after the trial's first request, as the trial's first ${halfServed} requests left the window`;
    t.observe(rules.algorithm, text);
    return { kind: 'sliding', reopenedWithin, text };
  }
  if (served < B && trial.servedBeforeLimit < B) {
    t.skipRule(rules.window, `the target serves fewer than ${B} even in a fresh window (${counts}); judged by ${rules.atLeast60}`);
    t.observe(rules.algorithm, `not told: ${counts}`);
    return { kind: 'unknown', reopenedWithin, text: 'serves fewer than the budget' };
  }
  if (served < B) {
    judgeBelowBudget(
      t,
      rules.window,
      `${served} served from the reopening to the next 429 fits no reading: a window-based limiter starts afresh there and serves ${B}, a sliding log frees only the ${halfServed} slots of the trial's first requests`,
      afterLimited,
    );
    t.observe(rules.algorithm, `none of the three readings: ${counts}`);
    return { kind: 'unknown', reopenedWithin, text: 'fits no reading' };
  }
  t.judge(
    rules.window,
    served === B,
    `${served > B ? `more than ${B}` : served} requests served from the window's reopening within ${Math.round(tookAfter)} ms, less than one window: more than ${B} in one window of the server's own`,
    lastAfter,
  );
  // A window opened by the first request reopens one window after the server counted that request,
  // which happened between its send and its answer; the reopening itself lies between the last refused
  // poll's send and the served poll's answer. Overlapping spans fit that reading; a clock-aligned window
  // reopens at its own boundary instead, which only by chance falls there.
  const fitsFirstRequest = lastRefused.startedAt <= receivedAt(first) + trial.windowMs && receivedAt(reopened) >= first.startedAt + trial.windowMs;
  if (fitsFirstRequest) {
    const text = `a window opened by the first request: reopened ${Math.round(reopenDelay)} ms after the trial's first request (the window is ${trial.windowMs} ms), then served ${served} (clock-aligned windows with a boundary just then would look the same)`;
    t.observe(rules.algorithm, text);
    return { kind: 'fixed', reopenedWithin, text };
  }
  const phase = ((reopened.startedAt % trial.windowMs) + trial.windowMs) % trial.windowMs;
  const text = `clock-aligned windows: reopened at a boundary about ${Math.round(phase)} ms past each multiple of ${trial.windowMs} ms since the epoch (${Math.round(reopenDelay)} ms after the trial's first request), then served ${served}`;
  t.observe(rules.algorithm, text);
  return { kind: 'clock', reopenedWithin, text };
}

/** Judges everything the sequential trial of one surface can tell, and says how the target counts its minute. */
export function judgeTrial<A extends BudgetAnswer>(t: BudgetJudge<A>, trial: SequentialTrial<A>, clock: ServerClock): Reading {
  const rules = RULES_OF[trial.surface];
  judgeAtLeast60(t, trial);
  judgeLimited(t, trial);
  const limited = [...trial.firstHalf, ...trial.secondHalf, ...trial.polls, ...trial.afterReopen].filter(isLimited);
  judgeLimitedBodies(t, trial.surface, limited);
  if (trial.surface === 'core') {
    judgeResetHeaders(t, limited, clock);
    const beforeReopen = [trial.firstLimited, ...trial.polls.filter(isLimited)].filter((ex): ex is A => ex !== undefined);
    observeResetStable(t, beforeReopen, "from the trial's first 429 until the window reopened");
  }
  if (!trial.firstLimited) {
    const why = `no 429 in the ${surfaceName(trial.surface)} trial`;
    t.skipRule(rules.recovery, why);
  } else if (trial.surface === 'core') judgeCoreRecovery(t, trial, clock);
  else judgeDialerRecovery(t, trial);
  return judgeWindow(t, trial);
}
