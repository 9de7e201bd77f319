import { HOST_OF_SURFACE, type ApiPart } from '../contract/vocabulary.ts';
import type { CheckOutcome } from '../results/outcome.ts';
import type { Lane } from './lanes.ts';

/**
 * The step that ends a lane once its checks have all ended, interrupted or not: it deletes the lane's shared
 * records (shared-records.ts) and the records its checks left to be deleted together (batched-deletions.ts).
 * The report lists it beside the checks; it judges no rule.
 */

/** The id of a lane's end step, as the report lists it. */
export const laneEndStep = (lane: Lane): string => `${lane}.lane-end`;

/** The outcome of a lane's end step: a step of the run, not a check, so it judges no rule. */
export function laneEndOutcome(
  lane: Lane,
  meter: ApiPart,
  step: { readonly requests: number; readonly allowance: number; readonly durationMs: number; readonly leftovers: readonly string[] },
): CheckOutcome {
  const { requests, allowance, durationMs, leftovers } = step;
  return {
    check: laneEndStep(lane),
    title: `the ${lane} lane's shared and batched records deleted`,
    surface: HOST_OF_SURFACE[meter],
    lane,
    step: true,
    verdicts: [],
    requests,
    allowance,
    unplanned429: 0,
    retried503: 0,
    durationMs,
    leftovers,
    problems: [],
  };
}
