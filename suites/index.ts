import type { CheckDefinition } from '../lib/checks/define.js';
import { CORE_CHECKS } from './core/index.js';

/** Every check of every suite, in run order. */
export const ALL_CHECKS: readonly CheckDefinition[] = [...CORE_CHECKS];
