import { BUDGET_PER_WINDOW, type MeteredSurface } from '../contract/vocabulary.ts';
import { type BudgetAnswer, isLimited, isServed, receivedAt } from './answers.ts';

/**
 * The sequential trial of one surface's budget, measured and not yet judged (judge-trial.ts judges), the same for both engines.
 * After a quiet window: HALF requests one after another, a pause until half a window after the first,
 * then one after another until the first 429; then one poll every `pollStepMs` until one is served
 * (the server's window reopened); then one after another until the next 429. Where the reopening
 * falls, and how many requests are served after it, tell how the server counts its minute.
 */
export const HALF = 30;
/** A burst may straddle a boundary of clock-aligned windows: up to twice the budget, plus the one refused. */
export const BURST_CAP = 2 * BUDGET_PER_WINDOW + 1;
/**
 * A target that serves the whole BURST_CAP has failed the 429 rule; the trial goes on to its first 429
 * (for a lenient target straddling a boundary, up to twice its own allowance) so the rest can be judged.
 */
export const TRIAL_CAP = 3 * BUDGET_PER_WINDOW + 1;
/** Polls spread over 1.5 windows and 2 s after the first 429: every reading reopens within one window. */
export const POLLS = 80;

export function pollStepMs(windowMs: number): number {
  return (1.5 * windowMs + 2000) / POLLS;
}

/** How an engine sends the trial's requests and waits between them. */
export interface TrialIo<A extends BudgetAnswer> {
  /** One request of the surface's budget, with the company's primary key. */
  send(): Promise<A>;
  sleepUntil(epochMs: number): Promise<void>;
}

export interface SequentialTrial<A extends BudgetAnswer = BudgetAnswer> {
  readonly surface: MeteredSurface;
  readonly windowMs: number;
  /** The first HALF requests, sent one after another right after the quiet window. */
  readonly firstHalf: readonly A[];
  /** From half a window after the first request to the first 429 (included). */
  readonly secondHalf: readonly A[];
  readonly firstLimited?: A;
  /** Requests served before the first 429. */
  readonly servedBeforeLimit: number;
  readonly pollStepMs: number;
  /** Refused polls, then the one served (if any). */
  readonly polls: readonly A[];
  readonly reopened?: A;
  /** From the served poll on, one after another until the next 429 (included) or the budget; the poll is not in it. */
  readonly afterReopen: readonly A[];
  /** The served poll plus the requests served after it, before the next 429; budget + 1 means "more than the budget". */
  readonly servedAfterReopen: number;
  /** An answer neither 2xx nor 429 stopped the trial: nothing after it can be judged. */
  readonly disturbed?: A;
  readonly longestLatencyMs: number;
}

class Recorder<A extends BudgetAnswer> {
  readonly all: A[] = [];
  disturbed?: A;

  constructor(private readonly send: () => Promise<A>) {}

  /** Sends one request and records it; an answer neither 2xx nor 429 marks the trial disturbed. */
  async next(into: A[]): Promise<A> {
    const ex = await this.send();
    into.push(ex);
    this.all.push(ex);
    if (!isServed(ex) && !isLimited(ex)) this.disturbed ??= ex;
    return ex;
  }

  get stopped(): boolean {
    return this.disturbed !== undefined;
  }
}

/** Requests one after another until a 429, a disturbance, or `cap` requests in `into`; the served count. */
async function untilLimited<A extends BudgetAnswer>(rec: Recorder<A>, into: A[], cap: number): Promise<number> {
  let served = 0;
  while (into.length < cap && !rec.stopped) {
    const ex = await rec.next(into);
    if (isLimited(ex)) break;
    if (isServed(ex)) served += 1;
  }
  return served;
}

/** Runs the trial of one surface, which the caller starts once none of its requests to the surface fall in the last window. */
export async function runTrial<A extends BudgetAnswer>(io: TrialIo<A>, surface: MeteredSurface, windowMs: number): Promise<SequentialTrial<A>> {
  const rec = new Recorder<A>(() => io.send());

  const firstHalf: A[] = [];
  const secondHalf: A[] = [];
  let served = await untilLimited(rec, firstHalf, HALF);
  const limitedEarly = firstHalf.find(isLimited);
  if (!limitedEarly && !rec.stopped) {
    await io.sleepUntil((firstHalf[0] as A).startedAt + windowMs / 2);
    served += await untilLimited(rec, secondHalf, TRIAL_CAP - firstHalf.length);
  }
  const firstLimited = limitedEarly ?? secondHalf.find(isLimited);

  const step = pollStepMs(windowMs);
  const polls: A[] = [];
  const afterReopen: A[] = [];
  let reopened: A | undefined;
  let servedAfterReopen = 0;
  if (firstLimited && !rec.stopped) {
    for (let k = 1; k <= POLLS && !rec.stopped; k++) {
      await io.sleepUntil(receivedAt(firstLimited) + k * step);
      const ex = await rec.next(polls);
      if (isServed(ex)) {
        reopened = ex;
        break;
      }
    }
    // Past the budget after the reopening the verdict is settled, so the burst stops there.
    if (reopened) servedAfterReopen = 1 + (await untilLimited(rec, afterReopen, BUDGET_PER_WINDOW));
  }
  return {
    surface,
    windowMs,
    firstHalf,
    secondHalf,
    ...(firstLimited ? { firstLimited } : {}),
    servedBeforeLimit: served,
    pollStepMs: step,
    polls,
    ...(reopened ? { reopened } : {}),
    afterReopen,
    servedAfterReopen,
    ...(rec.disturbed ? { disturbed: rec.disturbed } : {}),
    longestLatencyMs: Math.max(0, ...rec.all.map((ex) => ex.durationMs)),
  };
}

/** Every answer of the trial in the order sent. */
export function trialAnswers<A extends BudgetAnswer>(trial: SequentialTrial<A>): A[] {
  return [...trial.firstHalf, ...trial.secondHalf, ...trial.polls, ...trial.afterReopen];
}
