/**
 * The names both engines give where a request goes and whose budget it spends: the conformance run
 * (config, checks, rules, the budget judges) and the load runs (the Node runner and the k6 scripts,
 * which load this very file). Plain data with relative `.ts` imports and no Node built-ins, for k6.
 */
import { REQUESTS_PER_MINUTE } from './limits.ts';

/** The API's four hosts, each at a base address of its own (CC_BASE_URL, CC_ANALYTICS_URL, CC_AI_URL, CC_CUECARD_URL). */
export const SURFACES = ['core', 'analytics', 'ai', 'cuecard'] as const;
export type Surface = (typeof SURFACES)[number];

/** The two budgets the spec states (Limits: 60 requests per minute per company, the core API and the Dialer each apart). */
export const METERED_SURFACES = ['core', 'dialer'] as const;
export type MeteredSurface = (typeof METERED_SURFACES)[number];

/**
 * The API's parts as a request is paced, a rule is grouped and a load stream is aimed: the hosts, with the
 * Dialer apart from the rest of the AI host (it lives under `/dialer` there, with a budget of its own),
 * so the hosts and the budgets together. Listings follow this order.
 */
export const API_PARTS = ['core', 'dialer', 'analytics', 'ai', 'cuecard'] as const satisfies readonly (Surface | MeteredSurface)[];
export type ApiPart = (typeof API_PARTS)[number];

export function isMetered(surface: ApiPart): surface is MeteredSurface {
  return surface === 'core' || surface === 'dialer';
}

/** The host each part lives on: the Dialer under `/dialer` on the AI host, every other part is a host of its own. */
export const HOST_OF_SURFACE: Readonly<Record<ApiPart, Surface>> = { core: 'core', dialer: 'ai', analytics: 'analytics', ai: 'ai', cuecard: 'cuecard' };

/**
 * The part a request to `host` at `path` goes to: the Dialer for a path under `/dialer` on the AI host, else
 * the host. What paces a request and what names a record the run left agree on it, so the Dialer is never `ai`.
 */
export function partOf(host: Surface, path: string): ApiPart {
  return host === 'ai' && /^\/dialer(\/|$)/.test(path) ? 'dialer' : host;
}

/**
 * Each part as a person reads it in the console, HTML and summary.md: the Dialer as itself, the rest of
 * the AI host (Conversation Intelligence, VoiceAgent) as the AI host. Reports keep the ids.
 */
export const PART_NAME: Readonly<Record<ApiPart, string>> = {
  core: 'core API',
  dialer: 'Dialer',
  analytics: 'analytics',
  ai: 'AI host',
  cuecard: 'CueCard',
};

/**
 * Requests each company may spend per rate window on each metered surface. The spec states it per
 * minute; a run's window is that minute unless CC_RATE_WINDOW_MS shortens it for a mock, and the budget
 * goes with the window.
 */
export const BUDGET_PER_WINDOW = REQUESTS_PER_MINUTE;

/**
 * The key pairs a target may be given: two of the company under test (`primary`, `second`), one that
 * company revoked, another company's (`other`) and the key of a company at its limits (`limits`).
 */
export const KEY_SLOTS = ['primary', 'second', 'other', 'revoked', 'limits'] as const;
export type KeySlot = (typeof KEY_SLOTS)[number];

/** The keys budgets are measured with, in the budget check and in both load engines: two of the company under test, and another company's. */
export const KEY_ROLES = ['primary', 'second', 'other'] as const satisfies readonly KeySlot[];
export type KeyRole = (typeof KEY_ROLES)[number];

/** The companies behind the key slots: the one under test, another, and one at its agent maximum without SMS funds. */
export const COMPANIES = ['self', 'other', 'limits'] as const;
export type Company = (typeof COMPANIES)[number];

/** Which company a key slot belongs to: budgets are counted per company, not per key. */
export const COMPANY_OF_SLOT: Readonly<Record<KeySlot, Company>> = {
  primary: 'self',
  second: 'self',
  revoked: 'self',
  other: 'other',
  limits: 'limits',
};

/** Env variable naming each key slot, for skip reasons such as "needs CC_KEY2_ID". */
export const KEY_SLOT_VARIABLE: Readonly<Record<KeySlot, string>> = {
  primary: 'CC_KEY_ID',
  second: 'CC_KEY2_ID',
  other: 'CC_OTHER_KEY_ID',
  revoked: 'CC_REVOKED_KEY_ID',
  limits: 'CC_LIMITS_KEY_ID',
};

/** The target variable holding each host's base URL. */
export const SURFACE_VARIABLE: Readonly<Record<Surface, string>> = {
  core: 'CC_BASE_URL',
  analytics: 'CC_ANALYTICS_URL',
  ai: 'CC_AI_URL',
  cuecard: 'CC_CUECARD_URL',
};

/** The target variable holding a key slot's secret, beside its ID's. */
export function secretVariable(slot: KeySlot): string {
  return KEY_SLOT_VARIABLE[slot].replace(/_ID$/, '_SECRET');
}
