import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HostName, MockContext } from '../context.js';
import { resolveCredentials } from '../http/credentials.js';
import { coreRoutes } from './core/index.js';

/**
 * The analytics, AI and CueCard hosts. Each authenticates with the same key pairs and answers in
 * its own error shape; a core path asked of them is a 404 (spec: Hosts).
 */
const UNAUTHORIZED: Readonly<Record<Exclude<HostName, 'core'>, () => unknown>> = {
  ai: () => ({ code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' }),
  analytics: () => ({ statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' }),
  cuecard: () => ({ success: false, errors: ['unauthorized'] }),
};

function notFoundBody(host: Exclude<HostName, 'core'>): unknown {
  if (host === 'ai') return { statusCode: 404, message: 'Not Found', error: 'Not Found', correlationId: randomUUID() };
  if (host === 'analytics') return { statusCode: 404, message: 'Not Found', error: 'Not Found' };
  return { success: false, errors: ['not found'] };
}

export function serviceHost(app: FastifyInstance, ctx: MockContext, host: Exclude<HostName, 'core'>, prefix: string): void {
  app.addHook('onRequest', async (req, reply: FastifyReply) => {
    const result = resolveCredentials(ctx.state, req.headers.authorization);
    if (!result.ok) return reply.code(401).send(UNAUTHORIZED[host]());
    req.company = ctx.state.companies.get(result.key.companyId) ?? null;
    return undefined;
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(notFoundBody(host)));
  app.setErrorHandler((err: { statusCode?: number }, _req, reply) => {
    const status = err.statusCode !== undefined && err.statusCode < 500 ? 400 : 500;
    const error = status === 400 ? 'Bad Request' : 'Internal Server Error';
    if (host === 'cuecard') return reply.code(status).send({ success: false, errors: [error] });
    return reply.code(status).send({ statusCode: status, message: error, error, ...(host === 'ai' ? { correlationId: randomUUID() } : {}) });
  });
  // Under this fault the analytics host answers core paths as the core host would.
  if (host === 'analytics' && ctx.faults.on('wrong-host-serves-core')) app.register(async (scoped) => coreRoutes(scoped, ctx), { prefix });
}
