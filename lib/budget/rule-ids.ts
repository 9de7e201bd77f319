/**
 * Which rule of the catalogue (lib/rules/rate-limits.ts) each budget measurement judges, by the same short
 * names on both surfaces. Plain data, so the k6 budget probe names its verdicts as the conformance report does.
 */
import type { MeteredSurface } from '../contract/vocabulary.ts';

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

function rulesOf(prefix: 'CORE' | 'DIALER'): SurfaceRules {
  return {
    atLeast60: `${prefix}-RATE-60`,
    limited: `${prefix}-RATE-429`,
    window: `${prefix}-RATE-WINDOW`,
    concurrent: `${prefix}-RATE-CONCURRENT`,
    body: `${prefix}-RATE-429-BODY`,
    recovery: `${prefix}-RATE-RECOVERY`,
    perCompany: `${prefix}-RATE-PER-COMPANY`,
    algorithm: `${prefix}-RATE-ALGORITHM`,
    client: `${prefix}-RATE-CLIENT-RECOVERY`,
  };
}

export const RULES_OF: Readonly<Record<MeteredSurface, SurfaceRules>> = { core: rulesOf('CORE'), dialer: rulesOf('DIALER') };

export const RESET_HEADER_RULE = 'CORE-RATE-RESET-HEADER';
export const RESET_STABLE_RULE = 'CORE-RATE-RESET-STABLE';
export const SEPARATE_RULE = 'DIALER-RATE-SEPARATE';

/** Rules only observed, never failed: reported in words, not verdicts. */
export const OBSERVED_BUDGET_RULES: readonly string[] = [
  RULES_OF.core.algorithm,
  RULES_OF.core.client,
  RESET_STABLE_RULE,
  RULES_OF.dialer.algorithm,
  RULES_OF.dialer.client,
];

/** Every required budget rule of a surface, in catalogue order; the Dialer's include the separation of the two. */
export function requiredRulesOf(surface: MeteredSurface): string[] {
  const r = RULES_OF[surface];
  const own = [r.atLeast60, r.limited, r.window, r.concurrent, r.body, r.recovery, r.perCompany];
  return surface === 'core' ? [...own, RESET_HEADER_RULE] : [...own, SEPARATE_RULE];
}
