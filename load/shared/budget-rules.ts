/**
 * The k6 budget probe's verdicts, one threshold per rule of the catalogue (lib/rules/rate-limits.ts): the
 * probe runs the conformance budget check's own procedure and judges (lib/budget), keeps one verdict per
 * rule, and records it as one sample of `budget_rule_held` tagged with the rule, so each threshold reads
 * as that rule's verdict wherever it is shown (k6's summary and JUnit, the load report). The reason of a
 * failed or unjudged rule goes out as a sample of `budget_rule_verdict`, tagged with the status and the
 * words, which the k6 command reads back from k6's JSON output.
 */

export const RULE_HELD_METRIC = 'budget_rule_held';
export const RULE_VERDICT_METRIC = 'budget_rule_verdict';

/** The threshold's metric of a rule: `budget_rule_held{rule:CORE-RATE-60}`. */
export function thresholdOfRule(rule: string): string {
  return `${RULE_HELD_METRIC}{rule:${rule}}`;
}

/** The rule a threshold's metric judges, or undefined for any other metric. */
export function ruleOfThreshold(metric: string): string | undefined {
  const m = /^budget_rule_held\{rule:([A-Z][A-Z0-9-]*)\}$/.exec(metric);
  return m ? m[1] : undefined;
}
