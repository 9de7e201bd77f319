import type { BudgetAnswer } from './answers.ts';
import type { BudgetJudge, RuleSink } from './rule-sink.ts';

/**
 * A judge that holds every verdict and note it is given until `passOn` hands them, in order, to the real
 * sink. A measurement that turns out to tell nothing (a trial this machine sent too slowly for the window)
 * is dropped this way, and measured again, instead of leaving its skips beside the second measurement's verdicts.
 */
export class HeldVerdicts<A extends BudgetAnswer> implements BudgetJudge<A> {
  readonly #held: ((sink: RuleSink<A>) => void)[] = [];

  constructor(readonly target: BudgetJudge<A>['target']) {}

  pass(ruleId: string, note?: string): void {
    this.#held.push((sink) => sink.pass(ruleId, note));
  }

  judge(ruleId: string, ok: boolean, message: string | (() => string), evidence?: A): boolean {
    this.#held.push((sink) => void sink.judge(ruleId, ok, message, evidence));
    return ok;
  }

  skipRule(ruleId: string, reason: string): void {
    this.#held.push((sink) => sink.skipRule(ruleId, reason));
  }

  note(ruleId: string, text: string): void {
    this.#held.push((sink) => sink.note(ruleId, text));
  }

  observe(ruleId: string, text: string): void {
    this.#held.push((sink) => sink.observe(ruleId, text));
  }

  /** Hands everything held to `sink`, as it was given. */
  passOn(sink: RuleSink<A>): void {
    for (const give of this.#held.splice(0)) give(sink);
  }
}
