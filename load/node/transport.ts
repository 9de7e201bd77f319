/**
 * One request of a load run over the run's connections to its origin (origin-connections.ts): no retries,
 * no pacing, no backoff (the load model decides when to send; the run measures what comes back). Every
 * error text passes through the Redactor before it leaves this module.
 */
import { request } from 'undici';
import { announcedResetValue } from '../../lib/contract/reset-time.ts';
import { KEEP_ALIVE_MS, targetTls } from '../../lib/http/connection-pool.ts';
import type { Redactor } from '../../lib/http/redact.ts';
import { OriginConnections } from './origin-connections.ts';
import type { PreparedStream } from './streams.ts';

/** Connections per origin: enough for a few hundred requests per second at LAN latencies, few enough to stay polite. */
export const MAX_CONNECTIONS = 64;

export interface TransportOptions {
  readonly ca?: string;
  readonly timeoutMs: number;
  readonly redactor: Redactor;
  /** Connections per origin, at most MAX_CONNECTIONS. */
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
  readonly #options: TransportOptions;
  readonly #tls: ReturnType<typeof targetTls>;
  /** By URL, so the origin is parsed once per stream, not once per request. */
  readonly #byUrl = new Map<string, OriginConnections>();
  readonly #byOrigin = new Map<string, OriginConnections>();

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#tls = targetTls(options.ca);
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
    const connections = this.#connectionsFor(prepared.url);
    const client = await connections.acquire(signal);
    try {
      const res = await request(prepared.url, { method: 'GET', headers: prepared.headers, dispatcher: client, signal });
      // Read the body to its end so the connection is reused; its content is not judged here.
      for await (const _chunk of res.body) {
        // drain
      }
      connections.release(client);
      const reset = res.statusCode === 429 ? announcedResetValue(res.headers) : undefined;
      return { status: res.statusCode, ...(reset !== undefined ? { resetHeader: reset } : {}) };
    } catch (err) {
      connections.discard(client);
      throw err;
    }
  }

  #connectionsFor(url: string): OriginConnections {
    const known = this.#byUrl.get(url);
    if (known) return known;
    const { origin } = new URL(url);
    let connections = this.#byOrigin.get(origin);
    if (!connections) {
      const max = Math.max(1, Math.min(MAX_CONNECTIONS, this.#options.connections ?? MAX_CONNECTIONS));
      connections = new OriginConnections(origin, { max, connect: this.#tls, keepAliveTimeoutMs: KEEP_ALIVE_MS });
      this.#byOrigin.set(origin, connections);
    }
    this.#byUrl.set(url, connections);
    return connections;
  }

  /** Closes idle connections; `force` also drops any still busy (after the run cancelled them). */
  async close(force = false): Promise<void> {
    await Promise.all([...this.#byOrigin.values()].map((c) => c.close(force)));
  }
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Error';
  const message = typeof e.message === 'string' ? e.message : String(err);
  return `${code}: ${message}`;
}
