import { CAMPAIGN_CHANGES } from './campaigns.ts';
import type { ChangeProbe } from './change.ts';
import { HOST_CHANGES } from './host.ts';
import { RESOURCE_CHANGES } from './resources.ts';

/** Every behaviour the Dialer's releases changed, oldest release first: the release checks and the fingerprint read this. */
export const CHANGES: readonly ChangeProbe[] = [...HOST_CHANGES, ...CAMPAIGN_CHANGES, ...RESOURCE_CHANGES];
