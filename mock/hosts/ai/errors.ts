import { createHash, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { MockContext } from '../../context.ts';

/**
 * The two error shapes of the AI host (spec: Errors on the {ai_url} host):
 * - raised by the service: { statusCode, message, error, correlationId, subErrors? };
 * - VoiceAgent create and get: { error: { code, message, details, target }, requestId }.
 * The authentication layer's 401 is neither; it lives in ./index.ts.
 */

/** The status name carried in `error`: 'Not Found' for 404, as the HTTP reason phrase has it. */
export function statusName(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * A correlation id is quoted to support; the spec does not say what it names. The reference dialect gives every
 * service error one of its own; the variant names the kind of failure, one id per company, status and message,
 * so the same failure met twice carries the same id.
 */
function correlationId(ctx: MockContext, reply: FastifyReply, status: number, message: string): string {
  if (ctx.dialect !== 'variant') return randomUUID();
  const hex = createHash('sha256')
    .update(`${reply.request.company?.id ?? 'anonymous'}:${status}:${message}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `subErrors` only on validation failures: pass them for a 400 of bad input, never for a missing resource. */
export function serviceError(
  ctx: MockContext,
  reply: FastifyReply,
  status: number,
  message: string,
  subErrors?: readonly string[],
  /** Members some errors add, such as the invalid cursor's `code`. */
  extra: Readonly<Record<string, unknown>> = {},
): FastifyReply {
  const { faults } = ctx;
  const body: Record<string, unknown> = {
    ...extra,
    statusCode: faults.on('ai-error-status-mismatch') ? 400 : status,
    message,
    error: faults.on('ai-error-name-code') ? `E${status}` : statusName(status),
  };
  if (!faults.on('ai-error-no-correlation')) body.correlationId = correlationId(ctx, reply, status, message);
  if (subErrors !== undefined) body.subErrors = [...subErrors];
  else if (faults.on('ai-suberrors-everywhere')) body.subErrors = [];
  return reply.code(status).send(body);
}

export interface NestedDetail {
  readonly code: string;
  readonly message: string;
  readonly target: string;
}

/** A request id per VoiceAgent response, success or error. */
export function requestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

export function nestedError(
  reply: FastifyReply,
  status: number,
  error: { code: string; message: string; target: string; details?: readonly NestedDetail[] },
): FastifyReply {
  return reply
    .code(status)
    .send({ error: { code: error.code, message: error.message, details: [...(error.details ?? [])], target: error.target }, requestId: requestId() });
}
