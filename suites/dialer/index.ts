import type { CheckDefinition } from '../../lib/checks/define.js';
import { CAMPAIGN_CHECKS } from './campaigns.js';
import { changeCheck } from './change.js';
import { CHANGES } from './changes.js';
import { DIALER_HOST_CHECKS } from './host.js';
import { RESOURCE_CHECKS } from './resources.js';

/** The Dialer suite in run order; the rate-limit checks of host.ts spend whole windows, so they come last. */
export const DIALER_CHECKS: readonly CheckDefinition[] = [...CHANGES.map(changeCheck), ...CAMPAIGN_CHECKS, ...RESOURCE_CHECKS, ...DIALER_HOST_CHECKS];
