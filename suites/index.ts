import type { CheckDefinition } from '../lib/checks/define.js';
import { AI_CHECKS } from './ai/index.js';
import { ANALYTICS_CHECKS } from './analytics/index.js';
import { BUDGET_CHECKS } from './budget/index.js';
import { CORE_CHECKS } from './core/index.js';
import { CUECARD_CHECKS } from './cuecard/index.js';
import { DIALER_CHECKS } from './dialer/index.js';

/** The suite folders in run order: the conformance run sorts its test files by it, so a seed replays a run. */
export const SUITE_ORDER = ['core', 'ai', 'cuecard', 'analytics', 'dialer', 'budget'] as const;

/** Every check of every suite, in run order (SUITE_ORDER); the budget checks spend whole windows, so they come last. */
export const ALL_CHECKS: readonly CheckDefinition[] = [...CORE_CHECKS, ...AI_CHECKS, ...CUECARD_CHECKS, ...ANALYTICS_CHECKS, ...DIALER_CHECKS, ...BUDGET_CHECKS];
