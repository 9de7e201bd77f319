import { describe, expect, test } from 'vitest';
import { OBSERVED_BUDGET_RULES, requiredRulesOf } from '../../lib/budget/rule-ids.ts';
import { rule } from '../../lib/rules/index.ts';
import { ruleOfThreshold, thresholdOfRule } from '../../load/shared/budget-rules.ts';
import { BUDGET_CHECKS } from '../../suites/budget/index.ts';

describe('the rule each k6 budget threshold judges', () => {
  test('the probe judges every required rule the conformance budget check judges, and observes the rest', () => {
    const judged = BUDGET_CHECKS.flatMap((c) => c.rules);
    const probed = [...requiredRulesOf('core'), ...requiredRulesOf('dialer')];
    for (const id of probed) expect(rule(id).level, id).toBe('required');
    for (const id of OBSERVED_BUDGET_RULES) expect(rule(id).level, id).toBe('observed');
    expect([...probed, ...OBSERVED_BUDGET_RULES].sort()).toEqual([...judged].sort());
  });

  test("a rule's threshold names the rule back; any other metric names none", () => {
    expect(ruleOfThreshold(thresholdOfRule('CORE-RATE-CONCURRENT'))).toBe('CORE-RATE-CONCURRENT');
    expect(ruleOfThreshold('budget_rule_held{rule:DIALER-RATE-SEPARATE}')).toBe('DIALER-RATE-SEPARATE');
    expect(ruleOfThreshold('budget_rule_held')).toBeUndefined();
    expect(ruleOfThreshold('must_serve_ok{stream:core-primary}')).toBeUndefined();
    expect(ruleOfThreshold('transport_errors')).toBeUndefined();
  });
});
