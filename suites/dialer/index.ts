import type { CheckDefinition } from '../../lib/checks/define.js';
import { CAMPAIGN_CHECKS } from './campaigns.js';
import { changeCheck } from './change.js';
import { CHANGES } from './changes.js';
import { DIALER_HOST_CHECKS } from './host.js';
import { ISOLATION_CHECKS } from './isolation.js';
import { READ_CHECKS } from './reads.js';
import { RESOURCE_CHECKS } from './resources.js';

/** The Dialer suite in run order (its budget is judged by suites/budget). */
export const DIALER_CHECKS: readonly CheckDefinition[] = [
  ...CHANGES.map(changeCheck),
  ...CAMPAIGN_CHECKS,
  ...RESOURCE_CHECKS,
  ...ISOLATION_CHECKS,
  ...READ_CHECKS,
  ...DIALER_HOST_CHECKS,
];
