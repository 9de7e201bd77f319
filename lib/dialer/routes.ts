import { readFileSync } from 'node:fs';
import { ConfigError } from '../errors.ts';

/**
 * The Dialer's routes, by name. The spec shows only `GET /dialer/campaigns` (and that
 * `DELETE /dialer/surveys/{surveyId}` is not a route); the rest are conventional REST paths chosen by
 * this project. The mock serves exactly this table and the suite reads it, so a live target with other
 * paths is checked by overriding entries (CC_DIALER_ROUTES), never by editing checks.
 */
export const DIALER_ROUTES = {
  'campaigns.list': 'GET /dialer/campaigns',
  'campaigns.create': 'POST /dialer/campaigns',
  'campaigns.get': 'GET /dialer/campaigns/{campaignId}',
  'campaigns.update': 'PATCH /dialer/campaigns/{campaignId}',
  'campaigns.delete': 'DELETE /dialer/campaigns/{campaignId}',
  'campaign.contacts': 'GET /dialer/campaigns/{campaignId}/contacts',
  'campaign.associations': 'PUT /dialer/campaigns/{campaignId}/associations',
  'campaign.buttons.get': 'GET /dialer/campaigns/{campaignId}/disposition-buttons',
  'campaign.buttons.replace': 'PUT /dialer/campaigns/{campaignId}/disposition-buttons',
  'campaign.statistics': 'GET /dialer/campaigns/{campaignId}/statistics',
  'campaign.export': 'POST /dialer/campaigns/{campaignId}/exports',
  'exports.status': 'GET /dialer/exports/{jobId}',
  'exports.download': 'GET /dialer/exports/{jobId}/download',
  'scripts.list': 'GET /dialer/call-scripts',
  'scripts.create': 'POST /dialer/call-scripts',
  'scripts.update': 'PATCH /dialer/call-scripts/{scriptId}',
  'surveys.list': 'GET /dialer/surveys',
  'surveys.create': 'POST /dialer/surveys',
  'surveys.update': 'PATCH /dialer/surveys/{surveyId}',
  'surveys.questions': 'PUT /dialer/surveys/{surveyId}/questions',
  'dispositions.tags': 'GET /dialer/disposition-tags',
} as const;

export type DialerRouteName = keyof typeof DIALER_ROUTES;
export type DialerRoutes = Readonly<Record<DialerRouteName, string>>;

/**
 * The routes whose method and path the spec itself shows (Endpoints > Dialer). A target that does not
 * route one of these breaks the spec; any other route of the table is this project's guess, and a target
 * that answers it `Route not found` only tells that the guess was wrong.
 */
export const SPEC_SHOWN_ROUTES: ReadonlySet<DialerRouteName> = new Set(['campaigns.list', 'campaigns.create']);

export interface ResolvedRoute {
  readonly method: string;
  readonly path: string;
}

const FORM = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s?#]*)$/;
const placeholders = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();

/** Fills a route's placeholders; every placeholder must be given, values are URL-encoded. */
export function dialerRoute(routes: DialerRoutes, name: DialerRouteName, params: Readonly<Record<string, string | number>> = {}): ResolvedRoute {
  const [, method, template] = FORM.exec(routes[name]) as RegExpExecArray;
  const path = (template as string).replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
  return { method: method as string, path };
}

/** A request matched to the route table: the route's name and the values of its placeholders. */
export interface MatchedRoute {
  readonly name: DialerRouteName;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The route of `routes` a request (method, path below the AI host's base) is, or undefined: what a judge of
 * traffic reads to know a Dialer exchange, so a target's overrides (CC_DIALER_ROUTES) apply to traffic too.
 */
export function matchDialerRoute(routes: DialerRoutes, method: string, path: string): MatchedRoute | undefined {
  for (const name of Object.keys(routes) as DialerRouteName[]) {
    const [, routeMethod, template] = FORM.exec(routes[name]) as RegExpExecArray;
    if (routeMethod !== method) continue;
    const keys: string[] = [];
    const pattern = (template as string).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (!found) continue;
    return { name, params: Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(found[i + 1] as string)])) };
  }
  return undefined;
}

/**
 * The table with a user's overrides from a JSON file `{ "campaigns.get": "GET /dialer/v2/campaigns/{campaignId}" }`.
 * An override must name a known route and keep its placeholders, so every check still fills it.
 */
export function loadDialerRoutes(file: string | undefined): DialerRoutes {
  if (file === undefined) return DIALER_ROUTES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`CC_DIALER_ROUTES: ${file} is not a readable JSON file (${(err as NodeJS.ErrnoException).code ?? 'invalid JSON'})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError(`CC_DIALER_ROUTES: ${file} must hold a JSON object of route names`);
  const routes: Record<string, string> = { ...DIALER_ROUTES };
  for (const [name, value] of Object.entries(parsed)) {
    if (!(name in DIALER_ROUTES))
      throw new ConfigError(`CC_DIALER_ROUTES: unknown route ${JSON.stringify(name)} (known: ${Object.keys(DIALER_ROUTES).join(', ')})`);
    if (typeof value !== 'string' || !FORM.test(value)) throw new ConfigError(`CC_DIALER_ROUTES: ${name} must be "METHOD /path", got ${JSON.stringify(value)}`);
    const original = DIALER_ROUTES[name as DialerRouteName];
    if (placeholders(value).join() !== placeholders(original).join())
      throw new ConfigError(`CC_DIALER_ROUTES: ${name} must keep the placeholders of ${JSON.stringify(original)}`);
    routes[name] = value;
  }
  return routes as DialerRoutes;
}
