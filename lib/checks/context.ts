import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { COMPANY_OF_SLOT, KEY_SLOT_VARIABLE, type KeySlot, type Surface, SURFACE_VARIABLE, type Target } from '../config/target.ts';
import { appliesTo, atLeast, type Release } from '../dialer/releases.ts';
import { DefinitionError, InterruptedError, MalformedAnswerError, RequestAllowanceError, UnavailableError } from '../errors.ts';
import { curlCommand } from '../http/curl.ts';
import { describeExchange, type Exchange, type ReplayAuth } from '../http/exchange.ts';
import type { Evidence } from '../results/outcome.ts';
import { rule as lookupRule, type RuleId } from '../rules/index.ts';
import type { OutgoingRequest, PendingCreate } from '../ledger/ledger.ts';
import type { CheckDefinition } from './define.ts';
import { type RequestFields, RequestSpec } from './request.ts';
import type { Session } from './session.ts';
import { PrerequisiteFailed, RuleViolation, SkipSignal } from './signals.ts';

export interface RuleLedger {
  passes: number;
  notes: string[];
  /** A violation recorded by `judge`, which lets the check go on judging its other rules. */
  failure?: RuleViolation;
  /** Why the check left this rule unjudged while it went on with the others (`skipRule`). */
  skipped?: string;
  /** The check said it has judged this rule in full (`done`): what ends the check later cannot undo its pass. */
  done?: boolean;
}

/** Budget bucket of a request: the surface's meter and the company the credentials belong to. */
export function budgetKey(surface: Surface, credentials: RequestFields['credentials'], path = ''): string {
  const company = credentials.kind === 'slot' ? COMPANY_OF_SLOT[credentials.slot] : 'anonymous';
  // The Dialer shares the AI host but has its own budget (spec: Limits).
  const meter = surface === 'ai' && /^\/dialer(\/|$)/.test(path) ? 'dialer' : surface;
  return `${meter}:${company}`;
}

/**
 * Whether a request can be sent again without duplicating anything (spec: Method convention): reads and
 * deletes, and the Dialer's PUT, which replaces a sub-collection wholesale. A core PUT creates a record.
 */
function repeatable(method: string, meter: string | null): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'DELETE' || (m === 'PUT' && meter?.startsWith('dialer:') === true);
}

/** Why an answer labelled JSON cannot be judged: its body does not parse; undefined when it does or is not JSON. */
function unparsableJson(ex: Exchange): string | undefined {
  if (ex.jsonError === undefined || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(ex.headers['content-type'] ?? '')) return undefined;
  return `the answer (${ex.status}) is labelled ${ex.headers['content-type']} but its body is not JSON: ${ex.jsonError}`;
}

export function evidenceOf(ex: Exchange | undefined): Evidence | undefined {
  // The curl line is made from the whole request: the evidence shortens long bodies.
  return ex ? { ...describeExchange(ex), curl: curlCommand(ex.request) } : undefined;
}

/**
 * What a check sees: requests against the target, and assertions that each name the rule they judge.
 * Every assertion either records a pass for its rule or ends the check with a RuleViolation.
 */
export class CheckContext {
  readonly session: Session;
  readonly definition: CheckDefinition;
  readonly ledger = new Map<RuleId, RuleLedger>();
  readonly cleanups: { label: string; run: () => Promise<unknown> }[] = [];
  /** Every request sent, retries and cleanup included. */
  requests = 0;
  #allowanceSpent = 0;
  #inCleanup = false;

  /** Aborted when the run is interrupted or the check overruns its time: the check sends nothing more but its cleanup. */
  readonly signal: AbortSignal | undefined;

  constructor(session: Session, definition: CheckDefinition, signal?: AbortSignal) {
    this.session = session;
    this.definition = definition;
    this.signal = signal;
    for (const id of definition.rules) {
      lookupRule(id);
      this.ledger.set(id, { passes: 0, notes: [] });
    }
  }

  get target(): Target {
    return this.session.target;
  }

  /** Seed of this check's random choices: the run seed mixed with the check ID, so one check replays alone. */
  get seed(): number {
    let h = this.session.seed >>> 0;
    for (const ch of this.definition.id) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return h & 0x7fffffff;
  }

  req(surface: Surface, method: string, path: string): RequestSpec {
    if (!path.startsWith('/')) throw new DefinitionError(`${this.definition.id}: path must start with '/': ${path}`);
    return new RequestSpec(
      {
        surface,
        method,
        path,
        query: [],
        headers: { accept: 'application/json' },
        credentials: { kind: 'slot', slot: 'primary' },
        planned: false,
        plainHttp: false,
      },
      (fields) => this.#send(fields),
    );
  }

  /** Shorthand for the core host. */
  core(method: string, path: string): RequestSpec {
    return this.req('core', method, path);
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

  async #send(fields: RequestFields): Promise<Exchange> {
    if (!this.#inCleanup) {
      this.#throwIfInterrupted(`${fields.method} ${fields.path} not sent`);
      if (this.#allowanceSpent >= this.definition.maxRequests) {
        throw new RequestAllowanceError(`${this.definition.id} declares at most ${this.definition.maxRequests} requests and tried to send another`);
      }
    }
    const base = this.target.urls[fields.surface];
    if (base === undefined) throw new SkipSignal(`needs ${SURFACE_VARIABLE[fields.surface]}`);
    const url = new URL(base + fields.path);
    for (const [k, v] of fields.query) url.searchParams.append(k, v);
    if (fields.plainHttp) url.protocol = 'http:';
    const headers: Record<string, string> = { ...fields.headers };
    let credentials: string;
    let replay: ReplayAuth;
    const auth = fields.credentials;
    if (auth.kind === 'slot') {
      const pair = this.target.keys[auth.slot];
      if (!pair) throw new SkipSignal(`needs ${KEY_SLOT_VARIABLE[auth.slot]}`);
      headers.authorization = `Basic ${Buffer.from(`${pair.id}:${pair.secret}`).toString('base64')}`;
      credentials = `${auth.slot} key`;
      replay = { kind: 'slot', slot: auth.slot };
    } else if (auth.kind === 'raw') {
      headers.authorization = auth.header;
      credentials = auth.label;
      replay = auth.replay;
    } else {
      credentials = 'no credentials';
      replay = { kind: 'none' };
    }
    // Counted only once it goes out: a request skipped for a missing host or key costs the target nothing.
    // The allowance counts the check's own requests; `requests` also counts the client's retries.
    if (!this.#inCleanup) this.#allowanceSpent += 1;
    const meter = fields.plainHttp ? null : budgetKey(fields.surface, auth, fields.path);
    // Every request passes the ledger: a create is written down before it goes out, its answer and any
    // delete of a ledger record once they come back, so no check makes a record the ledger misses.
    const outgoing: OutgoingRequest = {
      surface: fields.surface,
      method: fields.method,
      path: fields.path,
      ...(fields.body !== undefined ? { body: fields.body } : {}),
      ...(auth.kind === 'slot' ? { slot: auth.slot } : {}),
      company: auth.kind === 'slot' ? COMPANY_OF_SLOT[auth.slot] : 'anonymous',
      by: this.definition.id,
    };
    const ledger = this.session.ledger;
    // The intent is written as the request first goes out, after any wait for budget: a create the run was
    // stopped from sending (an interrupt during the wait) made nothing and leaves nothing in the ledger.
    let create: PendingCreate | undefined;
    let wentOut = false;
    const ex = await this.session.client.send(
      {
        method: fields.method,
        url: url.href,
        headers,
        ...(fields.body !== undefined ? { body: fields.body } : {}),
        credentials,
        replay,
        budgetKey: meter,
        planned: fields.planned,
        repeatable: repeatable(fields.method, meter),
        // Cleanup goes out whatever happened: it is what an interrupted run still owes the account.
        ...(this.signal && !this.#inCleanup ? { signal: this.signal } : {}),
      },
      () => {
        this.requests += 1;
        if (wentOut) return;
        wentOut = true;
        create = ledger.beforeSend(outgoing);
      },
    );
    if (create) ledger.afterCreate(create, ex.status, ex.json);
    ledger.afterAnswer(outgoing, ex.status, ex.json);
    return ex;
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

  #ledger(ruleId: RuleId): RuleLedger {
    const entry = this.ledger.get(ruleId);
    if (!entry) throw new DefinitionError(`${this.definition.id} asserts ${ruleId}, which it does not list in its rules`);
    if (!this.applies(ruleId)) throw new DefinitionError(`${this.definition.id} judges ${ruleId}, which is not part of Dialer release ${this.release}`);
    return entry;
  }

  // --- assertions -------------------------------------------------------------------------

  /** Records that the rule held at this step. */
  pass(ruleId: RuleId, note?: string): void {
    const entry = this.#ledger(ruleId);
    entry.passes += 1;
    if (note) entry.notes.push(note);
  }

  /** Adds an observation to the report without judging. */
  note(ruleId: RuleId, text: string): void {
    this.#ledger(ruleId).notes.push(text);
  }

  /** Observed-only rules are reported, never failed. */
  observe(ruleId: RuleId, text: string): void {
    if (lookupRule(ruleId).level !== 'observed') throw new DefinitionError(`${ruleId} is required; observe() is for observed-only rules`);
    this.pass(ruleId, text);
  }

  check(ruleId: RuleId, ok: boolean, message: string | (() => string), ex?: Exchange): void {
    if (lookupRule(ruleId).level === 'observed') throw new DefinitionError(`${ruleId} is observed-only and cannot be asserted`);
    this.#ledger(ruleId);
    // An answer that says it is JSON and does not parse holds no rule (spec: Responses are UTF-8 JSON),
    // whatever else of it looked right.
    const unparsable = ok && ex ? unparsableJson(ex) : undefined;
    if (unparsable) throw new RuleViolation(ruleId, unparsable, evidenceOf(ex));
    if (ok) {
      this.pass(ruleId);
      return;
    }
    throw new RuleViolation(ruleId, typeof message === 'function' ? message() : message, evidenceOf(ex));
  }

  /**
   * Judges a rule without ending the check: a violation is recorded (the first one is kept) and the
   * check goes on with its other rules. For checks whose costly measurements serve many rules at once.
   */
  judge(ruleId: RuleId, ok: boolean, message: string | (() => string), ex?: Exchange): boolean {
    try {
      this.check(ruleId, ok, message, ex);
      return true;
    } catch (err) {
      if (!(err instanceof RuleViolation)) throw err;
      const entry = this.#ledger(ruleId);
      entry.failure ??= err;
      return false;
    }
  }

  /**
   * Declares a rule judged in full before the check goes on to its other rules. Without it, a rule passes
   * only when the whole check runs to its end: a check cut short (a skip, a failed prerequisite, another
   * rule failing, a harness error) may not have reached the rest of this rule's assertions.
   */
  done(ruleId: RuleId): void {
    const entry = this.#ledger(ruleId);
    if (entry.passes === 0 && entry.failure === undefined)
      throw new DefinitionError(`${this.definition.id} declares ${ruleId} judged in full before asserting it`);
    entry.done = true;
  }

  /** Leaves one rule unjudged, with the reason, while the check goes on with the others. */
  skipRule(ruleId: RuleId, reason: string): void {
    const entry = this.#ledger(ruleId);
    entry.skipped ??= reason;
  }

  expectStatus(ruleId: RuleId, ex: Exchange, expected: number | readonly number[]): void {
    const allowed = typeof expected === 'number' ? [expected] : expected;
    this.check(ruleId, allowed.includes(ex.status), () => `expected HTTP ${allowed.join(' or ')}, got ${ex.status}`, ex);
  }

  /** Validates a value (the JSON body by default) against a schema of `schemas/`, naming ajv's instancePath on failure. */
  expectSchema(ruleId: RuleId, ex: Exchange, schema: string, value: unknown = ex.json): void {
    if (value === undefined && ex.json === undefined) {
      this.check(ruleId, false, `expected a JSON body matching ${schema}, got ${ex.jsonError ? `unparsable JSON (${ex.jsonError})` : 'no JSON body'}`, ex);
      return;
    }
    const result = this.session.schemas.validate(schema, value);
    this.check(ruleId, result.ok, () => `body does not match ${schema}: ${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')}`, ex);
  }

  expectEqual(ruleId: RuleId, actual: unknown, expected: unknown, what: string, ex?: Exchange): void {
    this.check(ruleId, isDeepStrictEqual(actual, expected), () => `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, ex);
  }

  /**
   * A core failure: the HTTP status, the error envelope with status equal to it, and, when given,
   * the exact message (or one of several documented messages).
   */
  expectCoreError(ruleId: RuleId, ex: Exchange, status: number, message?: string | readonly string[]): void {
    this.expectStatus(ruleId, ex, status);
    this.expectSchema(ruleId, ex, 'core/error');
    const body = ex.json as { responseData: { status: number; message: string } };
    this.expectEqual(ruleId, body.responseData.status, status, 'responseData.status', ex);
    if (message !== undefined) {
      const allowed = typeof message === 'string' ? [message] : message;
      this.check(
        ruleId,
        allowed.includes(body.responseData.message),
        () => `responseData.message: expected ${allowed.map((m) => JSON.stringify(m)).join(' or ')}, got ${JSON.stringify(body.responseData.message)}`,
        ex,
      );
    }
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
    this.#inCleanup = true;
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
