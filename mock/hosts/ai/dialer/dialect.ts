import { ASSOCIATION_TYPES, type AssociationType } from '../../../../lib/dialer/outcomes.ts';
import { atLeast, type Release } from '../../../../lib/dialer/releases.ts';
import { DIALER_ROUTES, type DialerRoutes } from '../../../../lib/dialer/routes.ts';
import type { MockContext } from '../../../context.ts';

/**
 * What the Dialer of the `variant` dialect (mock/dialect.ts) picks where the spec is silent:
 * - its own paths for every route the spec does not show; the campaign list and create keep theirs, and
 *   surveys stay under `/dialer/surveys/{surveyId}`, the path the spec's unrouted DELETE implies;
 * - its own words for the three kinds of association entry;
 * - single records and the lists that are no cursor pages answered bare, without the `{ data }` wrapper
 *   (a cursor page keeps `{ data, meta: { nextCursor } }`, the scheme the spec gives every cursor list);
 * - the newer behaviour in every release wherever the changelog does not state the older one (`changedBy`);
 * - names trimmed of what every trim removes only (`trimName`), and kept as sent (`keptName`);
 * - and, in the files that serve them: 24:00 and leap seconds taken as start times, an empty include_deleted
 *   read as absent, filter ids sent as numeric strings converted, a plain-http download link, statistics
 *   under names of its own, and calling_policy null for a campaign without knobs.
 */
export const VARIANT_ROUTES: DialerRoutes = {
  ...DIALER_ROUTES,
  'campaigns.get': 'GET /dialer/campaign/{campaignId}',
  'campaigns.update': 'PATCH /dialer/campaign/{campaignId}',
  'campaigns.delete': 'DELETE /dialer/campaign/{campaignId}',
  'campaign.contacts': 'GET /dialer/campaign/{campaignId}/contacts',
  'campaign.associations': 'PUT /dialer/campaign/{campaignId}/assignments',
  'campaign.buttons.get': 'GET /dialer/campaign/{campaignId}/dispositions',
  'campaign.buttons.replace': 'PUT /dialer/campaign/{campaignId}/dispositions',
  'campaign.statistics': 'GET /dialer/campaign/{campaignId}/stats',
  'campaign.export': 'POST /dialer/campaign/{campaignId}/export',
  'exports.status': 'GET /dialer/export-jobs/{jobId}',
  'exports.download': 'GET /dialer/export-jobs/{jobId}/link',
  'scripts.list': 'GET /dialer/scripts',
  'scripts.create': 'POST /dialer/scripts',
  'scripts.update': 'PATCH /dialer/scripts/{scriptId}',
  'surveys.questions': 'PUT /dialer/surveys/{surveyId}/items',
  'dispositions.tags': 'GET /dialer/call-tags',
};

export function routesOf(ctx: MockContext): DialerRoutes {
  return ctx.dialect === 'variant' ? VARIANT_ROUTES : DIALER_ROUTES;
}

const VARIANT_WORDS: Readonly<Record<AssociationType, string>> = { agent: 'user', target_tag: 'tag', queue_group: 'group' };

/** The word an association entry uses for its kind of record. */
export function associationWord(ctx: MockContext, type: AssociationType): string {
  return ctx.dialect === 'variant' ? VARIANT_WORDS[type] : type;
}

/** The kind of record an entry's word names, or undefined when the dialect has no such word. */
export function associationType(ctx: MockContext, word: unknown): AssociationType | undefined {
  return ASSOCIATION_TYPES.find((type) => associationWord(ctx, type) === word);
}

/** A single record or a list that is no cursor page, as the dialect wraps it. */
export function wrapped(ctx: MockContext, payload: unknown): unknown {
  return ctx.dialect === 'variant' ? payload : { data: payload };
}

/**
 * Whether the Dialer behaves as `release` changed it, for a change whose older behaviour the changelog does
 * not state (spec: Versioning): the reference plays its release profile; the variant behaves the newer way
 * in every release, as an older release may equally have done. Where the changelog states the older
 * behaviour (a malformed jobId's 500, an undecodable cursor's first page, a deleted tag's button), both play
 * the profile (`atLeast`).
 */
export function changedBy(ctx: MockContext, release: Release): boolean {
  return ctx.dialect === 'variant' || atLeast(ctx.dialer.release, release);
}

/**
 * A name as trimmed before validation: the reference trims as JavaScript's trim() does (the Unicode spaces
 * too); the variant only what every language's trim removes, space, tab, line feed and carriage return.
 */
export function trimName(ctx: MockContext, raw: string): string {
  return ctx.dialect === 'variant' ? raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '') : raw.trim();
}

/**
 * The name a record keeps once its trimmed copy passed validation: 'trimmed before validation' says when the
 * trim happens, not what is stored. The reference keeps the trimmed name, the variant the name as sent.
 */
export function keptName(ctx: MockContext, raw: string, trimmed: string): string {
  return ctx.dialect === 'variant' ? raw : trimmed;
}
