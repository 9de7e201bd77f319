/**
 * A load scenario as k6 options: one arrival-rate executor per stream (`constant-arrival-rate`, or
 * `ramping-arrival-rate` for a stream that ramps) and the thresholds that make the run's verdict. Pure
 * (no k6 module), so the Node side can test it and name the same thresholds the script sets.
 */
import type { ExpectationResult } from '../report/report-model.ts';
import { latencyExpression, latencyLimitList } from '../shared/latency.ts';
import type { ThresholdVerdict } from './junit.ts';
import { COMPANY_OF_SLOT, API_PARTS, type ApiPart } from '../../lib/contract/vocabulary.ts';
import { budgetName, type LoadScenario, type LoadStream, streamRequests } from '../shared/scenario-model.ts';

interface ExecutorCommon {
  readonly exec: string;
  readonly timeUnit: string;
  readonly startTime: string;
  readonly preAllocatedVUs: number;
  readonly maxVUs: number;
  readonly gracefulStop: string;
  readonly tags: Record<string, string>;
}

export interface ConstantArrivalExecutor extends ExecutorCommon {
  readonly executor: 'constant-arrival-rate';
  readonly rate: number;
  readonly duration: string;
}

export interface RampingArrivalExecutor extends ExecutorCommon {
  readonly executor: 'ramping-arrival-rate';
  readonly startRate: number;
  readonly stages: readonly { readonly target: number; readonly duration: string }[];
}

export type ArrivalExecutor = ConstantArrivalExecutor | RampingArrivalExecutor;

/** k6 wants integer rates: the factor that makes every rate of the stream whole, applied to the time unit too. */
function rateScale(stream: LoadStream): number {
  const rates = [stream.perWindow, stream.rampToPerWindow ?? stream.perWindow];
  let scale = 1;
  while (!rates.every((r) => Number.isInteger(r * scale)) && scale < 1000) scale *= 10;
  return scale;
}

/**
 * A ramp sends one request each time the area under its rate reaches a whole request, and k6 computes
 * that area in floating point: a whole number of requests may come out a hair short, and the last one
 * lost. A short tail at the final rate adds half the distance to the next whole request, so k6 sends
 * exactly streamRequests(stream), the count the Node runner sends. In ms.
 */
export function rampTailMs(stream: LoadStream, windowMs: number): number {
  const to = stream.rampToPerWindow ?? stream.perWindow;
  const area = ((stream.perWindow + to) / 2) * stream.windows;
  const past = Math.max(0, area - streamRequests(stream));
  return (((1 - past) / 2) * windowMs) / to;
}

/**
 * A constant stream: k6 starts an arrival at the very end of the duration too (N + 1 in all); stopping
 * half a gap early sends exactly the stream's N requests, as the Node runner does. A ramp: k6's
 * ramping-arrival-rate over the stream's span, then its tail (rampTailMs); its arrivals fall where
 * arrivalOffsetsMs puts the Node runner's.
 */
export function arrivalExecutor(stream: LoadStream, windowMs: number, timeoutMs: number, exec: string): ArrivalExecutor {
  const scale = rateScale(stream);
  const peakPerWindow = Math.max(stream.perWindow, stream.rampToPerWindow ?? 0);
  const perSecond = (peakPerWindow * 1000) / windowMs;
  // Enough VUs for every request that may be in flight at once when answers take the whole timeout.
  const preAllocated = Math.max(2, Math.ceil(perSecond) + 1);
  const max = Math.max(preAllocated, Math.min(1000, Math.ceil((perSecond * timeoutMs) / 1000) + 2));
  const common: ExecutorCommon = {
    exec,
    timeUnit: `${windowMs * scale}ms`,
    startTime: `${Math.round(stream.startWindow * windowMs)}ms`,
    preAllocatedVUs: preAllocated,
    maxVUs: max,
    // A request still in flight when the stream ends is let finish: its answer is part of the verdict.
    gracefulStop: `${timeoutMs + 1000}ms`,
    tags: { stream: stream.name, surface: stream.surface, company: COMPANY_OF_SLOT[stream.key], key: stream.key },
  };
  if (stream.rampToPerWindow !== undefined) {
    const target = Math.round(stream.rampToPerWindow * scale);
    return {
      executor: 'ramping-arrival-rate',
      ...common,
      startRate: Math.round(stream.perWindow * scale),
      // Fractional milliseconds are kept (k6 reads durations with Go's parser): a rounded tail could hold a whole request.
      stages: [
        { target, duration: `${stream.windows * windowMs}ms` },
        { target, duration: `${rampTailMs(stream, windowMs).toFixed(6)}ms` },
      ],
    };
  }
  const gapMs = windowMs / stream.perWindow;
  return {
    executor: 'constant-arrival-rate',
    ...common,
    rate: Math.round(stream.perWindow * scale),
    duration: `${Math.max(1, Math.round(stream.windows * windowMs - gapMs / 2))}ms`,
  };
}

/** Threshold expressions by metric (with tag filters), each with what it means when crossed. */
export interface ThresholdPlan {
  readonly thresholds: Record<string, string[]>;
  readonly meaning: Record<string, string>;
}

export function scenarioThresholds(scenario: LoadScenario, transportTolerance: number): ThresholdPlan {
  const thresholds: Record<string, string[]> = {};
  const meaning: Record<string, string> = {};
  for (const s of scenario.streams.filter((x) => x.mustServe)) {
    const metric = `must_serve_ok{stream:${s.name}}`;
    thresholds[metric] = ['rate==1'];
    meaning[metric] = `every request of ${s.name} is served: its budget has room throughout`;
  }
  for (const b of scenario.limited) {
    const metric = `limited{surface:${b.surface},company:${b.company}}`;
    thresholds[metric] = ['count>0'];
    meaning[metric] = `budget ${budgetName(b.company, b.surface)} is offered more than 60 per window, so at least one 429 comes`;
  }
  for (const { surface, percent, limitMs } of latencyLimitList(scenario.latency ?? {})) {
    const metric = latencyMetric(surface);
    thresholds[metric] = [...(thresholds[metric] ?? []), latencyExpression(percent, limitMs)];
    meaning[metric] = `latency of every ${surface} request (http_req_duration) stays below its limits`;
  }
  thresholds.transport_errors = [`rate<=${transportTolerance}`];
  meaning.transport_errors = `at most ${transportTolerance * 100}% of requests get no answer (timeout, reset, TLS)`;
  return { thresholds, meaning };
}

/** The k6 metric a surface's latency limits judge: every request of the surface, setup's included. */
export function latencyMetric(surface: ApiPart): string {
  return `http_req_duration{surface:${surface}}`;
}

/**
 * Whether a threshold is a latency limit: the load report judges those itself from the same samples
 * (kind `latency`), so the k6 command does not carry them into it a second time.
 */
export function isLatencyThreshold(metric: string): boolean {
  return API_PARTS.some((surface) => metric === latencyMetric(surface));
}

/**
 * k6 keeps figures per tag only for a metric a threshold names. A metric named with no expression is
 * judged by nothing and never crosses, but k6 then keeps its figures: so handleSummary can print the
 * latency and the request count of each surface the scenario sends to. Merged under the thresholds, so
 * a surface's latency limits keep their expressions.
 */
export function summaryBreakdown(scenario: LoadScenario): Record<string, string[]> {
  const surfaces = API_PARTS.filter((surface) => scenario.streams.some((s) => s.surface === surface));
  return Object.fromEntries(
    surfaces.flatMap((surface) => [
      [latencyMetric(surface), []],
      [`http_reqs{surface:${surface}}`, []],
    ]),
  );
}

export function scenarioExecutors(scenario: LoadScenario, windowMs: number, timeoutMs: number, exec: string): Record<string, ArrivalExecutor> {
  return Object.fromEntries(scenario.streams.map((s) => [s.name, arrivalExecutor(s, windowMs, timeoutMs, exec)]));
}

/**
 * Where k6's verdict on a latency threshold and the load report's `latency` expectation on the same limit
 * differ, in words; empty when they agree. Both read the same samples the same way, so any line here
 * means the script and the report were built from different limits or saw different requests.
 * On an interrupted run the report leaves a limit crossed unjudged (incomplete), which agrees with k6's crossing.
 */
export function latencyDisagreements(verdicts: readonly ThresholdVerdict[], expectations: readonly ExpectationResult[]): string[] {
  const found: string[] = [];
  for (const v of verdicts.filter((x) => isLatencyThreshold(x.metric))) {
    const surface = v.metric.slice('http_req_duration{surface:'.length, -1);
    const percent = /^p\(([\d.]+)\)</.exec(v.expression)?.[1];
    const e = expectations.find((x) => x.kind === 'latency' && x.subject === `${surface} p(${percent})`);
    if (!e || !e.expected.startsWith(`${v.expression}:`)) {
      found.push(`k6 judged ${v.metric} ${v.expression}, which the report's latency limits do not name`);
      continue;
    }
    const reportMeasured = !e.detail.startsWith('not measured');
    if (v.unmeasured || !reportMeasured) {
      if (v.unmeasured !== !reportMeasured)
        found.push(
          `${v.metric} ${v.expression}: ${v.unmeasured ? 'k6 had no sample' : 'k6 measured it'}, the report ${reportMeasured ? 'measured it' : 'had no sample'}`,
        );
      continue;
    }
    if (v.ok !== (e.status === 'pass'))
      found.push(`${v.metric} ${v.expression}: k6 says ${v.ok ? 'held' : 'crossed'} (${v.observed}), the report says ${e.detail}`);
  }
  return found;
}
