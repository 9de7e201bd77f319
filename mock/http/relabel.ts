import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Labels the already serialised bodies a fault picks text/plain, as a misconfigured error handler or
 * proxy would: the body is unchanged, only its Content-Type lies.
 */
export function relabelTextPlain(app: FastifyInstance, picks: (req: FastifyRequest, reply: FastifyReply) => boolean): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.getHeader('content-type') !== undefined && picks(req, reply)) reply.header('content-type', 'text/plain; charset=utf-8');
    return payload;
  });
}

/** An error answer: the bodies an error-only relabelling fault picks. */
export const isError = (_req: FastifyRequest, reply: FastifyReply): boolean => reply.statusCode >= 400;
