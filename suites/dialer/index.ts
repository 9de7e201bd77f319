import type { CheckDefinition } from '../../lib/checks/define.ts';
import { CAMPAIGN_CHECKS } from './campaigns/index.ts';
import { CAMPAIGN_SEQUENCE_CHECKS } from './campaigns/sequences.ts';
import { CHANGING_WALK } from './campaigns/walks.ts';
import { changeCheck } from './versioning/change.ts';
import { CHANGES } from './versioning/index.ts';
import { DIALER_HOST_CHECKS } from './authentication/host.ts';
import { ISOLATION_CHECKS } from './authentication/isolation.ts';
import { READ_CHECKS } from './methods/reads.ts';
import { RESOURCE_CHECKS } from './resources/index.ts';

/** The Dialer suite in run order (its budget is judged by suites/budget). */
export const DIALER_CHECKS: readonly CheckDefinition[] = [
  // First: it makes the run's deleted campaign between its pages (records.makes would put it before that
  // campaign's other sharers anyway), and the lane's campaign it walks beside.
  CHANGING_WALK,
  ...CHANGES.map(changeCheck),
  ...CAMPAIGN_CHECKS,
  ...RESOURCE_CHECKS,
  ...ISOLATION_CHECKS,
  ...READ_CHECKS,
  ...DIALER_HOST_CHECKS,
  // Last: its sequences create campaigns, which the lane's listing checks would otherwise meet by the dozen.
  ...CAMPAIGN_SEQUENCE_CHECKS,
];
