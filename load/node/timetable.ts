/**
 * The run's timetable: every stream's arrivals merged into one list ordered by intended start.
 * Pure, so the order and the count bound can be checked without a clock.
 */
import { arrivalOffsetsMs, type LoadScenario, type LoadStream, scenarioWindows } from '../shared/scenario-model.ts';

export interface PlannedSend<T> {
  /** Intended start, ms after the run's start (open model: independent of earlier answers). */
  readonly atMs: number;
  readonly item: T;
}

export interface Plan<T> {
  readonly sends: readonly PlannedSend<T>[];
  /** Requests the scenario holds; more than `sends.length` when the count bound cut it. */
  readonly scenarioRequests: number;
  /** When the timetable ends, ms after the start: the scenario's length, or the last kept send when cut. */
  readonly endMs: number;
}

/**
 * Merges the streams' arrivals and keeps the first `maxRequests` of them. `itemOf` maps a stream to
 * what the dispatcher needs (its prepared URL and headers), so the plan stays free of transport.
 */
export function planSends<T>(scenario: LoadScenario, windowMs: number, itemOf: (stream: LoadStream, index: number) => T, maxRequests?: number): Plan<T> {
  const all: PlannedSend<T>[] = [];
  scenario.streams.forEach((stream, index) => {
    const item = itemOf(stream, index);
    for (const atMs of arrivalOffsetsMs(stream, windowMs)) all.push({ atMs, item });
  });
  // Array.prototype.sort is stable: sends due at the same moment keep the scenario's stream order.
  all.sort((a, b) => a.atMs - b.atMs);
  const keep = maxRequests === undefined ? all.length : Math.min(all.length, maxRequests);
  const sends = all.slice(0, keep);
  const cut = keep < all.length;
  const endMs = cut ? (sends.at(-1)?.atMs ?? 0) : scenarioWindows(scenario) * windowMs;
  return { sends, scenarioRequests: all.length, endMs };
}
