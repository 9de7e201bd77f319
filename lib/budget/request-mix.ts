/**
 * What the budget procedure spends each budget with: a mix like a real integration's, several endpoints
 * and methods, reads and refused writes, because the spec's budget is per company and surface, whatever
 * the request (spec: Limits). Both engines send the mix in the same order (each surface's n-th request is
 * the same), so they measure the same thing.
 *
 * Nothing in it can create or change a record, whatever the target does with it: the k6 probe keeps no
 * ledger. Every path is one the spec shows, so a target cannot answer `Route not found` (which a limiter
 * behind the router might not count): the core edit goes to an id no account holds, with an empty body,
 * which changes nothing even where the id exists ("only sent fields are updated"); the Dialer has no
 * spec-shown write that a lenient target could not turn into a create, so its mix is its one shown list,
 * read well and read with invalid parameters.
 */
import type { MeteredSurface } from '../contract/vocabulary.ts';
import type { BudgetAnswer } from './answers.ts';

export interface MixRequest {
  readonly method: 'GET' | 'POST';
  /** Relative to the surface's base address (the Dialer's under `{ai_url}`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Answers that serve it (spend the budget without refusing it): what the spec gives this request. */
  readonly servedAs: readonly number[];
}

/** An id no account holds: the core suites' unknown id. */
const UNKNOWN_CONTACT = 2_147_480_123;

const CORE_MIX: readonly MixRequest[] = [
  { method: 'GET', path: '/countries/index.json', servedAs: [200] },
  { method: 'GET', path: '/blacklist/index.json', query: { limit: '1' }, servedAs: [200] },
  // Not found, or (were the id an account's) an edit of no field: 200.
  { method: 'POST', path: `/contacts/edit/${UNKNOWN_CONTACT}.json`, body: {}, servedAs: [404, 200] },
];

const DIALER_MIX: readonly MixRequest[] = [
  { method: 'GET', path: '/dialer/campaigns', query: { limit: '1' }, servedAs: [200] },
  // An undecodable cursor is 400 PAGINATION.INVALID_CURSOR; a target that reads it as the first page serves it too.
  { method: 'GET', path: '/dialer/campaigns', query: { limit: '1', cursor: '%not-a-cursor%' }, servedAs: [400, 200] },
  // include_deleted takes the literal strings true or false only: anything else is 400. Releases before
  // 1.0.22, which brought the parameter, ignore it and serve the list: a target expected to be one is served too.
  { method: 'GET', path: '/dialer/campaigns', query: { limit: '1', include_deleted: 'sometimes' }, servedAs: [400, 200] },
];

export const BUDGET_MIX: Readonly<Record<MeteredSurface, readonly MixRequest[]>> = { core: CORE_MIX, dialer: DIALER_MIX };

/** The request the surface's n-th send goes out as (from 0), round the mix. */
export function mixRequest(surface: MeteredSurface, n: number): MixRequest {
  const mix = BUDGET_MIX[surface];
  return mix[n % mix.length] as MixRequest;
}

/** The answer as the judges read it: served when its status is one the request is served with. */
export function asMixAnswer<A extends BudgetAnswer>(answer: A, request: MixRequest): A {
  return { ...answer, servedAs: request.servedAs };
}

/** The query string of a mix request, `?a=b&c=d`, or empty. */
export function queryString(request: MixRequest): string {
  const pairs = Object.entries(request.query ?? {}).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
