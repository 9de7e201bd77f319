import type { FastifyReply } from 'fastify';
import type { MockContext } from '../../context.ts';
import { nestedError, type NestedDetail } from './errors.ts';

/** The VoiceAgent error answer, shared by its resource and call routes. */
/** A nested error, with the fault that drops its requestId. */
export function reject(
  ctx: MockContext,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  target: string,
  details: readonly NestedDetail[] = [],
): FastifyReply {
  if (ctx.faults.on('va-error-no-request-id')) return reply.code(status).send({ error: { code, message, details: [...details], target } });
  return nestedError(reply, status, { code, message, target, details });
}
