import { type Surface } from '../contract/vocabulary.ts';
import { DefinitionError } from '../errors.ts';
import type { Exchange } from '../http/exchange.ts';
import { Allowance } from './allowance.ts';
import type { Pipeline } from './pipeline.ts';
import { type RequestFields, RequestSpec } from './request-spec.ts';

export interface ScopeOptions {
  /** The most requests the sender sends before its cleanup; without it, no limit (the cleanup command). */
  readonly maxRequests?: number;
  /** Aborted when the run is interrupted or the sender overruns its time: it sends nothing more but its cleanup. */
  readonly signal?: AbortSignal;
}

/**
 * The requests of one sender (a check, a fingerprint probe, the cleanup command): it builds them, sends
 * them through the session's pipeline under its own name, allowance and signal, and counts them.
 */
export class RequestScope {
  /** Every request sent, retries and cleanup included. */
  requests = 0;
  readonly #allowance: Allowance | undefined;
  #inCleanup = false;

  constructor(
    readonly pipeline: Pipeline,
    /** The sender's name: a check's id, `cleanup`. */
    readonly by: string,
    readonly options: ScopeOptions = {},
  ) {
    this.#allowance = options.maxRequests !== undefined ? new Allowance(by, options.maxRequests) : undefined;
  }

  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  req(surface: Surface, method: string, path: string): RequestSpec {
    if (!path.startsWith('/')) throw new DefinitionError(`${this.by}: path must start with '/': ${path}`);
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

  /**
   * From now on the sender only cleans up: its requests go out whatever happened (an interrupt, a spent
   * allowance), since they are what an interrupted run still owes the account.
   */
  cleaningUp(): void {
    this.#inCleanup = true;
  }

  /** Sends a request built elsewhere (another scope's) as this sender's. */
  dispatch(fields: RequestFields): Promise<Exchange> {
    return this.#send(fields);
  }

  #send(fields: RequestFields): Promise<Exchange> {
    const signal = this.#inCleanup ? undefined : this.options.signal;
    const allowance = this.#inCleanup ? undefined : this.#allowance;
    return this.pipeline({
      fields,
      by: this.by,
      ...(signal ? { signal } : {}),
      ...(allowance ? { allowance } : {}),
      onWire: () => {
        this.requests += 1;
      },
    });
  }
}
