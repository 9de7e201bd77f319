import { BUDGET_PER_WINDOW, type MeteredSurface } from '../contract/vocabulary.ts';
import { type BudgetAnswer, isLimited, isServed, receivedAt } from './answers.ts';
import type { Reading } from './judge-trial.ts';

/**
 * Connections a burst goes out over, in both engines: the conformance client keeps this many per origin
 * (lib/http/client.ts) and the k6 probe opens as many lanes, so the server sees the same burst whichever
 * engine fires it (a limiter racing its own count meets the same crowd).
 */
export const BURST_CONNECTIONS = 16;

/** Requests fired at once into a fresh window: half as many again as the budget, so a third must be refused. */
export const FRESH_BURST = (3 * BUDGET_PER_WINDOW) / 2;

export interface FreshBurst<A extends BudgetAnswer = BudgetAnswer> {
  readonly surface: MeteredSurface;
  readonly firedAt: number;
  readonly answered: readonly A[];
  readonly served: number;
  readonly limited: readonly A[];
  /** Answers neither 2xx nor 429. */
  readonly others: readonly A[];
  /** Requests that got no answer at all, in words. */
  readonly failures: readonly string[];
  readonly lastReceivedAt: number;
  /** Until when the burst's window surely lasts; undefined when the burst's moment was not known to be fresh. */
  readonly windowLastsUntil?: number;
}

/** A moment when a window of the surface is fresh, and how long that window lasts at least. */
export interface FreshMoment {
  readonly at: number;
  /** Before this, whatever the reading, the server still counts in the window the burst began. */
  readonly windowLastsUntil: number;
}

/**
 * When a window of the surface is fresh for the company, whatever the reading: none of our requests in
 * the last window (a window opened by the first request, a sliding log), and early in a window were
 * the windows aligned to the clock, whose boundaries would repeat every window from the reopening the
 * trial saw. Never before `now`: a moment already past is none to wait for (the stage before may have
 * ended after it), and a burst fired at once then could meet the end of the window it was placed in.
 * Undefined when the trial saw no reopening, or saw it too vaguely to place a boundary.
 */
export function freshAt(reading: Reading, lastAnswerMs: number, notBefore: number, now: number, windowMs: number, slackMs: number): FreshMoment | undefined {
  const quiet = Math.max(lastAnswerMs + windowMs + slackMs, notBefore, now);
  const span = reading.reopenedWithin;
  if (!span) return undefined;
  // Early in a window: after the boundary at its latest (span.to), and within a quarter window of it at
  // its earliest (span.from) when the quiet moment allows, else right after the next boundary; a span
  // wider than half a window leaves no moment known to be early enough.
  for (let k = Math.max(1, Math.floor((quiet - span.to) / windowMs)); ; k++) {
    const from = span.to + k * windowMs + slackMs;
    if (from > span.from + k * windowMs + windowMs / 2) return undefined;
    const windowLastsUntil = span.from + (k + 1) * windowMs - slackMs;
    if (from >= quiet) return { at: from, windowLastsUntil };
    if (quiet <= span.from + k * windowMs + windowMs / 4) return { at: quiet, windowLastsUntil };
  }
}

/** How an engine fires requests at once: as many connections as it keeps, every answer or why none came. */
export interface BurstIo<A extends BudgetAnswer> {
  fireAtOnce(count: number): Promise<{ readonly answered: readonly A[]; readonly failures: readonly string[] }>;
  sleepUntil(epochMs: number): Promise<void>;
}

/** Waits until `at`, then fires the burst. */
export async function fireIntoFreshWindow<A extends BudgetAnswer>(
  io: BurstIo<A>,
  surface: MeteredSurface,
  at: number,
  windowLastsUntil: number | undefined,
): Promise<FreshBurst<A>> {
  await io.sleepUntil(at);
  const firedAt = Date.now();
  const { answered, failures } = await io.fireAtOnce(FRESH_BURST);
  return {
    surface,
    firedAt,
    answered,
    served: answered.filter(isServed).length,
    limited: answered.filter(isLimited),
    others: answered.filter((ex) => !isServed(ex) && !isLimited(ex)),
    failures,
    lastReceivedAt: Math.max(firedAt, ...answered.map(receivedAt)),
    ...(windowLastsUntil !== undefined ? { windowLastsUntil } : {}),
  };
}
