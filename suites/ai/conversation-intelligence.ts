import type { CheckDefinition } from '../../lib/checks/define.js';
import { CI_ACCESS_CHECKS } from './ci-access.js';
import { CI_PAGING_CHECKS } from './ci-paging.js';
import { CI_READ_CHECKS } from './ci-reads.js';
import { CI_WALK_CHECKS } from './ci-walk.js';

/**
 * Conversation Intelligence: read-only analysis of one call per request. Most checks first find an
 * analysed call through the core call history (`ci-calls.ts`), so they need the core host too.
 */
export const CI_CHECKS: readonly CheckDefinition[] = [...CI_READ_CHECKS, ...CI_PAGING_CHECKS, ...CI_WALK_CHECKS, ...CI_ACCESS_CHECKS];
