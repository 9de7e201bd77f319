import type { CheckDefinition } from '../../lib/checks/define.ts';
import { budgetCheck } from './budget-check.ts';

/** The budget suite: it spends whole windows of both budgets, so a run has it last. */
export const BUDGET_CHECKS: readonly CheckDefinition[] = [budgetCheck];
