/**
 * Which rule of the catalogue (lib/rules/budget.ts) each threshold of the k6 budget probe judges, so a
 * threshold's verdict is read as that rule's wherever it is shown (k6's summary and JUnit, the load
 * report) and the two engines' verdicts can be set side by side rule by rule. Plain data, no imports
 * beyond the surfaces, so k6 loads it too.
 */
import type { MeteredSurface } from './model.ts';

const BOTH = (rule: string): Readonly<Record<MeteredSurface, string>> => ({ core: `CORE-${rule}`, dialer: `DIALER-${rule}` });

export const BUDGET_RULE_OF_METRIC: Readonly<Record<string, Readonly<Partial<Record<MeteredSurface, string>>>>> = {
  budget_limited_after_quiet: BOTH('RATE-429'),
  budget_served_after_quiet: BOTH('RATE-60'),
  budget_reopen_wait_ms: BOTH('RATE-RECOVERY'),
  budget_served_fresh_concurrent: BOTH('RATE-CONCURRENT'),
  limited_body_ok: BOTH('RATE-429-BODY'),
  reset_header_ok: { core: 'CORE-RATE-RESET-HEADER' },
  per_company_second_key_limited: BOTH('RATE-PER-COMPANY'),
  per_company_other_served: BOTH('RATE-PER-COMPANY'),
  // One rule judges both directions: each budget serves while the other is spent.
  budgets_independent: { core: 'DIALER-RATE-SEPARATE', dialer: 'DIALER-RATE-SEPARATE' },
};

/** The rule a threshold's metric (`budget_served_after_quiet{surface:core}`) judges, or undefined. */
export function ruleOfThreshold(metric: string): string | undefined {
  const m = /^([a-z_]+)\{(?:[^}]*,)?surface:(core|dialer)(?:,[^}]*)?\}$/.exec(metric);
  return m ? BUDGET_RULE_OF_METRIC[m[1] as string]?.[m[2] as MeteredSurface] : undefined;
}
