import type { FastifyRequest } from 'fastify';
import type { Surface } from '../lib/contract/vocabulary.ts';
import type { Release } from '../lib/dialer/releases.ts';
import type { Dialect } from './dialect.ts';
import type { Faults } from './faults/registry.ts';
import type { RateAlgorithm, RateMeter } from './http/rate-meter.ts';
import type { Company, MockState } from './state/model.ts';

/** Path prefix of each host, as the spec's host table gives it. */
export const HOST_PREFIX: Readonly<Record<Surface, string>> = { core: '/api', analytics: '/api', ai: '/v1', cuecard: '/api' };

/**
 * Where a host serves and what base URL it gives its users, under the faults of its base path: a core API
 * with a version segment (`/api/v1`), a host without its `/api/` prefix. Both the routes and the exported
 * URL move, as a deployment built that way would tell its users.
 */
export function hostPrefix(host: Surface, faults: Faults): string {
  if (host === 'core' && faults.on('core-versioned')) return `${HOST_PREFIX.core}/v1`;
  if (
    (host === 'core' && faults.on('core-unprefixed')) ||
    (host === 'analytics' && faults.on('analytics-unprefixed')) ||
    (host === 'cuecard' && faults.on('cuecard-unprefixed'))
  )
    return '';
  return HOST_PREFIX[host];
}

/** What every route of the mock shares: the records, the faults switched on, the meters. */
export interface MockContext {
  readonly state: MockState;
  readonly faults: Faults;
  /** The budgets' window; only restartBudgets (build.ts) changes it, with the meters. */
  rateWindowMs: number;
  /** How both budgets count their minute; the suite must find out on its own. */
  readonly rateAlgorithm: RateAlgorithm;
  /** What the mock picks where the spec is silent: see mock/dialect.ts. */
  readonly dialect: Dialect;
  readonly coreMeter: RateMeter;
  /** Requests still to be answered 503 per dependency-backed service; counts down to 0. */
  readonly outage: { voiceAgent: number; dialer: number };
  readonly dialer: {
    /** The release profile: each behaviour the changelog names follows it, nothing else does. */
    readonly release: Release;
    /** The Dialer's own budget, per company, apart from the core one. */
    readonly meter: RateMeter;
    readonly callTagsUnavailable: boolean;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook; routes run only after it. */
    company: Company | null;
  }
}

export function companyOf(req: FastifyRequest): Company {
  if (!req.company) throw new Error('route reached without an authenticated company');
  return req.company;
}
