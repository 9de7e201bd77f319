import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { BUTTON_TYPES, type ButtonType, type CampaignButton, type Company, type CoreCampaign, type MockState, nextId } from '../../state/model.ts';
import { done, missing, NOT_AN_OBJECT, type Outcome, refusal, sendOutcome } from './outcome.ts';
import { sendPage, type FieldErrors } from './replies.ts';
import { addError, checkBoolean, checkId, checkInteger, checkReadOnly, checkString, integerId, isObject, pathId } from './validate.ts';

/**
 * Core campaigns (vendor reference: Campaigns; the spec names the group and shows no payload). Fields are
 * rendered in the types of the vendor's CampaignList schema (its integers as integers, so a campaign read
 * and sent back to Edit campaign is accepted as it was listed), the ids as strings like every record id of
 * the core API (spec: agent and blacklist ids), and the buttons, tags, groups and agents as lists beside
 * the campaign, as the vendor's example shows them.
 */
function renderCampaign(company: Company, c: CoreCampaign): Record<string, unknown> {
  const optional = (key: string, value: number | string | null) => (value === null ? {} : { [key]: value });
  return {
    Campaign: {
      id: String(c.id),
      name: c.name,
      status: c.status,
      has_schedule_date: c.has_schedule_date,
      ...optional('schedule_start_date', c.schedule_start_date),
      ...optional('schedule_start_time', c.schedule_start_time),
      answer_wait_time: c.answer_wait_time,
      after_call_dialing_auto: c.after_call_dialing_auto,
      after_call_time: c.after_call_time,
      is_recording: c.is_recording,
      ...optional('call_number_id', c.call_number_id),
      ...optional('call_script_id', c.call_script_id),
      ...optional('survey_id', c.survey_id),
      is_predictive: c.is_predictive,
      calls_percentage: c.calls_percentage,
      attempts: c.attempts,
      attempts_interval: c.attempts_interval,
    },
    Button: c.buttons.map((b) => ({ ...b, id: String(b.id) })),
    ContactsTag: c.tagIds.flatMap((id) => {
      const name = tagName(company, id);
      return name === undefined ? [] : [{ id: String(id), name }];
    }),
    Group: c.groupIds.flatMap((id) => {
      const internalName = groupName(company, id);
      return internalName === undefined ? [] : [{ id: String(id), internal_name: internalName }];
    }),
    Agent: c.agentIds.flatMap((id) => {
      const fullname = agentName(company, id);
      return fullname === undefined ? [] : [{ id: String(id), fullname }];
    }),
  };
}

/** The label a campaign lists beside each reference, undefined for an id the company cannot reference. */
const tagName = (company: Company, id: number): string | undefined => {
  const tag = company.tags.get(id);
  return tag && !tag.archived ? tag.name : undefined;
};
const groupName = (company: Company, id: number): string | undefined => company.groups.get(id)?.internal_name;
const agentName = (company: Company, id: number): string | undefined => {
  const agent = company.agents.get(id);
  return agent ? `${agent.firstname} ${agent.lastname}` : undefined;
};

const INTEGERS = ['answer_wait_time', 'after_call_time', 'calls_percentage', 'attempts', 'attempts_interval'] as const;
const BOOLEANS = ['has_schedule_date', 'after_call_dialing_auto', 'is_recording'] as const;

/**
 * A list of `{ id }` references to records of the company; the ids, or undefined when absent or refused.
 * Each item may carry the label the campaign lists beside the id (`labelKey`), as a campaign read and sent
 * back does; a different label would not rename the record, so it is refused rather than ignored.
 */
function references(
  body: Record<string, unknown>,
  field: string,
  labelOf: (id: number) => string | undefined,
  labelKey: string,
  errors: FieldErrors,
): number[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : [undefined];
  const ids = items.map((item) => (isObject(item) ? integerId(item.id) : undefined));
  if (ids.some((id) => id === undefined || labelOf(id) === undefined)) {
    addError(errors, field, 'Each item needs the id of a record of the account.');
    return undefined;
  }
  if (
    items.some(
      (item, i) => (item as Record<string, unknown>)[labelKey] !== undefined && (item as Record<string, unknown>)[labelKey] !== labelOf(ids[i] as number),
    )
  ) {
    addError(errors, field, `Each item's ${labelKey} is read-only: send the one listed for its id, or leave it out.`);
    return undefined;
  }
  return ids as number[];
}

/** A button as sent: one with an id keeps that button of the campaign, one without is new. */
type ButtonDraft = Omit<CampaignButton, 'id'> & { id: number | undefined };

function checkButtons(existing: readonly CampaignButton[], body: Record<string, unknown>, errors: FieldErrors): ButtonDraft[] | undefined {
  const value = body.Button;
  if (!Array.isArray(value) || value.length === 0 || !value.every(isObject)) {
    addError(errors, 'Button', 'At least one button is required.');
    return undefined;
  }
  const buttons = value.map((item) => {
    const id = item.id === undefined ? undefined : integerId(item.id);
    const ok =
      typeof item.title === 'string' &&
      item.title.trim() !== '' &&
      BUTTON_TYPES.includes(item.type as ButtonType) &&
      (item.color === undefined || typeof item.color === 'string') &&
      (item.description === undefined || typeof item.description === 'string') &&
      (item.id === undefined || (id !== undefined && existing.some((b) => b.id === id)));
    const draft: ButtonDraft | undefined = ok
      ? {
          id,
          title: (item.title as string).trim(),
          type: item.type as ButtonType,
          color: (item.color as string | undefined) ?? '#2980b9',
          description: (item.description as string | undefined) ?? '',
        }
      : undefined;
    return draft;
  });
  if (!buttons.every((b): b is ButtonDraft => b !== undefined)) {
    addError(errors, 'Button', `Each button needs a title and a type (${BUTTON_TYPES.join(', ')}); an id names a button of this campaign.`);
    return undefined;
  }
  return buttons;
}

/** Add and Edit campaign share one payload (vendor reference): `name` and `Button` required. */
function applyCampaign(state: MockState, company: Company, campaign: CoreCampaign | undefined, body: unknown): Outcome {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const errors: FieldErrors = {};
  if (campaign) checkReadOnly(body, { id: String(campaign.id) }, errors);
  checkString(body, 'name', 255, errors, true);
  if (body.status !== undefined && body.status !== 'active' && body.status !== 'inactive') addError(errors, 'status', 'Must be active or inactive.');
  for (const field of BOOLEANS) checkBoolean(body, field, errors);
  for (const field of INTEGERS) checkInteger(body, field, errors, { min: 0 });
  if (body.is_predictive !== undefined && ![0, 1, true, false].includes(body.is_predictive as number)) addError(errors, 'is_predictive', 'Must be 0 or 1.');
  if (
    body.schedule_start_date !== undefined &&
    !(
      typeof body.schedule_start_date === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(body.schedule_start_date) &&
      !Number.isNaN(Date.parse(body.schedule_start_date))
    )
  ) {
    addError(errors, 'schedule_start_date', 'Must be a date YYYY-MM-DD.');
  }
  if (
    body.schedule_start_time !== undefined &&
    !(typeof body.schedule_start_time === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(body.schedule_start_time))
  ) {
    addError(errors, 'schedule_start_time', 'Must be a time HH:MM or HH:MM:SS.');
  }
  const numberId = checkId(body, 'call_number_id', errors);
  if (numberId !== undefined && !company.numbers.has(numberId)) addError(errors, 'call_number_id', 'Unknown number.');
  const scriptId = checkId(body, 'call_script_id', errors);
  const surveyId = checkId(body, 'survey_id', errors);
  const buttons = checkButtons(campaign?.buttons ?? [], body, errors);
  const tagIds = references(body, 'ContactsTag', (id) => tagName(company, id), 'name', errors);
  const groupIds = references(body, 'Group', (id) => groupName(company, id), 'internal_name', errors);
  const agentIds = references(body, 'Agent', (id) => agentName(company, id), 'fullname', errors);
  const refused = refusal(errors);
  if (refused) return refused;

  const target: CoreCampaign = campaign ?? {
    id: nextId(state, 'campaign'),
    name: '',
    status: 'inactive',
    has_schedule_date: false,
    schedule_start_date: null,
    schedule_start_time: null,
    answer_wait_time: 45,
    after_call_dialing_auto: false,
    after_call_time: 5,
    is_recording: false,
    call_number_id: null,
    call_script_id: null,
    survey_id: null,
    is_predictive: 0,
    calls_percentage: 100,
    attempts: 1,
    attempts_interval: 24,
    buttons: [],
    tagIds: [],
    groupIds: [],
    agentIds: [],
  };
  target.name = (body.name as string).trim();
  if (body.status !== undefined) target.status = body.status as CoreCampaign['status'];
  for (const field of BOOLEANS) if (typeof body[field] === 'boolean') target[field] = body[field] as boolean;
  for (const field of INTEGERS) if (typeof body[field] === 'number') target[field] = body[field] as number;
  if (body.is_predictive !== undefined) target.is_predictive = body.is_predictive === 1 || body.is_predictive === true ? 1 : 0;
  if (typeof body.schedule_start_date === 'string') target.schedule_start_date = body.schedule_start_date;
  if (typeof body.schedule_start_time === 'string') target.schedule_start_time = body.schedule_start_time;
  if (numberId !== undefined) target.call_number_id = numberId;
  if (scriptId !== undefined) target.call_script_id = scriptId;
  if (surveyId !== undefined) target.survey_id = surveyId;
  // The buttons sent are the campaign's buttons: one with an id keeps it, one without gets a new one.
  target.buttons = (buttons as ButtonDraft[]).map((b) => ({ ...b, id: b.id ?? nextId(state, 'button') }));
  if (tagIds) target.tagIds = tagIds;
  if (groupIds) target.groupIds = groupIds;
  if (agentIds) target.agentIds = agentIds;
  if (campaign) return done(200);
  company.campaigns.set(target.id, target);
  return done(201, { id: String(target.id) });
}

export function campaignRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { state } = ctx;

  app.get('/campaigns/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    const id = q.id === undefined ? undefined : integerId(q.id);
    const items = [...company.campaigns.values()].filter((c) => q.id === undefined || c.id === id);
    return sendPage(ctx, req, reply, items, (c) => renderCampaign(company, c));
  });

  app.put('/campaigns/add.json', (req, reply) => sendOutcome(ctx, reply, applyCampaign(state, companyOf(req), undefined, req.body)));

  app.post<{ Params: { id: string } }>('/campaigns/edit/:id.json', (req, reply) => {
    const company = companyOf(req);
    const id = pathId(req.params.id);
    const campaign = id === undefined ? undefined : company.campaigns.get(id);
    return sendOutcome(ctx, reply, campaign ? applyCampaign(state, company, campaign, req.body) : missing);
  });

  app.delete<{ Params: { id: string } }>('/campaigns/delete/:id.json', (req, reply) => {
    const id = pathId(req.params.id);
    return sendOutcome(ctx, reply, id !== undefined && companyOf(req).campaigns.delete(id) ? done(200) : missing);
  });
}
