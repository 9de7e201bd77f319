import type { CheckDefinition } from '../lib/checks/define.ts';
import { type Lane, LANES } from '../lib/checks/lanes.ts';
import { type ApiPart } from '../lib/contract/vocabulary.ts';
import { AI_CHECKS } from './ai/index.ts';
import { ANALYTICS_CHECKS } from './analytics/index.ts';
import { BUDGET_CHECKS } from './budget/index.ts';
import { CORE_CHECKS } from './core/index.ts';
import { CUECARD_CHECKS } from './cuecard/index.ts';
import { DIALER_CHECKS } from './dialer/index.ts';

/** A suite folder: its checks in run order, the lane they run in and the meter their requests go to. */
export interface Suite {
  readonly folder: string;
  readonly lane: Lane;
  readonly meter: ApiPart;
  readonly checks: readonly CheckDefinition[];
}

/** The suites in catalogue order; each lane runs its checks in this order, so a seed replays a run. */
export const SUITES: readonly Suite[] = [
  { folder: 'core', lane: 'core', meter: 'core', checks: CORE_CHECKS },
  { folder: 'ai', lane: 'hosts', meter: 'ai', checks: AI_CHECKS },
  { folder: 'cuecard', lane: 'hosts', meter: 'cuecard', checks: CUECARD_CHECKS },
  { folder: 'analytics', lane: 'hosts', meter: 'analytics', checks: ANALYTICS_CHECKS },
  { folder: 'dialer', lane: 'dialer', meter: 'dialer', checks: DIALER_CHECKS },
];

export { BUDGET_CHECKS };

/** Every check of every suite, in catalogue order; the budget checks spend whole windows, so they come last. */
export const ALL_CHECKS: readonly CheckDefinition[] = [...SUITES.flatMap((s) => s.checks), ...BUDGET_CHECKS];

function suiteOf(check: CheckDefinition): Suite | undefined {
  return SUITES.find((s) => s.checks.includes(check));
}

/** The lane a check runs in (its own declaration first, else its suite's); the budget checks run after all lanes. */
export function laneOf(check: CheckDefinition): Lane | 'budget' {
  if (BUDGET_CHECKS.includes(check)) return 'budget';
  return check.lane ?? suiteOf(check)?.lane ?? 'hosts';
}

/** The meter most of a check's requests go to: its suite's (the Dialer's, for the Dialer checks on the AI host). */
export function meterOf(check: CheckDefinition): ApiPart {
  return suiteOf(check)?.meter ?? check.surface;
}

/** The checks of each lane, in catalogue order. */
export const LANE_CHECKS: Readonly<Record<Lane, readonly CheckDefinition[]>> = Object.fromEntries(
  LANES.map((lane) => [lane, ALL_CHECKS.filter((c) => laneOf(c) === lane)]),
) as unknown as Record<Lane, readonly CheckDefinition[]>;
