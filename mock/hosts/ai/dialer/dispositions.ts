import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isOutcomeKind, OUTCOME_KINDS, OUTCOMES, type OutcomeKind } from '../../../../lib/dialer/outcomes.ts';
import { atLeast } from '../../../../lib/dialer/releases.ts';
import { companyOf, type MockContext } from '../../../context.ts';
import { type DispositionButton, resourcesOf } from '../../../state/dialer-resources.ts';
import type { Company, Tag } from '../../../state/model.ts';
import { serviceError } from '../errors.ts';
import { campaignOf, invalid, isObject } from './resource-common.ts';
import { changedBy, wrapped } from './dialect.ts';
import { serve } from './route.ts';

export const MAX_BUTTONS = 50;

/**
 * Disposition buttons and the disposition tag list. Dispositions are the company's call tags. From the
 * undated change (profile `latest`) archived tags are treated like deleted ones and buttons of deleted
 * tags are dropped; before it both were shown. The call-tag service can be down (callTagsUnavailable).
 */
const undated = (ctx: MockContext): boolean => atLeast(ctx.dialer.release, 'latest');
/** Archived tags treated like deleted ones: the changelog does not say how before, so the variant does it in every release. */
const archivedLikeDeleted = (ctx: MockContext): boolean => changedBy(ctx, 'latest');

function tagsDown(ctx: MockContext, reply: FastifyReply): FastifyReply {
  reply.header('retry-after', '1');
  return serviceError(ctx, reply, 503, 'Call tags are unavailable');
}

function renderButton(ctx: MockContext, company: Company, button: DispositionButton): Record<string, unknown> | undefined {
  const base = { tag_id: button.tag_id, outcome_kind: button.outcome_kind };
  // The undated change: with call tags unreadable every button is returned, its resolved fields null.
  if (ctx.dialer.callTagsUnavailable) return { ...base, name: null, color: null, outcome: null };
  const tag = company.tags.get(button.tag_id);
  const outcome = OUTCOMES[button.outcome_kind];
  if (!tag)
    return undated(ctx) && !ctx.faults.on('dialer-deleted-tag-buttons-kept') ? undefined : { ...base, name: button.lastName, color: button.lastColor, outcome };
  if (tag.archived && archivedLikeDeleted(ctx) && !ctx.faults.on('dialer-archived-buttons-shown')) return undefined;
  const color = tag.color === null && ctx.faults.on('dialer-button-color-default') ? '#000000' : tag.color;
  return { ...base, name: tag.name, color, ...(ctx.faults.on('dialer-buttons-no-outcome') ? {} : { outcome }) };
}

interface Entry {
  tag_id: number;
  outcome_kind: OutcomeKind;
}

/** The body `{ buttons: [{ tag_id, outcome_kind }] }`, or the answer it deserves: 400 for shape and unknown kinds, 409 for a repeated tag. */
function readButtons(ctx: MockContext, reply: FastifyReply, body: unknown): Entry[] | FastifyReply {
  if (!isObject(body) || !Array.isArray(body.buttons)) return invalid(ctx, reply, ['buttons must be an array']);
  if (body.buttons.length > MAX_BUTTONS) return invalid(ctx, reply, [`buttons must contain no more than ${MAX_BUTTONS} elements`]);
  const errors: string[] = [];
  const entries: Entry[] = [];
  body.buttons.forEach((item: unknown, i) => {
    if (!isObject(item)) return void errors.push(`buttons.${i} must be an object`);
    const { tag_id: tagId, outcome_kind: kind } = item;
    if (typeof tagId !== 'number' || !Number.isSafeInteger(tagId) || tagId < 1) errors.push(`buttons.${i}.tag_id must be an integer of at least 1`);
    const lenient = ctx.faults.on('dialer-outcome-kind-lenient');
    if (!isOutcomeKind(kind) && !lenient) errors.push(`buttons.${i}.outcome_kind must be one of the following values: ${OUTCOME_KINDS.join(', ')}`);
    else if (typeof tagId === 'number') entries.push({ tag_id: tagId, outcome_kind: isOutcomeKind(kind) ? kind : 'neutral' });
  });
  if (errors.length > 0) return invalid(ctx, reply, errors);
  const seen = new Set<number>();
  for (const entry of entries) {
    if (seen.has(entry.tag_id) && !ctx.faults.on('dialer-button-dup-accepted'))
      return serviceError(ctx, reply, 409, `tag_id ${entry.tag_id} appears more than once`);
    seen.add(entry.tag_id);
  }
  return entries;
}

/** Why a tag cannot be a disposition of the company, or undefined when it can. */
function refusal(ctx: MockContext, tag: Tag | undefined, id: number): string | undefined {
  if (!tag) return ctx.faults.on('dialer-button-foreign-tag') ? undefined : `tag_id ${id} is not a call tag of the account`;
  if (tag.archived && archivedLikeDeleted(ctx) && !ctx.faults.on('dialer-archived-replace-accepted')) return `tag_id ${id} is archived`;
  return undefined;
}

const RESOLVED = ['name', 'color', 'outcome'] as const;

/**
 * A button lists the name and colour of its call tag and the outcome of its kind, resolved, never set by a
 * replace (spec: Dialer records). Buttons read and sent back carry them: a value as the button lists it now,
 * or as the replace resolves it (a client that changed outcome_kind may send either), is accepted; any other
 * would not be applied, so it is refused rather than dropped.
 */
function resolvedChanges(
  ctx: MockContext,
  company: Company,
  sent: readonly Record<string, unknown>[],
  put: readonly DispositionButton[],
  current: readonly DispositionButton[],
): string[] {
  const listedNow = new Map(current.map((b) => [b.tag_id, renderButton(ctx, company, b)]));
  return sent.flatMap((item, i) => {
    const button = put[i] as DispositionButton;
    const resolved = renderButton(ctx, company, button);
    const listed = listedNow.get(button.tag_id);
    return RESOLVED.filter(
      (field) => item[field] !== undefined && !isDeepStrictEqual(item[field], resolved?.[field]) && !isDeepStrictEqual(item[field], listed?.[field]),
    ).map((field) => `buttons.${i}.${field} is read-only (resolved from the call tag and outcome_kind): send the value listed, or leave it out`);
  });
}

export function dispositionRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  serve(app, ctx, 'campaign.buttons.get', (req, reply) => {
    const company = companyOf(req);
    const campaign = campaignOf(ctx, req, reply, 'read');
    if (!campaign) return reply;
    if (ctx.dialer.callTagsUnavailable && !undated(ctx)) return tagsDown(ctx, reply);
    const buttons = resourcesOf(company).buttons.get(campaign.id) ?? [];
    return reply.code(200).send(
      wrapped(
        ctx,
        buttons.map((b) => renderButton(ctx, company, b)).filter((b) => b !== undefined),
      ),
    );
  });

  serve(app, ctx, 'campaign.buttons.replace', (req, reply) => {
    const company = companyOf(req);
    const entries = readButtons(ctx, reply, req.body);
    if (!Array.isArray(entries)) return entries;
    const campaign = campaignOf(ctx, req, reply, 'write');
    if (!campaign) return reply;
    // Each tag_id must be checked against the call tags, so the replace needs them in every release.
    if (ctx.dialer.callTagsUnavailable) return tagsDown(ctx, reply);
    // Another company's tag is not a tag of this one: tags are looked up in the company only (the fault's server
    // looks them up in every company's), and an id no company holds is refused unless the other fault's server takes it.
    const anyCompany = (id: number) => [...ctx.state.companies.values()].map((c) => c.tags.get(id)).find((tag) => tag !== undefined);
    for (const entry of entries) {
      const tag = company.tags.get(entry.tag_id) ?? (faults.on('dialer-button-other-company-tag-accepted') ? anyCompany(entry.tag_id) : undefined);
      const unknownTaken = tag === undefined && anyCompany(entry.tag_id) === undefined && faults.on('dialer-button-unknown-tag-accepted');
      const reason = unknownTaken ? undefined : refusal(ctx, tag, entry.tag_id);
      if (reason) return serviceError(ctx, reply, 422, reason);
    }
    const store = resourcesOf(company).buttons;
    const put = entries.map((e): DispositionButton => {
      const tag = company.tags.get(e.tag_id);
      return { tag_id: e.tag_id, outcome_kind: e.outcome_kind, lastName: tag?.name ?? `Tag ${e.tag_id}`, lastColor: tag?.color ?? null };
    });
    const unchangeable = resolvedChanges(ctx, company, (req.body as { buttons: Record<string, unknown>[] }).buttons, put, store.get(campaign.id) ?? []);
    if (unchangeable.length > 0) return invalid(ctx, reply, unchangeable);
    const next = faults.on('dialer-buttons-merge') ? [...(store.get(campaign.id) ?? []).filter((b) => !put.some((p) => p.tag_id === b.tag_id)), ...put] : put;
    // The fault's server deletes the sent tags' buttons by tag alone, as if a tag had one button in the company.
    if (faults.on('dialer-buttons-replace-clears-other-campaigns'))
      for (const [id, buttons] of store)
        if (id !== campaign.id)
          store.set(
            id,
            buttons.filter((b) => !put.some((p) => p.tag_id === b.tag_id)),
          );
    store.set(campaign.id, next);
    return reply.code(200).send(
      wrapped(
        ctx,
        next.map((b) => renderButton(ctx, company, b)).filter((b) => b !== undefined),
      ),
    );
  });

  serve(app, ctx, 'dispositions.tags', (req, reply) => {
    const company = companyOf(req);
    if (ctx.dialer.callTagsUnavailable) return tagsDown(ctx, reply);
    const showArchived = !archivedLikeDeleted(ctx) || faults.on('dialer-archived-taglist-shown');
    const data = [...company.tags.values()].filter((t) => showArchived || !t.archived).map((t) => ({ id: t.id, name: t.name, color: t.color }));
    // A gateway that answers in the core API's envelope, as the tags' own service does.
    if (faults.on('dialer-tag-list-core-envelope')) return reply.code(200).send({ responseData: { status: 200, data } });
    return reply.code(200).send(wrapped(ctx, data));
  });
}
