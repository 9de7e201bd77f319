import { CAMPAIGN_CHANGES } from './campaign-changes.js';
import type { ChangeProbe } from './change.js';
import { HOST_CHANGES } from './host-changes.js';
import { RESOURCE_CHANGES } from './resource-changes.js';

/** Every behaviour the Dialer's releases changed, oldest release first: the release checks and the fingerprint read this. */
export const CHANGES: readonly ChangeProbe[] = [...HOST_CHANGES, ...CAMPAIGN_CHANGES, ...RESOURCE_CHANGES];
