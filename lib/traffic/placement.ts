import { createHash } from 'node:crypto';
import type { Target } from '../config/target.ts';
import { type ApiPart, isMetered, type MeteredSurface, partOf, SURFACES, type Surface } from '../contract/vocabulary.ts';

/**
 * Where a recorded request went, by the same target variables a run uses (CC_BASE_URL and the others): its
 * host, the part of the API (the Dialer apart from the rest of the AI host), the budget it spends, and its
 * path below the host's base URL. A request to any other address is not the API's and is not placed.
 */
export interface Placement {
  readonly host: Surface;
  readonly part: ApiPart;
  readonly budget?: MeteredSurface;
  /** The path below the host's configured base URL, as the checks name paths: `/contacts/index.json`. */
  readonly path: string;
}

export function placeExchange(target: Pick<Target, 'urls'>, url: string): Placement | undefined {
  const at = new URL(url);
  let best: { host: Surface; base: URL } | undefined;
  for (const host of SURFACES) {
    const raw = target.urls[host];
    if (raw === undefined) continue;
    const base = new URL(raw);
    const prefix = base.pathname.replace(/\/+$/, '');
    if (base.origin !== at.origin) continue;
    if (at.pathname !== prefix && !at.pathname.startsWith(`${prefix}/`)) continue;
    // Two hosts on one origin: the longer base path is the more specific.
    if (!best || base.pathname.length > best.base.pathname.length) best = { host, base };
  }
  if (!best) return undefined;
  const path = at.pathname.slice(best.base.pathname.replace(/\/+$/, '').length) || '/';
  const part = partOf(best.host, path);
  return { host: best.host, part, ...(isMetered(part) ? { budget: part } : {}), path };
}

/** A request's company when it carried no Authorization header: judged as unauthenticated. */
export const UNAUTHENTICATED = 'unauthenticated';
/**
 * A request whose Authorization header holds no readable key ID: the recording tool redacted it (or it was
 * malformed). A capture redacted so is judged as one company.
 */
export const UNREADABLE = 'credentials-unreadable';

/** The key pair of a Basic Authorization header, or undefined when it holds none that can be read. */
export function basicPair(authorization: string): { id: string; secret: string } | undefined {
  const token = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization)?.[1];
  if (token === undefined) return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || /[\u0000-\u001f]/.test(decoded)) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The company a request spends the budget of, told apart by a salted hash of its key ID: never the key. The
 * hash is 12 hex digits of SHA-256 over the salt and the ID; the same salt gives the same name in every
 * report, another salt names no company anyone could look up.
 */
export function companyOf(requestHeaders: Readonly<Record<string, string>>, salt: string): string {
  const authorization = requestHeaders.authorization;
  if (authorization === undefined) return UNAUTHENTICATED;
  const pair = basicPair(authorization);
  if (!pair) return UNREADABLE;
  return `company-${createHash('sha256').update(`${salt}\u0000${pair.id}`).digest('hex').slice(0, 12)}`;
}
