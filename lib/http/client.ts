import { createSecureContext, rootCertificates } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { BudgetExhaustedError, EdgeBlockError, TransportError } from '../errors.js';
import type { Exchange } from './exchange.js';
import type { Pacer } from './pacer.js';
import type { Redactor } from './redact.js';

export const USER_AGENT = 'cc-conformance/0.1 (API conformance suite)';

export interface WireRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly credentials: string;
  /** Pacing bucket (surface and company); null for requests no budget counts, such as a plain-HTTP probe. */
  readonly budgetKey: string | null;
  /** A planned burst: skips pacing (still recorded) and hands a `429` back instead of waiting it out. */
  readonly planned?: boolean;
}

export interface ClientOptions {
  readonly ca?: string;
  readonly timeoutMs: number;
  readonly pacer: Pacer;
  readonly redactor: Redactor;
  /** Longest wait the client accepts from a reset header before it gives up (guards against a clock far off). */
  readonly maxResetWaitMs: number;
  readonly onExchange?: (ex: Exchange) => void;
  /** Waits between 503 retries; tests pass a fake clock's, so waits are measured, not spent. */
  readonly sleep?: (ms: number) => Promise<unknown>;
}

export interface ClientStats {
  requests: number;
  unplanned429: number;
  /** 503s answered by sending the request again (spec: Errors, 503 "retry with backoff"). */
  retried503: number;
}

const RETRIES_ON_429 = 3;
const RETRIES_ON_503 = 3;
/** First wait after a 503 without a numeric Retry-After; doubles on each retry (500 ms, 1 s, 2 s). */
const BACKOFF_503_MS = 500;
const TEXTUAL = /^(application\/(json|problem\+json|xml)|text\/)/i;

/** The one HTTP client of the suite: pacing, 429 backoff, 503 retries, timeouts, redaction of everything it records. */
export class HttpClient {
  readonly stats: ClientStats = { requests: 0, unplanned429: 0, retried503: 0 };
  readonly #agent: Agent;
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#agent = new Agent({
      // One TLS context for every connection: a `ca` list instead makes Node parse the whole root store
      // again for each new connection, which a burst after an idle gap (keep-alive closed) pays sixteen times.
      connect: options.ca ? { secureContext: createSecureContext({ ca: [...rootCertificates, options.ca] }) } : {},
      keepAliveTimeout: 10_000,
      connections: 16,
    });
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  async send(wire: WireRequest): Promise<Exchange> {
    const { pacer } = this.#options;
    let waits429 = 0;
    let retries503 = 0;
    for (;;) {
      if (wire.budgetKey !== null) {
        if (wire.planned) pacer.record(wire.budgetKey);
        else await pacer.acquire(wire.budgetKey);
      }
      const ex = await this.#once(wire);
      // A dependency is down; after the last retry the 503 goes to the check, which judges or reports it.
      if (ex.status === 503 && !wire.planned && retries503 < RETRIES_ON_503) {
        await (this.#options.sleep ?? sleep)(this.#retryAfterMs(ex) ?? BACKOFF_503_MS * 2 ** retries503);
        retries503++;
        this.stats.retried503++;
        continue;
      }
      if (ex.status !== 429 || wire.planned || wire.budgetKey === null) return ex;
      this.stats.unplanned429++;
      const resetMs = this.#resetAt(ex);
      if (waits429 >= RETRIES_ON_429) {
        throw new BudgetExhaustedError(`${wire.method} ${ex.request.url}: still 429 after ${RETRIES_ON_429} waits for the announced reset`);
      }
      // Sleep until the announced reset, then back off exponentially on top of it.
      pacer.blockUntil(wire.budgetKey, resetMs + 250 * 2 ** waits429);
      waits429++;
    }
  }

  /** A numeric `Retry-After` (seconds) in ms, capped like a reset; undefined when absent or a date. */
  #retryAfterMs(ex: Exchange): number | undefined {
    const raw = ex.headers['retry-after']?.trim();
    if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
    return Math.min(Number(raw) * 1000, this.#options.maxResetWaitMs);
  }

  /** Reset time from `X-ServiceAPI-ResetTime` (Unix seconds); without it, Retry-After, else one window from now. */
  #resetAt(ex: Exchange): number {
    const now = Date.now();
    const raw = ex.headers['x-serviceapi-resettime'];
    const parsed = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) * 1000 : Number.NaN;
    // The reset header is the core API's; elsewhere (the Dialer) a numeric Retry-After is the next best word.
    const retryAfter = this.#retryAfterMs(ex);
    const fallback = now + (retryAfter ?? this.#options.pacer.windowMs);
    if (!Number.isFinite(parsed)) return fallback;
    return Math.min(Math.max(parsed, now), now + this.#options.maxResetWaitMs);
  }

  async #once(wire: WireRequest): Promise<Exchange> {
    const { redactor, timeoutMs } = this.#options;
    const sent = {
      method: wire.method,
      url: redactor.text(wire.url),
      headers: redactor.headers(wire.headers),
      ...(wire.body !== undefined ? { body: redactor.text(wire.body) } : {}),
      credentials: wire.credentials,
    };
    const startedAt = Date.now();
    const t0 = performance.now();
    this.stats.requests++;
    let res;
    try {
      res = await request(wire.url, {
        method: wire.method as 'GET',
        headers: { 'user-agent': USER_AGENT, ...wire.headers },
        ...(wire.body !== undefined ? { body: wire.body } : {}),
        dispatcher: this.#agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new TransportError(`${wire.method} ${sent.url}: ${code ? `${code} ` : ''}${(err as Error).message}`, { cause: err });
    }
    let raw: Buffer;
    try {
      raw = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      throw new TransportError(`${wire.method} ${sent.url}: body not received (${(err as Error).message})`, { cause: err });
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const contentType = headers['content-type'] ?? '';
    const textual = raw.length === 0 || TEXTUAL.test(contentType) || contentType === '';
    const text = textual ? redactor.text(raw.toString('utf8')) : '';
    let json: unknown;
    let jsonError: string | undefined;
    if (textual && text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch (err) {
        jsonError = (err as Error).message;
      }
    }
    const ex: Exchange = {
      request: sent,
      status: res.statusCode,
      headers: redactor.headers(headers),
      text,
      bodyBytes: raw.length,
      json,
      ...(jsonError !== undefined ? { jsonError } : {}),
      startedAt,
      durationMs: performance.now() - t0,
    };
    this.#options.onExchange?.(ex);
    if (ex.status === 403 && /text\/html/i.test(contentType)) {
      throw new EdgeBlockError(`${wire.method} ${sent.url}: 403 with an HTML page, an edge block (often a missing or disallowed User-Agent), not an API answer`, ex);
    }
    return ex;
  }
}

export { sleep };
