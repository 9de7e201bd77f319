import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { CheckContext } from '../../lib/checks/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { type BudgetSurface, isLimited, isServed, receivedAt } from '../../lib/budget/answers.ts';
import { announcedReset } from '../../lib/budget/judge-trial.ts';
import type { ServerClock } from '../../lib/budget/server-clock.ts';
import { probeOf } from './surfaces.js';

/**
 * The client the spec describes (Limits: sleep until X-ServiceAPI-ResetTime, then retry with
 * exponential backoff), measured after a 429: how many requests it wastes and how long it waits.
 * Backoff waits are "equal jitter": half the doubled step, plus a random share of the other half,
 * seeded from the run so a run replays.
 */
export interface ClientRecovery {
  readonly attempts: readonly Exchange[];
  /** Attempts answered 429. */
  readonly wasted: number;
  /** From the 429 that sent the client to sleep to the answer that served it. */
  readonly recoveredAfterMs?: number;
  /** What the client slept on first: the announced reset, a Retry-After, or its own backoff. */
  readonly firstWait: string;
}

export const MAX_ATTEMPTS = 8;

export async function recoverLikeAClient(t: CheckContext, surface: BudgetSurface, limited: Exchange, clock: ServerClock, seed: number): Promise<ClientRecovery> {
  const windowMs = t.target.rateWindowMs;
  const rng = xoroshiro128plus(seed);
  const jittered = (stepMs: number) => stepMs / 2 + (uniformInt(rng, 0, 1000) / 1000) * (stepMs / 2);
  const probe = probeOf(t, surface).planned();
  const from = receivedAt(limited);
  const reset = surface === 'core' ? announcedReset(limited) : undefined;
  const retryAfter = limited.headers['retry-after']?.trim();
  let wakeAt: number;
  let firstWait: string;
  // When the server's clock surely shows the reset, on ours; a reset further away than a window and a
  // second (plus what we do not know of the server's clock) is not believed: a client would sleep for years.
  const resetOnOurClock = reset === undefined ? undefined : reset - clock.bounds.lo;
  if (resetOnOurClock !== undefined && resetOnOurClock <= from + windowMs + 1000 + (clock.bounds.hi - clock.bounds.lo)) {
    wakeAt = resetOnOurClock;
    firstWait = 'the announced reset';
  } else if (retryAfter !== undefined && /^\d+$/.test(retryAfter) && Number(retryAfter) * 1000 <= windowMs + 1000) {
    wakeAt = from + Number(retryAfter) * 1000;
    firstWait = `Retry-After: ${retryAfter}`;
  } else {
    wakeAt = from + jittered(windowMs / 16);
    firstWait = 'its own backoff (no usable reset header)';
  }
  const base = surface === 'core' ? Math.max(100, windowMs / 240) : windowMs / 16;
  const attempts: Exchange[] = [];
  for (let k = 0; k < MAX_ATTEMPTS; k++) {
    await t.sleepUntil(wakeAt);
    const ex = await probe.send();
    attempts.push(ex);
    if (isServed(ex)) return { attempts, wasted: attempts.filter(isLimited).length, recoveredAfterMs: receivedAt(ex) - from, firstWait };
    if (!isLimited(ex)) break;
    wakeAt = receivedAt(ex) + jittered(base * 2 ** (k + 1));
  }
  return { attempts, wasted: attempts.filter(isLimited).length, firstWait };
}

export function describeRecovery(r: ClientRecovery): string {
  const outcome = r.recoveredAfterMs === undefined ? `not served after ${r.attempts.length} attempts` : `served after ${Math.round(r.recoveredAfterMs)} ms`;
  return `${outcome}, ${r.wasted} request(s) wasted on 429; it first slept on ${r.firstWait}`;
}
