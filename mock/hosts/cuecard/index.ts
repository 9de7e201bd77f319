import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../../context.ts';
import { companyFor } from '../../http/credentials.ts';
import { cuecardError, cuecardRoutes } from './routes.ts';
import { isError, relabelTextPlain } from '../../http/relabel.ts';

/** The CueCard host: its authentication, its error answers, and the routes it serves (./routes.ts). */
export function cuecardHost(app: FastifyInstance, ctx: MockContext, prefix: string): void {
  const { state, faults } = ctx;

  app.addHook('onRequest', async (req, reply) => {
    const company = companyFor(state, req.headers.authorization, {
      acceptMissing: faults.on('cuecard-auth-missing-accepted'),
      refuseValid: faults.on('cuecard-own-keys'),
      acceptMalformed: faults.on('cuecard-auth-malformed-accepted'),
      acceptRevoked: faults.on('cuecard-auth-revoked-accepted'),
    });
    if (!company) return cuecardError(reply, 401, ['unauthorized']);
    req.company = company;
    return undefined;
  });
  app.setNotFoundHandler((_req, reply) => cuecardError(reply, 404, ['not found']));
  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return cuecardError(reply, 400, ['request body must be valid JSON']);
    req.log.error(err);
    return cuecardError(reply, 500, ['error processing cue card']);
  });

  if (faults.on('cuecard-content-type-text')) {
    // Relabels the already serialised body, as a misconfigured proxy would.
    app.addHook('onSend', async (_req, reply, payload) => {
      if (reply.getHeader('content-type') !== undefined) reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    });
  }

  // The fault's host labels its error bodies text/plain; successes stay JSON.
  if (faults.on('cuecard-error-text-plain')) relabelTextPlain(app, isError);

  // Other hosts' routes, which this host also serves under a wrong-host fault, are registered by mock/build.ts.
  app.register(async (scoped) => cuecardRoutes(scoped, ctx), { prefix });
}
