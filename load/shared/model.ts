/**
 * What a load scenario is, for both engines. This module and everything under `load/shared/` and
 * `load/scenarios/` is plain data and pure functions with explicit `.ts` import paths and no Node
 * built-ins: k6 (which runs TypeScript natively) and the Node runner import the very same files.
 */
import { REQUESTS_PER_MINUTE } from '../../lib/spec/limits.ts';

/**
 * Where a request goes. `core` and `dialer` are the two budgets the spec states (Limits: 60 requests
 * per minute per company each, separately); `analytics`, `ai` (Conversation Intelligence and
 * VoiceAgent reads) and `cuecard` have no stated budget.
 */
export type LoadSurface = 'core' | 'dialer' | 'analytics' | 'ai' | 'cuecard';
export const LOAD_SURFACES: readonly LoadSurface[] = ['core', 'dialer', 'analytics', 'ai', 'cuecard'];

export type MeteredSurface = 'core' | 'dialer';
export const METERED_SURFACES: readonly MeteredSurface[] = ['core', 'dialer'];

export function isMetered(surface: LoadSurface): surface is MeteredSurface {
  return surface === 'core' || surface === 'dialer';
}

/** Requests each company may spend per window on each metered surface. */
export const BUDGET_PER_WINDOW = REQUESTS_PER_MINUTE;

/** Which target variable holds each surface's base address (the Dialer lives under `/dialer` on the AI host). */
export const SURFACE_URL_VARIABLE: Readonly<Record<LoadSurface, string>> = {
  core: 'CC_BASE_URL',
  dialer: 'CC_AI_URL',
  analytics: 'CC_ANALYTICS_URL',
  ai: 'CC_AI_URL',
  cuecard: 'CC_CUECARD_URL',
};

/**
 * The key a stream sends with. Budgets are counted per company, not per key: `primary` and
 * `second` are two keys of the company under test, `other` belongs to another company.
 */
export type KeyRole = 'primary' | 'second' | 'other';
export type Company = 'self' | 'other';
export const COMPANY_OF_KEY: Readonly<Record<KeyRole, Company>> = { primary: 'self', second: 'self', other: 'other' };

/** Target variables holding each key pair. */
export const KEY_VARIABLES: Readonly<Record<KeyRole, { readonly id: string; readonly secret: string }>> = {
  primary: { id: 'CC_KEY_ID', secret: 'CC_KEY_SECRET' },
  second: { id: 'CC_KEY2_ID', secret: 'CC_KEY2_SECRET' },
  other: { id: 'CC_OTHER_KEY_ID', secret: 'CC_OTHER_KEY_SECRET' },
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
  readonly surface: LoadSurface;
  readonly key: KeyRole;
  readonly endpoint: LoadEndpoint;
  /** Arrival rate, in requests per target window (the budget is 60 per window). */
  readonly perWindow: number;
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
 * appear, and in no span of one window may more than twice the budget be served (what a span straddling
 * two of the server's own windows allows at most). The exact count per window of the server's own is
 * the budget suite's job (`npm run conformance`), which finds the server's windows; a load run cannot.
 */
export interface LimitedBudget {
  readonly company: Company;
  readonly surface: MeteredSurface;
}

export interface LoadScenario {
  readonly name: string;
  readonly description: string;
  readonly streams: readonly LoadStream[];
  /** Budgets the scenario floods on purpose; a budget it does not name is not judged for limiting. */
  readonly limited: readonly LimitedBudget[];
}

/** A budget offered at most this many requests per window has room for all of them, whatever the timing. */
export const ALL_SERVED_CEILING = BUDGET_PER_WINDOW - 2;
/** A budget offered at least this many requests per window is expected to be limited. */
export const LIMITED_FLOOR = BUDGET_PER_WINDOW + 10;

export function budgetName(company: Company, surface: LoadSurface): string {
  return `${surface}:${company}`;
}

/** Requests per window the scenario offers one budget at its busiest moment within [from, to) windows. */
export function peakOfferedPerWindow(scenario: LoadScenario, company: Company, surface: MeteredSurface, from = 0, to = Number.POSITIVE_INFINITY): number {
  const streams = scenario.streams.filter((s) => s.surface === surface && COMPANY_OF_KEY[s.key] === company && s.startWindow < to && s.startWindow + s.windows > from);
  let peak = 0;
  for (const at of [from, ...streams.map((s) => s.startWindow)]) {
    const active = streams.filter((s) => s.startWindow <= at && at < s.startWindow + s.windows);
    peak = Math.max(peak, active.reduce((sum, s) => sum + s.perWindow, 0));
  }
  return peak;
}

/** The run's length in windows: until the last stream ends. */
export function scenarioWindows(scenario: LoadScenario): number {
  return Math.max(0, ...scenario.streams.map((s) => s.startWindow + s.windows));
}

/** How many requests a stream sends: one per arrival. */
export function streamRequests(stream: LoadStream): number {
  return Math.floor(stream.perWindow * stream.windows);
}

export function scenarioRequests(scenario: LoadScenario): number {
  return scenario.streams.reduce((n, s) => n + streamRequests(s), 0);
}

/**
 * Intended start of each request of a stream, in ms after the run's start: evenly spaced arrivals.
 * Both engines schedule from these times, so latency can be measured from when a request was due.
 */
export function arrivalOffsetsMs(stream: LoadStream, windowMs: number): number[] {
  const gap = windowMs / stream.perWindow;
  const first = stream.startWindow * windowMs;
  return Array.from({ length: streamRequests(stream) }, (_, i) => first + i * gap);
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
    if (!s.endpoint.path.startsWith('/')) problems.push(`${s.name}: path must start with '/'`);
    if (s.surface === 'dialer' && !s.endpoint.path.startsWith('/dialer')) problems.push(`${s.name}: a Dialer path begins /dialer`);
    if (s.surface === 'ai' && s.endpoint.path.startsWith('/dialer')) problems.push(`${s.name}: /dialer paths belong to the dialer surface, which has its own budget`);
  }
  for (const s of scenario.streams.filter((x) => x.mustServe)) {
    if (!isMetered(s.surface)) continue;
    const peak = peakOfferedPerWindow(scenario, COMPANY_OF_KEY[s.key], s.surface, s.startWindow - 1, s.startWindow + s.windows);
    if (peak > ALL_SERVED_CEILING) {
      problems.push(`${s.name} must be served, but its budget ${budgetName(COMPANY_OF_KEY[s.key], s.surface)} is offered ${peak} per window from one window before it to its end (at most ${ALL_SERVED_CEILING} leaves room for timing)`);
    }
  }
  for (const b of scenario.limited) {
    const peak = peakOfferedPerWindow(scenario, b.company, b.surface);
    if (peak < LIMITED_FLOOR) problems.push(`${budgetName(b.company, b.surface)} is expected limited but offered only ${peak} per window (at least ${LIMITED_FLOOR})`);
  }
  return problems;
}
