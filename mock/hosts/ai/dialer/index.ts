import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import { setDialerRetryAfter, spend } from '../../../http/rate-limiter.ts';
import { serviceError } from '../errors.ts';
import { AUTH_LAYER_401 } from '../auth-layer.ts';
import { campaignRoutes } from './campaigns.ts';
import { changedBy } from './dialect.ts';
import { resourceRoutes } from './resources.ts';

/**
 * The Dialer partner API under `/dialer` on the AI host. In front of its routes: the x-api-key refusal
 * (2026-08-25), a dependency outage (503), and the Dialer's own budget per company. Its unmatched
 * routes answer as the release profile says (v1.0.21 fixed the body to `Route not found`; the variant
 * dialect answers so in every release, since the changelog does not say what came before).
 */
function notRouted(ctx: MockContext, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (changedBy(ctx, '1.0.21') && !ctx.faults.on('dialer-route-not-found-echo')) return serviceError(ctx, reply, 404, 'Route not found');
  // Before v1.0.21 (the changelog does not say what it was): the framework's default, which repeats method, path and query and has no correlationId.
  return reply.code(404).send({ statusCode: 404, message: `Cannot ${req.method} ${req.url}`, error: 'Not Found' });
}

export function dialerPlugin(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  app.addHook('onRequest', async (req, reply) => {
    // The per-company x-api-key scheme was never deployed: any request carrying the header is refused.
    if (req.headers['x-api-key'] !== undefined && !faults.on('dialer-x-api-key-accepted')) return reply.code(401).send({ ...AUTH_LAYER_401 });
    if (ctx.outage.dialer > 0) {
      ctx.outage.dialer -= 1;
      reply.header('retry-after', '1');
      return serviceError(ctx, reply, 503, 'Service Unavailable');
    }
    const company = companyOf(req);
    if (faults.on('dialer-rejects-basic')) return reply.code(401).send({ ...AUTH_LAYER_401 });
    // One counter for both surfaces (a fault) makes the Dialer spend the core meter's company bucket.
    const meter = faults.on('rate-one-counter') ? ctx.coreMeter : ctx.dialer.meter;
    const verdict = await spend(
      meter,
      faults.on('dialer-rate-per-key') ? `key:${req.headers.authorization ?? ''}` : `company:${company.id}`,
      faults.on('dialer-rate-race'),
    );
    if (!verdict.allowed) {
      setDialerRetryAfter(reply, verdict);
      // The fault answers in the core envelope, as a gateway shared with the core API might.
      if (faults.on('dialer-rate-429-core-body')) return reply.code(429).send({ responseData: { status: 429, message: 'Too Many Requests' } });
      // The variant's limiter sits ahead of the service and answers as the authentication layer does: the
      // AI host's other documented shape, which the spec equally allows.
      if (ctx.dialect === 'variant') return reply.code(429).send({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests: retry later.' });
      return serviceError(ctx, reply, 429, 'Too Many Requests');
    }
    // Under this fault the Dialer also spends the core budget, as a gateway with one shared counter would.
    if (faults.on('dialer-rate-shared-with-core')) ctx.coreMeter.hit(`company:${company.id}`);
    return undefined;
  });
  app.setNotFoundHandler((req, reply) => notRouted(ctx, req, reply));

  campaignRoutes(app, ctx);
  resourceRoutes(app, ctx);
}
