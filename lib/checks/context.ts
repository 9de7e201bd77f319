import { setTimeout as sleep } from 'node:timers/promises';
import type { Target } from '../config/target.ts';
import { type KeySlot, type Surface } from '../contract/vocabulary.ts';
import { atLeast, type Release } from '../dialer/releases.ts';
import { InterruptedError } from '../errors.ts';
import type { RequestSpec } from '../requests/request-spec.ts';
import { RequestScope } from '../requests/request-scope.ts';
import type { SeenKind, SeenMatch } from '../requests/seen-records.ts';
import type { SchemaResult } from '../schemas/registry.ts';
import { Assertions } from './assertions.ts';
import type { DeletionBatch } from './batched-deletions.ts';
import { type CheckScope, DeclarationsGuard } from './declarations-guard.ts';
import type { Session } from './session.ts';
import type { SharedRecord } from './shared-records.ts';
import type { ShrinkAllowances } from './shrink-allowances.ts';

/**
 * What a check sees: its assertions (assertions.ts), requests, what the run shares, sleeps and cleanups.
 * Sending is the session's pipeline (lib/requests/) through the check's own request scope; every use of
 * what the check declared is held to it (declarations-guard.ts). A check reaches the run only here.
 */
export class CheckContext extends Assertions {
  readonly scope: CheckScope;
  readonly cleanups: { label: string; run: () => Promise<unknown> }[] = [];
  readonly #session: Session;
  readonly #requests: RequestScope;
  readonly #declared: DeclarationsGuard;
  /** The most requests the check may send against this target, worked out from its declarations. */
  readonly allowance: number;

  constructor(session: Session, scope: CheckScope, signal?: AbortSignal) {
    super(scope.id, scope.rules);
    this.#session = session;
    this.scope = scope;
    this.#declared = new DeclarationsGuard(scope, session);
    this.allowance = this.#declared.allowance;
    this.#requests = new RequestScope(session.checkPipeline, scope.id, { maxRequests: this.allowance, ...(signal ? { signal } : {}) });
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
    return this.#session.target;
  }

  /** Seed of this check's random choices: the run seed mixed with the check ID, so one check replays alone. */
  get seed(): number {
    let h = this.#session.seed >>> 0;
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

  hasKey(slot: KeySlot): boolean {
    return this.target.keys[slot] !== undefined;
  }

  hasSurface(surface: Surface): boolean {
    return this.target.urls[surface] !== undefined;
  }

  // --- what the run shares, as a check uses it --------------------------------------------

  /** A name no other record of any run has, under the run's prefix (Session.uniqueName). */
  uniqueName(): string {
    return this.#session.uniqueName();
  }

  /** The run's seed, which with the check's ID replays this check alone. */
  get runSeed(): number {
    return this.#session.seed;
  }

  /** The prefix of every name the run gives a record. */
  get runPrefix(): string {
    return this.#session.run.prefix;
  }

  /**
   * A record of the lane several checks use as it is (shared-records.ts): made now with this check's requests
   * if no check made it yet, deleted when the lane ends. Declared in `records.shares`, so the plan counts it.
   */
  shared<T>(record: SharedRecord<T>): Promise<T> {
    this.#declared.mayShare(record);
    return this.#session.shared.get(record, this);
  }

  /** Whether a shared record the check declares was made already, by it or a check before it. */
  sharedMade(record: SharedRecord<unknown>): boolean {
    this.#declared.mayShare(record);
    return this.#session.shared.has(record);
  }

  /**
   * Gives the checks after it a shared record the check made its own way, as the record's make would have
   * (the same value, the same requests counted in its allowance). False when it was made already.
   */
  provideShared<T>(record: SharedRecord<T>, value: T): boolean {
    this.#declared.mayMake(record);
    return this.#session.shared.provide(record, value);
  }

  /** How many of the run's checks share the record (runner.ts `countSharers`), for a make that serves them all at once; undefined if uncounted. */
  sharersOf(record: SharedRecord<unknown>): number | undefined {
    return this.#session.sharers.get(record.key);
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

  /** What the stateful checks of each lane may spend shrinking failing sequences, which they share. */
  get shrinkAllowances(): ShrinkAllowances {
    return this.#session.shrinking;
  }

  /**
   * Leaves a record the check made to its lane's end, where it is deleted together with the other checks'
   * of its kind (batched-deletions.ts), instead of by a delete of its own. The check must declare the batch
   * in `batched`, with as many records as it leaves, so the plan counts them.
   */
  deleteWhenLaneEnds(batch: DeletionBatch, id: string): void {
    // The record exists either way: it is deleted with the batch, and the defect of the check is reported.
    this.#session.batched.add(batch, id);
    this.#declared.leftToLaneEnd(batch);
  }

  /** `deleteWhenLaneEnds` for a record a shared make made for its sharers: each declares the one it takes in `batched`, not the maker. */
  deleteForSharersWhenLaneEnds(batch: DeletionBatch, id: string): void {
    this.#session.batched.add(batch, id);
  }

  /**
   * The items of another company's read that are records the run read from the company under test: the same id
   * and every field the spec names that both show (lib/requests/seen-records.ts), beside how many the run has read.
   */
  seenOfCompany(kind: SeenKind, items: readonly unknown[], wrapper?: string): { readonly matches: readonly SeenMatch[]; readonly seen: number } {
    return { matches: this.#session.seen.matches(kind, items, wrapper), seen: this.#session.seen.count(kind) };
  }

  /** A read no check changes, paid for once a run (Session.memo). */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.#session.memo(key, load);
  }

  /** Validates a value against a schema of `schemas/` without judging: for choosing among answers. */
  validate(schema: string, value: unknown): SchemaResult {
    return this.#session.schemas.validate(schema, value);
  }

  /** The run's wrong secret for the primary key ID (Session.wrongSecret). */
  wrongSecret(): string | undefined {
    return this.#session.wrongSecret();
  }

  /** Widens the bundled mock's window (Session.widenMockWindow): the window it counts in from now on, or undefined when it cannot be widened. */
  async widenMockWindow(windowMs: number): Promise<number | undefined> {
    return this.#session.widenMockWindow?.(windowMs);
  }

  /** Waits until a budget bucket has been quiet for a whole window, or the check is stopped. */
  quietBudget(bucket: string): Promise<void> {
    return this.#session.pacer.quiet(bucket, this.signal);
  }

  // --- waits and cleanups -----------------------------------------------------------------

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
