import { setTimeout as sleep } from 'node:timers/promises';
import { announcedResetValue, RESET_HEADER, resetPlacement, resetTimeMs } from '../contract/reset-time.ts';
import { BudgetExhaustedError, InterruptedError, UnavailableError, WaitOutOfRangeError } from '../errors.ts';
import type { ClientStats } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Pacer } from '../http/pacer.ts';
import type { Metered, Stage } from './pipeline.ts';
import { maySendAgain } from './resend-rule.ts';

/**
 * The stages that send a request again: the wait out of an unplanned `429` and the retry of a `503`. Both ask
 * resend-rule.ts whether a resend is safe, and count what they did in the HTTP client's stats, which the
 * report reads.
 */

/** How often one request has been sent again so far, and why. */
export interface Resends {
  waits429: number;
  retries503: number;
}

/** A metered dispatch with the tally of its resends. */
export interface Tallied extends Metered {
  readonly resends: Resends;
}

/**
 * Opens the request's tally, which the 429 and 503 stages share rather than each keeping its own: a request
 * resent for both reasons is bounded as a whole (3 waits and 3 retries in all), and each back-off keeps
 * growing across the other's resends.
 */
export const resendTally: Stage<Metered, Tallied> = (next) => async (d) => next({ ...d, resends: { waits429: 0, retries503: 0 } });

const WAITS_ON_429 = 3;
/** The back-off on top of the announced reset, doubled on each further wait (250 ms, 500 ms, 1 s). */
const BACKOFF_429_MS = 250;
const RETRIES_ON_503 = 3;
/** First wait after a 503 without a numeric Retry-After; doubles on each retry (500 ms, 1 s, 2 s). */
const BACKOFF_503_MS = 500;
/** Answers that say the target cannot serve now (a dependency or gateway is down), not what it does when it can. */
const UNAVAILABLE = new Set([502, 503, 504]);
/**
 * Whole seconds on top of the rate window that a Retry-After may ask to wait: as far as a reset may lie ahead
 * of the server's Date (both whole seconds; `resetWaitMs`).
 */
const WAIT_SLACK_MS = 2000;

/**
 * An unplanned `429` on a budget we pace is waited out to the announced reset, then the request goes out again.
 * The wait is the pacer's (a block on the bucket), so no other request of that budget goes out before the reset
 * either. A planned burst gets its 429 back to judge, as does a request no budget counts (a plain-HTTP probe).
 */
export function rateLimitWaits(pacer: Pacer, stats: ClientStats): Stage<Tallied, Tallied> {
  return (next) => async (d) => {
    for (;;) {
      const ex = await next(d);
      if (ex.status !== 429 || d.fields.planned || d.budgetKey === null || !maySendAgain(d, ex)) return ex;
      stats.unplanned429++;
      const waitMs = resetWaitMs(ex, pacer.windowMs);
      if (d.resends.waits429 >= WAITS_ON_429) {
        throw new BudgetExhaustedError(`${d.fields.method} ${ex.request.url}: still 429 after ${WAITS_ON_429} waits for the announced reset`);
      }
      // Sleep until the announced reset, then back off exponentially on top of it.
      pacer.blockFor(d.budgetKey, waitMs + BACKOFF_429_MS * 2 ** d.resends.waits429);
      d.resends.waits429++;
    }
  };
}

/**
 * A `503` (a dependency is down; spec: Errors, "retry with backoff") is sent again where resend-rule.ts says that
 * cannot duplicate anything, after a numeric Retry-After or the back-off. A 502, 503 or 504 still standing (or a
 * 503 that must not be resent) is an error of the run, not an answer to judge; a planned request or a plain-HTTP
 * probe judges what it got. `wait` is a fake clock's in tests, so waits are measured, not spent.
 */
export function unavailableRetries(windowMs: number, stats: ClientStats, wait: (ms: number) => Promise<unknown> = sleep): Stage<Tallied, Tallied> {
  return (next) => async (d) => {
    for (;;) {
      const ex = await next(d);
      if (ex.status === 503 && !d.fields.planned && maySendAgain(d, ex) && d.resends.retries503 < RETRIES_ON_503) {
        await wait(retryAfterMs(ex, windowMs) ?? BACKOFF_503_MS * 2 ** d.resends.retries503);
        // Interrupted while waiting: the 503 is not an answer to judge, and nothing more is sent.
        if (d.signal?.aborted) throw InterruptedError.of(`${d.fields.method} not sent`, d.signal.reason);
        d.resends.retries503++;
        stats.retried503++;
        continue;
      }
      if (UNAVAILABLE.has(ex.status) && !d.fields.planned && d.budgetKey !== null) throw unavailable(ex, d.resends.retries503);
      return ex;
    }
  };
}

/**
 * A 502, 503 or 504 that still stands once the retries allowed are spent: the target cannot serve the
 * request now, which judges none of its rules; the check reports it as an error, with the answer.
 */
function unavailable(ex: Exchange, retries: number): UnavailableError {
  const after =
    retries > 0
      ? ` after ${retries} retr${retries === 1 ? 'y' : 'ies'} with backoff`
      : ex.status === 503
        ? " and was not sent again (it may create a record, and a gateway's 503 does not say nothing was applied)"
        : '';
  return new UnavailableError(
    `${ex.request.method} ${ex.request.url} answered ${ex.status}${after}: the target or a dependency of it is unavailable, so the rules this request serves were not judged`,
    ex,
  );
}

/** A numeric `Retry-After` (seconds) in ms; undefined when absent or a date; further than one window (and the slack) is refused. */
function retryAfterMs(ex: Exchange, windowMs: number): number | undefined {
  const raw = ex.headers['retry-after']?.trim();
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const ms = Number(raw) * 1000;
  if (ms > windowMs + WAIT_SLACK_MS)
    throw new WaitOutOfRangeError(
      `${ex.request.method} ${ex.request.url}: ${ex.status} with Retry-After ${raw} s, further than the ${windowMs} ms rate window; not waited for`,
    );
  return ms;
}

/**
 * How long to wait after a 429, on our clock: to the announced reset (lib/contract/reset-time.ts) read
 * against the server's own `Date`, so a skewed clock on either side moves nothing; without it a numeric
 * Retry-After, else one window. A reset further than one window ahead is refused, never slept on; one
 * already past is not waited for.
 */
function resetWaitMs(ex: Exchange, windowMs: number): number {
  const raw = announcedResetValue(ex.headers);
  const resetMs = resetTimeMs(raw);
  if (resetMs === undefined) return retryAfterMs(ex, windowMs) ?? windowMs;
  const date = Date.parse(ex.headers.date ?? '');
  const serverNow = Number.isFinite(date) ? date : Date.now();
  const waitMs = resetMs - serverNow;
  // The Date header names a whole second, so the server's time may lie up to a second past it; our own
  // clock, read when there is no Date, is given the same second.
  if (resetPlacement(resetMs, { earliest: serverNow, latest: serverNow + 1000 }, { aheadMs: windowMs }) === 'beyond') {
    throw new WaitOutOfRangeError(
      `${ex.request.method} ${ex.request.url}: 429 announcing ${RESET_HEADER} ${raw}, ${Math.round(waitMs / 1000)} s after the server's ${Number.isFinite(date) ? 'Date' : 'time (no Date header; our clock)'}, further than the ${windowMs} ms rate window; not waited for`,
    );
  }
  return Math.max(waitMs, 0);
}
