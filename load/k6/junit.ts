/**
 * The end-of-test summary k6 hands to `handleSummary`, read into one verdict per threshold, and that
 * verdict as JUnit XML (one testcase per threshold) for CI. Pure: no k6 module, so Node tests use it too.
 */
import { humanDuration } from '../../lib/render/durations.ts';
import { type JunitCase, toJunitXml } from '../../lib/render/junit-xml.ts';

/** The parts of k6's summary data this module reads. */
export interface SummaryMetric {
  readonly type: 'counter' | 'gauge' | 'rate' | 'trend';
  /** `time` for a trend of durations in ms (http_req_duration), `default` for plain numbers. */
  readonly contains?: 'time' | 'data' | 'default';
  readonly values: Readonly<Record<string, number>>;
  readonly thresholds?: Readonly<Record<string, { readonly ok: boolean }>>;
}

export interface SummaryData {
  readonly metrics: Readonly<Record<string, SummaryMetric>>;
  readonly state?: { readonly testRunDurationMs?: number };
  readonly setup_data?: unknown;
}

export interface ThresholdVerdict {
  /** Metric name with its tag filter, as written in `options.thresholds`. */
  readonly metric: string;
  readonly expression: string;
  readonly ok: boolean;
  /** No sample reached the metric: k6 counts the threshold as passed, but nothing was measured. */
  readonly unmeasured: boolean;
  /** The metric's figures in words, e.g. `rate=0.95 (57 of 60)`. */
  readonly observed: string;
  readonly meaning?: string;
}

function sampleCount(m: SummaryMetric): number | undefined {
  if (m.type === 'rate') return (m.values.passes ?? 0) + (m.values.fails ?? 0);
  if (m.type === 'trend') return m.values.count;
  return undefined;
}

function figure(n: number | undefined): string {
  if (n === undefined) return '?';
  return Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/\.?0+$/, '');
}

export function observedOf(m: SummaryMetric): string {
  const v = m.values;
  switch (m.type) {
    case 'rate':
      return `rate=${figure(v.rate)} (${figure(v.passes)} of ${figure((v.passes ?? 0) + (v.fails ?? 0))})`;
    case 'counter':
      return `count=${figure(v.count)}`;
    case 'gauge':
      return `value=${figure(v.value)}`;
    case 'trend':
      return `min=${figure(v.min)} max=${figure(v.max)} avg=${figure(v.avg)} count=${figure(v.count)}`;
  }
}

export function thresholdVerdicts(data: SummaryData, meaning: Readonly<Record<string, string>> = {}): ThresholdVerdict[] {
  const out: ThresholdVerdict[] = [];
  for (const [metric, m] of Object.entries(data.metrics)) {
    for (const [expression, t] of Object.entries(m.thresholds ?? {})) {
      out.push({
        metric,
        expression,
        ok: t.ok,
        unmeasured: sampleCount(m) === 0,
        observed: observedOf(m),
        ...(meaning[metric] !== undefined ? { meaning: meaning[metric] } : {}),
      });
    }
  }
  return out.sort((a, b) => a.metric.localeCompare(b.metric) || a.expression.localeCompare(b.expression));
}

/**
 * The verdicts as a JUnit document: a testcase per threshold, a crossed one a failure, one with no sample
 * skipped, a held one passing with its figures in system-out; setup()'s notes in the suite's system-out.
 */
export function junitXml(run: string, verdicts: readonly ThresholdVerdict[], durationMs: number, notes: readonly string[] = []): string {
  const cases = verdicts.map((v): JunitCase => {
    const detail = `${v.observed}${v.meaning ? `; ${v.meaning}` : ''}`;
    const base = { classname: `k6.${run}`, name: `${v.metric}: ${v.expression}`, timeMs: 0 };
    if (!v.ok) return { ...base, failure: { type: 'threshold', message: `${v.expression} crossed: ${v.observed}`, text: detail } };
    if (v.unmeasured) return { ...base, skipped: { message: 'no samples: nothing was measured, so k6 passes the threshold without a verdict' } };
    return { ...base, systemOut: detail };
  });
  const suite = `k6 ${run}`;
  return toJunitXml({
    name: suite,
    suites: [{ name: suite, cases, timeMs: durationMs, ...(notes.length > 0 ? { systemOut: notes.join('\n') } : {}) }],
    timeMs: durationMs,
  });
}

/** The trend statistics k6 users read, in the order k6 prints them (SUMMARY_TREND_STATS, count aside). */
const TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'] as const;

function dotted(label: string, width: number): string {
  return `${label}${'.'.repeat(Math.max(2, width - label.length))}:`;
}

/**
 * What k6's own end-of-test summary would have shown of the requests, which a script's handleSummary
 * replaces: http_req_duration's statistics and http_reqs' count and rate, overall and for each tag
 * breakdown the summary holds (`http_req_duration{surface:core}`: the scenario script keeps one per surface).
 */
export function requestFigures(data: SummaryData): string[] {
  const width = 36;
  const lines: string[] = [];
  const trend = (label: string, m: SummaryMetric) => {
    const n = m.values.count;
    const text =
      n === 0
        ? 'no samples'
        : TREND_STATS.map((stat) => `${stat}=${m.contains === 'time' ? humanDuration(m.values[stat] ?? 0) : figure(m.values[stat])}`).join(' ');
    lines.push(`${dotted(label, width)} ${text}${n !== undefined && n > 0 ? ` count=${n}` : ''}`);
  };
  const counter = (label: string, m: SummaryMetric) => lines.push(`${dotted(label, width)} ${figure(m.values.count)} ${figure(m.values.rate)}/s`);
  for (const [name, show] of [
    ['http_req_duration', trend],
    ['http_reqs', counter],
  ] as const) {
    const overall = data.metrics[name];
    if (!overall) continue;
    show(name, overall);
    const parts = Object.keys(data.metrics)
      .filter((key) => key.startsWith(`${name}{`))
      .sort();
    for (const key of parts) show(`  { ${key.slice(name.length + 1, -1)} }`, data.metrics[key] as SummaryMetric);
  }
  return lines;
}

/**
 * The lines printed at the end of a run: every threshold with its figure, crossed ones marked, then the
 * request figures k6's own summary would have shown (`figures`, from requestFigures).
 */
export function summaryText(
  run: string,
  verdicts: readonly ThresholdVerdict[],
  notes: readonly string[],
  files: readonly string[],
  stoppedEarly = false,
  figures: readonly string[] = [],
): string {
  const crossed = verdicts.filter((v) => !v.ok).length;
  const unmeasured = verdicts.filter((v) => v.ok && v.unmeasured).length;
  const held = verdicts.length - crossed - unmeasured;
  // A threshold with no sample is held by k6's count, but it judged nothing: never counted among the held.
  const counts = [crossed > 0 ? `${crossed} crossed` : '', `${held} held`, unmeasured > 0 ? `${unmeasured} not measured` : ''].filter(Boolean).join(', ');
  const lines = stoppedEarly
    ? [`k6 ${run}: stopped before any load (see k6's message); the ${verdicts.length} thresholds below judged nothing`]
    : [`k6 ${run}: ${verdicts.length} thresholds: ${crossed === 0 && unmeasured === 0 ? 'all held' : counts}`];
  for (const v of verdicts) {
    const mark = !v.ok ? 'FAIL' : v.unmeasured ? 'skip' : ' ok ';
    lines.push(`  ${mark}  ${v.metric} ${v.expression}   ${v.unmeasured ? 'no samples' : v.observed}`);
  }
  if (figures.length > 0) lines.push('  requests:', ...figures.map((f) => `    ${f}`));
  for (const n of notes) lines.push(`  note: ${n}`);
  if (files.length > 0) lines.push(`  k6 summary: ${files.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
