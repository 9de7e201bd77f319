/**
 * The target as a k6 script sees it: the same CC_* variables the rest of the project reads, taken
 * from the environment (`__ENV`), never from the command line, so key pairs stay out of `ps` and out
 * of a `k6 archive`. Nothing here prints a key ID or secret.
 */
import { b64encode } from 'k6/encoding';
import http from 'k6/http';
import { COMPANY_OF_SLOT, type KeyRole, type ApiPart } from '../../lib/contract/vocabulary.ts';
import { KEY_VARIABLES, type LoadEndpoint, SURFACE_URL_VARIABLE } from '../shared/scenario-model.ts';

function positiveInteger(name: string, fallback: number): number {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name}: must be a positive integer of milliseconds, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** The target's rate window: the spec's minute unless a faster mock says otherwise. */
export const WINDOW_MS = positiveInteger('CC_RATE_WINDOW_MS', 60_000);
export const TIMEOUT_MS = positiveInteger('CC_TIMEOUT_MS', 15_000);

export function baseUrl(surface: ApiPart): string | undefined {
  const raw = __ENV[SURFACE_URL_VARIABLE[surface]];
  return raw === undefined || raw === '' ? undefined : raw.replace(/\/+$/, '');
}

export function hasKey(role: KeyRole): boolean {
  const names = KEY_VARIABLES[role];
  return Boolean(__ENV[names.id]) && Boolean(__ENV[names.secret]);
}

/** What a run lacks to send with `role` on `surface`, in words naming the variable; undefined when nothing. */
export function missingFor(surface: ApiPart, role: KeyRole): string | undefined {
  if (!baseUrl(surface)) return `${SURFACE_URL_VARIABLE[surface]} is not set`;
  if (!hasKey(role)) return `${KEY_VARIABLES[role].id} and ${KEY_VARIABLES[role].secret} are not set`;
  return undefined;
}

/** Built once per VU: one base64 per key pair, not one per request. */
const authCache: Partial<Record<KeyRole, string>> = {};

export function authorization(role: KeyRole): string {
  const cached = authCache[role];
  if (cached !== undefined) return cached;
  const names = KEY_VARIABLES[role];
  const value = `Basic ${b64encode(`${__ENV[names.id] ?? ''}:${__ENV[names.secret] ?? ''}`)}`;
  authCache[role] = value;
  return value;
}

export function urlOf(surface: ApiPart, endpoint: LoadEndpoint): string {
  const query = Object.entries(endpoint.query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${baseUrl(surface) ?? ''}${endpoint.path}${query ? `?${query}` : ''}`;
}

/**
 * The tags every request and every custom sample carries. `key` is the role (primary, second, other),
 * never the key ID; `stream` names where in the run the request belongs.
 */
export interface RequestTags {
  readonly surface: ApiPart;
  readonly company: string;
  readonly key: KeyRole;
  readonly stream: string;
  readonly [name: string]: string;
}

export function tagsFor(surface: ApiPart, key: KeyRole, stream: string): RequestTags {
  return { surface, company: COMPANY_OF_SLOT[key], key, stream };
}

/** One GET as `http.batch` takes it, so a single request and a burst are built the same way. */
export function readRequest(surface: ApiPart, endpoint: LoadEndpoint, tags: RequestTags) {
  return {
    method: 'GET',
    url: urlOf(surface, endpoint),
    params: {
      headers: { Authorization: authorization(tags.key), Accept: 'application/json' },
      tags: { ...tags },
      timeout: TIMEOUT_MS,
    },
  } as const;
}

export function read(surface: ApiPart, endpoint: LoadEndpoint, tags: RequestTags) {
  const r = readRequest(surface, endpoint, tags);
  return http.request(r.method, r.url, null, r.params);
}

/**
 * 2xx and 429 are what a metered API answers under load; anything else is a failure in k6's own
 * `http_req_failed` and in the web dashboard, so a budget that limits does not paint the run red.
 */
export function expectServedOrLimited(): void {
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 429));
}

/** A header's value whatever spelling the server (and Go's canonical form) gave its name. */
export function header(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}
