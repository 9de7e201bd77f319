import type { FastifyInstance } from 'fastify';
import { ASSOCIATION_TYPES } from '../../../../lib/dialer/outcomes.ts';
import { companyOf, type MockContext } from '../../../context.ts';
import { type Association, resourcesOf } from '../../../state/dialer-resources.ts';
import type { Company } from '../../../state/model.ts';
import { serviceError } from '../errors.ts';
import { campaignOf, invalid, isObject } from './resource-common.ts';
import { associationType, associationWord, changedBy, wrapped } from './dialect.ts';
import { serve } from './route.ts';

export const MAX_ASSOCIATIONS = 500;

/** Whether a ref_id names a record of the company: only releases before v1.0.21 asked. */
function exists(company: Company, entry: Association): boolean {
  if (entry.type === 'agent') return company.agents.has(entry.ref_id);
  if (entry.type === 'queue_group') return company.groups.has(entry.ref_id);
  const tag = company.tags.get(entry.ref_id);
  return tag !== undefined && !tag.archived;
}

function readEntries(ctx: MockContext, value: unknown): { entries?: Association[]; errors: string[] } {
  if (!Array.isArray(value)) return { errors: ['associations must be an array'] };
  if (value.length > MAX_ASSOCIATIONS) return { errors: [`associations must contain no more than ${MAX_ASSOCIATIONS} elements`] };
  const errors: string[] = [];
  const entries: Association[] = [];
  value.forEach((item: unknown, i) => {
    if (!isObject(item)) return void errors.push(`associations.${i} must be an object`);
    const { ref_id: ref, type } = item;
    if (typeof ref !== 'number' || !Number.isSafeInteger(ref) || ref < 1) errors.push(`associations.${i}.ref_id must be an integer of at least 1`);
    const kind = associationType(ctx, type);
    if (kind === undefined)
      errors.push(`associations.${i}.type must be one of the following values: ${ASSOCIATION_TYPES.map((t) => associationWord(ctx, t)).join(', ')}`);
    else if (typeof ref === 'number') entries.push({ ref_id: ref, type: kind });
  });
  return errors.length > 0 ? { errors } : { entries, errors };
}

/** A campaign's associations `{ ref_id, type }` for an agent, a target tag or a queue group, replaced wholesale by PUT. */
export function associationRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  serve(app, ctx, 'campaign.associations', (req, reply) => {
    const company = companyOf(req);
    const body = req.body;
    if (!isObject(body)) return invalid(ctx, reply, ['body must be a JSON object']);
    const read = readEntries(ctx, body.associations);
    if (!read.entries) return invalid(ctx, reply, read.errors);
    const campaign = campaignOf(ctx, req, reply, 'write');
    if (!campaign) return reply;
    // v1.0.21: ref_id existence is not verified (spec: Versioning), which says nothing of the releases before.
    if (!changedBy(ctx, '1.0.21') || faults.on('dialer-assoc-ref-checked')) {
      const unknown = read.entries.find((entry) => !exists(company, entry));
      if (unknown) return serviceError(ctx, reply, 422, `ref_id ${unknown.ref_id} is not a known ${associationWord(ctx, unknown.type).replace('_', ' ')}`);
    }
    const store = resourcesOf(company).associations;
    const next = faults.on('dialer-assoc-merge') ? [...(store.get(campaign.id) ?? []), ...read.entries] : read.entries;
    store.set(campaign.id, next);
    return reply.code(200).send(
      wrapped(
        ctx,
        next.map((e) => ({ ref_id: e.ref_id, type: associationWord(ctx, e.type) })),
      ),
    );
  });
}
