/**
 * The verdict per rule of an engine that has no ledger of its own (the k6 budget probe), kept with the
 * precedence the conformance runner gives its ledger (lib/checks/runner.ts): a failure wins, then a skip
 * (not judged in full), then passes; a rule with none of them was not judged.
 */
import type { BudgetAnswer } from './answers.ts';
import type { BudgetJudge } from './rule-sink.ts';

export type TalliedStatus = 'pass' | 'fail' | 'skipped' | 'unjudged';

export interface TalliedRule {
  readonly rule: string;
  readonly status: TalliedStatus;
  /** Why it failed or was not judged. */
  readonly detail?: string;
  readonly notes: readonly string[];
}

interface Entry {
  passes: number;
  failure?: string;
  skipped?: string;
  notes: string[];
}

export class RuleTally<A extends BudgetAnswer> implements BudgetJudge<A> {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly target: { readonly rateWindowMs: number; readonly budgetExclusive: boolean }) {}

  #entry(rule: string): Entry {
    let entry = this.#entries.get(rule);
    if (!entry) this.#entries.set(rule, (entry = { passes: 0, notes: [] }));
    return entry;
  }

  pass(rule: string, note?: string): void {
    const entry = this.#entry(rule);
    entry.passes += 1;
    if (note) entry.notes.push(note);
  }

  judge(rule: string, ok: boolean, message: string | (() => string), _evidence?: A): boolean {
    if (ok) this.pass(rule);
    else this.#entry(rule).failure ??= typeof message === 'function' ? message() : message;
    return ok;
  }

  skipRule(rule: string, reason: string): void {
    this.#entry(rule).skipped ??= reason;
  }

  note(rule: string, text: string): void {
    this.#entry(rule).notes.push(text);
  }

  observe(rule: string, text: string): void {
    this.pass(rule, text);
  }

  /** One verdict per rule asked for, in the order asked. */
  verdicts(rules: readonly string[]): TalliedRule[] {
    return rules.map((rule) => {
      const e = this.#entries.get(rule);
      if (!e) return { rule, status: 'unjudged', detail: 'nothing measured this rule', notes: [] };
      if (e.failure !== undefined) return { rule, status: 'fail', detail: e.failure, notes: e.notes };
      if (e.skipped !== undefined) return { rule, status: 'skipped', detail: e.skipped, notes: e.notes };
      if (e.passes > 0) return { rule, status: 'pass', notes: e.notes };
      return { rule, status: 'unjudged', detail: 'nothing measured this rule', notes: e.notes };
    });
  }
}
