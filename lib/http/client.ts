import { readFileSync } from 'node:fs';
import { type Agent, type Dispatcher, request } from 'undici';
import { BodyTooLargeError } from '../errors.ts';
import { connectionPool } from './connection-pool.ts';
import { type Exchange, isTextual, parsedBody, type SentRequest } from './exchange.ts';
import { transportFailure } from './failures.ts';
import type { Redactor } from './redact.ts';
import { BURST_CONNECTIONS } from '../budget/fresh-burst.ts';

/** The project's version, as its package states it. */
export const { version: TOOL_VERSION } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Every request names the project and its version: an edge in front of an API may refuse a request
 * without a User-Agent (spec: Authentication 7), and a target's operators can tell the suite's traffic apart.
 */
export const USER_AGENT = `cc-conformance/${TOOL_VERSION} (API conformance suite)`;

/**
 * The most of one body the client reads. Far above any answer the checks ask for (a page of 1000 calls
 * is a few MB), and low enough that a runaway or endless body cannot exhaust the run's memory or time.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * A request as it goes on the wire, its credentials in the clear; the exchange records it redacted. Pacing,
 * resends and what an answer means are the send pipeline's stages (lib/requests/pipeline.ts), not the client's.
 */
export type WireRequest = SentRequest;

export interface ClientOptions {
  readonly ca?: string;
  /** Where `ca` came from, named in the hint of a certificate no trusted CA signed. */
  readonly caFile?: string;
  /** Bodies longer than this end the request with BodyTooLargeError; default MAX_BODY_BYTES. */
  readonly maxBodyBytes?: number;
  readonly timeoutMs: number;
  readonly redactor: Redactor;
  readonly onExchange?: (ex: Exchange) => void;
}

/**
 * The run's request figures, kept with the one client so the report reads them in one place: the client counts
 * every request it puts on the wire, and the pipeline's resend stages (lib/requests/resends.ts) count their own.
 */
export interface ClientStats {
  requests: number;
  unplanned429: number;
  /** 503s answered by sending the request again (spec: Errors, 503 "retry with backoff"). */
  retried503: number;
}

/** The one HTTP client of the suite: the wire. Each call is one exchange, with its timeouts, its cap on body size and the redaction of everything it records. */
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

  /** Sends the request once and reads its answer: whatever it is, it is returned, and everything below HTTP is a typed TransportError. */
  async exchange(wire: WireRequest): Promise<Exchange> {
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
    const keep = isTextual(contentType);
    const { bytes, raw } = await this.#readBody(res, keep, `${wire.method} ${sent.url}`);
    const textual = bytes === 0 || keep;
    const text = textual ? redactor.text(raw.toString('utf8')) : '';
    const { json, jsonError } = parsedBody(text);
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
