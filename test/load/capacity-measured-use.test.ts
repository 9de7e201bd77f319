import { describe, expect, test } from 'vitest';
import { measureUse, type UseSample, UseMeter } from '../../lib/budget/measured-use.ts';

const T0 = Date.parse('2026-09-10T08:00:00Z');
const MINUTE = 60_000;

/** `n` samples of one company and budget, spread over the first half of minute `window`. */
function burst(window: number, n: number, company = 'a', budget: UseSample['budget'] = 'core', refused = 0): UseSample[] {
  return Array.from({ length: n }, (_, i) => ({ atMs: T0 + window * MINUTE + i * 100, budget, company, served: i >= refused }));
}

describe('measureUse', () => {
  test('requests per window, empty windows counted as 0, nearest-rank median and p95, peak', () => {
    // 20 windows: 10 quiet, then 1..10 requests. Sorted: ten 0s, 1, 2, …, 10.
    const samples: UseSample[] = [{ atMs: T0, budget: 'core', company: 'a', served: true }];
    for (let w = 10; w < 20; w++) samples.push(...burst(w, w - 9));
    // The first window has one request: windows 0..19 hold 1, 0×9, 1..10.
    const use = measureUse(samples, MINUTE);
    expect(use).toEqual({
      windowMs: MINUTE,
      from: '2026-09-10T08:00:00.000Z',
      to: new Date(T0 + 19 * MINUTE + 900).toISOString(),
      companies: [
        {
          company: 'a',
          // Sorted: 0×9, 1, 1, 2, …, 10; rank 10 (median) is 1; rank 19 (p95) is 9; peak 10.
          core: { windows: 20, median: 1, p95: 9, peak: 10, refused: 0, requests: 56 },
          dialer: { windows: 20, median: 0, p95: 0, peak: 0, refused: 0, requests: 0 },
        },
      ],
    });
  });

  test('refused requests count as sent; the budgets and companies apart, the busiest company first', () => {
    const use = measureUse([...burst(0, 3, 'b', 'dialer', 2), ...burst(0, 5, 'a'), ...burst(2, 4, 'b', 'core')], MINUTE);
    expect(use.companies).toEqual([
      {
        company: 'b',
        core: { windows: 3, median: 0, p95: 4, peak: 4, refused: 0, requests: 4 },
        dialer: { windows: 3, median: 0, p95: 3, peak: 3, refused: 2, requests: 3 },
      },
      {
        company: 'a',
        core: { windows: 3, median: 0, p95: 5, peak: 5, refused: 0, requests: 5 },
        dialer: { windows: 3, median: 0, p95: 0, peak: 0, refused: 0, requests: 0 },
      },
    ]);
  });

  test('a p95 below the peak: 40 windows of 1 and two of 30 and 50', () => {
    const samples = [...Array.from({ length: 40 }, (_, w) => burst(w, 1)).flat(), ...burst(40, 30), ...burst(41, 50)];
    // 42 windows: rank ⌈0.95 × 42⌉ = 40 is a 1; rank 41 would be the 30.
    expect(measureUse(samples, MINUTE).companies[0]?.core).toEqual({ windows: 42, median: 1, p95: 1, peak: 50, refused: 0, requests: 120 });
  });

  test('no sample: no company, no window', () => {
    expect(measureUse([], MINUTE)).toEqual({ windowMs: MINUTE, from: '', to: '', companies: [] });
  });

  test('windows start at the first sample, not on the clock', () => {
    // 08:00:30 and 08:01:20 are 50 s apart: one window from the first sample.
    const use = measureUse(
      [
        { atMs: T0 + 30_000, budget: 'core', company: 'a', served: true },
        { atMs: T0 + 80_000, budget: 'core', company: 'a', served: true },
      ],
      MINUTE,
    );
    expect(use.companies[0]?.core).toMatchObject({ windows: 1, peak: 2 });
  });
});

describe('UseMeter', () => {
  const forward = [...burst(0, 3), ...burst(1, 2, 'a', 'dialer'), ...burst(5, 7), ...burst(6, 1, 'c')];

  test('fed sample by sample, it gives what measureUse gives', () => {
    const meter = new UseMeter(MINUTE);
    for (const s of forward) meter.add(s);
    expect(meter.result()).toEqual(measureUse(forward, MINUTE));
  });

  test('samples slightly out of order (two files, the second starting earlier) give the same figures', () => {
    // The later file first: its samples span less than a window before the earlier file's arrive.
    const late = [...burst(0, 3), ...burst(1, 2, 'a', 'dialer')].map((s) => ({ ...s, atMs: s.atMs + 20_000 }));
    const early = [{ atMs: T0, budget: 'core' as const, company: 'a', served: true }];
    const rest = burst(5, 7);
    const inOrder = measureUse([...early, ...late, ...rest], MINUTE);
    expect(measureUse([...late, ...early, ...rest], MINUTE)).toEqual(inOrder);
    expect(measureUse([...rest, ...late, ...early].reverse(), MINUTE)).toEqual(inOrder);
    expect(inOrder.from).toBe('2026-09-10T08:00:00.000Z');
  });

  test('any order after the start: a sample lands in its own window', () => {
    const shuffled = [...forward.slice(0, 3), ...forward.slice(5).reverse(), ...forward.slice(3, 5)];
    expect(measureUse(shuffled, MINUTE)).toEqual(measureUse(forward, MINUTE));
  });

  test('a sample more than a window earlier than the start extends the capture back by whole windows', () => {
    const meter = new UseMeter(MINUTE);
    for (const s of burst(3, 2)) meter.add(s); // starts the capture at 08:03:00
    meter.add({ atMs: T0 + 4 * MINUTE + 30_000, budget: 'core', company: 'a', served: true }); // spans a window: the start is fixed
    meter.add({ atMs: T0 + 90_000, budget: 'core', company: 'a', served: false }); // 08:01:30, 1.5 windows early
    const use = meter.result();
    // Boundaries stay at :03:00 and :04:00; the capture now starts at 08:01:00: windows of 1, 2 (08:03), 1 and 0 before.
    expect(use.from).toBe('2026-09-10T08:01:30.000Z');
    expect(use.companies[0]?.core).toEqual({ windows: 4, median: 1, p95: 2, peak: 2, refused: 1, requests: 4 });
  });

  test('memory follows windows and companies, not samples: 100,000 samples in one window keep one count', () => {
    const meter = new UseMeter(MINUTE);
    for (let i = 0; i < 100_000; i++) meter.add({ atMs: T0 + (i % 2) * 70_000, budget: 'core', company: 'a', served: true });
    expect(meter.result().companies[0]?.core).toEqual({ windows: 2, median: 50_000, p95: 50_000, peak: 50_000, refused: 0, requests: 100_000 });
  });

  test('bad window and bad samples are refused with one line', () => {
    expect(() => new UseMeter(0)).toThrow('windowMs must be a whole number of milliseconds, at least 1, got 0');
    const meter = new UseMeter(MINUTE);
    expect(() => meter.add({ atMs: Number.NaN, budget: 'core', company: 'a', served: true })).toThrow("a sample's atMs must be a finite number, got NaN");
    expect(() => meter.add({ atMs: T0, budget: 'ai' as 'core', company: 'a', served: true })).toThrow(`a sample's budget must be "core" or "dialer", got "ai"`);
  });
});
