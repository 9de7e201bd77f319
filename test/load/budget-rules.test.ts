import { describe, expect, test } from 'vitest';
import { BUDGET_RULE_OF_METRIC, ruleOfThreshold } from '../../load/shared/budget-rules.ts';
import { rule } from '../../lib/rules/index.js';
import { BUDGET_CHECKS } from '../../suites/budget/index.js';

describe('the rule each k6 budget threshold judges', () => {
  test('every rule named is a budget rule of the catalogue that the conformance budget check judges too', () => {
    const judged = new Set(BUDGET_CHECKS.flatMap((c) => c.rules));
    for (const bySurface of Object.values(BUDGET_RULE_OF_METRIC)) {
      for (const id of Object.values(bySurface)) {
        expect(rule(id).level, id).toBe('required');
        expect(judged.has(id as string), id).toBe(true);
      }
    }
  });

  test("a threshold's metric with its surface tag names its rule; anything else names none", () => {
    expect(ruleOfThreshold('budget_served_fresh_concurrent{surface:core}')).toBe('CORE-RATE-CONCURRENT');
    expect(ruleOfThreshold('budget_served_after_quiet{surface:dialer}')).toBe('DIALER-RATE-60');
    expect(ruleOfThreshold('reset_header_ok{surface:core}')).toBe('CORE-RATE-RESET-HEADER');
    expect(ruleOfThreshold('reset_header_ok{surface:dialer}')).toBeUndefined();
    expect(ruleOfThreshold('must_serve_ok{stream:core-primary}')).toBeUndefined();
    expect(ruleOfThreshold('transport_errors')).toBeUndefined();
  });
});
