import type { ClockSpan } from '../contract/reset-time.ts';
import { type BudgetAnswer, receivedAt } from './answers.ts';

/**
 * The server's clock, as far as its `Date` headers tell: each response was dated by the server at some
 * moment between our send and our receipt, to the whole second, so it bounds the offset between the
 * server's clock and ours. All responses together narrow the bounds; a second boundary seen between
 * two responses pins the offset to about one round trip.
 */
export interface OffsetBounds {
  /** server time = our time + offset, with lo <= offset <= hi (ms). */
  readonly lo: number;
  readonly hi: number;
  /** False when no response carried a usable Date: the bounds are then an assumed ±5 s. */
  readonly fromDate: boolean;
}

/** Assumed offset either way when the target sends no Date header. */
export const UNDATED_SLACK_MS = 5_000;

export class ServerClock {
  #lo = Number.NEGATIVE_INFINITY;
  #hi = Number.POSITIVE_INFINITY;
  #dated = 0;
  #inconsistent = false;

  observe(ex: BudgetAnswer): void {
    const date = ex.headers.date === undefined ? Number.NaN : Date.parse(ex.headers.date);
    if (Number.isNaN(date)) return;
    const lo = date - (ex.startedAt + ex.durationMs);
    const hi = date + 1000 - ex.startedAt;
    // Responses from servers whose clocks disagree (several behind one name) can contradict each
    // other; then the widest honest answer is the last response's own bounds.
    if (Math.max(this.#lo, lo) > Math.min(this.#hi, hi)) {
      this.#inconsistent = true;
      this.#lo = lo;
      this.#hi = hi;
    } else {
      this.#lo = Math.max(this.#lo, lo);
      this.#hi = Math.min(this.#hi, hi);
    }
    this.#dated += 1;
  }

  get bounds(): OffsetBounds {
    if (this.#dated === 0) return { lo: -UNDATED_SLACK_MS, hi: UNDATED_SLACK_MS, fromDate: false };
    return { lo: this.#lo, hi: this.#hi, fromDate: true };
  }

  /** When the server made the answer, on its own clock: between our send and our receipt, shifted by the offset's bounds. */
  madeAt(ex: BudgetAnswer): ClockSpan {
    const { lo, hi } = this.bounds;
    return { earliest: ex.startedAt + lo, latest: receivedAt(ex) + hi };
  }

  /** Whether two Date headers contradicted each other (worth a note in the report). */
  get inconsistent(): boolean {
    return this.#inconsistent;
  }

  describe(): string {
    const b = this.bounds;
    if (!b.fromDate) return `no Date header: the server's clock is assumed within ${UNDATED_SLACK_MS / 1000} s of ours`;
    return `server clock offset from ours between ${Math.round(b.lo)} and ${Math.round(b.hi)} ms (from ${this.#dated} Date headers${this.#inconsistent ? ', some contradicting each other' : ''})`;
  }
}
