import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Target } from '../config/target.ts';
import { type KeySlot, type Surface } from '../contract/vocabulary.ts';
import { appliesTo, atLeast, type Release } from '../dialer/releases.ts';
import { DefinitionError, InterruptedError, MalformedAnswerError, UnavailableError } from '../errors.ts';
import { curlCommand } from '../http/curl.ts';
import { describeExchange, type Exchange } from '../http/exchange.ts';
import type { RequestSpec } from '../requests/request-spec.ts';
import { RequestScope } from '../requests/request-scope.ts';
import type { SeenKind, SeenMatch } from '../requests/seen-records.ts';
import type { Evidence } from '../results/outcome.ts';
import { rule as lookupRule, type RuleId } from '../rules/index.ts';
import type { SchemaResult } from '../schemas/registry.ts';
import type { DeletionBatch } from './batched-deletions.ts';
import { type CheckScope, DeclarationsGuard } from './declarations-guard.ts';
import type { SharedRecord } from './shared-records.ts';
import type { Session } from './session.ts';
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
 * What a check sees: requests against the target, and assertions that each name the rule they judge.
 * An assertion records a pass or a violation of its rule and the check goes on (as vitest's `expect.soft`):
 * a failed rule never hides the check's other rules. Inside `strictly` (a fuzzed property, a stateful
 * sequence) a violation ends the step with a RuleViolation instead, so fast-check sees it fail. Sending is
 * the session's pipeline (lib/requests/), reached through the check's own request scope; every use of what
 * the check declared is held to its declaration (declarations-guard.ts).
 */
export class CheckContext {
  readonly session: Session;
  readonly scope: CheckScope;
  readonly standings = new Map<RuleId, RuleStanding>();
  readonly cleanups: { label: string; run: () => Promise<unknown> }[] = [];
  readonly #requests: RequestScope;
  readonly #declared: DeclarationsGuard;
  /** The rule that failed first in this check: what a step that could not go on without its answer was blocked by. */
  #firstFailed: RuleId | undefined;
  /** How many `strictly` scopes are open: inside one, a violation is thrown rather than recorded. */
  #strict = 0;

  constructor(session: Session, scope: CheckScope, signal?: AbortSignal) {
    this.session = session;
    this.scope = scope;
    this.#declared = new DeclarationsGuard(scope, session);
    this.#requests = new RequestScope(session.send, scope.id, { maxRequests: this.#declared.allowance, ...(signal ? { signal } : {}) });
    for (const id of scope.rules) {
      lookupRule(id);
      this.standings.set(id, { passes: 0, notes: [], laterFailures: [] });
    }
  }

  /** Aborted when the run is interrupted or the check overruns its time: the check sends nothing more but its cleanup. */
  get signal(): AbortSignal | undefined {
    return this.#requests.signal;
  }

  /** Every request sent, retries and cleanup included. */
  get requests(): number {
    return this.#requests.requests;
  }

  get target(): Target {
    return this.session.target;
  }

  /** Seed of this check's random choices: the run seed mixed with the check ID, so one check replays alone. */
  get seed(): number {
    let h = this.session.seed >>> 0;
    for (const ch of this.scope.id) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return h & 0x7fffffff;
  }

  req(surface: Surface, method: string, path: string): RequestSpec {
    return this.#requests.req(surface, method, path);
  }

  /** Shorthand for the core host. */
  core(method: string, path: string): RequestSpec {
    return this.#requests.core(method, path);
  }

  /** The Dialer release the target is expected to be. */
  get release(): Release {
    return this.target.dialer.release;
  }

  /** Whether the expected release has the behaviour introduced in `since`. */
  atLeast(since: Release): boolean {
    return atLeast(this.release, since);
  }

  /** Whether a rule belongs to the expected release; rules of other releases are never judged. */
  applies(ruleId: RuleId): boolean {
    return appliesTo(lookupRule(ruleId), this.release);
  }

  hasKey(slot: KeySlot): boolean {
    return this.target.keys[slot] !== undefined;
  }

  hasSurface(surface: Surface): boolean {
    return this.target.urls[surface] !== undefined;
  }

  // --- what the run shares, as a check uses it --------------------------------------------

  /** A name no other record of any run has, under the run's prefix (Session.uniqueName). */
  uniqueName(): string {
    return this.session.uniqueName();
  }

  /** The run's seed, which with the check's ID replays this check alone. */
  get runSeed(): number {
    return this.session.seed;
  }

  /** The prefix of every name the run gives a record. */
  get runPrefix(): string {
    return this.session.run.prefix;
  }

  /**
   * A record of the check's lane that several checks use as it is (shared-records.ts): made now if no check
   * has made it yet, with this check's requests, and deleted when the lane ends. The check must declare it
   * in `shares`, so the plan counts it.
   */
  shared<T>(record: SharedRecord<T>): Promise<T> {
    this.#declared.mayShare(record);
    return this.session.shared.get(record, this);
  }

  /** Whether a shared record the check declares was made already, by it or a check before it. */
  sharedMade(record: SharedRecord<unknown>): boolean {
    this.#declared.mayShare(record);
    return this.session.shared.has(record);
  }

  /**
   * Gives the checks after it a shared record the check made its own way, as the record's make would have
   * (the same value, the same requests counted in its allowance). False when it was made already.
   */
  provideShared<T>(record: SharedRecord<T>, value: T): boolean {
    this.#declared.mayShare(record);
    return this.session.shared.provide(record, value);
  }

  /**
   * How many of `wanted` random fuzz values (absent: all it declares and has not drawn yet) the check draws
   * now, beside how many it wanted: all, or what the target's cap (CC_FUZZ_RANDOM) leaves it.
   */
  randomValues(wanted?: number): { readonly wanted: number; readonly granted: number } {
    return this.#declared.randomValues(wanted);
  }

  /** Whether the check's sequences draw random steps in this run, or run their closing steps alone (declarations-guard.ts). */
  get drawsSequenceSteps(): boolean {
    return this.#declared.drawsSequenceSteps;
  }

  /**
   * Leaves a record the check made to its lane's end, where it is deleted together with the other checks'
   * of its kind (batched-deletions.ts), instead of by a delete of its own. The check must declare the batch
   * in `batched`, with as many records as it leaves, so the plan counts them.
   */
  deleteWhenLaneEnds(batch: DeletionBatch, id: string): void {
    // The record exists either way: it is deleted with the batch, and the defect of the check is reported.
    this.session.batched.add(batch, id);
    this.#declared.leftToLaneEnd(batch);
  }

  /**
   * The items of another company's read that are records the run read from the company under test: the same id
   * and every field the spec names that both show (lib/requests/seen-records.ts), beside how many the run has read.
   */
  seenOfCompany(kind: SeenKind, items: readonly unknown[], wrapper?: string): { readonly matches: readonly SeenMatch[]; readonly seen: number } {
    return { matches: this.session.seen.matches(kind, items, wrapper), seen: this.session.seen.count(kind) };
  }

  /** A read no check changes, paid for once a run (Session.memo). */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.session.memo(key, load);
  }

  /** Validates a value against a schema of `schemas/` without judging: for choosing among answers. */
  validate(schema: string, value: unknown): SchemaResult {
    return this.session.schemas.validate(schema, value);
  }

  /** The run's wrong secret for the primary key ID (Session.wrongSecret). */
  wrongSecret(): string | undefined {
    return this.session.wrongSecret();
  }

  /** Widens the bundled mock's window (Session.widenMockWindow): the window it counts in from now on, or undefined when it cannot be widened. */
  async widenMockWindow(windowMs: number): Promise<number | undefined> {
    return this.session.widenMockWindow?.(windowMs);
  }

  /** Waits until a budget bucket has been quiet for a whole window, or the check is stopped. */
  quietBudget(bucket: string): Promise<void> {
    return this.session.pacer.quiet(bucket, this.signal);
  }

  #throwIfInterrupted(what: string): void {
    if (this.signal?.aborted) throw InterruptedError.of(what, this.signal.reason);
  }

  /** Waits, unless the run is interrupted meanwhile (then InterruptedError): checks never sleep through a Ctrl-C. */
  async sleep(ms: number): Promise<void> {
    this.#throwIfInterrupted('wait not begun');
    if (ms <= 0) return;
    try {
      await sleep(ms, undefined, this.signal ? { signal: this.signal } : {});
    } catch (err) {
      if (this.signal?.aborted) this.#throwIfInterrupted('wait cut short');
      throw err;
    }
  }

  /** `sleep` until a moment on our clock. */
  sleepUntil(epochMs: number): Promise<void> {
    return this.sleep(epochMs - Date.now());
  }

  #standing(ruleId: RuleId): RuleStanding {
    const entry = this.standings.get(ruleId);
    if (!entry) throw new DefinitionError(`${this.scope.id} asserts ${ruleId}, which it does not list in its rules`);
    if (!this.applies(ruleId)) throw new DefinitionError(`${this.scope.id} judges ${ruleId}, which is not part of Dialer release ${this.release}`);
    return entry;
  }

  // --- assertions -------------------------------------------------------------------------

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
    if (entry.passes === 0 && entry.failure === undefined) throw new DefinitionError(`${this.scope.id} declares ${ruleId} judged in full before asserting it`);
    entry.done = true;
  }

  /**
   * Leaves a step of a rule unjudged because the answer it needs broke another rule (`by`, which has failed
   * in this check): the rule is then blocked by that one, not passed on what it did judge.
   */
  blockRule(ruleId: RuleId, by: RuleId): void {
    const entry = this.#standing(ruleId);
    if (this.standings.get(by)?.failure === undefined) throw new DefinitionError(`${this.scope.id} blocks ${ruleId} by ${by}, which has not failed`);
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

  // --- control flow -----------------------------------------------------------------------

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

  /** Registers an undo step; cleanups run last-in first-out, also when the check fails. */
  cleanup(label: string, run: () => Promise<unknown>): void {
    this.cleanups.push({ label, run });
  }

  /** Cleanup by request: the resource is deleted afterwards; a 404 means it is already gone. */
  undo(label: string, request: RequestSpec): void {
    this.cleanup(label, async () => {
      const ex = await request.send();
      if (ex.status >= 300 && ex.status !== 404) throw new Error(`${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.status}`);
    });
  }

  /** Runs the registered cleanups; returns the labels of those that did not succeed. */
  async runCleanups(): Promise<string[]> {
    this.#requests.cleaningUp();
    const failed: string[] = [];
    for (const step of this.cleanups.reverse()) {
      try {
        await step.run();
      } catch (err) {
        failed.push(`${step.label}: ${(err as Error).message}`);
      }
    }
    return failed;
  }
}
