import { registerSuite } from '../../lib/checks/vitest.js';
import { BUDGET_CHECKS } from './index.js';

registerSuite('request budgets', BUDGET_CHECKS);
