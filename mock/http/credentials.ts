import type { ApiKey, Company, MockState } from '../state/model.js';

export type CredentialProblem = 'missing' | 'malformed' | 'unknown-key' | 'wrong-secret' | 'revoked';

export type CredentialResult = { ok: true; key: ApiKey } | { ok: false; problem: CredentialProblem };

export interface CredentialLeniency {
  /** Fault switches: what a broken server would let through. */
  readonly ignoreSecret?: boolean;
  readonly acceptRevoked?: boolean;
}

/** HTTP Basic: username = key ID, password = key secret. The host never picks the company; the key does. */
export function resolveCredentials(state: MockState, header: string | undefined, leniency: CredentialLeniency = {}): CredentialResult {
  if (header === undefined || header.trim() === '') return { ok: false, problem: 'missing' };
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header.trim());
  if (!match) return { ok: false, problem: 'malformed' };
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return { ok: false, problem: 'malformed' };
  const key = state.keys.get(decoded.slice(0, colon));
  if (!key) return { ok: false, problem: 'unknown-key' };
  if (!leniency.ignoreSecret && key.secret !== decoded.slice(colon + 1)) return { ok: false, problem: 'wrong-secret' };
  if (key.revoked && !leniency.acceptRevoked) return { ok: false, problem: 'revoked' };
  return { ok: true, key };
}

/**
 * The company a request acts for on a host that only needs a yes or no: undefined means answer 401.
 * `acceptMissing` and `refuseValid` are fault switches of the host calling it.
 */
export function companyFor(state: MockState, header: string | undefined, faults: { acceptMissing: boolean; refuseValid: boolean }): Company | undefined {
  const result = resolveCredentials(state, header);
  if (result.ok) return faults.refuseValid ? undefined : state.companies.get(result.key.companyId);
  // A server that lets anonymous requests through serves them as the first company.
  return result.problem === 'missing' && faults.acceptMissing ? state.companies.get(1) : undefined;
}
