/**
 * What pacing costs in time. The plan's estimates and each check's time limit both come from here, so a
 * check is never cut for taking the time the plan announced.
 */

/** The pace a run keeps on each bucket. */
export interface Pace {
  readonly perWindow: number;
  readonly windowMs: number;
}

/**
 * What the pace adds to `requests` sent one after another: the first `perWindow` go at once, each further
 * `perWindow` a window later. The target's own response time is not in it.
 */
export function pacedMs(requests: number, pace: Pace): number {
  return requests <= 0 ? 0 : (Math.ceil(requests / pace.perWindow) - 1) * pace.windowMs;
}

/** What a check's time is worked out from: its allowance against the target, or the windows it lasts by design (CheckCost.lastsWindows). */
export interface CheckSize {
  readonly allowance: number;
  readonly lastsWindows?: number | undefined;
}

/** The time a check needs by design: the windows it lasts (the budget check), else its allowance at the pace. */
export function plannedMs(sized: CheckSize, pace: Pace): number {
  return sized.lastsWindows !== undefined ? sized.lastsWindows * pace.windowMs : pacedMs(sized.allowance, pace);
}

/** Time allowed per request on top of the pace: the target's answer, a retry's backoff. */
export const PER_REQUEST_SLACK_MS = 250;

/**
 * Request timeouts a check may sit through without overrunning: the one that ends it, and two of its
 * cleanup's, so a slow target is reported as timing out (`CC_ERR_TIMEOUT`), not as a check overrun.
 */
export const TIMEOUTS_ALLOWED = 3;

/**
 * A check's time limit: its planned time plus a window for what earlier checks left in the bucket, doubled
 * (another lane may share the meter, an unplanned 429 is waited out), plus a few request timeouts and slack
 * per request. Waiting for its lane comes before the check starts, so it never counts.
 */
export function timeLimitMs(sized: CheckSize, pace: Pace, requestTimeoutMs: number): number {
  return 2 * (plannedMs(sized, pace) + pace.windowMs) + TIMEOUTS_ALLOWED * requestTimeoutMs + sized.allowance * PER_REQUEST_SLACK_MS;
}
