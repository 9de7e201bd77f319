import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Agent, type Dispatcher, request } from 'undici';
import { BodyTooLargeError, BudgetExhaustedError, EdgeBlockError, InterruptedError, UnavailableError, WaitOutOfRangeError } from '../errors.ts';
import { announcedResetValue, RESET_HEADER, resetPlacement, resetTimeMs } from '../contract/reset-time.ts';
import { connectionPool } from './connection-pool.ts';
import type { Exchange, SentRequest } from './exchange.ts';
import { transportFailure } from './failures.ts';
import type { Pacer } from './pacer.ts';
import type { Redactor } from './redact.ts';
import { BURST_CONNECTIONS } from '../budget/fresh-burst.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Every request names the project and its version: an edge in front of an API may refuse a request
 * without a User-Agent (spec: Authentication 7), and a target's operators can tell the suite's traffic apart.
 */
export const USER_AGENT = `cc-conformance/${version} (API conformance suite)`;

/**
 * The most of one body the client reads. Far above any answer the checks ask for (a page of 1000 calls
 * is a few MB), and low enough that a runaway or endless body cannot exhaust the run's memory or time.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** A request as it goes on the wire: what the report records of it, and how the client is to send it. */
export interface WireRequest extends SentRequest {
  /** Pacing bucket (surface and company); null for requests no budget counts, such as a plain-HTTP probe. */
  readonly budgetKey: string | null;
  /** A planned burst: skips pacing (still recorded) and hands a `429` back instead of waiting it out. */
  readonly planned?: boolean;
  /**
   * Sending it again cannot duplicate anything, so any `503` may be retried. Undefined means GET, HEAD and
   * DELETE only: a `503` may come from a gateway after the service applied a create, and a core PUT creates.
   * Other requests are retried only after a `503` the service raised itself, which applied nothing.
   */
  readonly repeatable?: boolean;
  /** Once aborted, nothing more is sent (a wait for budget or a retry ends with InterruptedError); a request on the wire is let finish. */
  readonly signal?: AbortSignal;
}

export interface ClientOptions {
  readonly ca?: string;
  /** Where `ca` came from, named in the hint of a certificate no trusted CA signed. */
  readonly caFile?: string;
  /** Bodies longer than this end the request with BodyTooLargeError; default MAX_BODY_BYTES. */
  readonly maxBodyBytes?: number;
  readonly timeoutMs: number;
  readonly pacer: Pacer;
  readonly redactor: Redactor;
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
/**
 * Whole seconds on top of the rate window that a Retry-After may ask to wait: as far as a reset may lie ahead
 * of the server's Date (both whole seconds; `#resetWaitMs`).
 */
const WAIT_SLACK_MS = 2000;
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'DELETE']);
const RETRIES_ON_503 = 3;
/** First wait after a 503 without a numeric Retry-After; doubles on each retry (500 ms, 1 s, 2 s). */
const BACKOFF_503_MS = 500;
const TEXTUAL = /^(application\/(json|problem\+json|xml)|text\/)/i;
/** Answers that say the target cannot serve now (a dependency or gateway is down), not what it does when it can. */
const UNAVAILABLE = new Set([502, 503, 504]);

function interrupted(wire: WireRequest): InterruptedError {
  return InterruptedError.of(`${wire.method} not sent`, wire.signal?.reason);
}

/**
 * A `503` the service raised itself: its error carries the `correlationId` (Dialer) or `requestId`
 * (VoiceAgent) that only the service adds (spec: Errors on the AI host, 2 and 4). Its operation failed, so
 * sending it again cannot duplicate a record; a gateway's `503` carries neither and proves nothing.
 */
function raisedByService(ex: Exchange): boolean {
  const body = ex.json as { correlationId?: unknown; requestId?: unknown } | null | undefined;
  return typeof body === 'object' && body !== null && (typeof body.correlationId === 'string' || typeof body.requestId === 'string');
}

/**
 * A 502, 503 or 504 that still stands once the retries allowed are spent: the target cannot serve the
 * request now, which judges none of its rules; the check reports it as an error, with the answer.
 */
function unavailable(ex: Exchange, retries: number): UnavailableError {
  const after =
    retries > 0
      ? ` after ${retries} retr${retries === 1 ? 'y' : 'ies'} with backoff`
      : ex.status === 503
        ? " and was not sent again (it may create a record, and a gateway's 503 does not say nothing was applied)"
        : '';
  return new UnavailableError(
    `${ex.request.method} ${ex.request.url} answered ${ex.status}${after}: the target or a dependency of it is unavailable, so the rules this request serves were not judged`,
    ex,
  );
}

/** The one HTTP client of the suite: pacing, 429 backoff, 503 retries, timeouts, redaction of everything it records. */
export class HttpClient {
  readonly stats: ClientStats = { requests: 0, unplanned429: 0, retried503: 0 };
  readonly #agent: Agent;
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.#options = options;
    // The budget's bursts go out over these connections, as many as the k6 probe's lanes.
    this.#agent = connectionPool({ ca: options.ca, connections: BURST_CONNECTIONS });
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  /**
   * Sends the request, waiting out an unplanned `429` and retrying a `503` where that cannot duplicate
   * anything; `onSent` hears of every request that goes out, retries included.
   */
  async send(wire: WireRequest, onSent?: () => void): Promise<Exchange> {
    const { pacer } = this.#options;
    const repeatable = wire.repeatable ?? REPEATABLE_METHODS.has(wire.method.toUpperCase());
    let waits429 = 0;
    let retries503 = 0;
    for (;;) {
      if (wire.signal?.aborted) throw interrupted(wire);
      if (wire.budgetKey !== null) {
        if (wire.planned) pacer.record(wire.budgetKey);
        else
          await pacer.acquire(wire.budgetKey, wire.signal).catch((err: unknown) => {
            throw wire.signal?.aborted ? interrupted(wire) : err;
          });
      }
      onSent?.();
      const ex = await this.#once(wire);
      // A dependency is down: sent again where that cannot duplicate anything.
      if (ex.status === 503 && !wire.planned && (repeatable || raisedByService(ex)) && retries503 < RETRIES_ON_503) {
        await (this.#options.sleep ?? sleep)(this.#retryAfterMs(ex) ?? BACKOFF_503_MS * 2 ** retries503);
        // Interrupted while waiting: the 503 is not an answer to judge, and nothing more is sent.
        if (wire.signal?.aborted) throw interrupted(wire);
        retries503++;
        this.stats.retried503++;
        continue;
      }
      // Still unavailable after the retries, or at once for a request that must not be sent twice: an error
      // of the run, not an answer to judge. A planned request or a plain-HTTP probe judges what it got.
      if (UNAVAILABLE.has(ex.status) && !wire.planned && wire.budgetKey !== null) throw unavailable(ex, retries503);
      // A 429 is the API refusing the request before serving it (spec: Limits), so it is sent again
      // whatever its method: nothing was applied.
      if (ex.status !== 429 || wire.planned || wire.budgetKey === null) return ex;
      this.stats.unplanned429++;
      const waitMs = this.#resetWaitMs(ex);
      if (waits429 >= RETRIES_ON_429) {
        throw new BudgetExhaustedError(`${wire.method} ${ex.request.url}: still 429 after ${RETRIES_ON_429} waits for the announced reset`);
      }
      // Sleep until the announced reset, then back off exponentially on top of it.
      pacer.blockFor(wire.budgetKey, waitMs + 250 * 2 ** waits429);
      waits429++;
    }
  }

  /** The longest wait a target may ask for: one rate window and the slack of whole seconds. */
  get #furthestWaitMs(): number {
    return this.#options.pacer.windowMs + WAIT_SLACK_MS;
  }

  /** A numeric `Retry-After` (seconds) in ms; undefined when absent or a date; further than a window is refused. */
  #retryAfterMs(ex: Exchange): number | undefined {
    const raw = ex.headers['retry-after']?.trim();
    if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
    const ms = Number(raw) * 1000;
    if (ms > this.#furthestWaitMs)
      throw new WaitOutOfRangeError(
        `${ex.request.method} ${ex.request.url}: ${ex.status} with Retry-After ${raw} s, further than the ${this.#options.pacer.windowMs} ms rate window; not waited for`,
      );
    return ms;
  }

  /**
   * How long to wait after a 429, on our clock: to the announced reset (lib/contract/reset-time.ts) read
   * against the server's own `Date`, so a skewed clock on either side moves nothing; without it a numeric
   * Retry-After, else one window. A reset further than one window ahead is refused, never slept on; one
   * already past is not waited for.
   */
  #resetWaitMs(ex: Exchange): number {
    const raw = announcedResetValue(ex.headers);
    const resetMs = resetTimeMs(raw);
    if (resetMs === undefined) return this.#retryAfterMs(ex) ?? this.#options.pacer.windowMs;
    const date = Date.parse(ex.headers.date ?? '');
    const serverNow = Number.isFinite(date) ? date : Date.now();
    const waitMs = resetMs - serverNow;
    // The Date header names a whole second, so the server's time may lie up to a second past it; our own
    // clock, read when there is no Date, is given the same second.
    if (resetPlacement(resetMs, { earliest: serverNow, latest: serverNow + 1000 }, { aheadMs: this.#options.pacer.windowMs }) === 'beyond') {
      throw new WaitOutOfRangeError(
        `${ex.request.method} ${ex.request.url}: 429 announcing ${RESET_HEADER} ${raw}, ${Math.round(waitMs / 1000)} s after the server's ${Number.isFinite(date) ? 'Date' : 'time (no Date header; our clock)'}, further than the ${this.#options.pacer.windowMs} ms rate window; not waited for`,
      );
    }
    return Math.max(waitMs, 0);
  }

  async #once(wire: WireRequest): Promise<Exchange> {
    const { redactor, timeoutMs } = this.#options;
    const sent = {
      method: wire.method,
      url: redactor.text(wire.url),
      headers: redactor.headers(wire.headers),
      ...(wire.body !== undefined ? { body: redactor.text(wire.body) } : {}),
      credentials: wire.credentials,
      // A literal is meant to hold no credential; scrubbed all the same, like everything recorded.
      ...(wire.replay
        ? { replay: wire.replay.kind === 'literal' ? { kind: 'literal' as const, header: redactor.text(wire.replay.header) } : wire.replay }
        : {}),
    };
    const startedAt = Date.now();
    const t0 = performance.now();
    this.stats.requests++;
    let res: Dispatcher.ResponseData;
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
      throw transportFailure(`${wire.method} ${sent.url}`, err, {
        stage: 'answer',
        timeoutMs,
        ...(this.#options.caFile ? { caFile: this.#options.caFile } : {}),
      });
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const contentType = headers['content-type'] ?? '';
    // Only a textual body is kept; any other is counted, so a large binary one costs no memory.
    const keep = TEXTUAL.test(contentType) || contentType === '';
    const { bytes, raw } = await this.#readBody(res, keep, `${wire.method} ${sent.url}`);
    const textual = bytes === 0 || keep;
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
      bodyBytes: bytes,
      json,
      ...(jsonError !== undefined ? { jsonError } : {}),
      startedAt,
      durationMs: performance.now() - t0,
    };
    this.#options.onExchange?.(ex);
    if (ex.status === 403 && /text\/html/i.test(contentType)) {
      const agent = wire.headers['user-agent'] ?? USER_AGENT;
      throw new EdgeBlockError(
        `${wire.method} ${sent.url}: 403 with an HTML page: an edge in front of the API blocked the request, which is not an authorization failure (spec: Authentication 7); most often a missing or disallowed User-Agent header: this request sent ${agent === '' ? 'a blank one' : JSON.stringify(agent)}, so allow it at the edge (or the address this run comes from)`,
        ex,
      );
    }
    return ex;
  }

  /**
   * Reads the body, at most `maxBodyBytes` of it: a longer one (announced by Content-Length or found while
   * reading) is dropped with its connection, so it is never held whole.
   */
  async #readBody(res: Dispatcher.ResponseData, keep: boolean, what: string): Promise<{ bytes: number; raw: Buffer }> {
    const limit = this.#options.maxBodyBytes ?? MAX_BODY_BYTES;
    const tooLarge = (seen: string) => {
      res.body.destroy();
      return new BodyTooLargeError(`${what}: ${res.statusCode} with a body of ${seen}, more than the ${limit} bytes the client reads; the rest was not read`);
    };
    const announced = Number(res.headers['content-length']);
    if (Number.isFinite(announced) && announced > limit) throw tooLarge(`${announced} bytes (Content-Length)`);
    const chunks: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > limit) throw tooLarge(`over ${bytes} bytes so far`);
        if (keep) chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof BodyTooLargeError) throw err;
      throw transportFailure(what, err, { stage: 'body', timeoutMs: this.#options.timeoutMs });
    }
    return { bytes, raw: Buffer.concat(chunks) };
  }
}

export { sleep };
