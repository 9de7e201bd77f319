/**
 * The scenario model both engines share, with ramps: how many requests a ramp sends and when (as k6's
 * ramping-arrival-rate sends them), the busiest moment a budget is offered, and the checks that make a
 * scenario unfit to run.
 */
import { describe, expect, test } from 'vitest';
import { arrivalExecutor, rampTailMs, type RampingArrivalExecutor } from '../../load/k6/k6-options.ts';
import { floodedWindows } from '../../load/shared/flood-duration.ts';
import { planSends } from '../../load/node/timetable.ts';
import { CORE_READ, capacityRamp, DIALER_READ, SCENARIOS } from '../../load/scenarios/index.ts';
import {
  arrivalOffsetsMs,
  type LoadScenario,
  type LoadStream,
  peakOfferedPerWindow,
  rateAt,
  scenarioProblems,
  streamRequests,
} from '../../load/shared/scenario-model.ts';

const W = 2000;

function ramp(perWindow: number, rampToPerWindow: number, windows: number, extra: Partial<LoadStream> = {}): LoadStream {
  return { name: 'ramp', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow, rampToPerWindow, startWindow: 0, windows, ...extra };
}

/** The area under the stream's rate from its start to `ms`: the requests it has offered by then. */
function offeredBy(stream: LoadStream, ms: number): number {
  const x = Math.min(ms - stream.startWindow * W, stream.windows * W);
  const from = stream.perWindow / W;
  const to = (stream.rampToPerWindow ?? stream.perWindow) / W;
  return from * x + ((to - from) * x * x) / (2 * stream.windows * W);
}

describe('a ramp', () => {
  test('sends the area under its rate, rounded down: the counts k6 v2.2.0 sent for the same ramps', () => {
    // Counted from k6's own runs of these ramps (arrivalExecutor's options) against no target.
    expect(streamRequests(ramp(6, 54, 4))).toBe(120);
    expect(streamRequests(ramp(10, 55, 3))).toBe(97);
    expect(streamRequests(ramp(50, 5, 2))).toBe(55);
    expect(streamRequests(ramp(2.5, 7.3, 2))).toBe(9);
    // A whole number floating point leaves a hair short (1.9999999999999998) is still whole.
    expect(streamRequests(ramp(0.1, 0.7, 5))).toBe(2);
    expect(arrivalOffsetsMs(ramp(0.1, 0.7, 5), W).at(-1)).toBeCloseTo(5 * W, 6);
    // A constant stream is unchanged.
    expect(streamRequests({ ...ramp(30, 30, 2), rampToPerWindow: undefined })).toBe(60);
  });

  test('sends its n-th request when the area under its rate reaches n: the first a little after its start, the last by its end', () => {
    for (const stream of [ramp(6, 54, 4), ramp(10, 55, 3, { startWindow: 1.5 }), ramp(50, 5, 2), ramp(2.5, 7.3, 2)]) {
      const offsets = arrivalOffsetsMs(stream, W);
      expect(offsets).toHaveLength(streamRequests(stream));
      const start = stream.startWindow * W;
      expect(offsets[0]).toBeGreaterThan(start);
      expect(offsets.at(-1)).toBeLessThanOrEqual(start + stream.windows * W);
      offsets.forEach((at, i) => expect(offeredBy(stream, at), `request ${i + 1}`).toBeCloseTo(i + 1, 6));
    }
  });

  test('gaps shrink as a ramp rises and grow as it falls', () => {
    const gaps = (offsets: number[]) => offsets.slice(1).map((at, i) => at - (offsets[i] as number));
    const up = gaps(arrivalOffsetsMs(ramp(6, 54, 4), W));
    const down = gaps(arrivalOffsetsMs(ramp(50, 5, 2), W));
    expect(up.every((g, i) => i === 0 || g < (up[i - 1] as number))).toBe(true);
    expect(down.every((g, i) => i === 0 || g > (down[i - 1] as number))).toBe(true);
  });

  test('the Node timetable holds the ramp beside constant streams, in order of intended start', () => {
    const plan = planSends(capacityRamp, W, (s) => s.name);
    expect(plan.sends).toHaveLength(240);
    expect(plan.endMs).toBe(4 * W);
    expect(plan.sends.filter((s) => s.item === 'core-ramp').map((s) => s.atMs)).toEqual(arrivalOffsetsMs(capacityRamp.streams[0]!, W));
  });

  test("under k6: a ramping-arrival-rate executor over the stream's span, then a tail that keeps the last request", () => {
    const stream = ramp(10, 55, 3, { startWindow: 1 });
    const e = arrivalExecutor(stream, W, 15_000, 'stream') as RampingArrivalExecutor;
    expect(e).toMatchObject({ executor: 'ramping-arrival-rate', exec: 'stream', startRate: 10, timeUnit: '2000ms', startTime: '2000ms' });
    expect(e.stages[0]).toEqual({ target: 55, duration: '6000ms' });
    // 97.5 requests' area: the tail adds a quarter of a request, so k6 reaches 97.75 and sends 97.
    expect(rampTailMs(stream, W)).toBeCloseTo((0.25 * W) / 55, 9);
    expect(e.stages[1]).toEqual({ target: 55, duration: `${((0.25 * W) / 55).toFixed(6)}ms` });
    // A whole number of requests: the tail adds half of one.
    expect(rampTailMs(ramp(6, 54, 4), W)).toBeCloseTo((0.5 * W) / 54, 9);
    // Rates k6 must have whole: scaled with the time unit.
    const fractional = arrivalExecutor(ramp(2.5, 7.3, 2), W, 15_000, 'stream') as RampingArrivalExecutor;
    expect(fractional).toMatchObject({ startRate: 25, timeUnit: '20000ms' });
    expect(fractional.stages[0]?.target).toBe(73);
    // Enough VUs for the ramp's peak rate.
    expect(e.preAllocatedVUs).toBeGreaterThanOrEqual(Math.ceil((55 * 1000) / W));
  });
});

describe('the busiest moment a budget is offered', () => {
  test("a ramp's rate moves in a straight line over its span", () => {
    const s = ramp(6, 54, 4, { startWindow: 1 });
    expect(rateAt(s, 1)).toBe(6);
    expect(rateAt(s, 3)).toBe(30);
    expect(rateAt(s, 5)).toBe(54);
  });

  test('is a ramp at its peak, where it ends, or where streams overlap most', () => {
    const scenario: LoadScenario = {
      name: 'overlap',
      description: '',
      streams: [
        ramp(10, 50, 4, { name: 'up' }),
        { name: 'flat', surface: 'core', key: 'second', endpoint: CORE_READ, perWindow: 20, startWindow: 3, windows: 2 },
        { name: 'other', surface: 'core', key: 'other', endpoint: CORE_READ, perWindow: 59, startWindow: 0, windows: 1 },
      ],
      limited: [],
    };
    // up reaches 50 at window 4, where flat (from window 3) still runs: 70.
    expect(peakOfferedPerWindow(scenario, 'self', 'core')).toBe(70);
    // Within [0, 3): up at 40 just before window 3, flat not yet started.
    expect(peakOfferedPerWindow(scenario, 'self', 'core', 0, 3)).toBe(40);
    // Within [3, 3.5): up at 40 to 45 and flat.
    expect(peakOfferedPerWindow(scenario, 'self', 'core', 3, 3.5)).toBe(65);
    expect(peakOfferedPerWindow(scenario, 'other', 'core')).toBe(59);
    expect(peakOfferedPerWindow({ ...scenario, streams: [ramp(80, 10, 2)] }, 'self', 'core')).toBe(80);
  });

  test('a ramp floods a budget for the spans where it is offered more than 60', () => {
    const scenario: LoadScenario = {
      name: 'r',
      description: '',
      streams: [ramp(30, 90, 2), ramp(90, 90, 1, { name: 'flat', startWindow: 2 })],
      limited: [{ company: 'self', surface: 'core' }],
    };
    expect(floodedWindows(scenario)).toBe(3);
  });
});

describe('scenarioProblems, with ramps', () => {
  test('every scenario of load/scenarios is fit to run', () => {
    for (const s of SCENARIOS) expect(scenarioProblems(s), s.name).toEqual([]);
  });

  test("a ramp that must be served may not top its budget's ceiling of 58", () => {
    const scenario: LoadScenario = { name: 'r', description: '', streams: [ramp(6, 59, 4, { mustServe: true })], limited: [] };
    expect(scenarioProblems(scenario)).toEqual([
      'ramp must be served, but its budget core:self is offered 59 per window from one window before it to its end (at most 58 leaves room for timing)',
    ]);
    expect(scenarioProblems({ ...scenario, streams: [ramp(6, 58, 4, { mustServe: true })] })).toEqual([]);
  });

  test('a budget the scenario does not declare flooded may not be offered more than 60 at its peak', () => {
    const scenario: LoadScenario = {
      name: 'r',
      description: '',
      streams: [ramp(10, 61, 2), { name: 'd', surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: 60, startWindow: 0, windows: 1 }],
      limited: [],
    };
    expect(scenarioProblems(scenario)).toEqual([
      'core:self is offered 61 per window at its peak, more than its budget of 60, but the scenario does not declare it in limited',
    ]);
    // Declared, the same ramp must reach the flood floor of 70 somewhere.
    expect(scenarioProblems({ ...scenario, limited: [{ company: 'self', surface: 'core' }] })).toEqual([
      'core:self is expected limited but offered only 61 per window (at least 70)',
    ]);
    expect(scenarioProblems({ ...scenario, streams: [ramp(10, 70, 2)], limited: [{ company: 'self', surface: 'core' }] })).toEqual([]);
    // A ramp down from a flood is flooded at its start.
    expect(scenarioProblems({ ...scenario, streams: [ramp(90, 10, 2)], limited: [{ company: 'self', surface: 'core' }] })).toEqual([]);
  });

  test('a ramp needs a positive rate to ramp to', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(scenarioProblems({ name: 'r', description: '', streams: [ramp(10, bad, 2)], limited: [] }), String(bad)).toContain(
        'ramp: rampToPerWindow must be a positive number',
      );
    }
  });

  test('latency limits: on a surface a stream sends to, naming a percentile, in ms', () => {
    const base: LoadScenario = { name: 'r', description: '', streams: [ramp(10, 20, 2)], limited: [] };
    expect(scenarioProblems({ ...base, latency: { core: { p95Ms: 0, p99Ms: 1500 } } })).toEqual([]);
    expect(scenarioProblems({ ...base, latency: { dialer: { p95Ms: 800 } } })).toEqual(['latency: a limit on dialer, which no stream sends to']);
    expect(scenarioProblems({ ...base, latency: { core: {} } })).toEqual(['latency: core names neither p95Ms nor p99Ms']);
    expect(scenarioProblems({ ...base, latency: { core: { p99Ms: -1 } } })).toEqual(['latency: core p99Ms must be a number of ms, 0 or more']);
    expect(scenarioProblems({ ...base, latency: { web: { p95Ms: 1 } } as LoadScenario['latency'] })).toEqual([
      'latency: unknown surface web (known: core, dialer, analytics, ai, cuecard)',
    ]);
  });
});
