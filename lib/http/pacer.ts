import { setTimeout as sleep } from 'node:timers/promises';
import { BUDGET_PER_WINDOW } from '../contract/vocabulary.ts';

/** Our pace stays this many requests under a whole budget, so network jitter cannot tip a window over. */
export const PACING_MARGIN = 2;

/**
 * Requests per window and bucket at a share of the budget (CC_BUDGET_SHARE): floor(60 × share), and never
 * within the margin of the whole budget. Share 1 is therefore 58, as the pace always was; below about 0.97
 * the share leaves more headroom than the margin, which then has nothing to add.
 */
export function perWindowAt(share: number): number {
  return Math.max(1, Math.min(Math.floor(BUDGET_PER_WINDOW * share), BUDGET_PER_WINDOW - PACING_MARGIN));
}

/**
 * Keeps the suite inside each company's request budget on each surface, so a normal run never
 * meets an unplanned `429`. A sliding log of send times per bucket guarantees that no window of
 * the target's length, however the target aligns it, holds more than `perWindow` of our requests.
 */
export interface PacerOptions {
  windowMs: number;
  /** Requests allowed per window and bucket; a small margin below the target's budget absorbs network jitter. */
  perWindow: number;
  now?: () => number;
  /** Rejects when `signal` aborts: a run being interrupted stops waiting for budget. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<unknown>;
}

interface Bucket {
  sends: number[];
  blockedUntil: number;
  /** Serialises waiters so they take free slots in arrival order. */
  queue: Promise<void>;
}

export class Pacer {
  readonly windowMs: number;
  readonly perWindow: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<unknown>;
  readonly #watchers = new Set<(key: string, untilEpochMs: number) => void>();
  readonly #sendWatchers = new Set<(key: string) => void>();
  #waitedMs = 0;

  constructor(options: PacerOptions) {
    this.windowMs = options.windowMs;
    this.perWindow = options.perWindow;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms, signal) => sleep(ms, undefined, signal ? { signal } : {}));
  }

  /** Tells `listener` before each wait for a bucket: which, and until when (epoch ms); the run's progress shows it. */
  watchWaits(listener: (key: string, untilEpochMs: number) => void): () => void {
    this.#watchers.add(listener);
    return () => this.#watchers.delete(listener);
  }

  /**
   * Tells `listener` of each send `acquire` lets through: the paced requests, which the plan counts per
   * budget, so the run's progress can say how much of each it has spent. A planned burst (`record`) is not one.
   */
  watchSends(listener: (key: string) => void): () => void {
    this.#sendWatchers.add(listener);
    return () => this.#sendWatchers.delete(listener);
  }

  #tell(key: string, untilEpochMs: number): void {
    for (const listener of this.#watchers) listener(key, untilEpochMs);
  }

  /** Total time spent waiting for budget, reported with the run's figures. */
  get waitedMs(): number {
    return this.#waitedMs;
  }

  #bucket(key: string): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { sends: [], blockedUntil: 0, queue: Promise.resolve() };
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  #prune(bucket: Bucket, now: number): void {
    const horizon = now - this.windowMs;
    while (bucket.sends.length > 0 && (bucket.sends[0] as number) <= horizon) bucket.sends.shift();
  }

  /** Waits for a free slot in the bucket, then records the send; rejects, sending nothing, once `signal` aborts. */
  acquire(key: string, signal?: AbortSignal): Promise<void> {
    const bucket = this.#bucket(key);
    const turn = bucket.queue.then(async () => {
      for (;;) {
        const now = this.#now();
        this.#prune(bucket, now);
        const waitBlock = bucket.blockedUntil - now;
        const waitSlot = bucket.sends.length >= this.perWindow ? (bucket.sends[0] as number) + this.windowMs - now + 1 : 0;
        const wait = Math.max(waitBlock, waitSlot);
        if (wait <= 0) break;
        signal?.throwIfAborted();
        this.#waitedMs += wait;
        this.#tell(key, now + wait);
        await this.#sleep(wait, signal);
      }
      signal?.throwIfAborted();
      bucket.sends.push(this.#now());
      for (const listener of this.#sendWatchers) listener(key);
    });
    bucket.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Records a send that bypassed `acquire` (a planned burst): it still counts against the budget. */
  record(key: string): void {
    this.#bucket(key).sends.push(this.#now());
  }

  /** After a `429`, nothing more goes to the bucket before the announced reset. */
  blockUntil(key: string, epochMs: number): void {
    const bucket = this.#bucket(key);
    bucket.blockedUntil = Math.max(bucket.blockedUntil, epochMs);
  }

  /** Holds the bucket for `ms` from now, on the pacer's own clock. */
  blockFor(key: string, ms: number): void {
    this.blockUntil(key, this.#now() + ms);
  }

  /**
   * Waits until none of our sends to the bucket fall inside the last window and any block has
   * passed: from then on, as far as our own traffic goes, the target's counter for it is empty.
   */
  async quiet(key: string, signal?: AbortSignal): Promise<void> {
    const bucket = this.#bucket(key);
    await bucket.queue;
    const now = this.#now();
    const last = bucket.sends.at(-1);
    const wait = Math.max(last === undefined ? 0 : last + this.windowMs - now + 1, bucket.blockedUntil - now);
    if (wait > 0) {
      this.#waitedMs += wait;
      this.#tell(key, now + wait);
      await this.#sleep(wait, signal);
    }
    // Sends recorded by a concurrent acquire during the wait still count; only those now outside the window go.
    this.#prune(bucket, this.#now());
  }
}
