/**
 * Latency limits: k6's percentile, the one judge of a limit, the flag that sets limits, and the k6 side
 * of the same limit (its thresholds, and the check that k6 and the report agree). No k6 binary here: the
 * percentiles below are what k6 v2.2.0 itself printed for the same values.
 */
import { describe, expect, test } from 'vitest';
import type { ThresholdVerdict } from '../../load/k6/junit.ts';
import { isLatencyThreshold, latencyDisagreements, latencyMetric, scenarioThresholds, summaryBreakdown } from '../../load/k6/k6-options.ts';
import { buildLoadReport } from '../../load/report/build.ts';
import { renderLoadHtml } from '../../load/report/html.ts';
import { judgeLatencyLimits, k6Percentile, sentLatencyMs, surfaceLatenciesMs } from '../../load/report/latency-limits.ts';
import { capacityRamp, smoke } from '../../load/scenarios/index.ts';
import {
  effectiveLatencyLimits,
  latencyLimitsText,
  parseLatencyFlag,
  parseLatencyFlags,
  parseLatencyList,
  withLatencyLimits,
} from '../../load/shared/latency.ts';
import type { LoadRecord } from '../../load/shared/records.ts';
import { inputFor, playScenario } from './fixtures-report.ts';

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/**
 * Values added to a k6 Trend (`new Trend(name, true)`, then `.add(v)` for each) and the figures k6 v2.2.0's
 * handleSummary got for them, copied as k6 wrote them: to the last bit, float noise included.
 */
const K6_TRENDS: readonly { values: number[]; k6: Record<string, number> }[] = [
  { values: [5], k6: { med: 5, 'p(90)': 5, 'p(95)': 5, 'p(99)': 5, 'p(99.9)': 5 } },
  { values: [1, 2], k6: { med: 1.5, 'p(90)': 1.9, 'p(95)': 1.95, 'p(99)': 1.99, 'p(99.9)': 1.999 } },
  { values: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], k6: { med: 55, 'p(90)': 91, 'p(95)': 95.49999999999999, 'p(99)': 99.1, 'p(99.9)': 99.91000000000001 } },
  {
    values: [3.25, 0.5, 17.125, 9, 9, 2.75, 120.5, 44.0625, 7.5, 61.3, 0.1, 15, 15.5, 33.3, 1000.25, 2.2, 8.8, 19.19, 23.5, 5.05, 77.7],
    k6: { med: 15, 'p(90)': 77.7, 'p(95)': 120.5, 'p(99)': 824.3000000000006, 'p(99.9)': 982.6550000000035 },
  },
  {
    values: Array.from({ length: 60 }, (_, i) => ((i * 37) % 61) * 1.7 + 0.013 * i),
    k6: { med: 52.2465, 'p(90)': 92.1819, 'p(95)': 97.62979999999999, 'p(99)': 101.57575999999999, 'p(99.9)': 102.28517600000002 },
  },
];

const PERCENT: Record<string, number> = { med: 50, 'p(90)': 90, 'p(95)': 95, 'p(99)': 99, 'p(99.9)': 99.9 };

describe("k6's percentile", () => {
  test.each(K6_TRENDS.map((t, i) => [i, t] as const))('trend %i: every figure k6 printed, to the bit', (_i, trend) => {
    for (const [stat, expected] of Object.entries(trend.k6)) expect(k6Percentile(ascending(trend.values), PERCENT[stat] as number), stat).toBe(expected);
  });

  test('no value gives 0, as k6 gives', () => {
    expect(k6Percentile([], 95)).toBe(0);
  });
});

function record(surface: LoadRecord['surface'], latencyMs: number, extra: Partial<LoadRecord> = {}): LoadRecord {
  return { stream: `${surface}-x`, surface, company: 'self', intendedMs: 100, startedMs: 100, endedMs: 100 + latencyMs, status: 200, ...extra };
}

describe('a record latency, as k6 measured it', () => {
  test("a k6 sample turned into a record's two times gives back k6's figure exactly", () => {
    // As cli/k6-analysis.ts builds a record: the sample's epoch time less the run's origin, less its duration.
    const origin = Date.UTC(2026, 10, 26, 14, 0, 0);
    for (const [time, value] of [
      [origin + 3_123.456789, 5.232491],
      [origin + 58_001.000001, 10.954113],
      [origin + 999.999999, 0.695891],
    ] as const) {
      const endedMs = time - origin;
      const startedMs = endedMs - value;
      expect(endedMs - startedMs === value, 'the subtraction alone leaves dust').toBe(false);
      expect(sentLatencyMs(record('core', 0, { startedMs, endedMs }))).toBe(value);
    }
  });

  test("every request of the surface counts, whatever its status or stream, setup's included", () => {
    const records = [
      record('core', 3),
      record('core', 1, { status: 429 }),
      record('core', 2, { stream: 'setup' }),
      record('core', 15_000, { status: 0, error: 'timeout' }),
      record('dialer', 7),
    ];
    expect(surfaceLatenciesMs(records, 'core')).toEqual([1, 2, 3, 15_000]);
  });
});

describe('judging a latency limit', () => {
  const records = Array.from({ length: 20 }, (_, i) => record('core', i + 1));
  // 20 values 1..20: p(95) = 19 + 0.05 (k6 interpolates at rank 18.05), p(99) = 19.81.

  test('below the limit passes, at or over it fails (k6 reads p(95)<N)', () => {
    const [p95, p99] = judgeLatencyLimits({ core: { p95Ms: 20, p99Ms: 19.81 } }, records, false);
    expect(p95).toMatchObject({ kind: 'latency', subject: 'core p(95)', status: 'pass' });
    expect(p95?.expected).toMatch(/^p\(95\)<20: /);
    expect(p95?.detail).toBe('held: p(95) = 19.05 ms (interpolated as k6 does) over 20 requests, below 20 ms');
    expect(p99).toMatchObject({
      subject: 'core p(99)',
      status: 'fail',
      detail: 'crossed: p(99) = 19.81 ms (interpolated as k6 does) over 20 requests, not below 19.81 ms',
    });
  });

  test('a surface that recorded no request is not measured: incomplete, never a pass', () => {
    expect(judgeLatencyLimits({ dialer: { p95Ms: 1000 } }, records, false)).toEqual([
      expect.objectContaining({ subject: 'dialer p(95)', status: 'incomplete', detail: 'not measured: no request of dialer was recorded' }),
    ]);
  });

  test('over the limit on an interrupted run is not judged; below it holds so far', () => {
    const [over, under] = judgeLatencyLimits({ core: { p95Ms: 5, p99Ms: 100 } }, records, true);
    expect(over?.status).toBe('incomplete');
    expect(over?.detail).toMatch(/^over the limit on a run the interrupt cut short, so not judged: p\(95\) = 19\.05 ms/);
    expect(under?.status).toBe('pass');
  });

  test('no limit, no expectation', () => {
    expect(judgeLatencyLimits({}, records, false)).toEqual([]);
  });

  test("in the report: an expectation of kind latency, which decides the verdict as the scenario's others do", () => {
    const played = playScenario(smoke, { latencyMs: 20 });
    const report = (limits: Parameters<typeof withLatencyLimits>[1]) => buildLoadReport(inputFor(withLatencyLimits(smoke, limits), played));
    expect(report({ core: { p95Ms: 21 } }).verdict).toBe('pass');
    const failed = report({ core: { p95Ms: 20 }, dialer: { p99Ms: 1000 } });
    expect(failed.verdict).toBe('fail');
    expect(failed.expectations.filter((e) => e.kind === 'latency').map((e) => [e.subject, e.status])).toEqual([
      ['core p(95)', 'fail'],
      ['dialer p(99)', 'pass'],
    ]);
    // The scenario's own limits apply without any flag.
    const ramp = buildLoadReport(inputFor(capacityRamp, playScenario(capacityRamp, { latencyMs: 20 })));
    expect(ramp.expectations.filter((e) => e.kind === 'latency').map((e) => `${e.subject} ${e.status}`)).toEqual([
      'core p(95) pass',
      'core p(99) pass',
      'dialer p(95) pass',
      'dialer p(99) pass',
    ]);
    expect(ramp.scenario.streams.map((s) => s.rampToPerWindow)).toEqual([54, 54]);
    // The page lists the limits among the expectations and the ramp in the streams' rates.
    const page = renderLoadHtml(failed);
    expect(page).toContain('<code>core p(95)</code>');
    expect(renderLoadHtml(ramp)).toContain('6 → 54 <small>from window 0 for 4</small>');
  });
});

describe('the --latency flag', () => {
  test('reads a surface and its percentiles, in ms, decimals allowed', () => {
    expect(parseLatencyFlag('core:p95=800,p99=1500')).toEqual({ surface: 'core', limit: { p95Ms: 800, p99Ms: 1500 } });
    expect(parseLatencyFlag('dialer:p99=0.5')).toEqual({ surface: 'dialer', limit: { p99Ms: 0.5 } });
    expect(parseLatencyFlags(['core:p95=800', 'dialer:p95=900,p99=2000'])).toEqual({ core: { p95Ms: 800 }, dialer: { p95Ms: 900, p99Ms: 2000 } });
  });

  test.each([
    ['core', 'no colon between the surface and its limits'],
    ['core:', '"" is not p95=MS or p99=MS'],
    ['nope:p95=1', 'unknown surface "nope" (known: core, dialer, analytics, ai, cuecard)'],
    ['core:p50=3', '"p50=3" is not p95=MS or p99=MS'],
    ['core:p95', '"p95" is not p95=MS or p99=MS'],
    ['core:p95=1=2', '"p95=1=2" is not p95=MS or p99=MS'],
    ['core:p95=1,p95=2', 'p95 is given twice'],
    ['core:p95=-1', 'p95 must be a number of milliseconds from 0 to 3600000, got "-1"'],
    ['core:p95=1e3', 'p95 must be a number of milliseconds from 0 to 3600000, got "1e3"'],
    ['core:p99=3600001', 'p99 must be a number of milliseconds from 0 to 3600000, got "3600001"'],
  ])('%s is refused, in one line saying why', (value, why) => {
    let message = '';
    try {
      parseLatencyFlag(value);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(why);
    expect(message).not.toContain('\n');
  });

  test('one --latency per surface', () => {
    expect(() => parseLatencyFlags(['core:p95=1', 'core:p99=2'])).toThrow('"core:p99=2": core is given twice; one --latency per surface');
  });

  test("a flag replaces the scenario's limits for its surface, whole, and leaves the others", () => {
    const scenario = { ...smoke, latency: { core: { p95Ms: 800, p99Ms: 1500 }, dialer: { p95Ms: 900 } } };
    expect(effectiveLatencyLimits(scenario, { core: { p95Ms: 500 } })).toEqual({ core: { p95Ms: 500 }, dialer: { p95Ms: 900 } });
    expect(withLatencyLimits(scenario, {})).toBe(scenario);
  });

  test('CC_LATENCY carries the flags as text and reads back the same limits', () => {
    const limits = { dialer: { p99Ms: 2000 }, core: { p95Ms: 800.5, p99Ms: 1500 } };
    expect(latencyLimitsText(limits)).toBe('core:p95=800.5,p99=1500 dialer:p99=2000');
    expect(parseLatencyList(latencyLimitsText(limits))).toEqual(limits);
    expect(parseLatencyList(undefined)).toEqual({});
    expect(parseLatencyList('  ')).toEqual({});
  });
});

describe('the same limit under k6', () => {
  const scenario = withLatencyLimits(smoke, { core: { p95Ms: 800, p99Ms: 1500 } });

  test("a threshold on the surface's http_req_duration, with k6's expression for each percentile", () => {
    const plan = scenarioThresholds(scenario, 0.01);
    expect(plan.thresholds['http_req_duration{surface:core}']).toEqual(['p(95)<800', 'p(99)<1500']);
    expect(plan.meaning['http_req_duration{surface:core}']).toBeDefined();
    expect(isLatencyThreshold(latencyMetric('core'))).toBe(true);
    expect(isLatencyThreshold('http_req_duration')).toBe(false);
    expect(isLatencyThreshold('must_serve_ok{stream:core-primary}')).toBe(false);
  });

  test('every surface the scenario sends to is named without an expression, so k6 keeps its figures for the summary', () => {
    expect(summaryBreakdown(scenario)).toEqual({
      'http_req_duration{surface:core}': [],
      'http_reqs{surface:core}': [],
      'http_req_duration{surface:dialer}': [],
      'http_reqs{surface:dialer}': [],
    });
  });

  const verdict = (expression: string, ok: boolean, unmeasured = false): ThresholdVerdict => ({
    metric: 'http_req_duration{surface:core}',
    expression,
    ok,
    unmeasured,
    observed: 'min=1 max=9 avg=3 count=61',
  });

  test('k6 and the report agree: no line; disagree: a line naming the limit', () => {
    const records = Array.from({ length: 20 }, (_, i) => record('core', i + 1));
    const expectations = judgeLatencyLimits({ core: { p95Ms: 800, p99Ms: 10 } }, records, false);
    expect(latencyDisagreements([verdict('p(95)<800', true), verdict('p(99)<10', false)], expectations)).toEqual([]);
    expect(latencyDisagreements([verdict('p(95)<800', false)], expectations)).toEqual([
      expect.stringMatching(/^http_req_duration\{surface:core\} p\(95\)<800: k6 says crossed \(.*\), the report says held: p\(95\) = /),
    ]);
    expect(latencyDisagreements([verdict('p(95)<700', true)], expectations)).toEqual([
      "k6 judged http_req_duration{surface:core} p(95)<700, which the report's latency limits do not name",
    ]);
    // Neither measured anything: they agree.
    expect(latencyDisagreements([verdict('p(95)<800', false, true)], judgeLatencyLimits({ core: { p95Ms: 800 } }, [], false))).toEqual([]);
  });
});
