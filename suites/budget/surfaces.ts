import { budgetKey, type CheckContext } from '../../lib/checks/context.js';
import type { RequestSpec } from '../../lib/checks/request.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { dialer } from '../dialer/fixtures.js';

/**
 * A count below the budget is the target's own doing only when nothing else spends the company's budget
 * meanwhile (CC_BUDGET_EXCLUSIVE, or the bundled mock); on an account in use another integration may have
 * taken the rest, so the count is inconclusive there, never a failure.
 */
export function judgeBelowBudget(t: CheckContext, rule: string, message: string, ex?: Exchange): void {
  if (t.target.budgetExclusive) {
    t.judge(rule, false, message, ex);
    return;
  }
  t.skipRule(rule, `inconclusive: ${message}; another client of the company may have spent the rest of its budget meanwhile (set CC_BUDGET_EXCLUSIVE=true when nothing else uses it during the run)`);
}

/** The two surfaces with a stated budget (spec: Limits). */
export type BudgetSurface = 'core' | 'dialer';

/** The rules each surface's measurements judge, by the same short names. */
export interface SurfaceRules {
  readonly atLeast60: string;
  readonly limited: string;
  readonly window: string;
  readonly concurrent: string;
  readonly body: string;
  readonly recovery: string;
  readonly perCompany: string;
  readonly algorithm: string;
  readonly client: string;
}

export const RULES_OF: Readonly<Record<BudgetSurface, SurfaceRules>> = {
  core: {
    atLeast60: 'CORE-RATE-60',
    limited: 'CORE-RATE-429',
    window: 'CORE-RATE-WINDOW',
    concurrent: 'CORE-RATE-CONCURRENT',
    body: 'CORE-RATE-429-BODY',
    recovery: 'CORE-RATE-RECOVERY',
    perCompany: 'CORE-RATE-PER-COMPANY',
    algorithm: 'CORE-RATE-ALGORITHM',
    client: 'CORE-RATE-CLIENT-RECOVERY',
  },
  dialer: {
    atLeast60: 'DIALER-RATE-60',
    limited: 'DIALER-RATE-429',
    window: 'DIALER-RATE-WINDOW',
    concurrent: 'DIALER-RATE-CONCURRENT',
    body: 'DIALER-RATE-429-BODY',
    recovery: 'DIALER-RATE-RECOVERY',
    perCompany: 'DIALER-RATE-PER-COMPANY',
    algorithm: 'DIALER-RATE-ALGORITHM',
    client: 'DIALER-RATE-CLIENT-RECOVERY',
  },
};

export const RESET_HEADER_RULE = 'CORE-RATE-RESET-HEADER';
export const RESET_STABLE_RULE = 'CORE-RATE-RESET-STABLE';
export const SEPARATE_RULE = 'DIALER-RATE-SEPARATE';

/** Schema of each surface's 429 body. */
export const LIMITED_BODY_SCHEMA: Readonly<Record<BudgetSurface, string>> = { core: 'core/too-many-requests', dialer: 'dialer/too-many-requests' };

/** A cheap read that spends one request of the surface's budget and changes nothing. */
export function probeOf(t: CheckContext, surface: BudgetSurface): RequestSpec {
  return surface === 'core' ? t.core('GET', '/countries/index.json') : dialer(t, 'campaigns.list').query({ limit: 1 });
}

/** The pacer's bucket of the surface for the company under test. */
export function budgetBucket(t: CheckContext, surface: BudgetSurface): string {
  const { fields } = probeOf(t, surface);
  return budgetKey(fields.surface, { kind: 'slot', slot: 'primary' }, fields.path);
}

export function surfaceName(surface: BudgetSurface): string {
  return surface === 'core' ? 'core API' : 'Dialer';
}
