/**
 * The budget meter of one surface. The spec says "60 requests per minute per company" without saying
 * how the minute is counted, so the mock plays each reading real servers use:
 * - `fixed`: a window opened by the bucket's first request, lasting one window;
 * - `clock`: windows aligned to the clock (multiples of the window length since the Unix epoch);
 * - `sliding`: a log of served requests; one is served while fewer than the limit fall in the last window.
 * Requests refused with 429 never count. `resetAt` is when the bucket next has room.
 */
export const RATE_ALGORITHMS = ['fixed', 'clock', 'sliding'] as const;
export type RateAlgorithm = (typeof RATE_ALGORITHMS)[number];

export function isRateAlgorithm(value: string | undefined): value is RateAlgorithm {
  return (RATE_ALGORITHMS as readonly (string | undefined)[]).includes(value);
}

export interface MeterVerdict {
  readonly allowed: boolean;
  /** Epoch ms when the bucket next has room (the end of the current window for the window readings). */
  readonly resetAt: number;
}

export interface MeterOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly algorithm?: RateAlgorithm;
  /**
   * A fault: once a bucket is refused, it stays refused this long past the announced reset, as a
   * server whose real window outlasts the one it announces.
   */
  readonly lateRecoveryMs?: number;
}

interface Bucket {
  /** fixed and clock: start of the current window and requests served in it. */
  start: number;
  count: number;
  /** sliding: times of served requests in the last window, oldest first. */
  log: number[];
  /** late-recovery fault: refused until then, announcing `closedReset`. */
  closedUntil: number;
  closedReset: number;
}

export class RateMeter {
  readonly limit: number;
  #windowMs: number;
  readonly algorithm: RateAlgorithm;
  readonly #lateRecoveryMs: number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(options: MeterOptions) {
    this.limit = options.limit;
    this.#windowMs = options.windowMs;
    this.algorithm = options.algorithm ?? 'fixed';
    this.#lateRecoveryMs = options.lateRecoveryMs ?? 0;
  }

  get windowMs(): number {
    return this.#windowMs;
  }

  /** Forgets every bucket and counts in windows of `windowMs` from now on: a budget started afresh. */
  restart(windowMs: number): void {
    this.#windowMs = windowMs;
    this.#buckets.clear();
  }

  #bucket(key: string): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { start: Number.NEGATIVE_INFINITY, count: 0, log: [], closedUntil: 0, closedReset: 0 };
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  /** Would a request be served now? Counts nothing: `hit` is `peek` then `record`. */
  peek(key: string, now = Date.now()): MeterVerdict {
    const bucket = this.#bucket(key);
    if (now < bucket.closedUntil) return { allowed: false, resetAt: bucket.closedReset };
    let verdict: MeterVerdict;
    if (this.algorithm === 'sliding') {
      const horizon = now - this.windowMs;
      while (bucket.log.length > 0 && (bucket.log[0] as number) <= horizon) bucket.log.shift();
      const oldest = bucket.log[0];
      verdict = { allowed: bucket.log.length < this.limit, resetAt: oldest === undefined ? now : oldest + this.windowMs };
    } else {
      this.#roll(bucket, now);
      verdict = { allowed: bucket.count < this.limit, resetAt: bucket.start + this.windowMs };
    }
    if (!verdict.allowed && this.#lateRecoveryMs > 0) {
      bucket.closedUntil = verdict.resetAt + this.#lateRecoveryMs;
      bucket.closedReset = verdict.resetAt;
    }
    return verdict;
  }

  /** Counts a served request, whatever the bucket holds (a racing limiter records after its check). */
  record(key: string, now = Date.now()): void {
    const bucket = this.#bucket(key);
    if (this.algorithm === 'sliding') {
      bucket.log.push(now);
      return;
    }
    this.#roll(bucket, now);
    bucket.count += 1;
  }

  hit(key: string, now = Date.now()): MeterVerdict {
    const verdict = this.peek(key, now);
    if (verdict.allowed) this.record(key, now);
    return verdict;
  }

  /** Moves a window bucket to the window `now` falls in. */
  #roll(bucket: Bucket, now: number): void {
    if (this.algorithm === 'clock') {
      const start = Math.floor(now / this.windowMs) * this.windowMs;
      if (start !== bucket.start) {
        bucket.start = start;
        bucket.count = 0;
      }
    } else if (now >= bucket.start + this.windowMs) {
      bucket.start = now;
      bucket.count = 0;
    }
  }
}
