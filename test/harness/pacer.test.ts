import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Pacer, perWindowAt } from '../../lib/http/pacer.ts';
import { FakeClock } from './support.ts';

/**
 * The most send times that fit in one window of `windowMs`, wherever the target starts it. The
 * target's windows are half-open ([start, start + windowMs), as the mock's meter counts), and the
 * fullest one can always be slid to start on a send.
 */
function fullestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    let n = 0;
    for (let j = i; j < sorted.length && (sorted[j] as number) < (sorted[i] as number) + windowMs; j++) n++;
    most = Math.max(most, n);
  }
  return most;
}

function pacer(clock: FakeClock, windowMs: number, perWindow: number): Pacer {
  return new Pacer({ windowMs, perWindow, now: clock.now, sleep: clock.sleep });
}

describe('Pacer', () => {
  test('the window counter itself sees a burst over the budget (so the checks below can fail)', () => {
    expect(fullestWindow([0, 1, 2], 10)).toBe(3);
    expect(fullestWindow([0, 10, 20], 10)).toBe(1);
    expect(fullestWindow([0, 9, 10], 10)).toBe(2);
  });

  test('200 back-to-back sends never put more than perWindow in any window, and waste no window', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 10);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      await p.acquire('core:self');
      times.push(clock.t);
    }
    expect(fullestWindow(times, 1000)).toBe(10);
    // 20 batches of 10, each one window (plus the 1 ms margin) after the previous: no slower than that.
    expect(clock.t - 1_000_000).toBe(19 * 1001);
    expect(p.waitedMs).toBe(clock.slept.reduce((a, b) => a + b, 0));
  });

  test('200 concurrent sends keep the budget too', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 500, 7);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 200 }, () => p.acquire('core:self').then(() => times.push(clock.t))));
    expect(times).toHaveLength(200);
    expect(fullestWindow(times, 500)).toBe(7);
  });

  test('any mix of pauses, bursts and planned requests: an acquired send never finds the window full', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.record({ gap: fc.nat(1500), burst: fc.integer({ min: 0, max: 12 }), planned: fc.integer({ min: 0, max: 4 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        async (windowMs, perWindow, steps) => {
          const clock = new FakeClock();
          const p = pacer(clock, windowMs, perWindow);
          const log: { at: number; planned: boolean }[] = [];
          for (const { gap, burst, planned } of steps) {
            clock.t += gap;
            // Planned sends bypass pacing and may overfill a window on purpose; they must still hold back what follows.
            for (let i = 0; i < planned; i++) {
              p.record('core:self');
              log.push({ at: clock.t, planned: true });
            }
            await Promise.all(Array.from({ length: burst }, () => p.acquire('core:self').then(() => log.push({ at: clock.t, planned: false }))));
          }
          log.forEach((send, k) => {
            if (send.planned) return;
            const inWindow = log.slice(0, k + 1).filter((earlier) => earlier.at > send.at - windowMs).length;
            expect(inWindow).toBeLessThanOrEqual(perWindow);
          });
          expect(
            fullestWindow(
              log.filter((s) => !s.planned).map((s) => s.at),
              windowMs,
            ),
          ).toBeLessThanOrEqual(perWindow);
        },
      ),
      { numRuns: 60, seed: 20240611 },
    );
  });

  test('buckets are independent: a full or blocked bucket does not delay another', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 2);
    await p.acquire('core:self');
    await p.acquire('core:self');
    p.blockUntil('core:self', clock.t + 30_000);
    for (let i = 0; i < 2; i++) await p.acquire('core:other');
    expect(clock.slept).toEqual([]);
    await p.acquire('core:self');
    expect(clock.t).toBe(1_000_000 + 30_000);
  });

  test('blockUntil holds the next acquire until the given time, and never shortens an earlier block', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 50);
    p.blockUntil('core:self', 1_000_000 + 4_000);
    p.blockUntil('core:self', 1_000_000 + 2_000);
    await p.acquire('core:self');
    expect(clock.t).toBe(1_000_000 + 4_000);
    // A block in the past is no block.
    p.blockUntil('core:self', 1_000_000);
    await p.acquire('core:self');
    expect(clock.t).toBe(1_000_000 + 4_000);
  });

  test('record() counts toward the budget: after a planned burst the next acquire waits a window', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 3);
    for (let i = 0; i < 5; i++) p.record('core:self');
    expect(clock.slept).toEqual([]);
    await p.acquire('core:self');
    expect(clock.t).toBe(1_000_000 + 1001);
  });

  test('quiet() waits until the last send has left the window, then the bucket starts empty', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 3);
    await p.acquire('core:self');
    clock.t += 300;
    await p.acquire('core:self');
    await p.quiet('core:self');
    expect(clock.t).toBe(1_000_000 + 300 + 1001);
    const before = clock.slept.length;
    for (let i = 0; i < 3; i++) await p.acquire('core:self');
    expect(clock.slept.length).toBe(before);
  });

  test('quiet() on an idle bucket returns at once, but still honours a block', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 3);
    await p.quiet('core:self');
    expect(clock.slept).toEqual([]);
    p.blockUntil('core:self', 1_000_000 + 2_500);
    await p.quiet('core:self');
    expect(clock.t).toBe(1_000_000 + 2_500);
  });

  test('waiters are served in arrival order', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 100, 1);
    await p.acquire('core:self');
    const served: { who: string; at: number }[] = [];
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((who) => p.acquire('core:self').then(() => served.push({ who, at: clock.t }))));
    expect(served.map((s) => s.who)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(served.map((s) => s.at - 1_000_000)).toEqual([101, 202, 303, 404, 505]);
  });

  test('a share of the budget paces at floor(60 × share), never within the two-request margin of the whole budget', () => {
    expect(perWindowAt(1)).toBe(58);
    expect(perWindowAt(0.99)).toBe(58);
    expect(perWindowAt(0.97)).toBe(58);
    expect(perWindowAt(0.95)).toBe(57);
    expect(perWindowAt(0.5)).toBe(30);
    expect(perWindowAt(0.25)).toBe(15);
    expect(perWindowAt(1 / 60)).toBe(1);
  });

  test('at share 0.5, 100 back-to-back sends put at most 30 in any window', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, perWindowAt(0.5));
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      await p.acquire('core:self');
      times.push(clock.t);
    }
    expect(fullestWindow(times, 1000)).toBe(30);
  });

  test('a watcher hears of each wait for a bucket, with the moment it ends', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 1);
    const heard: [string, number][] = [];
    const stop = p.watchWaits((key, until) => heard.push([key, until - 1_000_000]));
    await p.acquire('dialer:self');
    await p.acquire('dialer:self');
    stop();
    await p.acquire('dialer:self');
    expect(heard).toEqual([['dialer:self', 1001]]);
  });

  test('a watcher hears of each paced send as it goes out, not of a planned burst the pacer only records', async () => {
    const clock = new FakeClock();
    const p = pacer(clock, 1000, 1);
    const heard: [string, number][] = [];
    const stop = p.watchSends((key) => heard.push([key, clock.t - 1_000_000]));
    await p.acquire('core:self');
    await p.acquire('core:self');
    p.record('dialer:self');
    stop();
    await p.acquire('core:self');
    expect(heard).toEqual([
      ['core:self', 0],
      ['core:self', 1001],
    ]);
  });
});
