/**
 * A load scenario as k6 options: one `constant-arrival-rate` executor per stream and the thresholds
 * that make the run's verdict. Pure (no k6 module), so the Node side can test it and name the same
 * thresholds the script sets.
 */
import { budgetName, COMPANY_OF_KEY, type LoadScenario, type LoadStream } from '../shared/model.ts';

export interface ArrivalExecutor {
  readonly executor: 'constant-arrival-rate';
  readonly exec: string;
  readonly rate: number;
  readonly timeUnit: string;
  readonly duration: string;
  readonly startTime: string;
  readonly preAllocatedVUs: number;
  readonly maxVUs: number;
  readonly gracefulStop: string;
  readonly tags: Record<string, string>;
}

/**
 * k6 starts an arrival at the very end of the duration too (N + 1 in all); stopping half a gap early
 * sends exactly the stream's N requests, as the Node runner does.
 */
export function arrivalExecutor(stream: LoadStream, windowMs: number, timeoutMs: number, exec: string): ArrivalExecutor {
  // k6 wants an integer rate: scale rate and time unit together for fractional per-window rates.
  let scale = 1;
  while (!Number.isInteger(stream.perWindow * scale) && scale < 1000) scale *= 10;
  const gapMs = windowMs / stream.perWindow;
  const perSecond = (stream.perWindow * 1000) / windowMs;
  // Enough VUs for every request that may be in flight at once when answers take the whole timeout.
  const preAllocated = Math.max(2, Math.ceil(perSecond) + 1);
  const max = Math.max(preAllocated, Math.min(1000, Math.ceil((perSecond * timeoutMs) / 1000) + 2));
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate: Math.round(stream.perWindow * scale),
    timeUnit: `${windowMs * scale}ms`,
    duration: `${Math.max(1, Math.round(stream.windows * windowMs - gapMs / 2))}ms`,
    startTime: `${Math.round(stream.startWindow * windowMs)}ms`,
    preAllocatedVUs: preAllocated,
    maxVUs: max,
    // A request still in flight when the stream ends is let finish: its answer is part of the verdict.
    gracefulStop: `${timeoutMs + 1000}ms`,
    tags: { stream: stream.name, surface: stream.surface, company: COMPANY_OF_KEY[stream.key], key: stream.key },
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
  thresholds.transport_errors = [`rate<=${transportTolerance}`];
  meaning.transport_errors = `at most ${transportTolerance * 100}% of requests get no answer (timeout, reset, TLS)`;
  return { thresholds, meaning };
}

export function scenarioExecutors(scenario: LoadScenario, windowMs: number, timeoutMs: number, exec: string): Record<string, ArrivalExecutor> {
  return Object.fromEntries(scenario.streams.map((s) => [s.name, arrivalExecutor(s, windowMs, timeoutMs, exec)]));
}
