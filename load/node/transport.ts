/**
 * One request of a load run over one shared undici Agent: no retries, no pacing, no backoff (the load
 * model decides when to send; the run measures what comes back). Every error text passes through the
 * Redactor before it leaves this module.
 */
import { type Agent, request } from 'undici';
import { announcedResetValue } from '../../lib/contract/reset-time.ts';
import { connectionPool } from '../../lib/http/connection-pool.ts';
import type { Redactor } from '../../lib/http/redact.ts';
import type { PreparedStream } from './streams.ts';

/** Connections per host: enough for a few hundred requests per second at LAN latencies, few enough to stay polite. */
export const MAX_CONNECTIONS = 64;

export interface TransportOptions {
  readonly ca?: string;
  readonly timeoutMs: number;
  readonly redactor: Redactor;
  /** Connections per host, at most MAX_CONNECTIONS. */
  readonly connections?: number;
}

export interface Answer {
  /** HTTP status, 0 when none came. */
  readonly status: number;
  /** The reset a 429 announced, as sent (lib/contract/reset-time.ts); on a 429 only. */
  readonly resetHeader?: string;
  /** Why no answer came, free of credentials. */
  readonly error?: string;
}

export interface InFlight {
  readonly answer: Promise<Answer>;
  /** Gives up waiting: the request is aborted and answers with `error` saying why. */
  cancel(why: string): void;
}

export class LoadTransport {
  readonly #agent: Agent;
  readonly #options: TransportOptions;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#agent = connectionPool({ ca: options.ca, connections: Math.max(1, Math.min(MAX_CONNECTIONS, options.connections ?? MAX_CONNECTIONS)) });
  }

  send(prepared: PreparedStream): InFlight {
    const controller = new AbortController();
    let why: string | undefined;
    const stop = (reason: string) => {
      if (why !== undefined) return;
      why = reason;
      controller.abort();
    };
    // One timer bounds the whole exchange; undici's own timeouts count idle time per phase only.
    const timer = setTimeout(() => stop(`timeout: no answer within ${this.#options.timeoutMs} ms`), this.#options.timeoutMs);
    const answer = this.#exchange(prepared, controller.signal)
      .then(
        (ok) => ok,
        (err: unknown) => ({ status: 0, error: this.#options.redactor.text(why ?? describe(err)) }),
      )
      .finally(() => clearTimeout(timer));
    return { answer, cancel: (reason) => stop(`cancelled: ${reason}`) };
  }

  async #exchange(prepared: PreparedStream, signal: AbortSignal): Promise<Answer> {
    const res = await request(prepared.url, { method: 'GET', headers: prepared.headers, dispatcher: this.#agent, signal });
    // Read the body to its end so the connection is reused; its content is not judged here.
    for await (const _chunk of res.body) {
      // drain
    }
    const reset = res.statusCode === 429 ? announcedResetValue(res.headers) : undefined;
    return { status: res.statusCode, ...(reset !== undefined ? { resetHeader: reset } : {}) };
  }

  /** Closes idle connections; `force` also drops any still busy (after the run cancelled them). */
  async close(force = false): Promise<void> {
    if (force) await this.#agent.destroy();
    else await this.#agent.close();
  }
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error';
  const message = typeof e.message === 'string' ? e.message : String(err);
  return `${code}: ${message}`;
}
