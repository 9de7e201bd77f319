import type { FastifyReply, FastifyRequest } from 'fastify';
import { atLeast } from '../../../../lib/dialer/releases.js';
import { companyOf, type MockContext } from '../../../context.js';
import type { DialerCampaign } from '../../../state/dialer.js';
import { serviceError } from '../errors.js';
import { params } from './route.js';

/** What the resource routes share: body checks in the service's validation shape, campaign lookup, names. */

export { isObject } from '../../core/validate.js';

/** A validation failure: 400 with the messages in subErrors (spec: Errors on the {ai_url} host, 2). */
export function invalid(ctx: MockContext, reply: FastifyReply, subErrors: readonly string[]): FastifyReply {
  return serviceError(ctx, reply, 400, 'Validation failed', subErrors);
}

/** A missing resource: 404 with the endpoint's own message, never a subErrors list. */
export function missing(ctx: MockContext, reply: FastifyReply, what: string): FastifyReply {
  const message = ctx.faults.on('dialer-res-404-route-message') ? 'Route not found' : `${what} not found`;
  return serviceError(ctx, reply, 404, message);
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
 * A script or survey name: trimmed before validation (spec: Dialer records). From v1.0.21 a name that
 * trims to nothing is refused with 'name should not be empty'; before it, it was accepted.
 */
export function checkName(ctx: MockContext, body: Record<string, unknown>, required: boolean): NameCheck {
  const raw = body.name;
  if (raw === undefined && !required) return { absent: true };
  if (typeof raw !== 'string') return { errors: ['name should not be empty', 'name must be a string'] };
  const trimmed = raw.trim();
  if (trimmed === '' && atLeast(ctx.dialer.release, '1.0.21') && !ctx.faults.on('dialer-name-blank-accepted')) return { errors: ['name should not be empty'] };
  return { name: ctx.faults.on('dialer-name-untrimmed') ? raw : trimmed };
}

/** An optional string field; undefined when absent, an error message when of another type. */
export function optionalString(body: Record<string, unknown>, field: string): { value?: string; error?: string } {
  const value = body[field];
  if (value === undefined) return {};
  return typeof value === 'string' ? { value } : { error: `${field} must be a string` };
}

export function now(): string {
  return new Date().toISOString();
}
