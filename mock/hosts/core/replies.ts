import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MockContext } from '../../context.ts';
import { CORE_LIMIT, CORE_PAGE_MIN } from '../../../lib/contract/limits.ts';
import type { RenderedText } from './rendered.ts';

export const NOT_FOUND = 'Not found.';
export const INVALID_INPUT = 'Invalid input data.';
export const BAD_REQUEST = 'Bad request';
export const SERVER_ERROR = 'Something went wrong.';

export type FieldErrors = Record<string, string[]>;

/** The core failure envelope: { responseData: { status, message, data? } }. */
export function coreError(ctx: MockContext, reply: FastifyReply, status: number, message: string, data?: FieldErrors): FastifyReply {
  const envelopeStatus = ctx.faults.on('error-status-mismatch') ? 400 : status;
  return reply.code(status).send({ responseData: { status: envelopeStatus, message, ...(data ? { data } : {}) } });
}

export function notFound(ctx: MockContext, reply: FastifyReply): FastifyReply {
  return coreError(ctx, reply, 404, NOT_FOUND);
}

/**
 * The spec's 406 maps "a field name to an array of message strings" without saying whether every refused field is
 * named: `reference` names each, `variant` only the first it found.
 */
export function invalidInput(ctx: MockContext, reply: FastifyReply, errors: FieldErrors): FastifyReply {
  const named = ctx.dialect === 'variant' ? Object.fromEntries(Object.entries(errors).slice(0, 1)) : errors;
  return coreError(ctx, reply, 406, INVALID_INPUT, named);
}

/** Acknowledgement envelope: { responseData: { status, data? } }. */
export function ack(ctx: MockContext, reply: FastifyReply, status: number, data?: unknown): FastifyReply {
  const shown = ctx.faults.on('ack-status-string') ? String(status) : status;
  return reply.code(status).send({ responseData: { status: shown, ...(data !== undefined ? { data } : {}) } });
}

/**
 * A list the spec never calls a collection, answered without paging fields (the `variant` dialect): the whole
 * list, as a plain array in responseData or as responseData.data. page and limit are not its parameters.
 */
export function sendUnpaged<T>(reply: FastifyReply, items: readonly T[], render: (item: T) => unknown, form: 'array' | 'data'): FastifyReply {
  const data = items.map(render);
  return reply.code(200).send({ responseData: form === 'array' ? data : { data } });
}

export const DEFAULT_LIMIT = 50;

function positiveInteger(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Sends one page of a core collection: { itemsCount, pageCount, pageNumber, limit, data }.
 * limit outside 1..1000 and page below 1 are refused with 400, which the spec allows.
 * `render` may be a RenderedText, which holds each item's JSON text: the body is then joined from it,
 * byte for byte what serialising the rendered page gives.
 */
export function sendPage<T extends object>(
  ctx: MockContext,
  req: FastifyRequest,
  reply: FastifyReply,
  items: readonly T[],
  render: ((item: T) => unknown) | RenderedText<T>,
  /** The itemsCount to answer in place of the items' number: only a fault's lagging count differs. */
  countShown?: number,
): FastifyReply {
  const query = req.query as Record<string, unknown>;
  const { faults } = ctx;
  let limit = DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    const parsed = positiveInteger(query.limit);
    const tolerated = faults.on('limit-bound-not-enforced') && parsed !== undefined && parsed > CORE_LIMIT.max;
    if (parsed === undefined || parsed < CORE_LIMIT.min || (parsed > CORE_LIMIT.max && !tolerated)) return coreError(ctx, reply, 400, BAD_REQUEST);
    limit = parsed;
  }
  let page = 1;
  if (query.page !== undefined) {
    const parsed = positiveInteger(query.page);
    if (parsed === 0 && faults.on('page-zero-echoed')) page = 0;
    else if (parsed === undefined || parsed < CORE_PAGE_MIN) return coreError(ctx, reply, 400, BAD_REQUEST);
    else page = parsed;
  }
  const itemsCount = items.length;
  let pageCount = Math.ceil(itemsCount / limit);
  if (faults.on('page-count-off-by-one')) pageCount = Math.floor(itemsCount / limit) + 1;
  let start = (Math.max(page, 1) - 1) * limit;
  if (faults.on('page-walk-overlap') && page > 1) start -= 1;
  const end = start + limit + (faults.on('limit-not-applied') ? 1 : 0);
  const pageItems = items.slice(start, end);
  const counters = {
    itemsCount: faults.on('items-count-page-only') ? pageItems.length : itemsCount === 0 && faults.on('empty-items-count') ? 1 : (countShown ?? itemsCount),
    pageCount,
    pageNumber: faults.on('page-number-always-1') ? 1 : page,
    limit: query.limit === undefined && faults.on('default-limit-missing') ? 0 : limit,
  };
  const shown = faults.on('collection-counters-strings') ? Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, String(v)])) : counters;
  if (itemsCount === 0 && faults.on('collection-data-null-when-empty')) return reply.code(200).send({ responseData: { ...shown, data: null } });
  if (typeof render === 'function') return reply.code(200).send({ responseData: { ...shown, data: pageItems.map(render) } });
  // What serialising { responseData: { ...shown, data } } gives, around the items' text.
  const head = `{"responseData":${JSON.stringify(shown).slice(0, -1)},"data":[`;
  return reply
    .code(200)
    .header('content-type', JSON_CONTENT_TYPE)
    .send(render.join(head, pageItems, ']}}'));
}

/** What Fastify labels a serialised object with; a body sent as text must carry it explicitly. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
