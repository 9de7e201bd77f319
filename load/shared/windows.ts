/**
 * Windowed analysis that neither k6 nor the Node runner gives by itself: how many requests each
 * budget (one company on one metered surface) had served in every span of the target's window length.
 *
 * Send times stand in for the server's clock, which a client cannot see. A request sent at `s` is
 * counted by the server somewhere in [s, s + latency], so the judged span is shortened by the longest
 * latency seen: whatever falls in it was certainly counted inside one span of a window at the server.
 */
import { BUDGET_PER_WINDOW, type Company, isMetered, type MeteredSurface, METERED_SURFACES } from '../../lib/contract/vocabulary.ts';
import { type LoadRecord, outcomeOf, uncorrectedLatencyMs } from './records.ts';

/** Largest number of the sorted times that fit in any closed span of `spanMs`. */
export function maxInSpan(sortedTimes: readonly number[], spanMs: number): number {
  let best = 0;
  let from = 0;
  for (let to = 0; to < sortedTimes.length; to++) {
    while ((sortedTimes[to] as number) - (sortedTimes[from] as number) > spanMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}

/** Count of the sorted times inside (at - spanMs, at], sampled every `stepMs` up to `untilMs`: the chart's line. */
export function trailingCounts(sortedTimes: readonly number[], spanMs: number, stepMs: number, untilMs: number): { atMs: number; count: number }[] {
  const out: { atMs: number; count: number }[] = [];
  let lo = 0;
  let hi = 0;
  for (let at = 0; at <= untilMs; at += stepMs) {
    while (hi < sortedTimes.length && (sortedTimes[hi] as number) <= at) hi++;
    while (lo < hi && (sortedTimes[lo] as number) <= at - spanMs) lo++;
    out.push({ atMs: at, count: hi - lo });
  }
  return out;
}

/**
 * Served requests counted in one window of the server's own, found from the 429s: a request refused at
 * moment r (between its send and its answer) met a window already spent, so whatever the server counts
 * from r to r + one window lies in the next window alone (a window opened by the first request, or
 * aligned to the clock: the spent one serves nothing more, the one after begins after r and ends after
 * r + window), or is a span of one window of a sliding log. Counted: requests sent after the 429's answer
 * and answered within one window of its send, which the server surely counted inside that span. Whatever
 * else of the company spends the budget can only lower the count.
 */
export interface ServedAfterRefusal {
  /** Most served in any such span; 0 when no span was whole. */
  readonly maxServed: number;
  /** 429s whose span of one window ended before the run's last answer: the spans judged. */
  readonly spans: number;
}

/** `limited` and `served` sorted by send time; spans that end after `untilMs` are not whole and are left out. */
export function servedAfterRefusals(limited: readonly LoadRecord[], served: readonly LoadRecord[], windowMs: number, untilMs: number): ServedAfterRefusal {
  let maxServed = 0;
  let spans = 0;
  let from = 0;
  for (const refused of limited) {
    const spanEnd = refused.startedMs + windowMs;
    if (spanEnd > untilMs) break;
    spans++;
    while (from < served.length && (served[from] as LoadRecord).startedMs < refused.endedMs) from++;
    let count = 0;
    for (let i = from; i < served.length && (served[i] as LoadRecord).startedMs <= spanEnd; i++) if ((served[i] as LoadRecord).endedMs <= spanEnd) count++;
    maxServed = Math.max(maxServed, count);
  }
  return { maxServed, spans };
}

export interface BudgetWindows {
  readonly company: Company;
  readonly surface: MeteredSurface;
  readonly sent: number;
  readonly served: number;
  readonly limited: number;
  readonly errors: number;
  /** Most requests served in any span of one window, by send time. */
  readonly maxServedInWindow: number;
  /** The same over spans shortened by the longest latency: certainly inside one window span at the server. */
  readonly maxServedCertain: number;
  /** Served within one window of the server's own, told by the 429s. */
  readonly afterRefusal: ServedAfterRefusal;
  /** Served in the trailing window, once per step: the line drawn against the budget. */
  readonly series: readonly { atMs: number; count: number }[];
}

export interface WindowedAnalysis {
  readonly windowMs: number;
  readonly stepMs: number;
  readonly budget: number;
  readonly budgets: readonly BudgetWindows[];
}

/** The analysis of one run's records, one entry per budget that saw any request. */
export function analyseWindows(records: readonly LoadRecord[], windowMs: number, stepMs = Math.max(1, Math.round(windowMs / 60))): WindowedAnalysis {
  const untilMs = Math.max(0, ...records.map((r) => r.endedMs));
  const longest = Math.max(0, ...records.map(uncorrectedLatencyMs));
  const budgets: BudgetWindows[] = [];
  for (const company of ['self', 'other'] as const) {
    for (const surface of METERED_SURFACES) {
      const mine = records.filter((r) => r.company === company && r.surface === surface && isMetered(r.surface));
      if (mine.length === 0) continue;
      const bySend = [...mine].sort((a, b) => a.startedMs - b.startedMs);
      const servedTimes = bySend.filter((r) => outcomeOf(r) === 'served').map((r) => r.startedMs);
      budgets.push({
        company,
        surface,
        sent: mine.length,
        served: servedTimes.length,
        limited: mine.filter((r) => outcomeOf(r) === 'limited').length,
        errors: mine.filter((r) => outcomeOf(r) === 'error').length,
        maxServedInWindow: maxInSpan(servedTimes, windowMs),
        maxServedCertain: maxInSpan(servedTimes, Math.max(0, windowMs - longest)),
        afterRefusal: servedAfterRefusals(
          bySend.filter((r) => outcomeOf(r) === 'limited'),
          bySend.filter((r) => outcomeOf(r) === 'served'),
          windowMs,
          untilMs,
        ),
        series: trailingCounts(servedTimes, windowMs, stepMs, untilMs),
      });
    }
  }
  return { windowMs, stepMs, budget: BUDGET_PER_WINDOW, budgets };
}
