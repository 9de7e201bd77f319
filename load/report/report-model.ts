/**
 * The load report: what every load, budget and capacity run writes, whichever engine sent the
 * requests. One JSON document (this shape) and one HTML view of it. Times are ms after the run's
 * start unless named otherwise; latencies are in ms.
 */
import { type Company, type KeyRole, type ApiPart, type MeteredSurface } from '../../lib/contract/vocabulary.ts';
import type { WindowedAnalysis } from '../shared/windows.ts';

export const LOAD_REPORT_FORMAT = 'cc-load-report';
/**
 * 2 added `interruptedAtMs`, `sentAfterInterrupt` and `notSent`: sends an interrupt spared are no longer counted as missed.
 * 3 added `totals.setup`: the requests of the engine's own setup, sent before the schedule, named apart from the schedule's.
 */
export const LOAD_REPORT_VERSION = 3;

/**
 * The stream an engine records its own setup's requests under (k6's health reads in setup(), one per
 * surface before the schedule starts): they spend budget like any other, but no scenario planned them.
 */
export const SETUP_STREAM = 'setup';

export type LoadKind = 'load' | 'budget' | 'capacity';
export type LoadEngine = 'node' | 'k6';

/**
 * `incomplete`: nothing the scenario expected was broken, but the run cannot vouch for it: it was
 * interrupted, or requests got no answer or an answer other than 2xx and 429.
 */
export type LoadVerdict = 'pass' | 'fail' | 'incomplete';

/** One stream of the scenario as it was planned. */
export interface StreamSummary {
  readonly name: string;
  readonly surface: ApiPart;
  readonly key: KeyRole;
  readonly company: Company;
  /** `surface:company` on a metered surface; null where the spec states no budget. */
  readonly budget: string | null;
  /** Method, path and query relative to the surface's base address. */
  readonly request: string;
  readonly perWindow: number;
  /** Where the stream ramps: its rate at its end (from `perWindow` at its start, in a straight line); absent for a constant rate. */
  readonly rampToPerWindow?: number;
  readonly startWindow: number;
  readonly windows: number;
  readonly mustServe: boolean;
  /** Requests the schedule holds for the stream. */
  readonly planned: number;
}

export interface ScenarioSummary {
  readonly name: string;
  readonly description: string;
  readonly streams: readonly StreamSummary[];
  /** Budgets the scenario floods on purpose, as `surface:company`. */
  readonly limited: readonly string[];
}

/** Base addresses only: a report never holds a key ID or a secret. */
export interface TargetSummary {
  readonly bundledMock: boolean;
  readonly urls: Readonly<Record<string, string>>;
}

/** served = 2xx, limited = 429, errors = any other status or no answer at all. */
export interface OutcomeCounts {
  readonly sent: number;
  readonly served: number;
  readonly limited: number;
  readonly errors: number;
}

export interface StreamTotals extends OutcomeCounts {
  readonly stream: string;
  readonly surface: ApiPart;
  readonly company: Company;
  readonly planned: number;
  /** The errors by status, `0` meaning no answer came (transport error or timeout). */
  readonly errorStatuses: Readonly<Record<string, number>>;
  /** Why the first request that got no answer got none (the engine's words), if any did not. */
  readonly firstError: string | null;
}

export interface BudgetTotals extends OutcomeCounts {
  /** `surface:company`. */
  readonly budget: string;
  readonly company: Company;
  readonly surface: MeteredSurface;
}

export interface LoadTotals {
  /** Every request recorded: the schedule's and the engine's setup's. */
  readonly all: OutcomeCounts;
  /**
   * The requests of the engine's own setup (stream `setup`), sent before the schedule: k6's health
   * reads; none for the Node engine. Counted in `all`, in their budget and as the stream `setup` (with
   * nothing planned), so `all.sent - setup.sent` is what the schedule sent.
   */
  readonly setup: OutcomeCounts;
  readonly streams: readonly StreamTotals[];
  readonly budgets: readonly BudgetTotals[];
}

export interface LatencyPercentiles {
  /** How many answers were measured. When 0 the other fields are 0 too. */
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly p999: number;
  readonly max: number;
}

/**
 * Latency of every answered request (any status, 429 included) of one surface. `corrected` runs from
 * when the request was due (open model: a stalled target or sender shows), `uncorrected` from when it
 * went out (the exchange alone).
 */
export interface SurfaceLatency {
  readonly surface: ApiPart;
  readonly corrected: LatencyPercentiles;
  readonly uncorrected: LatencyPercentiles;
}

/**
 * One surface over time, in steps of `LoadSeries.stepMs`. Requests are placed in the step they were
 * sent in, like the windowed analysis, so the two charts line up.
 */
export interface SurfaceSeries {
  readonly surface: ApiPart;
  readonly served: readonly number[];
  readonly limited: readonly number[];
  readonly errors: readonly number[];
  /** Corrected latency percentiles of the answers to the requests sent in each step; null where none. */
  readonly p50: readonly (number | null)[];
  readonly p90: readonly (number | null)[];
  readonly p99: readonly (number | null)[];
}

export interface LoadSeries {
  /** A twentieth of the window (3 s of a one-minute window), at least 100 ms; longer when the run is long. */
  readonly stepMs: number;
  /** Start of each step. */
  readonly atMs: readonly number[];
  readonly surfaces: readonly SurfaceSeries[];
}

/**
 * What the scenario expected, judged:
 * - `must-serve`: every request of a `mustServe` stream got a 2xx;
 * - `limit-enforced`: a budget the scenario floods gave at least one 429;
 * - `limit-bounded`: no window of the server's own, told apart by a 429, served more than the budget.
 */
/**
 * `threshold`: a threshold the engine itself judged (k6), carried into the report so that its verdict and
 * the command's exit code rest on the same findings; the other kinds the report judges from the records.
 * `latency`: a percentile of one surface's latency stays below its limit (the scenario's `latency`, or
 * `--latency`), judged from the records for both engines (`latency-limits.ts`); under k6 the same limit is
 * a threshold too, which the report leaves to this expectation rather than carry it twice.
 */
export type ExpectationKind = 'must-serve' | 'limit-enforced' | 'limit-bounded' | 'threshold' | 'latency';

export interface ExpectationResult {
  readonly kind: ExpectationKind;
  /** The stream or the budget (`surface:company`) judged. */
  readonly subject: string;
  readonly expected: string;
  /** `incomplete`: the records cannot tell (nothing sent, or only errors where a judgement needs answers). */
  readonly status: 'pass' | 'fail' | 'incomplete';
  readonly detail: string;
}

export interface LoadReport {
  readonly format: typeof LOAD_REPORT_FORMAT;
  readonly version: typeof LOAD_REPORT_VERSION;
  readonly kind: LoadKind;
  readonly engine: LoadEngine;
  readonly scenario: ScenarioSummary;
  readonly target: TargetSummary;
  readonly windowMs: number;
  /** ISO 8601. */
  readonly startedAt: string;
  readonly durationMs: number;
  /** Ctrl-C or SIGTERM stopped the run: no new send started, requests in flight got a short grace. */
  readonly interrupted: boolean;
  /** When the run took the signal; null when it was not interrupted. */
  readonly interruptedAtMs: number | null;
  /** Requests that went out after `interruptedAtMs`: 0 unless the engine was already starting them when the signal reached it. */
  readonly sentAfterInterrupt: number;
  /**
   * Scheduled sends that were due while the run ran but never went out (the engine fell behind, too
   * many requests were in flight, or the time bound came first).
   */
  readonly missed: number;
  /**
   * Scheduled sends that were not yet due when the run was interrupted, so never sent: not counted in
   * `missed`, since a running run would not have sent them yet. 0 when not interrupted; null when the
   * engine cannot tell (the k6 budget probe has no fixed timetable).
   */
  readonly notSent: number | null;
  readonly verdict: LoadVerdict;
  readonly expectations: readonly ExpectationResult[];
  readonly totals: LoadTotals;
  readonly latency: readonly SurfaceLatency[];
  readonly series: LoadSeries;
  readonly windows: WindowedAnalysis;
  /**
   * Most served requests one span of a window may hold: twice the budget, reached when the span straddles
   * two of the server's own windows each served in full. The charts draw it; the `limit-bounded`
   * expectation judges the server's own windows instead, each of which holds the budget at most.
   */
  readonly windowCeiling: number;
  readonly notes: readonly string[];
}
