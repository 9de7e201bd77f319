/**
 * A fixed window per bucket, opened by the bucket's first request: `limit` requests per window,
 * then 429 until the window closes. Requests refused with 429 do not count.
 */
export interface MeterVerdict {
  readonly allowed: boolean;
  /** Epoch ms when the current window closes. */
  readonly resetAt: number;
}

export class RateMeter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** How long a window really lasts, as a multiple of windowMs (1 when faithful). */
    readonly stretch = 1,
  ) {}

  hit(bucket: string, now = Date.now()): MeterVerdict {
    let window = this.#windows.get(bucket);
    if (!window || now >= window.start + this.windowMs * this.stretch) {
      window = { start: now, count: 0 };
      this.#windows.set(bucket, window);
    }
    const resetAt = window.start + this.windowMs;
    if (window.count >= this.limit) return { allowed: false, resetAt };
    window.count += 1;
    return { allowed: true, resetAt };
  }
}
