import { isDeepStrictEqual } from 'node:util';
import { appliesTo, type Release } from '../dialer/releases.ts';
import { DefinitionError, MalformedAnswerError, UnavailableError } from '../errors.ts';
import { curlCommand } from '../http/curl.ts';
import { describeExchange, type Exchange } from '../http/exchange.ts';
import type { Evidence } from '../results/outcome.ts';
import { rule as lookupRule, type RuleId } from '../rules/index.ts';
import type { SchemaResult } from '../schemas/registry.ts';
import { PrerequisiteFailed, RuleViolation, SkipSignal } from './signals.ts';

/** Where one rule of a check stands while the check runs; the runner turns it into the rule's verdict. */
export interface RuleStanding {
  passes: number;
  notes: string[];
  /** The first violation of this rule the check saw; the check goes on judging (soft assertions). */
  failure?: RuleViolation;
  /** The messages of the later violations of this rule, each said once, so none is set aside. */
  laterFailures: string[];
  /** Why the check left this rule unjudged while it went on with the others (`skipRule`). */
  skipped?: string;
  /** The check said it has judged this rule in full (`done`): what ends the check later cannot undo its pass. */
  done?: boolean;
  /** A step of this rule needed an answer that another rule's failure left unusable (`blockRule`): that rule. */
  blockedBy?: RuleId;
}

/** Why an answer labelled JSON cannot be judged: its body does not parse; undefined when it does or is not JSON. */
export function unparsableJson(ex: Exchange): string | undefined {
  if (ex.jsonError === undefined || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(ex.headers['content-type'] ?? '')) return undefined;
  return `the answer (${ex.status}) is labelled ${ex.headers['content-type']} but its body is not JSON: ${ex.jsonError}`;
}

export function evidenceOf(ex: Exchange | undefined): Evidence | undefined {
  // The curl line is made from the whole request: the evidence shortens long bodies.
  return ex ? { ...describeExchange(ex), curl: curlCommand(ex.request) } : undefined;
}

/**
 * How a check judges: assertions that each name the rule they judge, the standing of each rule they leave
 * for the runner, and the steps a check builds on (`prerequisite`, `expectOk`, `skip`). An assertion records a
 * pass or a violation of its rule and the check goes on (as vitest's `expect.soft`): a failed rule never hides
 * the check's other rules. Inside `strictly` (a fuzzed property, a stateful sequence) a violation ends the
 * step with a RuleViolation instead, so fast-check sees it fail. The check's context (context.ts) extends it:
 * a check judges through `t` as before, and how it judges reads apart from how it reaches the run.
 */
export abstract class Assertions {
  readonly standings = new Map<RuleId, RuleStanding>();
  readonly #checkId: string;
  /** The rule that failed first in this check: what a step that could not go on without its answer was blocked by. */
  #firstFailed: RuleId | undefined;
  /** How many `strictly` scopes are open: inside one, a violation is thrown rather than recorded. */
  #strict = 0;

  constructor(checkId: string, rules: readonly RuleId[]) {
    this.#checkId = checkId;
    for (const id of rules) {
      lookupRule(id);
      this.standings.set(id, { passes: 0, notes: [], laterFailures: [] });
    }
  }

  /** The Dialer release the target is expected to be. */
  abstract get release(): Release;

  /** Validates a value against a schema of `schemas/` without judging: for choosing among answers. */
  abstract validate(schema: string, value: unknown): SchemaResult;

  /** Whether a rule belongs to the expected release; rules of other releases are never judged. */
  applies(ruleId: RuleId): boolean {
    return appliesTo(lookupRule(ruleId), this.release);
  }

  #standing(ruleId: RuleId): RuleStanding {
    const entry = this.standings.get(ruleId);
    if (!entry) throw new DefinitionError(`${this.#checkId} asserts ${ruleId}, which it does not list in its rules`);
    if (!this.applies(ruleId)) throw new DefinitionError(`${this.#checkId} judges ${ruleId}, which is not part of Dialer release ${this.release}`);
    return entry;
  }

  /** Records that the rule held at this step. */
  pass(ruleId: RuleId, note?: string): void {
    const entry = this.#standing(ruleId);
    entry.passes += 1;
    if (note) entry.notes.push(note);
  }

  /** Adds an observation to the report without judging. */
  note(ruleId: RuleId, text: string): void {
    this.#standing(ruleId).notes.push(text);
  }

  /** Observed-only rules are reported, never failed. */
  observe(ruleId: RuleId, text: string): void {
    if (lookupRule(ruleId).level !== 'observed') throw new DefinitionError(`${ruleId} is required; observe() is for observed-only rules`);
    this.pass(ruleId, text);
  }

  /**
   * Judges a rule at one step: a pass, or a violation recorded on the rule while the check goes on (the first
   * is the rule's evidence, later ones are kept as notes). Returns whether the rule held, so a step that needs
   * the answer can stop (`blockedBy`). Inside `strictly` a violation is thrown instead.
   */
  check(ruleId: RuleId, ok: boolean, message: string | (() => string), ex?: Exchange): boolean {
    if (lookupRule(ruleId).level === 'observed') throw new DefinitionError(`${ruleId} is observed-only and cannot be asserted`);
    this.#standing(ruleId);
    // An answer that says it is JSON and does not parse holds no rule (spec: Responses are UTF-8 JSON),
    // whatever else of it looked right.
    const unparsable = ok && ex ? unparsableJson(ex) : undefined;
    if (ok && !unparsable) {
      this.pass(ruleId);
      return true;
    }
    this.found(new RuleViolation(ruleId, unparsable ?? (typeof message === 'function' ? message() : message), evidenceOf(ex)));
    return false;
  }

  /**
   * Judges a rule beside the one a step is about, recording its violation even inside `strictly`: a fuzzed
   * property or a stateful step judging another rule on the same answer (its subErrors, say) goes on to
   * judge its own.
   */
  judge(ruleId: RuleId, ok: boolean, message: string | (() => string), ex?: Exchange): boolean {
    const strict = this.#strict;
    this.#strict = 0;
    try {
      return this.check(ruleId, ok, message, ex);
    } finally {
      this.#strict = strict;
    }
  }

  /** A violation a step found: recorded and the check goes on, or thrown inside `strictly`. */
  found(violation: RuleViolation): void {
    if (this.#strict > 0) throw violation;
    this.recordFailure(violation);
  }

  /**
   * Runs `steps` with assertions that throw: a fuzzed property or a stateful step must fail for fast-check
   * to see it, which then shapes the violation (a counterexample, a shrunk sequence) and records it.
   */
  async strictly<T>(steps: () => Promise<T>): Promise<T> {
    this.#strict += 1;
    try {
      return await steps();
    } finally {
      this.#strict -= 1;
    }
  }

  /**
   * Records a violation without ending the check: one its own assertion saw, or one found and shaped
   * elsewhere (a stateful check's shrunk sequence, a fuzzed property's counterexample). The first of a rule is
   * its evidence; each later one is kept as a note, so no violation seen is set aside.
   */
  recordFailure(violation: RuleViolation): void {
    const rule = violation.rule as RuleId;
    const entry = this.#standing(rule);
    this.#firstFailed ??= rule;
    if (entry.failure === undefined) entry.failure = violation;
    else if (!entry.laterFailures.includes(violation.message) && entry.failure.message !== violation.message) entry.laterFailures.push(violation.message);
  }

  /** The rule that failed first in this check, if any: a later step that cannot run without its answer is blocked by it. */
  get firstFailed(): RuleId | undefined {
    return this.#firstFailed;
  }

  /**
   * Declares a rule judged in full before the check goes on to its other rules. Without it, a rule passes
   * only when the whole check runs to its end: a check cut short (a skip, a failed prerequisite, another
   * rule failing, a harness error) may not have reached the rest of this rule's assertions.
   */
  done(ruleId: RuleId): void {
    const entry = this.#standing(ruleId);
    if (entry.passes === 0 && entry.failure === undefined) throw new DefinitionError(`${this.#checkId} declares ${ruleId} judged in full before asserting it`);
    entry.done = true;
  }

  /**
   * Leaves a step of a rule unjudged because the answer it needs broke another rule (`by`, which has failed
   * in this check): the rule is then blocked by that one, not passed on what it did judge.
   */
  blockRule(ruleId: RuleId, by: RuleId): void {
    const entry = this.#standing(ruleId);
    if (this.standings.get(by)?.failure === undefined) throw new DefinitionError(`${this.#checkId} blocks ${ruleId} by ${by}, which has not failed`);
    entry.blockedBy ??= by;
  }

  /** Leaves one rule unjudged, with the reason, while the check goes on with the others. */
  skipRule(ruleId: RuleId, reason: string): void {
    const entry = this.#standing(ruleId);
    entry.skipped ??= reason;
  }

  expectStatus(ruleId: RuleId, ex: Exchange, expected: number | readonly number[]): boolean {
    const allowed = typeof expected === 'number' ? [expected] : expected;
    return this.check(ruleId, allowed.includes(ex.status), () => `expected HTTP ${allowed.join(' or ')}, got ${ex.status}`, ex);
  }

  /** Validates a value (the JSON body by default) against a schema of `schemas/`, naming ajv's instancePath on failure. */
  expectSchema(ruleId: RuleId, ex: Exchange, schema: string, value: unknown = ex.json): boolean {
    if (value === undefined && ex.json === undefined)
      return this.check(
        ruleId,
        false,
        `expected a JSON body matching ${schema}, got ${ex.jsonError ? `unparsable JSON (${ex.jsonError})` : 'no JSON body'}`,
        ex,
      );
    const result = this.validate(schema, value);
    return this.check(ruleId, result.ok, () => `body does not match ${schema}: ${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')}`, ex);
  }

  expectEqual(ruleId: RuleId, actual: unknown, expected: unknown, what: string, ex?: Exchange): boolean {
    return this.check(ruleId, isDeepStrictEqual(actual, expected), () => `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, ex);
  }

  /**
   * A core failure: the HTTP status, the error envelope with status equal to it, and, when given,
   * the exact message (or one of several documented messages).
   */
  expectCoreError(ruleId: RuleId, ex: Exchange, status: number, message?: string | readonly string[]): boolean {
    // Each step reads what the one before it found: a wrong status or shape ends the judging of this answer.
    if (!this.expectStatus(ruleId, ex, status) || !this.expectSchema(ruleId, ex, 'core/error')) return false;
    const body = ex.json as { responseData: { status: number; message: string } };
    if (!this.expectEqual(ruleId, body.responseData.status, status, 'responseData.status', ex)) return false;
    if (message === undefined) return true;
    const allowed = typeof message === 'string' ? [message] : message;
    return this.check(
      ruleId,
      allowed.includes(body.responseData.message),
      () => `responseData.message: expected ${allowed.map((m) => JSON.stringify(m)).join(' or ')}, got ${JSON.stringify(body.responseData.message)}`,
      ex,
    );
  }

  // --- the steps a check builds on ---------------------------------------------------------

  skip(reason: string): never {
    throw new SkipSignal(reason);
  }

  /** A step the check builds on must hold; if not, the rules under test are not judged. */
  prerequisite(ok: boolean, message: string | (() => string), ex?: Exchange): void {
    if (ok) return;
    const what = typeof message === 'function' ? message() : message;
    const unparsable = ex ? unparsableJson(ex) : undefined;
    // A broken answer says nothing of whether the prerequisite holds: the run is incomplete, not the account.
    if (unparsable) throw new MalformedAnswerError(`${what}: ${unparsable}`);
    throw new PrerequisiteFailed(what, evidenceOf(ex));
  }

  /** Shorthand: a setup request must succeed with a 2xx; a 5xx is the target unable to serve it, an error of the run. */
  expectOk(ex: Exchange, what: string): void {
    if (ex.status >= 500)
      throw new UnavailableError(
        `${what}: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.status}; a step this check builds on was not served, so its rules were not judged`,
        ex,
      );
    this.prerequisite(ex.status >= 200 && ex.status < 300, () => `${what}: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.status}`, ex);
  }
}
