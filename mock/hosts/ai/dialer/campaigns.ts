import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import type { DialerCampaign, DialerCampaignContact } from '../../../state/dialer.ts';
import type { MockState } from '../../../state/model.ts';
import { AUTH_LAYER_401 } from '../auth-layer.ts';
import { serviceError } from '../errors.ts';
import { keepStaleRow, listCampaigns } from './campaign-list.ts';
import { mergePolicy, validateCampaign, windowConflict } from './campaign-validate.ts';
import { cursorPage } from './cursor.ts';
import { wrapped } from './dialect.ts';
import { invalid, isObject, readOnlyChanges } from './resource-common.ts';
import { params, serve } from './route.ts';

/**
 * Campaigns: list (cursor), create, read, partial update, delete to status `deleted`, and a campaign's
 * dialing list. Paths come from the shared route table. Choices where the spec shows nothing:
 * - create answers 201 and read and update 200, each with `{ data: <campaign> }`, the wrapping of the
 *   list's items; a campaign is `{ id, name, status, mode, schedule_policy, calling_policy, createdAt, updatedAt }`;
 * - an id the company does not hold is 404 `Campaign not found`, whoever else holds it;
 * - the "campaign update conflicting with configuration" 422: an update after which the calling window
 *   would end before it starts, and any update of a deleted campaign;
 * - deleting a deleted campaign is 204 again and changes nothing; a deleted campaign keeps its dialing list;
 * - an update takes back `id`, `createdAt` and `updatedAt` as listed (any other value is a 400), and moves
 *   `updatedAt` only when it changed something, so a campaign read and written back lists what it was given.
 */
const NOT_FOUND = 'Campaign not found';

/**
 * calling_policy as a campaign reads back: the spec says a campaign has one and stores only documented knobs.
 * The reference answers the knobs set, an empty object for none; the variant answers null for none.
 */
function policyAsRead(ctx: MockContext, policy: Record<string, unknown>): unknown {
  return ctx.dialect === 'variant' && Object.keys(policy).length === 0 ? null : { ...policy };
}

function render(ctx: MockContext, c: DialerCampaign): Record<string, unknown> {
  const schedule = { ...c.schedule_policy };
  // A store that keeps dates as local midnight, read back in UTC: a day early.
  if (ctx.faults.on('dialer-campaign-date-shifted') && typeof schedule.start_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(schedule.start_date)) {
    schedule.start_date = new Date(Date.parse(`${schedule.start_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  }
  // The fault's server keeps calling_policy apart and leaves it out of the record.
  const calling = ctx.faults.on('dialer-campaign-no-calling-policy') ? {} : { calling_policy: policyAsRead(ctx, c.calling_policy) };
  return { id: c.id, name: c.name, status: c.status, mode: c.mode, schedule_policy: schedule, ...calling, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

const renderContact = (c: DialerCampaignContact) => ({
  id: c.id,
  contact_id: c.contact_id,
  phone_number: c.phone_number,
  status: c.status,
  attempts: c.attempts,
});

/** The campaign the path names among the requester's, or, for a cross-company fault's server (`everyCompany`), among every company's. */
function campaignOf(req: FastifyRequest, everyCompany?: MockState): DialerCampaign | undefined {
  const id = params(req).campaignId ?? '';
  const companies = everyCompany ? [companyOf(req), ...everyCompany.companies.values()] : [companyOf(req)];
  return companies.map((company) => company.dialer.campaigns.get(id)).find((campaign) => campaign !== undefined);
}

/**
 * The path names no campaign of the requester's. Whether another company's campaign is refused as foreign
 * credentials (401) or not found (404) is open (Authentication 3 and 6): the reference finds none, the
 * variant refuses. Each fault's server gets the 404 of one operation wrong, and that one only.
 */
function missing(ctx: MockContext, req: FastifyRequest, reply: FastifyReply, operation: 'read' | 'update' | 'delete'): FastifyReply {
  const id = params(req).campaignId ?? '';
  const foreign = ctx.dialect === 'variant' && [...ctx.state.companies.values()].some((company) => company.dialer.campaigns.has(id));
  if (foreign) return reply.code(401).send({ ...AUTH_LAYER_401 });
  const { faults } = ctx;
  if (operation === 'read' && faults.on('dialer-campaign-not-found-read-route-message')) return serviceError(ctx, reply, 404, 'Route not found');
  if (operation === 'update' && faults.on('dialer-campaign-not-found-update-bare')) return reply.code(404).send({ statusCode: 404, message: NOT_FOUND });
  if (operation === 'delete' && faults.on('dialer-campaign-not-found-delete-empty')) return reply.code(404).send();
  return serviceError(ctx, reply, 404, NOT_FOUND);
}

/** A campaign write's validation 400. */
function refuse(ctx: MockContext, reply: FastifyReply, subErrors: readonly string[]): FastifyReply {
  // The fault's validator lists the raw error of a refused name beside the messages: an entry that is no string.
  if (ctx.faults.on('dialer-campaign-name-400-raw-suberror') && subErrors.some((s) => s.startsWith('name ')))
    return serviceError(ctx, reply, 400, 'Validation failed', undefined, {
      subErrors: [...subErrors, { property: 'name', constraints: { isNotEmpty: subErrors[0] } }],
    });
  return invalid(ctx, reply, subErrors);
}

function create(ctx: MockContext, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const checked = validateCampaign(ctx, req.body, 'create');
  if (!checked.ok) return refuse(ctx, reply, checked.subErrors);
  const company = companyOf(req);
  const now = new Date().toISOString();
  const { fields } = checked;
  const seq = company.dialer.nextSeq++;
  const campaign: DialerCampaign = {
    id: randomUUID(),
    name: fields.name ?? '',
    status: fields.status ?? 'draft',
    mode: fields.mode ?? 'power',
    schedule_policy: mergePolicy({}, fields.schedule_policy ?? {}),
    calling_policy: mergePolicy({}, fields.calling_policy ?? {}),
    createdAt: now,
    updatedAt: now,
    contacts: [],
    seq,
  };
  company.dialer.campaigns.set(campaign.id, campaign);
  return reply.code(ctx.faults.on('dialer-campaign-create-200') ? 200 : 201).send(wrapped(ctx, render(ctx, campaign)));
}

function update(ctx: MockContext, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const campaign = campaignOf(req, ctx.faults.on('dialer-campaigns-cross-company-write') ? ctx.state : undefined);
  if (!campaign) return missing(ctx, req, reply, 'update');
  const checked = validateCampaign(ctx, req.body, 'update');
  const unchangeable = isObject(req.body) ? readOnlyChanges(req.body, { id: campaign.id, createdAt: campaign.createdAt, updatedAt: campaign.updatedAt }) : [];
  if (!checked.ok || unchangeable.length > 0) return refuse(ctx, reply, [...(checked.ok ? [] : checked.subErrors), ...unchangeable]);
  if (campaign.status === 'deleted') return serviceError(ctx, reply, 422, 'A deleted campaign cannot be updated');
  const { fields } = checked;
  const settings = (c: DialerCampaign) => ({
    name: c.name,
    mode: c.mode,
    status: c.status,
    schedule_policy: c.schedule_policy,
    calling_policy: c.calling_policy,
  });
  const before = structuredClone(settings(campaign));
  const calling = fields.calling_policy ? mergePolicy(campaign.calling_policy, fields.calling_policy) : campaign.calling_policy;
  if (windowConflict(calling))
    return serviceError(ctx, reply, 422, 'Campaign update conflicts with its configuration: calling_policy.call_window_end must be after call_window_start');
  if (ctx.faults.on('dialer-campaign-patch-replaces')) {
    // A PUT in PATCH's clothing: what the body leaves out falls back to the defaults.
    Object.assign(campaign, { mode: 'power', status: 'draft', schedule_policy: {}, calling_policy: {} });
  }
  if (fields.name !== undefined) campaign.name = fields.name;
  if (fields.mode !== undefined) campaign.mode = fields.mode;
  if (fields.status !== undefined) campaign.status = fields.status;
  if (fields.schedule_policy) campaign.schedule_policy = mergePolicy(campaign.schedule_policy, fields.schedule_policy);
  if (fields.calling_policy) campaign.calling_policy = ctx.faults.on('dialer-campaign-patch-replaces') ? mergePolicy({}, fields.calling_policy) : calling;
  // The fault's server writes its default calling window into every PATCH that sends no calling_policy.
  else if (ctx.faults.on('dialer-campaign-patch-fills-calling-policy'))
    campaign.calling_policy = { ...campaign.calling_policy, call_window_start: '09:00', call_window_end: '17:00' };
  if (!isDeepStrictEqual(before, settings(campaign))) campaign.updatedAt = new Date().toISOString();
  return reply.code(200).send(wrapped(ctx, render(ctx, campaign)));
}

function remove(ctx: MockContext, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const campaign = campaignOf(req, ctx.faults.on('dialer-campaigns-cross-company-delete') ? ctx.state : undefined);
  if (!campaign) return missing(ctx, req, reply, 'delete');
  if (ctx.faults.on('dialer-campaign-delete-purges')) companyOf(req).dialer.campaigns.delete(campaign.id);
  if (campaign.status !== 'deleted' && ctx.faults.on('dialer-list-keeps-older-deleted')) keepStaleRow(ctx, req, campaign);
  if (campaign.status !== 'deleted') {
    campaign.status = 'deleted';
    campaign.updatedAt = new Date().toISOString();
  }
  if (ctx.faults.on('dialer-campaign-delete-200')) return reply.code(200).send(wrapped(ctx, render(ctx, campaign)));
  return reply.code(204).send();
}

function contacts(ctx: MockContext, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const campaign = campaignOf(req);
  if (!campaign) {
    if (ctx.faults.on('dialer-campaign-not-found-contacts-empty')) return reply.code(200).send({ data: [], meta: { nextCursor: null } });
    return serviceError(ctx, reply, 404, NOT_FOUND);
  }
  if (ctx.faults.on('dialer-campaign-contacts-unpaged'))
    return reply.code(200).send({ data: campaign.contacts.map(renderContact), meta: { nextCursor: null } });
  return cursorPage(ctx, req, reply, campaign.contacts, renderContact, {
    emptyCursorRefused: ctx.faults.on('dialer-contacts-empty-cursor-400'),
    lenientCursor: ctx.faults.on('dialer-contacts-cursor-lenient'),
    list: 'contacts',
  });
}

export function campaignRoutes(app: FastifyInstance, ctx: MockContext): void {
  serve(app, ctx, 'campaigns.list', (req, reply) => listCampaigns(ctx, req, reply, (c) => render(ctx, c)));
  serve(app, ctx, 'campaigns.create', (req, reply) => create(ctx, req, reply));
  serve(app, ctx, 'campaigns.get', (req, reply) => {
    const campaign = campaignOf(req, ctx.faults.on('dialer-campaigns-cross-company-read') ? ctx.state : undefined);
    // A read that stamps the record as if it were a write.
    if (campaign && ctx.faults.on('dialer-get-touches')) campaign.updatedAt = new Date().toISOString();
    return campaign ? reply.code(200).send(wrapped(ctx, render(ctx, campaign))) : missing(ctx, req, reply, 'read');
  });
  serve(app, ctx, 'campaigns.update', (req, reply) => update(ctx, req, reply));
  serve(app, ctx, 'campaigns.delete', (req, reply) => remove(ctx, req, reply));
  serve(app, ctx, 'campaign.contacts', (req, reply) => contacts(ctx, req, reply));
}
