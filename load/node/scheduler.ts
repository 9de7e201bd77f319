/**
 * Sends on a timetable, open model (as wrk2 does): each send is due at a time fixed from the run's
 * start, whatever happened to earlier ones. Due times are never derived from the previous send, so
 * lateness of one send never shifts the rest: a late loop catches up by dispatching everything due.
 *
 * Timers bring the loop close to the next due time. A Node timer may fire a millisecond or more
 * late, so where sends are sparse the last stretch is covered by yielding to the event loop
 * (setImmediate) until the send is due. Where sends are dense that spin would never end and take a
 * whole core from the target it shares the machine with (the bundled mock), so there timers alone
 * decide, at the cost of up to about a millisecond of lag, which the records show.
 */
import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import type { PlannedSend } from './timetable.ts';

/** The stretch before a due time covered by yielding instead of a timer. */
const FINE_MS = 1.5;
/** Yield-waiting only before a send this far from the one before it: the spin then takes at most FINE_MS / SPARSE_GAP_MS of a core. */
const SPARSE_GAP_MS = 10;

export interface ScheduleOptions<T> {
  readonly sends: readonly PlannedSend<T>[];
  /** Called synchronously at (or after, never before) each send's due time, with the clock reading then. */
  readonly dispatch: (send: PlannedSend<T>, nowMs: number) => void;
  /** Ms since the run's start on a monotonic clock. */
  readonly now: () => number;
  /** Sends due at or after this time are not dispatched. */
  readonly deadlineMs: number;
  /** Stops dispatching; the sends not yet due are left over. */
  readonly signal?: AbortSignal;
}

export interface ScheduleOutcome {
  readonly dispatched: number;
  /** Sends of the timetable never dispatched (deadline or abort). */
  readonly leftOver: number;
  readonly endedBy: 'done' | 'deadline' | 'abort';
}

export async function runSchedule<T>(options: ScheduleOptions<T>): Promise<ScheduleOutcome> {
  const { sends, dispatch, now, deadlineMs, signal } = options;
  const timer = signal ? { signal } : undefined;
  let next = 0;
  const outcome = (endedBy: ScheduleOutcome['endedBy']): ScheduleOutcome => ({ dispatched: next, leftOver: sends.length - next, endedBy });
  while (next < sends.length) {
    if (signal?.aborted) return outcome('abort');
    const at = now();
    // The bound is on time, not on due dates: a loop running late stops at the deadline too.
    if (at >= deadlineMs) return outcome('deadline');
    const send = sends[next] as PlannedSend<T>;
    if (send.atMs <= at) {
      dispatch(send, at);
      next++;
      continue;
    }
    const wait = Math.min(send.atMs, deadlineMs) - at;
    const sparse = send.atMs - (sends[next - 1]?.atMs ?? Number.NEGATIVE_INFINITY) >= SPARSE_GAP_MS;
    try {
      if (!sparse) await sleep(Math.floor(wait), undefined, timer);
      else if (wait > FINE_MS) await sleep(Math.floor(wait - FINE_MS), undefined, timer);
      else await yieldToLoop();
    } catch {
      // Only an abort rejects the sleep; the loop's head reports it.
    }
  }
  return outcome('done');
}
