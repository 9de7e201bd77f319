import { describe, expect, test } from 'vitest';
import type { PlannedSend } from '../../load/node/timetable.ts';
import { runSchedule } from '../../load/node/scheduler.ts';

function timetable(count: number, gapMs: number): PlannedSend<number>[] {
  return Array.from({ length: count }, (_, i) => ({ atMs: i * gapMs, item: i }));
}

/** The real monotonic clock plus a skew the test adds, standing in for a process that stalls. */
function skewedClock(): { now: () => number; stall: (ms: number) => void } {
  const t0 = performance.now();
  let skew = 0;
  return { now: () => performance.now() - t0 + skew, stall: (ms) => (skew += ms) };
}

describe('the scheduler', () => {
  test('never dispatches a send before it is due, and dispatches each once in order', async () => {
    const clock = skewedClock();
    const seen: { item: number; atMs: number; nowMs: number }[] = [];
    const outcome = await runSchedule({
      sends: timetable(20, 5),
      now: clock.now,
      deadlineMs: 10_000,
      dispatch: (s, nowMs) => seen.push({ item: s.item, atMs: s.atMs, nowMs }),
    });
    expect(outcome).toEqual({ dispatched: 20, leftOver: 0, endedBy: 'done' });
    expect(seen.map((s) => s.item)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const s of seen) expect(s.nowMs).toBeGreaterThanOrEqual(s.atMs);
  });

  test('after a stall the due sends go out at once, late, and the timetable does not drift', async () => {
    const clock = skewedClock();
    const seen: { atMs: number; nowMs: number }[] = [];
    await runSchedule({
      sends: timetable(12, 10),
      now: clock.now,
      deadlineMs: 10_000,
      dispatch: (s, nowMs) => {
        seen.push({ atMs: s.atMs, nowMs });
        // The third send stalls the sender for 45 ms: sends 4 to 7 fall due meanwhile.
        if (s.atMs === 20) clock.stall(45);
      },
    });
    expect(seen.map((s) => s.atMs)).toEqual(timetable(12, 10).map((s) => s.atMs));
    const late = seen.filter((s) => s.atMs > 20 && s.atMs <= 60);
    expect(late.every((s) => s.nowMs >= 65)).toBe(true);
    // Later sends keep their own due times (never re-based on the late ones).
    const after = seen.filter((s) => s.atMs >= 70);
    expect(after.map((s) => s.atMs)).toEqual([70, 80, 90, 100, 110]);
    expect(after.every((s) => s.nowMs >= s.atMs)).toBe(true);
  });

  test('the deadline stops dispatching; what is left over is counted', async () => {
    const clock = skewedClock();
    let dispatched = 0;
    const outcome = await runSchedule({ sends: timetable(10, 20), now: clock.now, deadlineMs: 50, dispatch: () => dispatched++ });
    expect(outcome.endedBy).toBe('deadline');
    expect(outcome.dispatched).toBe(dispatched);
    expect(outcome.dispatched + outcome.leftOver).toBe(10);
    expect(outcome.dispatched).toBeLessThanOrEqual(3);
  });

  test('an abort stops dispatching at once, even in a long wait', async () => {
    const clock = skewedClock();
    const stop = new AbortController();
    const sends = [
      { atMs: 0, item: 0 },
      { atMs: 60_000, item: 1 },
    ];
    const outcome = runSchedule({ sends, now: clock.now, deadlineMs: 120_000, signal: stop.signal, dispatch: () => stop.abort() });
    await expect(outcome).resolves.toEqual({ dispatched: 1, leftOver: 1, endedBy: 'abort' });
  });
});
