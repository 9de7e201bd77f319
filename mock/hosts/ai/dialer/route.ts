import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DialerRouteName } from '../../../../lib/dialer/routes.ts';
import type { MockContext } from '../../../context.ts';
import { routesOf } from './dialect.ts';

type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Serves a route of the Dialer route table on the plugin mounted at `/dialer`: in the reference dialect
 * the shared table (lib/dialer/routes.ts), so the mock answers exactly the paths the suite asks, from one
 * source; in the variant dialect its own paths (./dialect.ts).
 */
export function serve(app: FastifyInstance, ctx: MockContext, name: DialerRouteName, handler: Handler): void {
  const [method, template] = routesOf(ctx)[name].split(' ') as [string, string];
  const url = template.replace(/^\/dialer/, '').replace(/\{(\w+)\}/g, ':$1') || '/';
  app.route({ method: method as 'GET', url, handler });
}

/** Path parameters as strings, whatever the route. */
export function params(req: FastifyRequest): Record<string, string> {
  return req.params as Record<string, string>;
}
