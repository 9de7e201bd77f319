import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import type { Faults } from '../../../faults/registry.ts';
import type { DialerCampaign } from '../../../state/dialer.ts';
import { serviceError } from '../errors.ts';
import { changedBy, keptName, trimName } from './dialect.ts';
import { params } from './route.ts';

/** What the resource routes share: body checks in the service's validation shape, campaign lookup, names. */

export { isObject } from '../../core/validate.ts';

/**
 * A validation failure: 400 with the messages in subErrors (spec: Errors on the {ai_url} host, 2: the service
 * shape lists subErrors, which appear on validation failures). Every validation 400 of the Dialer answers
 * through here, the undecodable cursor (with its `code`) and the malformed jobId (with its fixed message) too.
 */
export function invalid(
  ctx: MockContext,
  reply: FastifyReply,
  subErrors: readonly string[],
  message = 'Validation failed',
  extra: Readonly<Record<string, unknown>> = {},
): FastifyReply {
  const { faults } = ctx;
  const about = (fields: RegExp) => subErrors.some((s) => fields.test(s));
  // Each fault's server forgets subErrors on the 400s of one kind of refusal alone, told by what its messages name.
  if (faults.on('dialer-validation-no-suberrors') || BARE_REFUSALS.some(([on, fields]) => on(faults) && about(fields)))
    return serviceError(ctx, reply, 400, message, undefined, extra);
  // These put what failed in the message instead, so the field is still named.
  if (MESSAGE_REFUSALS.some(([on, fields]) => on(faults) && about(fields))) return serviceError(ctx, reply, 400, subErrors.join('; '), undefined, extra);
  return serviceError(ctx, reply, 400, message, subErrors, extra);
}

/** The kinds of validation 400 one fault each answers without subErrors, by the messages that kind lists. */
const BARE_REFUSALS: readonly (readonly [(faults: Faults) => boolean, RegExp])[] = [
  [(faults) => faults.on('dialer-limit-400-no-suberrors'), /^limit /],
  [(faults) => faults.on('dialer-include-deleted-400-no-suberrors'), /^include_deleted /],
  [(faults) => faults.on('dialer-cursor-400-no-suberrors'), /^cursor /],
  [(faults) => faults.on('dialer-export-ids-400-no-suberrors'), /^filters\.(contactId|userId) /],
  [(faults) => faults.on('dialer-export-bounds-400-no-suberrors'), /^filters\.(dateFrom|dateTo) /],
  [(faults) => faults.on('dialer-outcome-kind-400-no-suberrors'), /^buttons\.\d+\.outcome_kind /],
  [(faults) => faults.on('dialer-jobid-400-no-suberrors'), /^jobId /],
];

/** The kinds of validation 400 one fault each answers with what failed as the message, without subErrors. */
const MESSAGE_REFUSALS: readonly (readonly [(faults: Faults) => boolean, RegExp])[] = [
  [(faults) => faults.on('dialer-start-date-400-message-only'), /^schedule_policy\.start_date /],
  [(faults) => faults.on('dialer-start-time-400-message-only'), /^schedule_policy\.start_time /],
];

/** The resources a 404 names, each with the fault whose server answers its 404 'Route not found' alone. */
const ROUTE_MESSAGE_FAULTS: Readonly<Record<'Campaign' | 'Call script' | 'Survey' | 'Export job', (faults: Faults) => boolean>> = {
  Campaign: (faults) => faults.on('dialer-res-404-campaign-route-message'),
  'Call script': (faults) => faults.on('dialer-res-404-script-route-message'),
  Survey: (faults) => faults.on('dialer-res-404-survey-route-message'),
  'Export job': (faults) => faults.on('dialer-res-404-job-route-message'),
};

/** A missing resource: 404 with the endpoint's own message, never a subErrors list. */
export function missing(ctx: MockContext, reply: FastifyReply, what: keyof typeof ROUTE_MESSAGE_FAULTS): FastifyReply {
  const routeMessage = ctx.faults.on('dialer-res-404-route-message') || ROUTE_MESSAGE_FAULTS[what](ctx.faults);
  return serviceError(ctx, reply, 404, routeMessage ? 'Route not found' : `${what} not found`);
}

/**
 * The campaign of the path, or undefined after answering 404. A deleted campaign stays readable for
 * reporting (spec: States and transitions); writes to it are refused as to a missing one.
 */
export function campaignOf(ctx: MockContext, req: FastifyRequest, reply: FastifyReply, access: 'read' | 'write'): DialerCampaign | undefined {
  const campaign = companyOf(req).dialer.campaigns.get(params(req).campaignId ?? '');
  if (campaign && (access === 'read' || campaign.status !== 'deleted')) return campaign;
  missing(ctx, reply, 'Campaign');
  return undefined;
}

export type NameCheck = { readonly name: string } | { readonly errors: readonly string[] } | { readonly absent: true };

/**
 * A script or survey name: trimmed before validation (spec: Dialer records), as the dialect trims, and kept as
 * the dialect keeps it (the reference trimmed, the variant as sent). From
 * v1.0.21 a name that trims to nothing is refused with 'name should not be empty'; before it, it was
 * accepted (the variant dialect refuses it in every release: the changelog does not say).
 */
export function checkName(
  ctx: MockContext,
  body: Record<string, unknown>,
  required: boolean,
  /** Faults of this write only: a blank name accepted, whitespace around a name refused. */
  own: { readonly blankAccepted: boolean; readonly paddingRefused: boolean },
): NameCheck {
  const raw = body.name;
  if (raw === undefined && !required) return { absent: true };
  if (typeof raw !== 'string') return { errors: ['name should not be empty', 'name must be a string'] };
  const trimmed = trimName(ctx, raw);
  // The first fault's server forgets the check on every script and survey write; `blankAccepted`, a fault of this write only.
  const checked = !ctx.faults.on('dialer-name-blank-accepted') && !own.blankAccepted;
  if (trimmed === '' && changedBy(ctx, '1.0.21') && checked) return { errors: ['name should not be empty'] };
  // One fault's server validates the name as sent, refusing whitespace around it (`paddingRefused`: on this resource only); another trims its end only.
  if ((ctx.faults.on('dialer-name-padding-refused') || own.paddingRefused) && trimmed !== raw)
    return { errors: ['name must not start or end with whitespace'] };
  return { name: ctx.faults.on('dialer-name-trimmed-end-only') ? raw.trimEnd() : keptName(ctx, raw, trimmed) };
}

/** An optional string field; undefined when absent, an error message when of another type. */
export function optionalString(body: Record<string, unknown>, field: string): { value?: string; error?: string } {
  const value = body[field];
  if (value === undefined) return {};
  return typeof value === 'string' ? { value } : { error: `${field} must be a string` };
}

/**
 * The members a record lists that an update does not change (its id and the dates the service keeps): a
 * record read and sent back carries them as listed, which is accepted; any other value would not be applied,
 * so it is refused with a message in the validation shape rather than dropped. Empty when nothing differs.
 */
export function readOnlyChanges(body: Record<string, unknown>, listed: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(listed)
    .filter(([field, value]) => body[field] !== undefined && !isDeepStrictEqual(body[field], value))
    .map(([field]) => `${field} is read-only: send the value listed, or leave it out`);
}

export function now(): string {
  return new Date().toISOString();
}
