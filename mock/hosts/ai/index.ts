import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MockContext } from '../../context.ts';
import { resolveCredentials } from '../../http/credentials.ts';
import { AUTH_LAYER_401 } from './auth-layer.ts';
import { conversationIntelligenceRoutes } from './conversation-intelligence.ts';
import { dialerPlugin } from './dialer/index.ts';
import { serviceError } from './errors.ts';
import { voiceAgentRoutes } from './voice-agents.ts';
import { isError, relabelTextPlain } from '../../http/relabel.ts';

export { AUTH_LAYER_401 } from './auth-layer.ts';

/** The page an edge in front of the host answers instead of the API: HTML, no correlationId (it never reached the service). */
function edgeBlock(ctx: MockContext, reply: FastifyReply): FastifyReply {
  const traced = ctx.faults.on('ai-edge-correlation');
  if (traced) reply.header('x-correlation-id', 'c0ffee00-0000-4000-8000-000000000403');
  const quote = traced ? '<p>correlationId: c0ffee00-0000-4000-8000-000000000403</p>' : '';
  return reply
    .code(403)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html><head><title>403 Forbidden</title></head><body><h1>Access denied</h1><p>Requests need a User-Agent.</p>${quote}</body></html>`);
}

/**
 * The AI host ({ai_url}, prefix /v1): an edge that refuses a blank User-Agent with an HTML 403, an
 * authentication layer that answers before the service (neither carries a correlationId), then the
 * services, whose own errors carry one.
 */
export function aiHost(app: FastifyInstance, ctx: MockContext, prefix: string): void {
  const { state, faults } = ctx;
  const dialerPath = `${prefix}/dialer`;
  // The Dialer's own authentication faults are told apart by the path alone, so the host's other services keep their 401.
  const forDialer = (url: string): boolean => {
    const path = url.split('?', 1)[0] as string;
    return path === dialerPath || path.startsWith(`${dialerPath}/`);
  };

  app.addHook('onRequest', async (req, reply) => {
    // An edge ahead of everything: a blank User-Agent is refused before authentication.
    const agent = req.headers['user-agent'];
    if (typeof agent === 'string' && agent.trim() === '') return edgeBlock(ctx, reply);
    // A host that routes first tells anyone, credentials or not, which paths exist.
    if (req.is404 && faults.on('ai-route-before-auth')) return serviceError(ctx, reply, 404, 'Route not found');
    const dialer = forDialer(req.url);
    const result = resolveCredentials(state, req.headers.authorization, {
      ignoreSecret: faults.on('ai-auth-any-secret') || (dialer && faults.on('dialer-auth-incorrect-accepted')),
      acceptRevoked: faults.on('ai-auth-revoked-accepted') || (dialer && faults.on('dialer-auth-revoked-accepted')),
    });
    let companyId: number;
    if (result.ok) companyId = result.key.companyId;
    else if (result.problem === 'missing' && (faults.on('ai-auth-missing-accepted') || (dialer && faults.on('dialer-auth-missing-accepted')))) companyId = 1;
    else if (result.problem === 'malformed' && dialer && faults.on('dialer-auth-malformed-accepted')) companyId = 1;
    // The faults' servers fall back to the first company for a key ID they do not know, yet still compare the secret of one they do.
    else if (result.problem === 'unknown-key' && (dialer ? faults.on('dialer-auth-unknown-key-accepted') : faults.on('ai-auth-unknown-key-accepted')))
      companyId = 1;
    else if (result.problem === 'malformed' && faults.on('ai-auth-malformed-400')) return serviceError(ctx, reply, 400, 'Malformed Authorization header');
    else if (dialer && faults.on('dialer-401-core-body')) return reply.code(401).send({ responseData: { status: 401, message: 'Unauthorized' } });
    else {
      const body: Record<string, unknown> = { ...AUTH_LAYER_401 };
      if (faults.on('ai-401-wording')) body.message = 'Unauthorized';
      if (faults.on('ai-401-correlation')) body.correlationId = 'c0ffee00-0000-4000-8000-000000000401';
      return reply.code(401).send(body);
    }
    req.company = state.companies.get(companyId) ?? null;
    return undefined;
  });

  // Never echo the path or query: a body that repeats them can leak what a client put in a URL.
  app.setNotFoundHandler((_req, reply) => serviceError(ctx, reply, 404, 'Route not found'));
  app.setErrorHandler((err: { statusCode?: number; message?: string }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return serviceError(ctx, reply, 400, 'Bad Request', [status === 415 ? 'body must be application/json' : 'body must be valid JSON']);
    req.log.error(err);
    return serviceError(ctx, reply, 500, 'Internal server error');
  });

  if (faults.on('ai-content-type-text')) {
    // Relabels the already serialised body, as a misconfigured proxy would.
    app.addHook('onSend', async (_req, reply, payload) => {
      if (reply.getHeader('content-type') !== undefined) reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    });
  }

  // The fault's host labels its error bodies text/plain, the authentication layer's and the services' alike; successes stay JSON.
  if (faults.on('ai-error-text-plain')) relabelTextPlain(app, isError);

  // Each fault's host labels the success bodies of one of its services text/plain, as a misconfigured
  // serializer of that service would; its errors, and every other service's bodies, stay JSON.
  const SUCCESS_TEXT_FAULTS = ['ai-ci-success-text-plain', 'ai-va-success-text-plain', 'ai-dialer-success-text-plain'] as const;
  const successRelabelled = (url: string): boolean => {
    const path = url.split('?', 1)[0] as string;
    if (forDialer(url)) return faults.on('ai-dialer-success-text-plain');
    if (path.startsWith(`${prefix}/ai/calls/`)) return faults.on('ai-ci-success-text-plain');
    return path.startsWith(`${prefix}/voice-agents`) && faults.on('ai-va-success-text-plain');
  };
  if (SUCCESS_TEXT_FAULTS.some((name) => faults.on(name))) {
    app.addHook('onSend', async (req, reply, payload) => {
      const success = reply.statusCode >= 200 && reply.statusCode < 300 && reply.statusCode !== 204;
      if (success && reply.getHeader('content-type') !== undefined && successRelabelled(req.url)) reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    });
  }

  // The fault's host forgets its versioned base path and serves at the root.
  app.register(async (scoped) => aiRoutes(scoped, ctx), { prefix: faults.on('ai-unversioned') ? '' : prefix });
}

/** Every service of the AI host; registered there, and elsewhere only under a wrong-host fault. */
export function aiRoutes(app: FastifyInstance, ctx: MockContext): void {
  conversationIntelligenceRoutes(app, ctx);
  voiceAgentRoutes(app, ctx);
  app.register(async (dialer) => dialerPlugin(dialer, ctx), { prefix: ctx.faults.on('dialer-unprefixed') ? '' : '/dialer' });
}
