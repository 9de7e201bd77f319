/**
 * Where the budget judges put their verdicts. The conformance checks' CheckContext is one as it stands
 * (its ledger makes the report); the k6 budget probe keeps a RuleTally (rule-tally.ts) with the same
 * precedence and turns it into threshold samples.
 */
import type { BudgetAnswer } from './answers.ts';

export interface RuleSink<A extends BudgetAnswer> {
  /** Records that the rule held at this step. */
  pass(ruleId: string, note?: string): void;
  /** Records the rule held or, with the message and the answer that shows it, that it did not; returns `ok`. */
  judge(ruleId: string, ok: boolean, message: string | (() => string), evidence?: A): boolean;
  /** Leaves the rule unjudged, with the reason (the first reason stays). */
  skipRule(ruleId: string, reason: string): void;
  note(ruleId: string, text: string): void;
  /** For observed-only rules: reported, never failed. */
  observe(ruleId: string, text: string): void;
}

/** What every judge needs besides the sink: the target's window and whether the company's budget is the run's alone. */
export interface BudgetJudge<A extends BudgetAnswer> extends RuleSink<A> {
  readonly target: { readonly rateWindowMs: number; readonly budgetExclusive: boolean };
}

/**
 * A count below the budget is the target's own doing only when nothing else spends the company's budget
 * meanwhile (CC_BUDGET_EXCLUSIVE, or the bundled mock); on an account in use another integration may have
 * taken the rest, so the count is inconclusive there, never a failure.
 */
export function judgeBelowBudget<A extends BudgetAnswer>(t: BudgetJudge<A>, rule: string, message: string, evidence?: A): void {
  if (t.target.budgetExclusive) {
    t.judge(rule, false, message, evidence);
    return;
  }
  t.skipRule(
    rule,
    `inconclusive: ${message}; another client of the company may have spent the rest of its budget meanwhile (set CC_BUDGET_EXCLUSIVE=true when nothing else uses it during the run)`,
  );
}
