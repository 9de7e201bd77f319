/**
 * Running counts of a load run and the latest core reset time, for the live progress line and the
 * result. Kept apart from the dispatcher so what is counted, and when, reads in one place.
 */
import { resetPlacement, resetTimeMs } from '../../lib/contract/reset-time.ts';
import { outcomeOf } from '../shared/records.ts';

export interface LoadProgress {
  readonly elapsedMs: number;
  /** The timetable's length (or the time bound, when shorter). */
  readonly totalMs: number;
  readonly sent: number;
  readonly served: number;
  /** Answered 429. */
  readonly limited: number;
  /** Any other status, or no answer. */
  readonly errors: number;
  /** Due sends not sent: too many in flight, or the time bound came first. */
  readonly missed: number;
  /** Sends not yet due when the run was interrupted. */
  readonly notSent: number;
  readonly inFlight: number;
  /** Until the latest core 429's announced reset; absent when none is pending. */
  readonly resetInMs?: number;
}

/**
 * A reset further away than this many windows, ahead or behind, is not believed (a value in milliseconds,
 * say, or a clock far off); the header's whole second is allowed on top (lib/contract/reset-time.ts).
 */
const RESET_HORIZON_WINDOWS = 3;

export class LoadTally {
  sent = 0;
  served = 0;
  limited = 0;
  errors = 0;
  missed = 0;
  notSent = 0;
  inFlight = 0;
  /** Epoch ms of the latest believable core reset. */
  lastResetAt: number | undefined;

  constructor(readonly windowMs: number) {}

  answered(status: number): void {
    this.inFlight--;
    const outcome = outcomeOf({ status });
    if (outcome === 'served') this.served++;
    else if (outcome === 'limited') this.limited++;
    else this.errors++;
  }

  /** Takes the reset a core 429 announced (integer Unix seconds), read against our clock, when it is plausible. */
  noteReset(header: string, nowEpochMs: number): void {
    const at = resetTimeMs(header);
    if (at === undefined) return;
    const horizonMs = RESET_HORIZON_WINDOWS * this.windowMs;
    if (resetPlacement(at, { earliest: nowEpochMs, latest: nowEpochMs }, { aheadMs: horizonMs, behindMs: horizonMs }) !== 'within') return;
    this.lastResetAt = at;
  }

  snapshot(elapsedMs: number, totalMs: number, nowEpochMs: number): LoadProgress {
    const resetIn = this.lastResetAt === undefined ? undefined : this.lastResetAt - nowEpochMs;
    return {
      elapsedMs,
      totalMs,
      sent: this.sent,
      served: this.served,
      limited: this.limited,
      errors: this.errors,
      missed: this.missed,
      notSent: this.notSent,
      inFlight: this.inFlight,
      ...(resetIn !== undefined && resetIn > 0 ? { resetInMs: resetIn } : {}),
    };
  }
}
