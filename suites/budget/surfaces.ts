import { budgetKey, type CheckContext } from '../../lib/checks/context.ts';
import type { RequestSpec } from '../../lib/checks/request.ts';
import type { BudgetSurface } from '../../lib/budget/answers.ts';
import { dialer } from '../dialer/fixtures.ts';

/** A cheap read that spends one request of the surface's budget and changes nothing. */
export function probeOf(t: CheckContext, surface: BudgetSurface): RequestSpec {
  return surface === 'core' ? t.core('GET', '/countries/index.json') : dialer(t, 'campaigns.list').query({ limit: 1 });
}

/** The pacer's bucket of the surface for the company under test. */
export function budgetBucket(t: CheckContext, surface: BudgetSurface): string {
  const { fields } = probeOf(t, surface);
  return budgetKey(fields.surface, { kind: 'slot', slot: 'primary' }, fields.path);
}
