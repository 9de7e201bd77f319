/**
 * The report's time series: per step and surface, how many requests were served, limited or failed,
 * and the corrected latency percentiles of their answers.
 */
import { API_PARTS, type ApiPart } from '../../lib/contract/vocabulary.ts';
import { correctedLatencyMs, type LoadRecord, outcomeOf } from '../shared/records.ts';
import { percentilesPerGroup } from './latency.ts';
import type { LoadSeries, SurfaceSeries } from './report-model.ts';

/** More points than this make a chart no clearer and the page heavier; long runs get longer steps. */
export const MAX_SERIES_POINTS = 600;

/** Steps per window: enough to show a window's rise and fall, few enough that a step at the budget's rate holds three requests. */
export const STEPS_PER_WINDOW = 20;
/**
 * No step is shorter: below it each step holds a request or two at the budget's rate, and the chart
 * turns into a zigzag of ones and zeros that says nothing about the rate.
 */
export const MIN_STEP_MS = 100;

/**
 * The one step the report's time series is binned at (served, 429, errors and latency per step): a
 * twentieth of the window (3 s of the spec's minute), never under MIN_STEP_MS, lengthened so `spanMs`
 * fits in `maxPoints` steps.
 */
export function stepMsFor(windowMs: number, spanMs: number, maxPoints = MAX_SERIES_POINTS): number {
  return Math.max(MIN_STEP_MS, Math.round(windowMs / STEPS_PER_WINDOW), Math.ceil(spanMs / maxPoints));
}

/**
 * How often the trailing-window line of each budget is sampled. That line is a running count, not
 * bins, so a fine step draws no zigzag, and it must be fine to show the peak a window span held (a
 * sample every tenth of a window could miss it): one second of the spec's minute, lengthened so
 * `spanMs` fits in `maxPoints` samples.
 */
export function windowSampleMsFor(windowMs: number, spanMs: number, maxPoints = MAX_SERIES_POINTS): number {
  return Math.max(1, Math.round(windowMs / 60), Math.ceil(spanMs / maxPoints));
}

function surfaceSeries(surface: ApiPart, records: readonly LoadRecord[], stepMs: number, steps: number): SurfaceSeries {
  const served = new Array<number>(steps).fill(0);
  const limited = new Array<number>(steps).fill(0);
  const errors = new Array<number>(steps).fill(0);
  const latencies = Array.from({ length: steps }, () => [] as number[]);
  for (const r of records) {
    const step = Math.min(steps - 1, Math.max(0, Math.floor(r.startedMs / stepMs)));
    const outcome = outcomeOf(r);
    if (outcome === 'served') served[step]! += 1;
    else if (outcome === 'limited') limited[step]! += 1;
    else errors[step]! += 1;
    // No answer, no latency: a timeout's duration is the client's limit, not the target's.
    if (r.status !== 0) latencies[step]!.push(correctedLatencyMs(r));
  }
  const [p50 = [], p90 = [], p99 = []] = percentilesPerGroup(latencies, [50, 90, 99]);
  return { surface, served, limited, errors, p50, p90, p99 };
}

/** Steps cover the run from its start to its end or the last send, whichever is later. */
export function buildSeries(records: readonly LoadRecord[], windowMs: number, durationMs: number): LoadSeries {
  const spanMs = records.reduce((end, r) => Math.max(end, r.startedMs + 1), durationMs);
  const stepMs = stepMsFor(windowMs, spanMs);
  const steps = Math.max(1, Math.ceil(spanMs / stepMs));
  const atMs = Array.from({ length: steps }, (_, i) => i * stepMs);
  const surfaces = API_PARTS.map((surface) => ({ surface, mine: records.filter((r) => r.surface === surface) }))
    .filter(({ mine }) => mine.length > 0)
    .map(({ surface, mine }) => surfaceSeries(surface, mine, stepMs, steps));
  return { stepMs, atMs, surfaces };
}
