/**
 * `X-ServiceAPI-ResetTime` (spec: Limits): the Unix timestamp a core 429 announces, which a client sleeps
 * until before it retries. Named, parsed and placed against a clock here only, for everything that reads
 * it: the suite's client (how long to wait), the budget checks and the k6 budget probe (whether it holds,
 * and when their recovering client wakes), the Node runner's progress line (how long until it). Each
 * reader brings its own clock and horizon (`resetPlacement`). No imports and no Node built-ins, so the
 * k6 scripts load it too.
 */

/** The header's name as the spec writes it. */
export const RESET_HEADER = 'X-ServiceAPI-ResetTime';
/** The name as answers' header maps key it: lower case, as undici gives it and both engines' answers keep it. */
export const RESET_HEADER_KEY = 'x-serviceapi-resettime';

/** The value an answer announced, as it was sent; undefined when absent or sent more than once. */
export function announcedResetValue(headers: Readonly<Record<string, string | readonly string[] | undefined>>): string | undefined {
  const value = headers[RESET_HEADER_KEY];
  return typeof value === 'string' ? value : undefined;
}

/** The announced reset in epoch ms, or undefined when the value is absent or not integer Unix seconds. */
export function resetTimeMs(raw: string | undefined): number | undefined {
  const value = raw?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
}

/** "Now" on the clock a reset is read against, as a span: that clock is known only so closely (a Date header's whole second, the server's offset from ours). */
export interface ClockSpan {
  readonly earliest: number;
  readonly latest: number;
}

/**
 * How far from now a reader believes a reset: at most `aheadMs` after the latest now, and, when
 * `behindMs` is given, over no more than that before the earliest now.
 */
export interface ResetHorizon {
  readonly aheadMs: number;
  readonly behindMs?: number;
}

/**
 * The one horizon rule: where an announced reset (epoch ms) lies against `now`. The header names a whole
 * second, from `atMs` to a second later, so a reset is `over` once that second ended `behindMs` or more
 * before the earliest now, and `beyond` when it begins more than `aheadMs` and that second after the latest.
 */
export function resetPlacement(atMs: number, now: ClockSpan, horizon: ResetHorizon): 'over' | 'within' | 'beyond' {
  if (horizon.behindMs !== undefined && atMs + 1000 + horizon.behindMs <= now.earliest) return 'over';
  if (atMs > now.latest + horizon.aheadMs + 1000) return 'beyond';
  return 'within';
}

/**
 * What the budget checks and the k6 probe require of one 429's reset: integer Unix seconds, not over
 * before the 429 was made (to the second: the header counts whole seconds), and at most one window and a
 * second after it. `serverNowMs` is when the server made the 429, on its own clock, as closely as the
 * caller can tell: from its Date header (and the exchange's timing), `earliest` and `latest` apart.
 * Undefined when it holds; else why not, in words.
 */
export function resetProblem(raw: string | undefined, serverNowMs: ClockSpan, windowMs: number): string | undefined {
  const at = resetTimeMs(raw);
  if (at === undefined) return `${RESET_HEADER} is ${JSON.stringify(raw ?? null)}, not integer Unix seconds`;
  const placement = resetPlacement(at, serverNowMs, { aheadMs: windowMs, behindMs: 0 });
  if (placement === 'over') return `reset ${iso(at)} was over before the 429 was made (server time at least ${iso(serverNowMs.earliest)})`;
  if (placement === 'beyond')
    return `reset ${raw} (${iso(at)}) is more than one window of ${windowMs} ms and a second after the 429 (server time at most ${iso(serverNowMs.latest)})`;
  return undefined;
}

/** A time in words; one beyond the dates a Date can hold (a reset given in far too many digits) as itself. */
function iso(ms: number): string {
  return Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${ms} ms after the epoch`;
}
