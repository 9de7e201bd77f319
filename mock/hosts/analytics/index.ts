import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../../context.ts';
import { companyFor } from '../../http/credentials.ts';
import { analyticsError, analyticsRoutes } from './routes.ts';
import { isError, relabelTextPlain } from '../../http/relabel.ts';

/** The analytics host: its authentication, its error answers, and the routes it serves (./routes.ts). */
export function analyticsHost(app: FastifyInstance, ctx: MockContext, prefix: string): void {
  const { state, faults } = ctx;

  app.addHook('onRequest', async (req, reply) => {
    const company = companyFor(state, req.headers.authorization, {
      acceptMissing: faults.on('analytics-auth-missing-accepted'),
      refuseValid: faults.on('analytics-own-keys'),
      acceptMalformed: faults.on('analytics-auth-malformed-accepted'),
      acceptRevoked: faults.on('analytics-auth-revoked-accepted'),
    });
    if (!company) return analyticsError(ctx, reply, 401, 'Unauthorized');
    req.company = company;
    return undefined;
  });
  app.setNotFoundHandler((_req, reply) => analyticsError(ctx, reply, 404, 'Not Found'));
  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return analyticsError(ctx, reply, 400, ['request must be valid']);
    req.log.error(err);
    return analyticsError(ctx, reply, 500, 'Internal server error');
  });

  if (faults.on('analytics-content-type-text')) {
    // Relabels the already serialised body, as a misconfigured proxy would.
    app.addHook('onSend', async (_req, reply, payload) => {
      if (reply.getHeader('content-type') !== undefined) reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    });
  }

  // The fault's host labels its error bodies text/plain; successes stay JSON.
  if (faults.on('analytics-error-text-plain')) relabelTextPlain(app, isError);

  if (faults.on('analytics-success-text-plain')) {
    // Relabels the success bodies only, as a misconfigured serializer of the service would: errors stay JSON.
    app.addHook('onSend', async (_req, reply, payload) => {
      const success = reply.statusCode >= 200 && reply.statusCode < 300 && reply.statusCode !== 204;
      if (success && reply.getHeader('content-type') !== undefined) reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    });
  }

  // Other hosts' routes, which this host also serves under a wrong-host fault, are registered by mock/build.ts.
  app.register(async (scoped) => analyticsRoutes(scoped, ctx), { prefix });
}
