import { RESET_HEADER_KEY } from '../contract/reset-time.ts';
import type { KeySlot } from '../contract/vocabulary.ts';

/**
 * How a replay of a request sends its credentials, never with their value: a key slot's pair, or its key ID
 * with a stand-in secret (the wrong-secret probe), both named by the slot's variables; an Authorization value
 * that holds no credential of the target, as it was sent (a malformed header, an unknown key ID); or none.
 */
export type ReplayAuth =
  | { readonly kind: 'slot'; readonly slot: KeySlot }
  | { readonly kind: 'wrong-secret'; readonly slot: KeySlot }
  | { readonly kind: 'literal'; readonly header: string }
  | { readonly kind: 'none' };

/** One request and the answer to it, as the checks and the reports see it (credentials already redacted). */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Which credentials went out, in words: "primary key", "no credentials", "malformed header". */
  readonly credentials: string;
  /** How a replay sends the same credentials (the report's curl line); absent on requests built outside a check. */
  readonly replay?: ReplayAuth;
}

export interface Exchange {
  readonly request: SentRequest;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body as text when it is textual; binary bodies are summarised by `bodyBytes`. */
  readonly text: string;
  readonly bodyBytes: number;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  readonly json: unknown;
  readonly jsonError?: string;
  readonly startedAt: number;
  readonly durationMs: number;
}

const TEXTUAL = /^(application\/(json|problem\+json|xml)|text\/)/i;

/** Whether an answer's body is kept as text: a textual media type, or none named. Any other is counted only. */
export function isTextual(contentType: string): boolean {
  return TEXTUAL.test(contentType) || contentType === '';
}

/**
 * A kept body as an exchange holds it: parsed as JSON when it has any content, whatever its media type (the
 * judges of JSON bodies read the type apart). One reading for the client's answers and for recorded ones.
 */
export function parsedBody(text: string): { json?: unknown; jsonError?: string } {
  if (text.trim() === '') return {};
  try {
    return { json: JSON.parse(text) };
  } catch (err) {
    return { jsonError: (err as Error).message };
  }
}

const EVIDENCE_LIMIT = 2000;

/** A compact, already-redacted view of an exchange for failure messages and reports. */
export function describeExchange(ex: Exchange): { request: SentRequest; response: { status: number; headers: Record<string, string>; body: string } } {
  const keep = ['content-type', RESET_HEADER_KEY, 'retry-after', 'location'];
  const headers: Record<string, string> = {};
  for (const name of keep) if (ex.headers[name] !== undefined) headers[name] = ex.headers[name] as string;
  const body = ex.text.length > EVIDENCE_LIMIT ? `${ex.text.slice(0, EVIDENCE_LIMIT)}… (${ex.text.length} chars)` : ex.text;
  return {
    request: ex.request.body && ex.request.body.length > EVIDENCE_LIMIT ? { ...ex.request, body: `${ex.request.body.slice(0, EVIDENCE_LIMIT)}…` } : ex.request,
    response: {
      status: ex.status,
      headers,
      body: ex.bodyBytes > 0 && ex.text === '' ? `<${ex.bodyBytes} bytes, ${ex.headers['content-type'] ?? 'no content-type'}>` : body,
    },
  };
}
