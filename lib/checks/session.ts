import { NotConfiguredError } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { Pacer, perWindowAt } from '../http/pacer.ts';
import { Redactor } from '../http/redact.ts';
import { drawWrongSecret } from '../http/wrong-secret.ts';
import type { Target } from '../config/target.ts';
import { type SchemaRegistry, schemas } from '../schemas/registry.ts';
import { Ledger } from '../ledger/ledger.ts';
import { newRun, type RunIdentity } from '../ledger/run-id.ts';
import { buildPipeline, type Pipeline } from '../requests/pipeline.ts';
import { SeenRecords } from '../requests/seen-records.ts';
import { RequestScope } from '../requests/request-scope.ts';
import type { CheckOutcome } from '../results/outcome.ts';
import type { Lane } from './lanes.ts';
import { BatchedDeletions } from './batched-deletions.ts';
import { laneEndOutcome, laneEndStep } from './lane-end.ts';
import { SharedRecords } from './shared-records.ts';
import { ShrinkAllowances } from './shrink-allowances.ts';
import { SkipSignal } from './signals.ts';

/**
 * The pipeline as the checks see it. The request layer knows nothing of checks: a host or key the target does
 * not configure is its NotConfiguredError. To a check, a probe or a shared record it is the skip it always was,
 * with the same reason (`needs CC_AI_URL`), which the runner reports and a skipped shared record keeps.
 */
function skippingWhatIsNotConfigured(pipeline: Pipeline): Pipeline {
  return async (dispatch) => {
    try {
      return await pipeline(dispatch);
    } catch (err) {
      throw err instanceof NotConfiguredError ? new SkipSignal(err.message) : err;
    }
  };
}

/**
 * Everything a run shares across its checks: the target, one HTTP client with its pacer, the pipeline
 * every request goes through, the schema registry, the seed, the run's identity (its id and the prefix of
 * every name it gives a record) and its ledger of the records it creates.
 */
export class Session {
  readonly target: Target;
  readonly seed: number;
  readonly run: RunIdentity;
  readonly ledger: Ledger;
  readonly client: HttpClient;
  readonly pacer: Pacer;
  readonly redactor: Redactor;
  readonly schemas: SchemaRegistry;
  /** Every request of the run goes through it, whoever sends it (lib/requests/pipeline.ts). */
  readonly pipeline: Pipeline;
  /** The pipeline as checks, probes and a lane's end send through it: a missing host or key skips. */
  readonly checkPipeline: Pipeline;
  /** Records the checks of a lane share, made once and deleted when the lane ends (shared-records.ts). */
  readonly shared = new SharedRecords();
  /** The records the company under test's lists showed the run, which isolation compares another company's reads with. */
  readonly seen = new SeenRecords();
  /** Records the checks of a lane leave to its end, to be deleted together (batched-deletions.ts). */
  readonly batched = new BatchedDeletions();
  /**
   * How many of the run's checks share each shared record (by key), counted as the run's checks are chosen
   * (runner.ts `countSharers`): a record made for each of them at once (the core's pool of contacts) makes that many.
   */
  readonly sharers = new Map<string, number>();
  /** What a lane's stateful checks may spend shrinking failing sequences, shared by them (shrink-allowances.ts). */
  readonly shrinking = new ShrinkAllowances();
  /**
   * The fuzzed checks of each lane that draw random values in this run, where the target lets only some of
   * them (CC_FUZZ_CHECKS; runner.ts `chooseDrawers`). A lane absent here lets every check draw.
   */
  readonly fuzzDrawers = new Map<string, ReadonlySet<string>>();
  /**
   * The stateful checks of each lane that draw random steps in this run, where the target lets only some of them
   * (CC_SEQUENCE_CHECKS; runner.ts `chooseDrawers`). A lane absent here lets every check draw.
   */
  readonly sequenceDrawers = new Map<string, ReadonlySet<string>>();
  /**
   * Asks the command that runs the bundled mock to widen the mock's window (run-channel.ts): the window it
   * counts in from then on, or undefined when no answer came. Unset where no command runs a bundled mock.
   */
  widenMockWindow?: (windowMs: number) => Promise<number | undefined>;
  #counter = 0;
  readonly #memo = new Map<string, Promise<unknown>>();
  #wrongSecret: string | undefined;

  /**
   * `run` names the run and its ledger file; without one the run gets a fresh id and keeps its ledger in memory.
   * `wrongSecret`: the run's wrong secret, drawn by the command so that its last scrub of every output
   * knows it; without one the session draws its own on first use.
   */
  readonly #exchangeWatchers: ((ex: Exchange) => void)[] = [];

  constructor(target: Target, seed: number, run: RunIdentity = newRun(), wrongSecret?: string) {
    this.target = target;
    this.seed = seed;
    this.run = run;
    this.ledger = new Ledger(run, target.dialer.routes);
    this.#wrongSecret = wrongSecret;
    this.pacer = new Pacer({ windowMs: target.rateWindowMs, perWindow: perWindowAt(target.budgetShare) });
    this.redactor = new Redactor(target, wrongSecret);
    this.client = new HttpClient({
      ...(target.ca !== undefined ? { ca: target.ca } : {}),
      ...(target.caFile !== undefined ? { caFile: target.caFile } : {}),
      timeoutMs: target.timeoutMs,
      redactor: this.redactor,
      onExchange: (ex) => {
        for (const watch of this.#exchangeWatchers) watch(ex);
      },
    });
    this.schemas = schemas();
    this.pipeline = buildPipeline({ target, ledger: this.ledger, seen: this.seen, pacer: this.pacer, client: this.client });
    this.checkPipeline = skippingWhatIsNotConfigured(this.pipeline);
  }

  /** Calls `watch` with every exchange of the run as it ends, credentials already redacted (`run --har`). */
  watchExchanges(watch: (ex: Exchange) => void): void {
    this.#exchangeWatchers.push(watch);
  }

  /** The run's wrong secret for the primary key ID, one value a run, redacted from every exchange. */
  wrongSecret(): string | undefined {
    const primary = this.target.keys.primary;
    if (this.#wrongSecret === undefined && primary) {
      this.#wrongSecret = drawWrongSecret(primary);
      this.redactor.add({ id: primary.id, secret: this.#wrongSecret });
    }
    return this.#wrongSecret;
  }

  /**
   * A name no other run used: the run's prefix and a counter, `cc-conformance-<run id>-0007`, so every record
   * the run names is found by its prefix (`npm run cleanup -- --prefix`). Four digits at least, so no name
   * is the start of another one (a keyword search for the 12th never matches the 120th).
   */
  uniqueName(): string {
    this.#counter += 1;
    return `${this.run.prefix}-${String(this.#counter).padStart(4, '0')}`;
  }

  /**
   * Caches a read that no check changes (countries, numbers), so several checks pay for it once.
   * A failed read is not cached.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.#memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      this.#memo.set(key, hit);
      hit.catch(() => this.#memo.delete(key));
    }
    return hit;
  }

  /**
   * Ends a lane whose checks have all ended: deletes its shared records and the records its checks left to
   * be deleted together, in a request scope of its own (lane-end.ts). The outcome of that step, or undefined
   * when the lane left nothing. It sends whatever happened, interrupt included: it is what the run owes the account.
   */
  async endLane(lane: Lane): Promise<CheckOutcome | undefined> {
    const meter = this.shared.meterOf(lane) ?? this.batched.meterOf(lane);
    if (meter === undefined) return undefined;
    const scope = new RequestScope(this.checkPipeline, laneEndStep(lane));
    const started = performance.now();
    const shared = await this.shared.removeLane(lane, (fields) => scope.dispatch(fields));
    const batched = await this.batched.removeLane(lane, scope);
    return laneEndOutcome(lane, meter, {
      requests: scope.requests,
      allowance: shared.removals + batched.planned,
      durationMs: performance.now() - started,
      leftovers: [...shared.failed, ...batched.failed],
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
