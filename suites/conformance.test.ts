import { registerRun } from '../lib/checks/vitest.js';
import { BUDGET_CHECKS, LANE_CHECKS } from './index.js';

// The one entry of a conformance run: the lanes side by side, then the budget checks.
registerRun(LANE_CHECKS, BUDGET_CHECKS);
