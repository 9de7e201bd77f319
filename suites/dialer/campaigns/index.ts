import type { CheckDefinition } from '../../../lib/checks/define.ts';
import { CAMPAIGN_DELETED_CHECKS } from './deleted.ts';
import { CAMPAIGN_LIST_CHECKS } from './lists.ts';
import { CAMPAIGN_RECORD_CHECKS } from './records.ts';
import { CAMPAIGN_VALIDATION_CHECKS } from './validation.ts';
import { CAMPAIGN_WALK_CHECKS } from './walks.ts';

/**
 * The campaign checks in run order: reads of the list first (before the checks that create and delete
 * campaigns grow it), then the records, the walk, and the fuzzed validation. The release checks of
 * the campaign changes come from ../versioning/campaigns.ts through changeCheck(); the walk while campaigns
 * change runs before them all (./index.ts).
 */
export const CAMPAIGN_CHECKS: readonly CheckDefinition[] = [
  ...CAMPAIGN_LIST_CHECKS,
  ...CAMPAIGN_RECORD_CHECKS,
  ...CAMPAIGN_DELETED_CHECKS,
  ...CAMPAIGN_WALK_CHECKS,
  ...CAMPAIGN_VALIDATION_CHECKS,
];
