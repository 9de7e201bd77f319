import type { MeteredSurface } from '../contract/vocabulary.ts';
import { type BudgetAnswer, isLimited, isServed, receivedAt } from './answers.ts';
import { resetPlacement } from '../contract/reset-time.ts';
import { announcedReset } from './judge-trial.ts';
import type { ServerClock } from './server-clock.ts';

/**
 * The client the spec describes (Limits: sleep until X-ServiceAPI-ResetTime, then retry with
 * exponential backoff), measured after a 429: how many requests it wastes and how long it waits.
 * Backoff waits are "equal jitter": half the doubled step, plus a random share of the other half,
 * seeded from the run so a run replays. Both engines run it (lib/budget/procedure.ts), so both send the
 * same requests between their bursts.
 */
export interface ClientRecovery<A extends BudgetAnswer = BudgetAnswer> {
  readonly attempts: readonly A[];
  /** Attempts answered 429. */
  readonly wasted: number;
  /** From the 429 that sent the client to sleep to the answer that served it. */
  readonly recoveredAfterMs?: number;
  /** What the client slept on first: the announced reset, a Retry-After, or its own backoff. */
  readonly firstWait: string;
}

export const MAX_ATTEMPTS = 8;

/**
 * A small seeded generator (mulberry32) of numbers in [0, 1): the k6 probe runs this client too, and k6
 * loads no npm package, so the jitter cannot come from the mock's pure-rand.
 */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** How the client sends: one request of the surface's budget with the company's primary key. */
export interface ClientIo<A extends BudgetAnswer> {
  send(): Promise<A>;
  sleepUntil(epochMs: number): Promise<void>;
}

export async function recoverLikeAClient<A extends BudgetAnswer>(
  io: ClientIo<A>,
  surface: MeteredSurface,
  limited: A,
  clock: ServerClock,
  seed: number,
  windowMs: number,
): Promise<ClientRecovery<A>> {
  const random = seededUniform(seed);
  const jittered = (stepMs: number) => stepMs / 2 + random() * (stepMs / 2);
  const from = receivedAt(limited);
  const reset = surface === 'core' ? announcedReset(limited) : undefined;
  const retryAfter = limited.headers['retry-after']?.trim();
  let wakeAt: number;
  let firstWait: string;
  // A reset further than a window and a second after the 429 (by what we know of the server's clock) is not
  // believed: a client would sleep for years. One believed is slept on until the server's clock surely shows it, on ours.
  if (reset !== undefined && resetPlacement(reset, clock.madeAt(limited), { aheadMs: windowMs }) !== 'beyond') {
    wakeAt = reset - clock.bounds.lo;
    firstWait = 'the announced reset';
  } else if (retryAfter !== undefined && /^\d+$/.test(retryAfter) && Number(retryAfter) * 1000 <= windowMs + 1000) {
    wakeAt = from + Number(retryAfter) * 1000;
    firstWait = `Retry-After: ${retryAfter}`;
  } else {
    wakeAt = from + jittered(windowMs / 16);
    firstWait = 'its own backoff (no usable reset header)';
  }
  const base = surface === 'core' ? Math.max(100, windowMs / 240) : windowMs / 16;
  const attempts: A[] = [];
  for (let k = 0; k < MAX_ATTEMPTS; k++) {
    await io.sleepUntil(wakeAt);
    const ex = await io.send();
    attempts.push(ex);
    if (isServed(ex)) return { attempts, wasted: attempts.filter(isLimited).length, recoveredAfterMs: receivedAt(ex) - from, firstWait };
    if (!isLimited(ex)) break;
    wakeAt = receivedAt(ex) + jittered(base * 2 ** (k + 1));
  }
  return { attempts, wasted: attempts.filter(isLimited).length, firstWait };
}

export function describeRecovery(r: ClientRecovery<BudgetAnswer>): string {
  const outcome = r.recoveredAfterMs === undefined ? `not served after ${r.attempts.length} attempts` : `served after ${Math.round(r.recoveredAfterMs)} ms`;
  return `${outcome}, ${r.wasted} request(s) wasted on 429; it first slept on ${r.firstWait}`;
}
