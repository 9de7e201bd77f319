import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { type RequestListener, Server } from 'node:http';
import { hostPrefix, type MockContext } from './context.ts';
import { SURFACES, type Surface } from '../lib/contract/vocabulary.ts';
import { NEWEST, type Release } from '../lib/dialer/releases.ts';
import type { Dialect } from './dialect.ts';
import { Faults } from './faults/registry.ts';
import { echoRequestHeaders } from './http/echo.ts';
import { type RateAlgorithm, RateMeter } from './http/rate-meter.ts';
import { REQUESTS_PER_MINUTE } from '../lib/contract/limits.ts';
import { aiHost, aiRoutes } from './hosts/ai/index.ts';
import { analyticsHost } from './hosts/analytics/index.ts';
import { analyticsRoutes } from './hosts/analytics/routes.ts';
import { coreHost, coreRoutes } from './hosts/core/index.ts';
import { cuecardHost } from './hosts/cuecard/index.ts';
import { cuecardRoutes } from './hosts/cuecard/routes.ts';
import type { MockState } from './state/model.ts';
import { seedState } from './state/seed.ts';

export interface MockOptions {
  /** Seed of the generated data; the same seed gives the same keys and records. */
  readonly seed?: number;
  /** Length of the rate window in ms (the spec's minute by default). */
  readonly rateWindowMs?: number;
  /** Faults to switch on, by name (see mock/faults/registry.ts). */
  readonly faults?: Iterable<string>;
  /** Largest request body accepted, in bytes. */
  readonly bodyLimit?: number;
  /** false turns the rate limit off, for throughput measurements. */
  readonly metered?: boolean;
  /**
   * How the budgets count their minute (the spec does not say): a window opened by the first request
   * (`fixed`, the default), windows aligned to the clock (`clock`), or a sliding log (`sliding`).
   */
  readonly rateAlgorithm?: RateAlgorithm;
  /**
   * The next N VoiceAgent requests find a dependency down and get 503 (spec: Errors, 503), so a
   * client's retry with backoff can be seen to work. Not a fault: the spec allows it.
   */
  readonly voiceAgentOutage?: number;
  /** The Dialer release the mock behaves as (lib/dialer/releases.ts); the newest by default. */
  readonly dialerRelease?: Release;
  /** Like voiceAgentOutage, for the Dialer: the next N Dialer requests get 503. */
  readonly dialerOutage?: number;
  /** The Dialer cannot read call tags (a dependency down): disposition buttons lose name, colour and outcome. */
  readonly callTagsUnavailable?: boolean;
  /** What the mock picks where the spec is silent (mock/dialect.ts); `reference` by default. */
  readonly dialect?: Dialect;
}

export const DEFAULT_SEED = 1;

const HOST_PLUGIN: Readonly<Record<Surface, (app: FastifyInstance, ctx: MockContext, prefix: string) => void>> = {
  core: coreHost,
  analytics: analyticsHost,
  ai: aiHost,
  cuecard: cuecardHost,
};

/** Each host's routes without its authentication and error answers, which a wrong host serves under a fault. */
const HOST_ROUTES: Readonly<Record<Surface, (app: FastifyInstance, ctx: MockContext) => void>> = {
  core: coreRoutes,
  analytics: analyticsRoutes,
  ai: aiRoutes,
  cuecard: cuecardRoutes,
};

/**
 * Under these faults a host also answers another host's paths, as a misrouted gateway would: the other host's
 * routes under the serving host's prefix, behind the serving host's authentication and error answers. Wired
 * here, where the hosts are assembled, so no host imports a sibling's routes.
 */
function wrongHostRoutes(faults: Faults): readonly { readonly routesOf: Surface; readonly servedBy: Surface; readonly on: boolean }[] {
  return [
    { routesOf: 'core', servedBy: 'analytics', on: faults.on('wrong-host-serves-core') },
    { routesOf: 'cuecard', servedBy: 'analytics', on: faults.on('analytics-serves-cuecards') },
    { routesOf: 'ai', servedBy: 'cuecard', on: faults.on('cuecard-serves-ai') },
    { routesOf: 'analytics', servedBy: 'cuecard', on: faults.on('cuecard-serves-analytics') },
    { routesOf: 'core', servedBy: 'ai', on: faults.on('ai-serves-core') },
    { routesOf: 'core', servedBy: 'cuecard', on: faults.on('cuecard-serves-core') },
    { routesOf: 'ai', servedBy: 'core', on: faults.on('core-serves-ai') },
    { routesOf: 'ai', servedBy: 'analytics', on: faults.on('analytics-serves-ai') },
    { routesOf: 'cuecard', servedBy: 'core', on: faults.on('core-serves-cuecards') },
    { routesOf: 'cuecard', servedBy: 'ai', on: faults.on('ai-serves-cuecards') },
    { routesOf: 'analytics', servedBy: 'core', on: faults.on('core-serves-analytics') },
    { routesOf: 'analytics', servedBy: 'ai', on: faults.on('ai-serves-analytics') },
  ];
}

/** The budget a surface's meter enforces: the spec's 60, or what a fault of that surface makes of it. */
function budgetLimit(faults: Faults, surface: 'core' | 'dialer'): number {
  const lenient: readonly [boolean, number][] =
    surface === 'core'
      ? [
          [faults.on('rate-limit-off'), Number.POSITIVE_INFINITY],
          [faults.on('rate-limit-59'), 59],
          [faults.on('rate-limit-61'), 61],
          [faults.on('rate-limit-90'), 90],
        ]
      : [
          [faults.on('dialer-rate-off'), Number.POSITIVE_INFINITY],
          [faults.on('dialer-rate-59'), 59],
          [faults.on('dialer-rate-61'), 61],
          [faults.on('dialer-rate-90'), 90],
        ];
  return lenient.find(([on]) => on)?.[1] ?? REQUESTS_PER_MINUTE;
}

export interface Mock {
  readonly state: MockState;
  readonly context: MockContext;
  readonly apps: Readonly<Record<Surface, FastifyInstance>>;
  /** The raw request handler of each app, for the HTTPS front door. */
  readonly handlers: Readonly<Record<Surface, RequestListener>>;
  /** Every route each host serves, so tests can reach all of them (fuzzing bad input, say). */
  readonly routes: Readonly<Record<Surface, readonly MockRoute[]>>;
}

export interface MockRoute {
  readonly method: string;
  readonly url: string;
}

/**
 * Many clients send `Content-Type: application/json` on every request, a DELETE or a body-less action
 * POST included; Fastify's own parser refuses such an empty body with a 400 the spec never names. An
 * empty body is parsed as no body, so each route answers as it does to a request without one; anything
 * else goes through Fastify's parser, poisoning protection included.
 */
function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Callback style: done() carries the outcome, so the parser's return value holds nothing to wait for.
    void parseJson(req, text, done);
  });
}

/**
 * Starts both budgets afresh, counting in windows of `windowMs` from now on. The conformance command
 * widens the bundled mock's window this way when its budget check finds this machine too slow to send
 * a window's requests inside one (cli/conformance.ts); the late-recovery faults keep their delay.
 */
export function restartBudgets(context: MockContext, windowMs: number): void {
  context.rateWindowMs = windowMs;
  context.coreMeter.restart(windowMs);
  context.dialer.meter.restart(windowMs);
}

/**
 * Builds the four hosts without listening: tests use `inject()`, `startMock` puts them behind HTTPS.
 * One plugin per host, each mounted under its path prefix.
 */
export async function buildMock(options: MockOptions = {}): Promise<Mock> {
  const faults = new Faults(options.faults);
  const rateWindowMs = options.rateWindowMs ?? 60_000;
  const state = seedState(options.seed ?? DEFAULT_SEED);
  const algorithm = options.rateAlgorithm ?? 'fixed';
  const metered = options.metered !== false;
  // A late-recovering server keeps refusing well past the reset it announced.
  const lateRecoveryMs = 2 * rateWindowMs + 2000;
  const context: MockContext = {
    state,
    faults,
    rateWindowMs,
    rateAlgorithm: algorithm,
    dialect: options.dialect ?? 'reference',
    coreMeter: new RateMeter({
      limit: metered ? budgetLimit(faults, 'core') : Number.POSITIVE_INFINITY,
      windowMs: rateWindowMs,
      algorithm,
      lateRecoveryMs: faults.on('rate-no-recovery') ? lateRecoveryMs : 0,
    }),
    outage: { voiceAgent: options.voiceAgentOutage ?? 0, dialer: options.dialerOutage ?? 0 },
    dialer: {
      release: options.dialerRelease ?? NEWEST,
      meter: new RateMeter({
        limit: metered ? budgetLimit(faults, 'dialer') : Number.POSITIVE_INFINITY,
        windowMs: rateWindowMs,
        algorithm,
        lateRecoveryMs: faults.on('dialer-rate-no-recovery') ? lateRecoveryMs : 0,
      }),
      callTagsUnavailable: options.callTagsUnavailable ?? false,
    },
  };
  const apps = {} as Record<Surface, FastifyInstance>;
  const handlers = {} as Record<Surface, RequestListener>;
  const routes = {} as Record<Surface, MockRoute[]>;
  const misrouted = wrongHostRoutes(faults);
  for (const host of SURFACES) {
    let handler: RequestListener | undefined;
    // The server is created by the front door; the factory only captures Fastify's handler.
    const serverFactory: FastifyServerFactory = (h) => {
      handler = h;
      return new Server(h);
    };
    const app = Fastify({ logger: false, bodyLimit: options.bodyLimit ?? 1_048_576, serverFactory, return503OnClosing: false });
    app.decorateRequest('company', null);
    acceptEmptyJsonBody(app);
    const served: MockRoute[] = (routes[host] = []);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') served.push({ method, url: route.url });
    });
    // Before the host's own hooks and routes, so every answer of the host echoes, errors and 404s included.
    if (faults.on('echo-request-headers')) echoRequestHeaders(app);
    const prefix = hostPrefix(host, faults);
    HOST_PLUGIN[host](app, context, prefix);
    for (const { routesOf } of misrouted.filter((m) => m.on && m.servedBy === host))
      app.register(async (scoped) => HOST_ROUTES[routesOf](scoped, context), { prefix });
    await app.ready();
    apps[host] = app;
    handlers[host] = handler as RequestListener;
  }
  return { state, context, apps, handlers, routes };
}
