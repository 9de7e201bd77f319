import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { type Activity, ACTIVITY_TYPES, type ActivityType, type Company, type MockState, nextId } from '../../state/model.ts';
import { iso } from '../../state/seed-tools.ts';
import { done, missing, NOT_AN_OBJECT, type Outcome, refusal, sendOutcome } from './outcome.ts';
import { sendPage, type FieldErrors } from './replies.ts';
import { addError, checkDateTime, checkId, checkReadOnly, checkString, integerId, isObject, pathId } from './validate.ts';

/** contact_id and external_id are integers, as the vendor's ContactActivity schema types them; the activity's own id a string, as every record id. */
export function renderActivity(a: Activity): Record<string, unknown> {
  return {
    ContactActivity: {
      id: String(a.id),
      contact_id: a.contact_id,
      type: a.type,
      name: a.name,
      description: a.description,
      activity_author: a.activity_author,
      ...(a.external_id === null ? {} : { external_id: a.external_id }),
      external_url: a.external_url,
      activity_date: a.activity_date,
      created: a.created,
    },
  };
}

interface ActivityFields {
  readonly contactId?: number;
  readonly date?: string;
  readonly externalId?: number;
}

/** The vendor reference's activity payload: `type` of its list, strings, `external_id` an integer, `activity_date` a date-time. */
function checkActivity(company: Company, body: Record<string, unknown>, errors: FieldErrors, creating: boolean): ActivityFields {
  if ((creating || body.type !== undefined) && !ACTIVITY_TYPES.includes(body.type as ActivityType))
    addError(errors, 'type', `Must be one of ${ACTIVITY_TYPES.join(', ')}.`);
  checkString(body, 'name', 255, errors, creating);
  for (const field of ['description', 'activity_author', 'external_url']) checkString(body, field, 65_535, errors);
  const externalId = checkId(body, 'external_id', errors);
  const date = checkDateTime(body, 'activity_date', errors);
  if (creating) return { date, externalId };
  const contactId = checkId(body, 'contact_id', errors, true);
  if (contactId !== undefined && !company.contacts.has(contactId)) addError(errors, 'contact_id', 'Unknown contact.');
  return { contactId, date, externalId };
}

/** Add activity (vendor reference): `name` and `type` required; the date is now unless one is sent. */
export function addActivity(state: MockState, company: Company, contactId: number | undefined, body: unknown): Outcome {
  if (contactId === undefined || !company.contacts.has(contactId)) return missing;
  if (!isObject(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  const { date, externalId } = checkActivity(company, body, errors, true);
  const refused = refusal(errors);
  if (refused) return refused;
  const id = nextId(state, 'activity');
  const now = iso(Date.now());
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');
  company.activities.set(id, {
    id,
    contact_id: contactId,
    type: body.type as ActivityType,
    name: text('name'),
    description: text('description'),
    activity_author: text('activity_author'),
    external_id: externalId ?? null,
    external_url: text('external_url'),
    activity_date: date ?? now,
    created: now,
  });
  return done(201, { id: String(id) });
}

/** Edit activity (vendor reference): `contact_id` required; only the fields sent change. */
export function editActivity(company: Company, activityId: number | undefined, body: unknown): Outcome {
  const activity = activityId === undefined ? undefined : company.activities.get(activityId);
  if (!activity) return missing;
  if (!isObject(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  checkReadOnly(body, { id: String(activity.id), created: activity.created }, errors);
  const { contactId, date, externalId } = checkActivity(company, body, errors, false);
  const refused = refusal(errors);
  if (refused) return refused;
  activity.contact_id = contactId as number;
  if (body.type !== undefined) activity.type = body.type as ActivityType;
  for (const field of ['name', 'description', 'activity_author', 'external_url'] as const)
    if (typeof body[field] === 'string') activity[field] = body[field] as string;
  if (externalId !== undefined) activity.external_id = externalId;
  if (date !== undefined) activity.activity_date = date;
  return done(200);
}

export function deleteActivity(company: Company, activityId: number | undefined): Outcome {
  return activityId !== undefined && company.activities.delete(activityId) ? done(200) : missing;
}

export function activityRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { state } = ctx;

  app.get('/activity/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    const contactId = q.contact_id === undefined ? undefined : integerId(q.contact_id);
    const items = [...company.activities.values()].filter(
      (a) => (q.contact_id === undefined || a.contact_id === contactId) && (q.type === undefined || a.type === q.type),
    );
    return sendPage(ctx, req, reply, items, renderActivity);
  });

  app.put<{ Params: { contactId: string } }>('/activity/add/:contactId.json', (req, reply) =>
    sendOutcome(ctx, reply, addActivity(state, companyOf(req), pathId(req.params.contactId), req.body)),
  );
  app.post<{ Params: { activityId: string } }>('/activity/edit/:activityId.json', (req, reply) =>
    sendOutcome(ctx, reply, editActivity(companyOf(req), pathId(req.params.activityId), req.body)),
  );
  app.delete<{ Params: { activityId: string } }>('/activity/delete/:activityId.json', (req, reply) =>
    sendOutcome(ctx, reply, deleteActivity(companyOf(req), pathId(req.params.activityId))),
  );
}
