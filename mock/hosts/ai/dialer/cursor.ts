import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { atLeast } from '../../../../lib/dialer/releases.ts';
import { DIALER_LIMIT } from '../../../../lib/contract/limits.ts';
import type { MockContext } from '../../../context.ts';
import type { Faults } from '../../../faults/registry.ts';
import { serviceError } from '../errors.ts';
import { invalid as validationFailure } from './resource-common.ts';

/**
 * Cursor pagination of the Dialer's lists (spec: Endpoints > Dialer): `limit` 1 to 100, default 50;
 * an opaque `cursor`; `meta.nextCursor` null on the last page. The cursor names the creation sequence
 * number of the last item served, signed, so a cursor that was tampered with or truncated is
 * undecodable rather than a different position, and items created or deleted between pages never
 * shift the ones still to come.
 *
 * Choices where the spec is silent: a `limit` outside 1 to 100 or not an integer is 400 with
 * subErrors, in every release; a cursor carries no filter, so it continues whichever list it is sent to.
 */
export const INVALID_CURSOR_CODE = 'PAGINATION.INVALID_CURSOR';

export interface Sequenced {
  readonly seq: number;
}

function mac(ctx: MockContext, payload: string): string {
  return createHmac('sha256', `cc-mock-cursor:${ctx.state.seed}`).update(payload).digest('base64url').slice(0, 22);
}

/** `top`: the newest item the list held when the cursor was made, which only a fault's server keeps. */
export function encodeCursor(ctx: MockContext, afterSeq: number, top?: number): string {
  const payload = Buffer.from(JSON.stringify(top === undefined ? { after: afterSeq } : { after: afterSeq, top })).toString('base64url');
  return `${payload}.${mac(ctx, payload)}`;
}

/** The newest item a cursor's list held when it was made, when the cursor says (the fault's cursors do). */
function cursorTop(ctx: MockContext, cursor: string): number | undefined {
  if (decodeCursor(ctx, cursor) === undefined) return undefined;
  const top = (JSON.parse(Buffer.from(cursor.split('.')[0] as string, 'base64url').toString('utf8')) as { top?: unknown }).top;
  return typeof top === 'number' ? top : undefined;
}

/** The sequence number a cursor continues after, or undefined when it cannot be decoded. */
export function decodeCursor(ctx: MockContext, cursor: string): number | undefined {
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0 || signature !== mac(ctx, payload)) return undefined;
  try {
    const after = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { after?: unknown }).after;
    return typeof after === 'number' && Number.isSafeInteger(after) && after >= 0 ? after : undefined;
  } catch {
    return undefined;
  }
}

/** What a query deserves: one page, or an error to answer with. */
export type Slice<T> =
  | { readonly ok: true; readonly page: readonly T[]; readonly nextCursor: string | null }
  | { readonly ok: false; readonly send: (reply: FastifyReply) => FastifyReply };

function invalid<T>(ctx: MockContext, message: string, subErrors: readonly string[], extra?: Record<string, unknown>): Slice<T> {
  return { ok: false, send: (reply) => validationFailure(ctx, reply, subErrors, message, extra) };
}

/** The cursor lists, for the faults that bend the limit of one list alone. */
export type CursorListName = 'campaigns' | 'contacts' | 'scripts' | 'surveys';

/** Whether a fault is on. */
type On = (faults: Faults) => boolean;

/** Each list's faults: a missing limit read as 1, limit=100 refused, limit=0 applied. */
const LIMIT_FAULTS: Readonly<Record<CursorListName, { readonly defaultOne: On; readonly maxRefused: On; readonly zeroApplied: On }>> = {
  campaigns: {
    defaultOne: (faults) => faults.on('dialer-campaigns-limit-default-1'),
    maxRefused: (faults) => faults.on('dialer-campaigns-limit-100-rejected'),
    zeroApplied: (faults) => faults.on('dialer-campaigns-limit-zero-applied'),
  },
  contacts: {
    defaultOne: (faults) => faults.on('dialer-contacts-limit-default-1'),
    maxRefused: (faults) => faults.on('dialer-contacts-limit-100-rejected'),
    zeroApplied: (faults) => faults.on('dialer-contacts-limit-zero-applied'),
  },
  scripts: {
    defaultOne: (faults) => faults.on('dialer-scripts-limit-default-1'),
    maxRefused: (faults) => faults.on('dialer-scripts-limit-100-rejected'),
    zeroApplied: (faults) => faults.on('dialer-scripts-limit-zero-applied'),
  },
  surveys: {
    defaultOne: (faults) => faults.on('dialer-surveys-limit-default-1'),
    maxRefused: (faults) => faults.on('dialer-surveys-limit-100-rejected'),
    zeroApplied: (faults) => faults.on('dialer-surveys-limit-zero-applied'),
  },
};

function parseLimit<T>(ctx: MockContext, raw: unknown, list: CursorListName | undefined): number | Slice<T> {
  const { faults } = ctx;
  const own = list === undefined ? undefined : LIMIT_FAULTS[list];
  const ownFault = (which: 'defaultOne' | 'maxRefused' | 'zeroApplied') => own !== undefined && own[which](faults);
  if (raw === undefined) return faults.on('dialer-cursor-limit-default-20') ? 20 : ownFault('defaultOne') ? 1 : DIALER_LIMIT.default;
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n)) return invalid(ctx, 'Validation failed', ['limit must be an integer number']);
  if (n === 0 && (faults.on('dialer-cursor-limit-zero-applied') || ownFault('zeroApplied'))) return 0;
  // The fault's server refuses the smallest limit too (an off-by-one bound).
  if (n < DIALER_LIMIT.min || (n === DIALER_LIMIT.min && faults.on('dialer-cursor-limit-1-rejected')))
    return invalid(ctx, 'Validation failed', [`limit must not be less than ${DIALER_LIMIT.min}`]);
  // The fault's server refuses a limit above the range with 422 rather than as a validation failure.
  if (n > DIALER_LIMIT.max && faults.on('dialer-cursor-limit-over-max-422'))
    return { ok: false, send: (reply) => serviceError(ctx, reply, 422, `limit must not be greater than ${DIALER_LIMIT.max}`) };
  if (n > DIALER_LIMIT.max || (n === DIALER_LIMIT.max && (faults.on('dialer-cursor-limit-100-rejected') || ownFault('maxRefused'))))
    return invalid(ctx, 'Validation failed', [`limit must not be greater than ${DIALER_LIMIT.max}`]);
  return n;
}

/** The undecodable cursor's answer: 400 with its code from the next release on (spec: Versioning, 2026-09-07). */
function undecodable<T>(ctx: MockContext): Slice<T> | undefined {
  const { faults } = ctx;
  if (!atLeast(ctx.dialer.release, 'next')) {
    if (faults.on('dialer-cursor-invalid-500-early')) return { ok: false, send: (reply) => serviceError(ctx, reply, 500, 'Internal server error') };
    return undefined;
  }
  if (faults.on('dialer-cursor-invalid-code-only'))
    return { ok: false, send: (reply) => reply.code(400).send({ code: INVALID_CURSOR_CODE, message: 'Invalid pagination cursor' }) };
  return invalid(
    ctx,
    'Invalid pagination cursor',
    ['cursor could not be decoded'],
    faults.on('dialer-cursor-invalid-no-code') ? {} : { code: INVALID_CURSOR_CODE },
  );
}

/** Ways one list may page unlike the others, for the faults that break a single list. */
export interface ListQuirks {
  /** An undecodable cursor is read as the first page, whatever the release. */
  readonly lenientCursor?: boolean;
  /** An empty cursor is refused as undecodable. */
  readonly emptyCursorRefused?: boolean;
  /** Which list this is, for the faults that bend one list's limit alone. */
  readonly list?: CursorListName;
}

/** One page of `items` (in creation order) for the query's `limit` and `cursor`, or the error it deserves. */
export function cursorSlice<T extends Sequenced>(
  ctx: MockContext,
  query: Readonly<Record<string, unknown>>,
  items: readonly T[],
  quirks: ListQuirks = {},
): Slice<T> {
  const { faults } = ctx;
  const limit = parseLimit<T>(ctx, query.limit, quirks.list);
  if (typeof limit !== 'number') return limit;
  let after = 0;
  const cursor = query.cursor;
  if (cursor === '' && (faults.on('dialer-cursor-empty-400') || quirks.emptyCursorRefused))
    return undecodable(ctx) ?? invalid(ctx, 'Invalid pagination cursor', ['cursor could not be decoded']);
  if (cursor !== undefined && cursor !== '') {
    const decoded = typeof cursor === 'string' ? decodeCursor(ctx, cursor) : undefined;
    if (decoded !== undefined) after = decoded;
    else if (!quirks.lenientCursor) {
      const refusal = undecodable<T>(ctx);
      if (refusal) return refusal;
    }
  }
  // A position counted from the newest item: what an offset-paginated, newest-first list would do.
  if (faults.on('dialer-cursor-offset')) {
    const ordered = [...items].reverse();
    const page = ordered.slice(after, after + limit);
    return { ok: true, page, nextCursor: after + limit < ordered.length ? encodeCursor(ctx, after + limit) : null };
  }
  // The fault's server steps back one item when the list has grown since the cursor was made: an insert repeats one.
  const newest = items.reduce((top, item) => Math.max(top, item.seq), 0);
  const repeats = faults.on('dialer-cursor-repeats-after-insert');
  if (repeats && typeof cursor === 'string' && cursor !== '') {
    const top = cursorTop(ctx, cursor);
    if (top !== undefined && newest > top) after = items.filter((item) => item.seq < after).reduce((prev, item) => Math.max(prev, item.seq), 0);
  }
  const rest = items.filter((item) => item.seq > after);
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  if (repeats && last && rest.length > limit) return { ok: true, page, nextCursor: encodeCursor(ctx, last.seq, newest) };
  if (faults.on('dialer-cursor-never-null')) return { ok: true, page, nextCursor: encodeCursor(ctx, last?.seq ?? after) };
  if (limit === 0) return { ok: true, page, nextCursor: rest.length > 0 ? encodeCursor(ctx, after) : null };
  const resume = last && faults.on('dialer-cursor-overlap') ? last.seq - 1 : last?.seq;
  return { ok: true, page, nextCursor: rest.length > limit && resume !== undefined ? encodeCursor(ctx, resume) : null };
}

/** Answers one page of `items` (in creation order) as `{ data, meta: { nextCursor } }`, or the error the query deserves. */
export function cursorPage<T extends Sequenced>(
  ctx: MockContext,
  req: FastifyRequest,
  reply: FastifyReply,
  items: readonly T[],
  render: (item: T) => unknown,
  quirks: ListQuirks = {},
): FastifyReply {
  const slice = cursorSlice(ctx, req.query as Record<string, unknown>, items, quirks);
  if (!slice.ok) return slice.send(reply);
  return reply.code(200).send({ data: slice.page.map(render), meta: { nextCursor: slice.nextCursor } });
}
