/**
 * The pure parts of the k6 integration, without k6: the scenario plan the script hands k6, the JUnit
 * and text views of a summary, and the reading of k6's JSON output into load records.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { epochMs, readK6Output } from '../../cli/k6-analysis.ts';
import { humanDuration } from '../../lib/render/durations.ts';
import { junitXml, requestFigures, type SummaryData, summaryText, type ThresholdVerdict, thresholdVerdicts } from '../../load/k6/junit.ts';
import { buildLoadReport } from '../../load/report/build.ts';
import { arrivalExecutor, type ConstantArrivalExecutor, scenarioThresholds } from '../../load/k6/k6-options.ts';
import { streamRequests } from '../../load/shared/scenario-model.ts';
import { budgetFlood, smoke } from '../../load/scenarios/index.ts';
import { inputFor, playScenario } from './fixtures-report.ts';
import { xmlProblems } from './k6-xml.ts';

describe('k6 plan of a scenario', () => {
  test('one arrival-rate executor per stream, per window, ending half a gap early so k6 sends exactly the planned count', () => {
    const stream = smoke.streams[0]!;
    const e = arrivalExecutor(stream, 2000, 15_000, 'stream') as ConstantArrivalExecutor;
    expect(e).toMatchObject({ executor: 'constant-arrival-rate', exec: 'stream', rate: 30, timeUnit: '2000ms', startTime: '0ms' });
    // k6 starts arrivals at 0, gap, 2 gaps, ... up to and including the duration.
    const gap = 2000 / stream.perWindow;
    const duration = Number(e.duration.replace('ms', ''));
    expect(Math.floor(duration / gap) + 1).toBe(streamRequests(stream));
    expect(e.tags).toEqual({ stream: 'core-primary', surface: 'core', company: 'self', key: 'primary' });
    expect(e.maxVUs).toBeGreaterThanOrEqual(e.preAllocatedVUs);
  });

  test('a fractional rate per window becomes an integer rate over a longer time unit', () => {
    const e = arrivalExecutor({ ...smoke.streams[0]!, perWindow: 2.5 }, 60_000, 15_000, 'stream') as ConstantArrivalExecutor;
    expect(e.rate).toBe(25);
    expect(e.timeUnit).toBe('600000ms');
  });

  test('thresholds: every mustServe stream fully served, every flooded budget limited, few transport errors', () => {
    const plan = scenarioThresholds(budgetFlood, 0.01);
    expect(plan.thresholds).toEqual({
      'must_serve_ok{stream:core-other}': ['rate==1'],
      'must_serve_ok{stream:dialer-other}': ['rate==1'],
      'limited{surface:core,company:self}': ['count>0'],
      'limited{surface:dialer,company:self}': ['count>0'],
      transport_errors: ['rate<=0.01'],
    });
    expect(Object.keys(plan.meaning).sort()).toEqual(Object.keys(plan.thresholds).sort());
  });
});

const summary: SummaryData = {
  metrics: {
    'limited{surface:core,company:self}': { type: 'counter', values: { count: 0, rate: 0 }, thresholds: { 'count>0': { ok: false } } },
    'must_serve_ok{stream:a&b}': { type: 'rate', values: { rate: 1, passes: 4, fails: 0 }, thresholds: { 'rate==1': { ok: true } } },
    'per_company_other_served{surface:core}': { type: 'rate', values: { rate: 0, passes: 0, fails: 0 }, thresholds: { 'rate==1': { ok: true } } },
    'budget_served_fresh_concurrent{surface:core}': {
      type: 'trend',
      values: { min: 60, max: 61, avg: 60.5, count: 2 },
      thresholds: { 'min>=60': { ok: true }, 'max<=60': { ok: false } },
    },
    http_reqs: { type: 'counter', values: { count: 10, rate: 1 } },
  },
  state: { testRunDurationMs: 1234 },
};

describe('k6 summary views', () => {
  test('one verdict per threshold; a rate with no samples is marked unmeasured, not measured', () => {
    const verdicts = thresholdVerdicts(summary, { 'limited{surface:core,company:self}': 'core:self gets some 429' });
    expect(verdicts.map((v) => `${v.metric} ${v.expression} ${v.ok} ${v.unmeasured}`)).toEqual([
      'budget_served_fresh_concurrent{surface:core} max<=60 false false',
      'budget_served_fresh_concurrent{surface:core} min>=60 true false',
      'limited{surface:core,company:self} count>0 false false',
      'must_serve_ok{stream:a&b} rate==1 true false',
      'per_company_other_served{surface:core} rate==1 true true',
    ]);
    expect(verdicts.find((v) => v.metric.startsWith('limited'))?.meaning).toBe('core:self gets some 429');
  });

  test('JUnit: well-formed, one testcase per threshold, failures and skips counted, text escaped', () => {
    const xml = junitXml('run <"x">', thresholdVerdicts(summary), 1234, ['a note with a control char \u0001 & more']);
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('tests="5" failures="2" errors="0" skipped="1" time="1.234"');
    expect(xml).toContain('name="must_serve_ok{stream:a&amp;b}: rate==1"');
    expect(xml).toContain('<failure type="threshold" message="max&lt;=60 crossed: min=60 max=61 avg=60.5 count=2">');
    expect(xml).toContain('name="k6 run &lt;&quot;x&quot;&gt;"');
    expect(xml).not.toContain('\u0001');
  });

  test('the printed text lists every threshold and says how many were crossed, held and not measured', () => {
    const text = summaryText('budget', thresholdVerdicts(summary), ['note one'], ['reports/x.json']);
    // A threshold without a sample judged nothing: it is never counted among those held.
    expect(text.split('\n')[0]).toBe('k6 budget: 5 thresholds: 2 crossed, 2 held, 1 not measured');
    const allHeld = thresholdVerdicts(summary).filter((v) => v.ok && !v.unmeasured);
    expect(summaryText('budget', allHeld, [], []).split('\n')[0]).toBe('k6 budget: 2 thresholds: all held');
    expect(text).toContain('FAIL  limited{surface:core,company:self} count>0   count=0');
    expect(text).toContain('skip  per_company_other_served{surface:core} rate==1   no samples');
    expect(text).toContain('note: note one');
  });

  test("durations read as k6's own summary writes them", () => {
    expect([0, 0.0004, 0.69589, 5.232491, 999.999, 1000, 12_345.678, 61_000, 3_723_000].map(humanDuration)).toEqual([
      '0s',
      '400ns',
      '695.89µs',
      '5.23ms',
      '999.99ms',
      '1s',
      '12.34s',
      '1m1s',
      '1h2m3s',
    ]);
  });

  test("after the thresholds, the request figures k6's own end-of-test summary would show: overall and per surface", () => {
    const trend = (avg: number, count: number) => ({
      type: 'trend' as const,
      contains: 'time' as const,
      values: { avg, min: 0.5, med: 2, max: 40, 'p(90)': 5, 'p(95)': 6.5, 'p(99)': 30.25, count },
    });
    const data: SummaryData = {
      metrics: {
        ...summary.metrics,
        http_req_duration: trend(3, 122),
        'http_req_duration{surface:dialer}': trend(3.5, 61),
        'http_req_duration{surface:core}': trend(2.5, 61),
        'http_req_duration{surface:ai}': {
          type: 'trend',
          contains: 'time',
          values: { avg: 0, min: 0, med: 0, max: 0, 'p(90)': 0, 'p(95)': 0, 'p(99)': 0, count: 0 },
        },
        'http_reqs{surface:core}': { type: 'counter', values: { count: 61, rate: 15.25 } },
      },
    };
    const figures = requestFigures(data);
    expect(figures).toEqual([
      'http_req_duration...................: avg=3ms min=500µs med=2ms max=40ms p(90)=5ms p(95)=6.5ms p(99)=30.25ms count=122',
      '  { surface:ai }....................: no samples',
      '  { surface:core }..................: avg=2.5ms min=500µs med=2ms max=40ms p(90)=5ms p(95)=6.5ms p(99)=30.25ms count=61',
      '  { surface:dialer }................: avg=3.5ms min=500µs med=2ms max=40ms p(90)=5ms p(95)=6.5ms p(99)=30.25ms count=61',
      'http_reqs...........................: 10 1/s',
      '  { surface:core }..................: 61 15.25/s',
    ]);
    const text = summaryText('smoke', thresholdVerdicts(data), ['note one'], [], false, figures);
    // Figures under a heading of their own, before the notes.
    expect(text).toContain(`  requests:\n    ${figures[0]}\n`);
    expect(text.indexOf('requests:')).toBeLessThan(text.indexOf('note: note one'));
    expect(summaryText('smoke', [], [], [])).not.toContain('requests:');
  });
});

describe('k6 JSON output to load records', () => {
  const point = (metric: string, time: string, value: number, tags: Record<string, string>) =>
    JSON.stringify({ metric, type: 'Point', data: { time, value, tags } });

  test('k6 times keep their sub-millisecond part, in any zone', () => {
    expect(epochMs('2026-01-01T00:00:01.123456789Z')).toBeCloseTo(Date.UTC(2026, 0, 1, 0, 0, 1) + 123.456789, 5);
    expect(epochMs('2026-01-01T02:00:01+02:00')).toBe(Date.UTC(2026, 0, 1, 0, 0, 1));
    expect(epochMs('yesterday')).toBeNaN();
  });

  test('one record per tagged request: start = end - http_req_duration (the wait for a connection, blocked, comes before it went out); untagged and other metrics ignored; dropped iterations summed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-k6-ndjson-'));
    const file = join(dir, 'out.ndjson');
    const origin = Date.UTC(2026, 0, 1);
    const t1 = '2026-01-01T00:00:01.000000000Z';
    const t2 = '2026-01-01T00:00:02.500000000Z';
    const a = { stream: 'core-primary', surface: 'core', company: 'self', key: 'primary', status: '200' };
    const b = { stream: 'dialer-flood', surface: 'dialer', company: 'self', key: 'second', status: '429' };
    const c = { stream: 'core-other', surface: 'core', company: 'other', key: 'other', status: '0', error: 'dial: i/o timeout' };
    writeFileSync(
      file,
      [
        JSON.stringify({ type: 'Metric', metric: 'http_req_duration', data: { name: 'http_req_duration', type: 'trend' } }),
        point('http_reqs', t1, 1, a),
        point('http_req_duration', t1, 40, a),
        point('http_req_blocked', t1, 10, a),
        point('http_req_duration', t2, 5, b),
        point('http_req_blocked', t2, 0, b),
        point('http_req_duration', t2, 2000, c),
        point('http_req_duration', t2, 7, { status: '200' }),
        point('dropped_iterations', t2, 1, { scenario: 'core-primary' }),
        point('dropped_iterations', t2, 2, { scenario: 'core-primary' }),
        '{"metric":"http_req_duration","type":"Point","data":{"ti', // cut short by an interrupted run
      ].join('\n'),
    );
    const out = await readK6Output(file, origin);
    expect(out.dropped).toBe(3);
    expect(out.unreadable).toBe(0);
    expect(out.records).toEqual(
      [
        { stream: 'core-primary', surface: 'core', company: 'self', intendedMs: 960, startedMs: 960, endedMs: 1000, status: 200 },
        { stream: 'core-other', surface: 'core', company: 'other', intendedMs: 500, startedMs: 500, endedMs: 2500, status: 0, error: 'dial: i/o timeout' },
        { stream: 'dialer-flood', surface: 'dialer', company: 'self', intendedMs: 2495, startedMs: 2495, endedMs: 2500, status: 429 },
      ].sort((x, y) => x.startedMs - y.startedMs),
    );
  });
});

describe("the load report carries k6's thresholds", () => {
  test('a crossed threshold fails the report, a threshold with no sample leaves it incomplete, held ones pass it', () => {
    const records = playScenario(smoke);
    const [crossed, held, unmeasured] = [
      thresholdVerdicts(summary).find((v) => !v.ok) as ThresholdVerdict,
      thresholdVerdicts(summary).find((v) => v.ok && !v.unmeasured) as ThresholdVerdict,
      thresholdVerdicts(summary).find((v) => v.unmeasured) as ThresholdVerdict,
    ];
    expect(buildLoadReport(inputFor(smoke, records, { thresholds: [held] })).verdict).toBe('pass');
    const failed = buildLoadReport(inputFor(smoke, records, { thresholds: [held, crossed] }));
    expect(failed.verdict).toBe('fail');
    expect(failed.expectations.find((e) => e.kind === 'threshold' && e.status === 'fail')).toMatchObject({
      subject: crossed.metric,
      detail: `crossed: ${crossed.observed}`,
    });
    const open = buildLoadReport(inputFor(smoke, records, { thresholds: [held, unmeasured] }));
    expect(open.verdict).toBe('incomplete');
    expect(open.expectations.find((e) => e.kind === 'threshold' && e.status === 'incomplete')?.detail).toBe(
      `not measured: no sample reached ${unmeasured.metric}`,
    );
    // k6 counts a trend threshold with no sample as crossed: still not measured, never a failure.
    const noSampleCrossed = buildLoadReport(inputFor(smoke, records, { thresholds: [held, { ...unmeasured, ok: false }] }));
    expect(noSampleCrossed.verdict).toBe('incomplete');
    // An interrupted run's crossed threshold may only be a count the interrupt left short: not judged.
    const cut = buildLoadReport(inputFor(smoke, records, { thresholds: [held, crossed], interrupted: true, interruptedAtMs: 10 }));
    expect(cut.verdict).toBe('incomplete');
    expect(cut.expectations.find((e) => e.subject === crossed.metric && e.expected.startsWith(crossed.expression))?.status).toBe('incomplete');
  });
});
