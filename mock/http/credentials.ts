import type { ApiKey, Company, MockState } from '../state/model.ts';

export type CredentialProblem = 'missing' | 'malformed' | 'unknown-key' | 'wrong-secret' | 'revoked';

export type CredentialResult = { ok: true; key: ApiKey } | { ok: false; problem: CredentialProblem };

export interface CredentialLeniency {
  /** Fault switches: what a broken server would let through. */
  readonly ignoreSecret?: boolean;
  readonly acceptRevoked?: boolean;
}

/** Key ID and secret of a Basic header; null when it is not one. */
type Decoded = readonly [id: string, secret: string] | null;

/**
 * Decoded headers by their text. A client sends the same header on every request, and decoding it
 * (a regular expression and base64) was a visible part of each request's cost. Only the decoding is
 * kept, never a verdict, so keys added or revoked later still count; clearing when full bounds the
 * memory a fuzzing client can make it hold.
 */
const decodedHeaders = new Map<string, Decoded>();
const DECODED_HEADERS_MAX = 256;

function decodeBasic(header: string): Decoded {
  const known = decodedHeaders.get(header);
  if (known !== undefined) return known;
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header.trim());
  let decoded: Decoded = null;
  if (match) {
    const text = Buffer.from(match[1] as string, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon > 0) decoded = [text.slice(0, colon), text.slice(colon + 1)];
  }
  if (decodedHeaders.size >= DECODED_HEADERS_MAX) decodedHeaders.clear();
  decodedHeaders.set(header, decoded);
  return decoded;
}

/** HTTP Basic: username = key ID, password = key secret. The host never picks the company; the key does. */
export function resolveCredentials(state: MockState, header: string | undefined, leniency: CredentialLeniency = {}): CredentialResult {
  if (header === undefined || header.trim() === '') return { ok: false, problem: 'missing' };
  const decoded = decodeBasic(header);
  if (decoded === null) return { ok: false, problem: 'malformed' };
  const key = state.keys.get(decoded[0]);
  if (!key) return { ok: false, problem: 'unknown-key' };
  if (!leniency.ignoreSecret && key.secret !== decoded[1]) return { ok: false, problem: 'wrong-secret' };
  if (key.revoked && !leniency.acceptRevoked) return { ok: false, problem: 'revoked' };
  return { ok: true, key };
}

/**
 * The company a request acts for on a host that only needs a yes or no: undefined means answer 401.
 * `acceptMissing` and `refuseValid` are fault switches of the host calling it.
 */
export function companyFor(
  state: MockState,
  header: string | undefined,
  faults: { acceptMissing: boolean; refuseValid: boolean; acceptMalformed?: boolean; acceptRevoked?: boolean },
): Company | undefined {
  const result = resolveCredentials(state, header, { acceptRevoked: faults.acceptRevoked ?? false });
  if (result.ok) return faults.refuseValid ? undefined : state.companies.get(result.key.companyId);
  // A server that lets anonymous requests, or headers it cannot read, through serves them as the first company.
  if (result.problem === 'missing' && faults.acceptMissing) return state.companies.get(1);
  if (result.problem === 'malformed' && faults.acceptMalformed) return state.companies.get(1);
  return undefined;
}
