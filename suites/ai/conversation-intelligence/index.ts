import type { CheckDefinition } from '../../../lib/checks/define.ts';
import { CI_ACCESS_CHECKS } from './access.ts';
import { CI_PAGING_CHECKS } from './paging.ts';
import { CI_READ_CHECKS } from './reads.ts';
import { CI_WALK_CHECKS } from './walk.ts';

/**
 * Conversation Intelligence: read-only analysis of one call per request. Most checks first find an
 * analysed call through the core call history (`conversation-intelligence/calls.ts`), so they need the core host too.
 */
export const CI_CHECKS: readonly CheckDefinition[] = [...CI_READ_CHECKS, ...CI_PAGING_CHECKS, ...CI_WALK_CHECKS, ...CI_ACCESS_CHECKS];
