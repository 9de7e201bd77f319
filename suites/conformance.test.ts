import { registerRun } from '../lib/checks/vitest.ts';
import { BUDGET_CHECKS, LANE_CHECKS } from './index.ts';

// The one entry of a conformance run: the lanes side by side, then the budget checks.
registerRun(LANE_CHECKS, BUDGET_CHECKS);
