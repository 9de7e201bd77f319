import type { CheckContext } from '../../lib/checks/context.ts';
import { budgetKey } from '../../lib/requests/metering.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import { type MeteredSurface } from '../../lib/contract/vocabulary.ts';
import { dialer } from '../shared/dialer-requests.ts';

/** A cheap read that spends one request of the surface's budget and changes nothing. */
export function probeOf(t: CheckContext, surface: MeteredSurface): RequestSpec {
  return surface === 'core' ? t.core('GET', '/countries/index.json') : dialer(t, 'campaigns.list').query({ limit: 1 });
}

/** The pacer's bucket of the surface for the company under test. */
export function budgetBucket(t: CheckContext, surface: MeteredSurface): string {
  const { fields } = probeOf(t, surface);
  return budgetKey(fields.surface, { kind: 'slot', slot: 'primary' }, fields.path);
}
