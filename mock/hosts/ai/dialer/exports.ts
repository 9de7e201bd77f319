import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { atLeast } from '../../../../lib/dialer/releases.ts';
import { companyOf, type MockContext } from '../../../context.ts';
import type { DialerCampaign } from '../../../state/dialer.ts';
import { type ExportJob, resourcesOf } from '../../../state/dialer-resources.ts';
import { serviceError } from '../errors.ts';
import { DATE_ONLY, isUuid, parseRfc3339 } from './export-dates.ts';
import { campaignOf, invalid, isObject, missing } from './resource-common.ts';
import { changedBy, wrapped } from './dialect.ts';
import { params, serve } from './route.ts';

/**
 * Campaign data exports. A request is accepted with 202 and a jobId (UUID); the job is `queued` until it
 * runs, which it does at the first status read or once a second has passed, whichever comes first, and
 * is then `complete` with a download link (job states are not shown: GAP-EXPORT-JOB-STATES). When it
 * runs, a missing dateFrom resolves to the campaign's creation time and a missing dateTo to the run time.
 * v1.0.21 validates the filters (400, and 422 with no job queued) and answers a malformed jobId with 400
 * instead of a 500. The variant dialect validates the filters in every release (the changelog does not say
 * what came before), converts filter ids sent as numeric strings, and links the file over plain http (the
 * spec's HTTPS-only sentences speak of its own hosts).
 */
export const RUN_AFTER_MS = 1000;
export const DOWNLOAD_BASE = 'https://exports.cc-mock.example/dialer';

const ID_FIELDS = ['contactId', 'userId'] as const;
const DATE_FIELDS = ['dateFrom', 'dateTo'] as const;

/** The 400s of v1.0.21: the body's shape, the ids, and bounds that are not strings or only a date. */
function shapeErrors(ctx: MockContext, body: unknown): string[] {
  if (body !== undefined && body !== null && !isObject(body)) return ['body must be a JSON object'];
  const filters = isObject(body) ? body.filters : undefined;
  if (filters === undefined || filters === null) return [];
  if (!isObject(filters)) return ['filters must be an object'];
  const errors: string[] = [];
  if (!ctx.faults.on('dialer-export-ids-unvalidated')) {
    // Each field's fault: a server whose validator forgot that one id.
    const unchecked = { contactId: ctx.faults.on('dialer-export-contact-id-unvalidated'), userId: ctx.faults.on('dialer-export-user-id-unvalidated') };
    for (const field of ID_FIELDS.filter((f) => !unchecked[f])) {
      const sent = filters[field];
      const v = ctx.dialect === 'variant' && typeof sent === 'string' && /^\d+$/.test(sent) ? Number(sent) : sent;
      if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 1))
        errors.push(`filters.${field} must be an integer of at least 1`);
    }
  }
  for (const field of DATE_FIELDS) {
    const v = filters[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') errors.push(`filters.${field} must be a string`);
    // A date alone is valid ISO 8601 yet outside the RFC 3339 date-time shape, so both 'invalid filters give 400'
    // and the 422 for such a bound fit it: this mock answers 400, as an invalid filter.
    else if (DATE_ONLY.test(v)) errors.push(`filters.${field} must be an ISO 8601 date-time, not a date`);
  }
  return errors;
}

/** The 422s of v1.0.21: a bound that does not parse, or a window whose end is not after its start. */
function windowProblem(ctx: MockContext, filters: Record<string, unknown>): { status: number; message: string } | undefined {
  const parsed: Partial<Record<(typeof DATE_FIELDS)[number], number>> = {};
  for (const field of DATE_FIELDS) {
    const v = filters[field];
    if (typeof v !== 'string') continue;
    const ms = parseRfc3339(v);
    // The fault's server parses dateTo only when the job runs, so a bad one is queued.
    if (ms === undefined && field === 'dateTo' && ctx.faults.on('dialer-export-dateto-unchecked')) continue;
    if (ms === undefined) return { status: ctx.faults.on('dialer-export-dates-400') ? 400 : 422, message: `${field} must be a parseable ISO 8601 date-time` };
    parsed[field] = ms;
  }
  if (parsed.dateFrom !== undefined && parsed.dateTo !== undefined && parsed.dateTo <= parsed.dateFrom)
    return { status: 422, message: 'dateTo must be after dateFrom' };
  return undefined;
}

/** Runs the job when it is due, resolving its window. */
function runIfDue(ctx: MockContext, job: ExportJob, campaign: DialerCampaign | undefined, force: boolean): void {
  if (job.ranAt !== null || (!force && Date.now() - job.requestedAt < RUN_AFTER_MS)) return;
  job.ranAt = Date.now();
  const filters = isObject(job.filters) ? job.filters : {};
  // The fault's request time is kept a second past the campaign's creation, so that a job asked for in the
  // millisecond the campaign was made still shows the wrong start instead of hiding it.
  const created = campaign ? Date.parse(campaign.createdAt) : Number.NaN;
  const start = ctx.faults.on('dialer-export-start-now')
    ? new Date(Number.isNaN(created) ? job.requestedAt : Math.max(job.requestedAt, created + 1000)).toISOString()
    : (campaign?.createdAt ?? new Date(job.requestedAt).toISOString());
  job.window = {
    dateFrom: typeof filters.dateFrom === 'string' ? filters.dateFrom : start,
    dateTo: typeof filters.dateTo === 'string' ? filters.dateTo : new Date(job.ranAt).toISOString(),
  };
}

function renderJob(job: ExportJob): Record<string, unknown> {
  return {
    jobId: job.id,
    campaignId: job.campaignId,
    status: job.ranAt === null ? 'queued' : 'complete',
    filters: isObject(job.filters) ? job.filters : {},
    window: job.window,
    requestedAt: new Date(job.requestedAt).toISOString(),
    completedAt: job.ranAt === null ? null : new Date(job.ranAt).toISOString(),
  };
}

export function exportRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;
  const validating = () => changedBy(ctx, '1.0.21');

  serve(app, ctx, 'campaign.export', (req, reply) => {
    const body = req.body;
    if (validating()) {
      const errors = shapeErrors(ctx, body);
      if (errors.length > 0) return invalid(ctx, reply, errors);
    }
    const campaign = campaignOf(ctx, req, reply, 'read');
    if (!campaign) return reply;
    const filters = isObject(body) ? body.filters : undefined;
    if (validating() && isObject(filters)) {
      const problem = windowProblem(ctx, filters);
      // Refused before anything is queued (spec: Errors, 422).
      if (problem) return serviceError(ctx, reply, problem.status, problem.message);
    }
    const job: ExportJob = { id: randomUUID(), campaignId: campaign.id, filters: filters ?? {}, requestedAt: Date.now(), ranAt: null, window: null };
    resourcesOf(companyOf(req)).exports.set(job.id, job);
    return reply.code(faults.on('dialer-export-200') ? 200 : 202).send(wrapped(ctx, { jobId: job.id, status: 'queued' }));
  });

  /** The job of the path, or undefined after answering: 400 (v1.0.21) or 500 (before) for a malformed id, 404 for an unknown one. */
  function jobOf(req: FastifyRequest, reply: FastifyReply, route: 'status' | 'download'): ExportJob | undefined {
    const jobId = params(req).jobId ?? '';
    // The faults' servers forget the check on one of the two routes: the id is looked up as it is, and not found.
    const unchecked = route === 'status' ? faults.on('dialer-jobid-status-unvalidated') : faults.on('dialer-jobid-download-unvalidated');
    if (!isUuid(jobId) && !unchecked) {
      // Before v1.0.21 the id went unchecked to a UUID column, and the database error surfaced as a 500 (the changelog says so).
      // The fixed message is the spec's; as a validation failure the 400 also lists what failed in subErrors.
      if (atLeast(ctx.dialer.release, '1.0.21') && !faults.on('dialer-jobid-500'))
        invalid(ctx, reply, ['jobId must be a UUID'], 'Validation failed (uuid is expected)');
      else serviceError(ctx, reply, 500, 'Internal server error');
      return undefined;
    }
    const job = resourcesOf(companyOf(req)).exports.get(jobId.toLowerCase());
    if (!job) missing(ctx, reply, 'Export job');
    return job;
  }

  serve(app, ctx, 'exports.status', (req, reply) => {
    const job = jobOf(req, reply, 'status');
    if (!job) return reply;
    if (faults.on('dialer-export-status-404')) return missing(ctx, reply, 'Export job');
    runIfDue(ctx, job, companyOf(req).dialer.campaigns.get(job.campaignId), true);
    return reply.code(200).send(wrapped(ctx, renderJob(job)));
  });

  serve(app, ctx, 'exports.download', (req, reply) => {
    const job = jobOf(req, reply, 'download');
    if (!job) return reply;
    runIfDue(ctx, job, companyOf(req).dialer.campaigns.get(job.campaignId), false);
    if (job.ranAt === null) return serviceError(ctx, reply, 409, 'Export job is not complete yet');
    const base = ctx.dialect === 'variant' ? DOWNLOAD_BASE.replace('https:', 'http:') : DOWNLOAD_BASE;
    const link = faults.on('dialer-export-link-missing') ? {} : { url: `${base}/${job.id}.csv` };
    return reply.code(200).send(wrapped(ctx, { jobId: job.id, ...link, expiresAt: new Date(job.ranAt + 3_600_000).toISOString() }));
  });
}
