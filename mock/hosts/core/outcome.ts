import type { FastifyReply } from 'fastify';
import type { MockContext } from '../../context.ts';
import { ack, invalidInput, notFound, type FieldErrors } from './replies.ts';

/**
 * What one write did, apart from how it is answered: a route sends it as its own reply, Contact actions
 * as one command's result. So a note added through either path is validated and stored alike.
 */
export type Outcome =
  { readonly status: 200 | 201; readonly data?: Record<string, unknown> } | { readonly status: 404 } | { readonly status: 406; readonly errors: FieldErrors };

export const done = (status: 200 | 201, data?: Record<string, unknown>): Outcome => (data === undefined ? { status } : { status, data });
export const missing: Outcome = { status: 404 };
/** A body that is no JSON object names no field: the refusal names the body. */
export const NOT_AN_OBJECT: Outcome = { status: 406, errors: { body: ['Must be a JSON object.'] } };
export const invalid = (errors: FieldErrors): Outcome => ({ status: 406, errors });

export function sendOutcome(ctx: MockContext, reply: FastifyReply, outcome: Outcome): FastifyReply {
  if (outcome.status === 404) return notFound(ctx, reply);
  if (outcome.status === 406) return invalidInput(ctx, reply, outcome.errors);
  return ack(ctx, reply, outcome.status, outcome.data);
}

/** A field map that holds at least one error, as an Outcome; null when there is none. */
export function refusal(errors: FieldErrors): Outcome | null {
  return Object.keys(errors).length > 0 ? invalid(errors) : null;
}
