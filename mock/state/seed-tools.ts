import { createHash } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * What every seeding module shares (the core records in seed.ts, the Dialer's in dialer-*-seed.ts):
 * the reference day records are dated up to (the day the mock starts, so its history ends where a
 * client's clock says now; a seed replays identically within the day), the seeded random source, derived identifiers, dates as
 * the API writes them, and the archived call tag both sides must name alike.
 */
export const REFERENCE_DAY = startOfDay(Date.now());

/** Midnight UTC of the day `ms` falls in. */
export function startOfDay(ms: number): number {
  return ms - (ms % 86_400_000);
}

/** A call tag removed while calls carried it: archived (spec: States and transitions, call-tag disposition). */
export const ARCHIVED_TAG_NAME = 'Old campaign offer';

export class Random {
  readonly #rng;
  constructor(seed: number) {
    this.#rng = xoroshiro128plus(seed);
  }
  int(from: number, to: number): number {
    return uniformInt(this.#rng, from, to);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
  chance(percent: number): boolean {
    return this.int(1, 100) <= percent;
  }
  digits(n: number): string {
    let out = String(this.int(1, 9));
    while (out.length < n) out += String(this.int(0, 9));
    return out;
  }
  hex(n: number): string {
    let out = '';
    while (out.length < n) out += this.int(0, 15).toString(16);
    return out;
  }
}

/** A generator of its own per record, derived from the data seed: the shared one draws what it drew before. */
export function derivedRandom(seed: number, name: string): Random {
  return new Random(createHash('sha256').update(`${seed}:${name}`).digest().readUInt32BE(0) | 0);
}

/**
 * A UUID-shaped identifier derived from the seed and a name, without drawing from the seeded random
 * sequence: adding derived records never changes the records drawn before.
 */
export function derivedUuid(seed: number, name: string): string {
  const h = createHash('sha256').update(`${seed}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
}
