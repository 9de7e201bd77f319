import type { FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import type { DialerCampaign } from '../../../state/dialer.ts';
import { cursorSlice } from './cursor.ts';
import { changedBy } from './dialect.ts';
import { invalid } from './resource-common.ts';

/**
 * The campaign list (spec: Endpoints > Dialer): filters `status` and `mode` (exact match; a value no
 * campaign has lists nothing), and from v1.0.22 `include_deleted`. Before v1.0.22 an unfiltered list
 * holds every status and `include_deleted` is an unknown parameter, ignored whatever its value; the
 * changelog does not say so, and the variant dialect behaves as v1.0.22 in every release (`changedBy`).
 * An empty `include_deleted` is refused as a value that is neither true nor false; the variant reads it
 * as absent, as the spec reads an empty cursor.
 *
 * The spec says both "any other value gives 400" and "no effect when status is set" of `include_deleted`,
 * which meet on a bad value beside `status`: this mock validates `include_deleted` first, so a bad value
 * is 400 with or without `status`; a valid one has no effect when `status` is set. A server that ignores
 * a bad value beside `status` fits the spec as well.
 */
type Query = Readonly<Record<string, unknown>>;

/** A filter value as sent: undefined when absent or empty; an error when repeated. */
function single(query: Query, name: string): string | undefined | Error {
  const raw = query[name];
  if (Array.isArray(raw)) return new Error(`${name} must be a string`);
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/** include_deleted from v1.0.22: true, false (also when absent), or the 400 it deserves. */
function includeDeleted(ctx: MockContext, query: Query): boolean | Error {
  const { faults } = ctx;
  const raw = query.include_deleted;
  if (!changedBy(ctx, '1.0.22')) return false;
  if (raw === undefined || (raw === '' && ctx.dialect === 'variant')) return false;
  if (faults.on('dialer-include-deleted-false-shows')) return true;
  if (faults.on('dialer-include-deleted-lenient') && typeof raw === 'string' && ['true', '1', 'yes'].includes(raw.trim().toLowerCase())) return true;
  if (faults.on('dialer-include-deleted-lenient') && typeof raw === 'string' && ['false', '0', 'no', ''].includes(raw.trim().toLowerCase())) return false;
  if (raw !== 'true' && raw !== 'false') return new Error('include_deleted must be one of the following values: true, false');
  return raw === 'true' && !faults.on('dialer-include-deleted-true-ignored');
}

/**
 * The dialer-list-keeps-older-deleted fault: the list that leaves deleted campaigns out reads an index whose
 * row of a campaign is dropped on delete only while that campaign is the company's newest; an older one keeps
 * its row as it was before the delete. Rows per mock, by campaign id.
 */
const staleRows = new WeakMap<MockContext, Map<string, DialerCampaign>>();

/** Keeps the row of a campaign about to be deleted, when a newer campaign of its company exists (the fault). */
export function keepStaleRow(ctx: MockContext, req: FastifyRequest, campaign: DialerCampaign): void {
  const newer = [...companyOf(req).dialer.campaigns.values()].some((c) => c.seq > campaign.seq);
  if (!newer) return;
  const rows = staleRows.get(ctx) ?? new Map<string, DialerCampaign>();
  staleRows.set(ctx, rows);
  rows.set(campaign.id, { ...campaign });
}

/** The campaigns a query selects, in creation order. */
function select(
  ctx: MockContext,
  campaigns: readonly DialerCampaign[],
  status: string | undefined,
  mode: string | undefined,
  include: boolean,
): DialerCampaign[] {
  const { faults } = ctx;
  let out = [...campaigns];
  const excludesDeleted = changedBy(ctx, '1.0.22') && !faults.on('dialer-campaign-list-shows-deleted');
  if (status !== undefined && !faults.on('dialer-campaign-status-filter-ignored')) {
    // The fault's server drops deleted campaigns before it applies the status filter.
    if (status === 'deleted' && faults.on('dialer-campaign-status-deleted-empty')) return [];
    out = out.filter((c) => c.status === status || (include && c.status === 'deleted' && faults.on('dialer-include-deleted-overrides-status')));
  } else if (status === undefined && excludesDeleted && !include) {
    const rows = staleRows.get(ctx);
    out = out.flatMap((c) => (c.status !== 'deleted' ? [c] : rows?.has(c.id) ? [rows.get(c.id) as DialerCampaign] : []));
  } else if (status === undefined && include && faults.on('dialer-include-deleted-only-deleted')) {
    // The fault's server reads include_deleted=true as status=deleted.
    out = out.filter((c) => c.status === 'deleted');
  }
  if (mode !== undefined && !faults.on('dialer-campaign-mode-filter-ignored')) out = out.filter((c) => c.mode === mode);
  return out;
}

export function listCampaigns(ctx: MockContext, req: FastifyRequest, reply: FastifyReply, render: (c: DialerCampaign) => unknown): FastifyReply {
  const query = req.query as Query;
  const status = single(query, 'status');
  const mode = single(query, 'mode');
  const include = includeDeleted(ctx, query);
  const problems = [status, mode, include].filter((v): v is Error => v instanceof Error).map((e) => e.message);
  if (problems.length > 0) return invalid(ctx, reply, problems);
  // The fault's server lists the campaigns of every company, not only the requester's.
  const companies = ctx.faults.on('dialer-campaigns-cross-company-list') ? [...ctx.state.companies.values()] : [companyOf(req)];
  const campaigns = companies.flatMap((company) => [...company.dialer.campaigns.values()]).sort((a, b) => a.seq - b.seq);
  // The fault's server also lists the oldest campaign of every other company: one the run never made.
  if (ctx.faults.on('dialer-campaigns-oldest-cross-company-list'))
    for (const other of ctx.state.companies.values()) {
      const oldest = [...other.dialer.campaigns.values()].sort((a, b) => a.seq - b.seq)[0];
      if (other !== companyOf(req) && oldest) campaigns.push(oldest);
    }
  // The fault's server lets include_deleted=false drop deleted campaigns even beside status=deleted.
  const dropped =
    status === 'deleted' && single(query, 'include_deleted') === 'false' && ctx.faults.on('dialer-include-deleted-false-overrides-status')
      ? campaigns.filter((c) => c.status !== 'deleted')
      : campaigns;
  const slice = cursorSlice(ctx, query, select(ctx, dropped, status as string | undefined, mode as string | undefined, include as boolean), {
    emptyCursorRefused: ctx.faults.on('dialer-campaigns-empty-cursor-400'),
    lenientCursor: ctx.faults.on('dialer-campaigns-cursor-lenient'),
    list: 'campaigns',
  });
  if (!slice.ok) return slice.send(reply);
  const data = slice.page.map(render);
  if (ctx.faults.on('dialer-campaign-list-no-meta')) return reply.code(200).send({ data, nextCursor: slice.nextCursor });
  return reply.code(200).send({ data, meta: { nextCursor: slice.nextCursor } });
}
