import { readFileSync, writeFileSync } from 'node:fs';
import { TOOL_VERSION } from './client.ts';
import type { Exchange } from './exchange.ts';

/**
 * HAR 1.2 (the W3C Web Performance group's HTTP Archive format, which browsers, mitmproxy, Charles and
 * Postman read): a run's exchanges written so a failure can be shared and judged again offline. Built from
 * the exchanges as the checks saw them, so credentials are already redacted.
 */
export interface HarHeader {
  readonly name: string;
  readonly value: string;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly [];
    readonly headers: readonly HarHeader[];
    readonly queryString: readonly HarHeader[];
    readonly postData?: { readonly mimeType: string; readonly text: string };
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly [];
    readonly headers: readonly HarHeader[];
    readonly content: { readonly size: number; readonly mimeType: string; readonly text?: string; readonly comment?: string };
    readonly redirectURL: string;
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  /** Which credentials went out, in words ("primary key", "no credentials"): a HAR field of ours, `_`-prefixed as the format asks. */
  readonly _credentials: string;
}

export interface HarLog {
  readonly log: {
    readonly version: '1.2';
    readonly creator: { readonly name: string; readonly version: string };
    readonly entries: readonly HarEntry[];
  };
}

const pairs = (headers: Readonly<Record<string, string>>): HarHeader[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** One exchange as a HAR entry. A body that is not text is described, not kept. */
export function harEntry(ex: Exchange): HarEntry {
  const url = new URL(ex.request.url);
  const requestType = ex.request.headers['content-type'] ?? 'application/json';
  const mimeType = ex.headers['content-type'] ?? '';
  const textual = ex.text !== '' || ex.bodyBytes === 0;
  return {
    startedDateTime: new Date(ex.startedAt).toISOString(),
    time: ex.durationMs,
    request: {
      method: ex.request.method,
      url: ex.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(ex.request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(ex.request.body !== undefined ? { postData: { mimeType: requestType, text: ex.request.body } } : {}),
      headersSize: -1,
      bodySize: ex.request.body === undefined ? 0 : Buffer.byteLength(ex.request.body),
    },
    response: {
      status: ex.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(ex.headers),
      content: textual ? { size: ex.bodyBytes, mimeType, text: ex.text } : { size: ex.bodyBytes, mimeType, comment: 'a body that is not text, left out' },
      redirectURL: ex.headers.location ?? '',
      headersSize: -1,
      bodySize: ex.bodyBytes,
    },
    cache: {},
    // The client measures the whole exchange only: HAR lets the rest be 0, with `time` their sum.
    timings: { send: 0, wait: ex.durationMs, receive: 0 },
    _credentials: ex.request.credentials,
  };
}

/** A JSON request and its JSON answer, as a HAR entry: for captures made up rather than recorded (a bench, an example). */
export interface MadeUpExchange {
  readonly at: number;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly status: number;
  readonly answer: unknown;
  readonly durationMs: number;
  /** Which credentials the request carries, in words (`_credentials`). */
  readonly credentials: string;
}

export function madeUpEntry(made: MadeUpExchange): HarEntry {
  const text = JSON.stringify(made.answer);
  const body = made.body === undefined ? undefined : JSON.stringify(made.body);
  return harEntry({
    request: {
      method: made.method,
      url: made.url,
      headers: { ...made.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body } : {}),
      credentials: made.credentials,
    },
    status: made.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    text,
    bodyBytes: Buffer.byteLength(text),
    json: made.answer,
    startedAt: made.at,
    durationMs: made.durationMs,
  });
}

/** The log of `entries`, oldest first as the format prefers. */
export function harLog(entries: readonly HarEntry[]): HarLog {
  const sorted = [...entries].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return { log: { version: '1.2', creator: { name: 'cc-conformance', version: TOOL_VERSION }, entries: sorted } };
}

/**
 * Writes the HAR of the entries a run appended to `entriesFile`, a JSON line each, through `scrub` (the
 * run's last redaction, as every other file it writes). Returns how many entries it holds.
 */
export function writeHar(entriesFile: string, harFile: string, scrub: (text: string) => string): number {
  let lines: string[] = [];
  try {
    lines = readFileSync(entriesFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  } catch (err) {
    // A run that sent nothing left no file: its HAR is empty, not missing.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const log = harLog(lines.map((line) => JSON.parse(line) as HarEntry));
  writeFileSync(harFile, scrub(`${JSON.stringify(log, null, 1)}\n`));
  return log.log.entries.length;
}
