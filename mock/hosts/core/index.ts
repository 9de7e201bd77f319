import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../../context.ts';
import { coreResetHeader, spend } from '../../http/rate-limiter.ts';
import { resolveCredentials } from '../../http/credentials.ts';
import { activityRoutes } from './activities.ts';
import { agentRoutes } from './agents.ts';
import { accountRoutes } from './account.ts';
import { blacklistRoutes } from './blacklist.ts';
import { bulkRoutes } from './bulk.ts';
import { campaignRoutes } from './campaigns.ts';
import { callRoutes } from './calls.ts';
import { contactRoutes } from './contacts.ts';
import { groupStatisticsRoutes } from './group-statistics.ts';
import { groupRoutes, tagRoutes } from './groups-tags.ts';
import { noteRoutes } from './notes.ts';
import { BAD_REQUEST, INVALID_INPUT, coreError, notFound, SERVER_ERROR } from './replies.ts';
import { isError, relabelTextPlain } from '../../http/relabel.ts';

/** Every core route, registered on whichever app serves the core API (and, under a fault, on a wrong host). */
export function coreRoutes(app: FastifyInstance, ctx: MockContext): void {
  contactRoutes(app, ctx);
  noteRoutes(app, ctx);
  activityRoutes(app, ctx);
  bulkRoutes(app, ctx);
  campaignRoutes(app, ctx);
  agentRoutes(app, ctx);
  groupRoutes(app, ctx);
  groupStatisticsRoutes(app, ctx);
  tagRoutes(app, ctx);
  blacklistRoutes(app, ctx);
  callRoutes(app, ctx);
  accountRoutes(app, ctx);
}

/**
 * The core host: authentication, then the company's budget, then the route. Errors of any kind
 * leave in the core envelope, with the statuses the spec names.
 */
export function coreHost(app: FastifyInstance, ctx: MockContext, prefix: string): void {
  const { state, faults } = ctx;
  // How near its agent maximum an account is, the spec cannot show: the variant leaves company A room for one agent
  // more than it holds, as an account in use may, so a check that holds two agents of its own at once is refused.
  const companyA = state.companies.get(1);
  if (ctx.dialect === 'variant' && companyA) companyA.agentMax = companyA.agents.size + 1;

  app.addHook('onRequest', async (req, reply) => {
    const result = resolveCredentials(state, req.headers.authorization, {
      ignoreSecret: faults.on('auth-any-secret'),
      acceptRevoked: faults.on('auth-revoked-accepted'),
    });
    let companyId: number;
    let keyId: string;
    if (result.ok) {
      companyId = result.key.companyId;
      keyId = result.key.id;
      if (faults.on('auth-second-key-other-company') && result.key.label === 'a2') companyId = 2;
    } else if (result.problem === 'missing' && faults.on('auth-missing-accepted')) {
      companyId = 1;
      keyId = 'anonymous';
    } else if (result.problem === 'unknown-key' && faults.on('auth-unknown-key-accepted')) {
      // The fault's server falls back to the first company for a key ID it does not know, yet still compares the secret of one it does.
      companyId = 1;
      keyId = 'unknown';
    } else if (result.problem === 'malformed' && faults.on('auth-malformed-400')) {
      return coreError(ctx, reply, 400, BAD_REQUEST);
    } else {
      return reply.code(401).send({ responseData: { status: 401, message: faults.on('auth-401-body-wording') ? 'Unauthorised' : 'Unauthorized' } });
    }
    req.company = state.companies.get(companyId) ?? null;
    // The core budget is counted per company, whichever of its keys is used.
    const verdict = await spend(ctx.coreMeter, faults.on('rate-per-key') ? `key:${keyId}` : `company:${companyId}`, faults.on('rate-race'));
    if (!verdict.allowed) {
      const reset = coreResetHeader(ctx, verdict);
      if (reset !== undefined) reply.header('X-ServiceAPI-ResetTime', reset);
      return coreError(ctx, reply, 429, faults.on('rate-429-body') ? 'Rate limit exceeded' : 'Too Many Requests');
    }
    // Under these faults the core shares its count with the Dialer's budget, as a gateway with one counter would.
    if (faults.on('core-rate-shared-with-dialer')) ctx.dialer.meter.hit(`company:${companyId}`);
    const accept = req.headers.accept;
    if (accept !== undefined && !/application\/json|\*\/\*|application\/\*/i.test(accept)) return coreError(ctx, reply, 406, 'Not acceptable.');
    // Every documented query parameter is a scalar; a repeated one is a malformed parameter (400), not a server fault.
    if (Object.values(req.query as Record<string, unknown>).some((v) => typeof v !== 'string')) return coreError(ctx, reply, 400, BAD_REQUEST);
    return undefined;
  });

  app.setNotFoundHandler((_req, reply) => notFound(ctx, reply));

  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 415) return coreError(ctx, reply, 406, INVALID_INPUT, { body: ['Send the body as application/json.'] });
    if (status >= 400 && status < 500) return coreError(ctx, reply, 400, BAD_REQUEST);
    req.log.error(err);
    return coreError(ctx, reply, 500, SERVER_ERROR);
  });

  // The faults' hosts label the bodies of one kind text/plain: every error, or the countries list alone.
  if (faults.on('core-error-text-plain')) relabelTextPlain(app, isError);
  if (faults.on('countries-text-plain')) relabelTextPlain(app, (req) => req.routeOptions.url?.endsWith('/countries/index.json') === true);

  app.register(async (scoped) => coreRoutes(scoped, ctx), { prefix });
}
