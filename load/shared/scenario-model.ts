/**
 * What a load scenario is, for both engines. This module and everything under `load/shared/` and
 * `load/scenarios/` is plain data and pure functions with explicit `.ts` import paths and no Node
 * built-ins: k6 (which runs TypeScript natively) and the Node runner import the very same files.
 */
import {
  BUDGET_PER_WINDOW,
  COMPANY_OF_SLOT,
  type Company,
  isMetered,
  KEY_SLOT_VARIABLE,
  type KeyRole,
  API_PARTS,
  type ApiPart,
  type MeteredSurface,
  METERED_SURFACES,
  secretVariable,
  SURFACE_VARIABLE,
} from '../../lib/contract/vocabulary.ts';

/** Which target variable holds each surface's base address (the Dialer lives under `/dialer` on the AI host). */
export const SURFACE_URL_VARIABLE: Readonly<Record<ApiPart, string>> = { ...SURFACE_VARIABLE, dialer: SURFACE_VARIABLE.ai };

/** Target variables holding each key pair. */
export const KEY_VARIABLES: Readonly<Record<KeyRole, { readonly id: string; readonly secret: string }>> = {
  primary: { id: KEY_SLOT_VARIABLE.primary, secret: secretVariable('primary') },
  second: { id: KEY_SLOT_VARIABLE.second, secret: secretVariable('second') },
  other: { id: KEY_SLOT_VARIABLE.other, secret: secretVariable('other') },
};

/**
 * A request a load run sends. Only reads: a load run on a live account must never create a record
 * it would then have to delete, so the method is fixed to GET.
 */
export interface LoadEndpoint {
  readonly method: 'GET';
  /** Relative to the surface's base address: `/countries/index.json`, `/dialer/campaigns`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
}

/** One open-model arrival stream: requests start on schedule whether or not earlier ones have answered. */
export interface LoadStream {
  /** Unique in its scenario; used as a tag in both engines' results. */
  readonly name: string;
  readonly surface: ApiPart;
  readonly key: KeyRole;
  readonly endpoint: LoadEndpoint;
  /** Arrival rate, in requests per target window (the budget is 60 per window); where the stream ramps, its rate at its start. */
  readonly perWindow: number;
  /**
   * A capacity probe's ramp: the arrival rate moves in a straight line from `perWindow` at the stream's
   * start to this at its end, as k6's `ramping-arrival-rate` executor moves it. Absent: a constant rate.
   */
  readonly rampToPerWindow?: number;
  /** When the stream starts after the run's start, in windows. */
  readonly startWindow: number;
  /** How long it sends, in windows. */
  readonly windows: number;
  /**
   * Every request of the stream must be served: its budget has room throughout (the scenario offers
   * that budget at most ALL_SERVED_CEILING per window from one window before the stream starts to its end).
   */
  readonly mustServe?: boolean;
}

/**
 * A budget (one company on one metered surface) the scenario offers more than the budget: 429s must
 * appear, and no window of the server's own may serve more than the budget. A 429 tells such a window
 * apart (the one it fell in was spent), so the report counts what was served within one window after
 * each 429 (load/shared/windows.ts, servedAfterRefusals), whichever way the server counts its minute.
 */
export interface LimitedBudget {
  readonly company: Company;
  readonly surface: MeteredSurface;
}

/**
 * Most a percentile of one surface's latency may reach, in ms: the percentile must stay below it, as
 * a k6 threshold `p(95)<N` reads. Latency runs from when the request went out to its answer, over
 * every request of the surface the run recorded (any status, no answer included), as k6's
 * `http_req_duration{surface:...}` holds them.
 */
export interface LatencyLimit {
  readonly p95Ms?: number;
  readonly p99Ms?: number;
}

export type LatencyLimits = Partial<Record<ApiPart, LatencyLimit>>;

export interface LoadScenario {
  readonly name: string;
  readonly description: string;
  readonly streams: readonly LoadStream[];
  /** Budgets the scenario floods on purpose; a budget it does not name is not judged for limiting. */
  readonly limited: readonly LimitedBudget[];
  /** Latency limits per surface; `--latency` on the command line replaces a surface's entry. */
  readonly latency?: LatencyLimits;
}

/** A budget offered at most this many requests per window has room for all of them, whatever the timing. */
export const ALL_SERVED_CEILING = BUDGET_PER_WINDOW - 2;
/** A budget offered at least this many requests per window is expected to be limited. */
export const LIMITED_FLOOR = BUDGET_PER_WINDOW + 10;

export function budgetName(company: Company, surface: ApiPart): string {
  return `${surface}:${company}`;
}

/** The stream's arrival rate, per window, at `atWindow` windows after the run's start (inside the stream's span). */
export function rateAt(stream: LoadStream, atWindow: number): number {
  const to = stream.rampToPerWindow ?? stream.perWindow;
  const progress = Math.min(1, Math.max(0, (atWindow - stream.startWindow) / stream.windows));
  return stream.perWindow + (to - stream.perWindow) * progress;
}

/**
 * Requests per window the scenario offers one budget at its busiest moment within [from, to) windows:
 * the highest sum of its streams' rates at any instant. Rates are constant or straight ramps, so the sum
 * is highest at an edge: where a stream starts (taken just after it), or where one ends or the span
 * does (taken just before). A ramp's instantaneous rate bounds what any span of one window holds.
 */
export function peakOfferedPerWindow(scenario: LoadScenario, company: Company, surface: MeteredSurface, from = 0, to = Number.POSITIVE_INFINITY): number {
  const streams = scenario.streams.filter(
    (s) => s.surface === surface && COMPANY_OF_SLOT[s.key] === company && s.startWindow < to && s.startWindow + s.windows > from,
  );
  const inside = (at: number) => at >= from && at <= to && Number.isFinite(at);
  const justAfter = [from, ...streams.map((s) => s.startWindow)].filter((at) => inside(at) && at < to);
  const justBefore = [to, ...streams.map((s) => s.startWindow + s.windows)].filter((at) => inside(at) && at > from);
  const offeredAt = (at: number, covers: (s: LoadStream) => boolean) => streams.filter(covers).reduce((sum, s) => sum + rateAt(s, at), 0);
  let peak = 0;
  for (const at of justAfter)
    peak = Math.max(
      peak,
      offeredAt(at, (s) => s.startWindow <= at && at < s.startWindow + s.windows),
    );
  for (const at of justBefore)
    peak = Math.max(
      peak,
      offeredAt(at, (s) => s.startWindow < at && at <= s.startWindow + s.windows),
    );
  return peak;
}

/** The run's length in windows: until the last stream ends. */
export function scenarioWindows(scenario: LoadScenario): number {
  return Math.max(0, ...scenario.streams.map((s) => s.startWindow + s.windows));
}

/**
 * A ramp's requests may add up to a whole number that floating point leaves a hair below it (from 0.1 to
 * 0.7 over 5 windows: 1.9999999999999998 for 2): this much is taken for rounding, never for a request.
 */
const COUNT_EPSILON = 1e-9;

/**
 * How many requests a stream sends: one per arrival. A ramp sends one each time its rate's area reaches
 * a whole request, as k6's ramping-arrival-rate does: the area under the ramp, rounded down.
 */
export function streamRequests(stream: LoadStream): number {
  const meanPerWindow = stream.rampToPerWindow === undefined ? stream.perWindow : (stream.perWindow + stream.rampToPerWindow) / 2;
  return Math.floor(meanPerWindow * stream.windows + COUNT_EPSILON);
}

export function scenarioRequests(scenario: LoadScenario): number {
  return scenario.streams.reduce((n, s) => n + streamRequests(s), 0);
}

/**
 * Intended start of each request of a stream, in ms after the run's start. A constant rate sends evenly
 * spaced arrivals from the stream's start, as k6's constant-arrival-rate does. A ramp sends its n-th
 * request when the area under its rate reaches n requests (the first one a little after its start), as
 * k6's ramping-arrival-rate does, with k6's own formula. Both engines schedule from these times, so
 * latency can be measured from when a request was due.
 */
export function arrivalOffsetsMs(stream: LoadStream, windowMs: number): number[] {
  const first = stream.startWindow * windowMs;
  const count = streamRequests(stream);
  if (stream.rampToPerWindow === undefined || stream.rampToPerWindow === stream.perWindow) {
    const gap = windowMs / stream.perWindow;
    if (stream.rampToPerWindow === undefined) return Array.from({ length: count }, (_, i) => first + i * gap);
    return Array.from({ length: count }, (_, i) => first + (i + 1) * gap);
  }
  // Rates per ms: the area under the ramp up to x is from*x + (to - from)*x^2/(2*span); solved for x at area n.
  const span = stream.windows * windowMs;
  const from = stream.perWindow / windowMs;
  const to = stream.rampToPerWindow / windowMs;
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const x = (from * span - Math.sqrt(Math.max(0, span * (from * from * span + 2 * n * (to - from))))) / (from - to);
    return first + Math.min(span, x);
  });
}

/** Problems that make a scenario unfit to run, in words; empty when it is fine. */
export function scenarioProblems(scenario: LoadScenario): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const s of scenario.streams) {
    if (names.has(s.name)) problems.push(`stream name ${s.name} is used twice`);
    names.add(s.name);
    if (!(s.perWindow > 0) || !Number.isFinite(s.perWindow)) problems.push(`${s.name}: perWindow must be a positive number`);
    if (!(s.windows > 0) || !Number.isFinite(s.windows)) problems.push(`${s.name}: windows must be a positive number`);
    if (!(s.startWindow >= 0)) problems.push(`${s.name}: startWindow must not be negative`);
    if (s.rampToPerWindow !== undefined && (!(s.rampToPerWindow > 0) || !Number.isFinite(s.rampToPerWindow)))
      problems.push(`${s.name}: rampToPerWindow must be a positive number`);
    if (!s.endpoint.path.startsWith('/')) problems.push(`${s.name}: path must start with '/'`);
    if (s.surface === 'dialer' && !s.endpoint.path.startsWith('/dialer')) problems.push(`${s.name}: a Dialer path begins /dialer`);
    if (s.surface === 'ai' && s.endpoint.path.startsWith('/dialer'))
      problems.push(`${s.name}: /dialer paths belong to the dialer surface, which has its own budget`);
  }
  for (const s of scenario.streams.filter((x) => x.mustServe)) {
    if (!isMetered(s.surface)) continue;
    const peak = peakOfferedPerWindow(scenario, COMPANY_OF_SLOT[s.key], s.surface, s.startWindow - 1, s.startWindow + s.windows);
    if (peak > ALL_SERVED_CEILING) {
      problems.push(
        `${s.name} must be served, but its budget ${budgetName(COMPANY_OF_SLOT[s.key], s.surface)} is offered ${peak} per window from one window before it to its end (at most ${ALL_SERVED_CEILING} leaves room for timing)`,
      );
    }
  }
  for (const b of scenario.limited) {
    const peak = peakOfferedPerWindow(scenario, b.company, b.surface);
    if (peak < LIMITED_FLOOR)
      problems.push(`${budgetName(b.company, b.surface)} is expected limited but offered only ${peak} per window (at least ${LIMITED_FLOOR})`);
  }
  // A budget the scenario does not declare flooded is one the company's other integrations share: never more than all of it.
  for (const company of ['self', 'other'] as const) {
    for (const surface of METERED_SURFACES) {
      if (scenario.limited.some((b) => b.company === company && b.surface === surface)) continue;
      const peak = peakOfferedPerWindow(scenario, company, surface);
      if (peak > BUDGET_PER_WINDOW)
        problems.push(
          `${budgetName(company, surface)} is offered ${peak} per window at its peak, more than its budget of ${BUDGET_PER_WINDOW}, but the scenario does not declare it in limited`,
        );
    }
  }
  problems.push(...latencyLimitProblems(scenario));
  return problems;
}

/** Latency limits only on surfaces the scenario sends to (a limit nothing measures would never be judged), each a number of ms. */
function latencyLimitProblems(scenario: LoadScenario): string[] {
  const problems: string[] = [];
  for (const [surface, limit] of Object.entries(scenario.latency ?? {}) as [string, LatencyLimit | undefined][]) {
    if (!API_PARTS.includes(surface as ApiPart)) {
      problems.push(`latency: unknown surface ${surface} (known: ${API_PARTS.join(', ')})`);
      continue;
    }
    if (!scenario.streams.some((s) => s.surface === surface)) problems.push(`latency: a limit on ${surface}, which no stream sends to`);
    if (limit?.p95Ms === undefined && limit?.p99Ms === undefined) problems.push(`latency: ${surface} names neither p95Ms nor p99Ms`);
    for (const [name, value] of [
      ['p95Ms', limit?.p95Ms],
      ['p99Ms', limit?.p99Ms],
    ] as const) {
      if (value !== undefined && (!(value >= 0) || !Number.isFinite(value))) problems.push(`latency: ${surface} ${name} must be a number of ms, 0 or more`);
    }
  }
  return problems;
}
