import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DIALER_ROUTES, type DialerRouteName } from '../../../../lib/dialer/routes.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Serves a route of the shared Dialer route table (lib/dialer/routes.ts) on the plugin mounted at
 * `/dialer`: the mock answers exactly the paths the suite asks, from one source.
 */
export function serve(app: FastifyInstance, name: DialerRouteName, handler: Handler): void {
  const [method, template] = DIALER_ROUTES[name].split(' ') as [string, string];
  const url = template.replace(/^\/dialer/, '').replace(/\{(\w+)\}/g, ':$1') || '/';
  app.route({ method: method as 'GET', url, handler });
}

/** Path parameters as strings, whatever the route. */
export function params(req: FastifyRequest): Record<string, string> {
  return req.params as Record<string, string>;
}
