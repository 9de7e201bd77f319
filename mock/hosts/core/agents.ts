import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { type Agent, type Company, nextId, type Presence } from '../../state/model.ts';
import { ack, coreError, invalidInput, notFound, sendPage, type FieldErrors } from './replies.ts';
import { addError, checkInteger, checkReadOnly, checkString, isEmail, isObject, rejectUnknown, withIds } from './validate.ts';

const CREATE_FIELDS = new Set(['firstname', 'lastname', 'email', 'pass', 'status_outbound', 'daily_price_limit', 'extension', 'call_number_id']);
const EDIT_FIELDS = new Set(['firstname', 'lastname', 'email', 'status_outbound', 'daily_price_limit', 'call_number_id']);
export const DEFAULT_DAILY_PRICE_LIMIT = 50;
/** The vendor reference's availability_status values. */
const PRESENCES: readonly Presence[] = ['online', 'offline', 'paused', 'calling'];
/**
 * What the agent list shows that Edit agent does not change (vendor reference: its edit payload has none of
 * them): the ids, the agent's presence, the extension given on add, and what derives from other fields.
 */
const LISTED_READ_ONLY = ['id', 'name', 'is_daily_limit_ok', 'availability_status', 'extension', 'default_number', 'associated_numbers'] as const;

function renderAgent(ctx: MockContext, company: Company, a: Agent): Record<string, unknown> {
  const number = a.call_number_id === null ? undefined : company.numbers.get(a.call_number_id);
  return {
    Agent: {
      id: String(a.id),
      name: String(a.id),
      firstname: a.firstname,
      lastname: a.lastname,
      email: a.email,
      // The vendor reference's Agent schema has the field, its list example does not: the variant leaves it out.
      ...(ctx.dialect === 'variant' ? {} : { daily_price_limit: a.daily_price_limit }),
      is_daily_limit_ok: true,
      status_outbound: a.status_outbound,
      availability_status: a.availability_status,
      // An integer, as the spec's Agent table and the vendor's schema type it (its list example shows a string).
      extension: a.extension,
      call_number_id: a.call_number_id,
      default_number: number?.caller_id_e164 ?? null,
      associated_numbers: number ? [number.caller_id_e164] : [],
    },
  };
}

/**
 * An agent signs in with the e-mail, so two agents of a company cannot share one. The spec names no status
 * for it; the vendor reference documents 406 as the refusal of both Add and Edit agent, so 406 naming email.
 */
function emailTaken(company: Company, email: string, selfId: number | undefined): boolean {
  const wanted = email.toLowerCase();
  for (const other of company.agents.values()) if (other.id !== selfId && other.email.toLowerCase() === wanted) return true;
  return false;
}

/** Agent payload checks shared by create and edit (spec: Resources > Agent; Limits). */
function checkAgentFields(ctx: MockContext, company: Company, body: Record<string, unknown>, errors: FieldErrors, creating: boolean, selfId?: number): void {
  const { faults } = ctx;
  const required = creating && !faults.on('agent-missing-field-accepted');
  // Each of these faults' servers forgets that one field is required on create.
  checkString(body, 'firstname', 100, errors, creating && !faults.on('agent-missing-firstname-accepted'));
  checkString(body, 'lastname', 100, errors, creating && !faults.on('agent-missing-lastname-accepted'));
  checkString(body, 'email', 254, errors, creating && !faults.on('agent-missing-email-accepted'));
  if (typeof body.email === 'string' && body.email !== '' && !faults.on('agent-email-unchecked') && !isEmail(body.email)) {
    addError(errors, 'email', 'Please supply a valid email address.');
  } else if (typeof body.email === 'string' && emailTaken(company, body.email, selfId)) {
    addError(errors, 'email', 'Email is already used by another agent.');
  }
  if (creating) checkString(body, 'pass', 255, errors, required);
  if (body.status_outbound !== undefined && typeof body.status_outbound !== 'boolean' && !faults.on('status-outbound-type-unchecked'))
    addError(errors, 'status_outbound', 'Must be a boolean.');
  checkInteger(body, 'daily_price_limit', errors, { min: 1, max: faults.on('daily-limit-201') ? 201 : 200 });
  // null is how the list shows an agent without a default number: an edit sending it leaves the agent without one.
  if (creating || body.call_number_id !== null) checkInteger(body, 'call_number_id', errors, { min: faults.on('call-number-id-zero') ? 0 : 1 });
  if (creating) {
    checkInteger(body, 'extension', errors, { min: 1000, max: faults.on('extension-9999-rejected') ? 9998 : 9999 });
    const ext = body.extension;
    if (typeof ext === 'number' && !faults.on('extension-not-unique')) {
      for (const other of company.agents.values()) {
        if (other.extension === ext && other.id !== selfId) addError(errors, 'extension', 'Extension is already used in the company.');
      }
    }
  }
}

export function agentRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults, state } = ctx;

  app.get('/agents/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    let items = [...company.agents.values()];
    // The id filter is the vendor reference's; the variant has none and lists every agent.
    if (q.id !== undefined && ctx.dialect !== 'variant') items = items.filter((a) => String(a.id) === q.id);
    return sendPage(ctx, req, reply, items, (a) => renderAgent(ctx, company, a));
  });

  app.put('/agents/add.json', (req, reply) => {
    const company = companyOf(req);
    if (company.agents.size >= company.agentMax && !faults.on('agent-max-ignored')) return coreError(ctx, reply, 403, 'Max. number of agents reached.');
    const errors: FieldErrors = {};
    if (!isObject(req.body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    const body = withIds(req.body, ['call_number_id']);
    rejectUnknown(body, CREATE_FIELDS, errors);
    checkAgentFields(ctx, company, body, errors, true);
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const id = nextId(state, 'agent');
    company.agents.set(id, {
      id,
      // A string each, checked above; empty only where a fault's server took the agent without it.
      firstname: typeof body.firstname === 'string' ? body.firstname : '',
      lastname: typeof body.lastname === 'string' ? body.lastname : '',
      email: typeof body.email === 'string' ? body.email : '',
      pass: typeof body.pass === 'string' ? body.pass : '',
      status_outbound: typeof body.status_outbound === 'boolean' ? body.status_outbound : true,
      daily_price_limit:
        typeof body.daily_price_limit === 'number' ? body.daily_price_limit : faults.on('daily-limit-default-zero') ? 0 : DEFAULT_DAILY_PRICE_LIMIT,
      extension: typeof body.extension === 'number' ? body.extension : null,
      call_number_id: typeof body.call_number_id === 'number' ? body.call_number_id : null,
      availability_status: 'offline',
    });
    return ack(ctx, reply, 201, { id: faults.on('agent-id-integer') ? id : String(id) });
  });

  app.post<{ Params: { agentId: string } }>('/agents/edit/:agentId.json', (req, reply) => {
    const company = companyOf(req);
    const agent = company.agents.get(Number(req.params.agentId));
    if (!agent || !/^\d+$/.test(req.params.agentId)) return notFound(ctx, reply);
    const errors: FieldErrors = {};
    if (!isObject(req.body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    // Neither document shows Edit agent refusing a field it does not know: others are ignored, as on most servers.
    const body = withIds(Object.fromEntries(Object.entries(req.body).filter(([k]) => EDIT_FIELDS.has(k))), ['call_number_id']);
    checkAgentFields(ctx, company, body, errors, false, agent.id);
    // What the list shows is no unknown field: sent as listed it is accepted; another value would not be applied, so it is refused, never dropped.
    const presence = req.body.availability_status;
    if (presence !== undefined && !PRESENCES.includes(presence as Presence)) addError(errors, 'availability_status', `Must be one of ${PRESENCES.join(', ')}.`);
    const listed = renderAgent(ctx, company, agent).Agent as Record<string, unknown>;
    checkReadOnly(req.body, Object.fromEntries(LISTED_READ_ONLY.map((field) => [field, listed[field]])), errors);
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    if (faults.on('agent-edit-not-persisted')) return ack(ctx, reply, 200);
    for (const field of ['firstname', 'lastname', 'email'] as const) if (typeof body[field] === 'string') agent[field] = body[field] as string;
    if (typeof body.status_outbound === 'boolean') agent.status_outbound = body.status_outbound;
    if (typeof body.daily_price_limit === 'number') agent.daily_price_limit = body.daily_price_limit;
    if (typeof body.call_number_id === 'number' || body.call_number_id === null) agent.call_number_id = body.call_number_id;
    return ack(ctx, reply, 200);
  });

  app.delete<{ Params: { agentId: string } }>('/agents/delete/:agentId.json', (req, reply) => {
    const company = companyOf(req);
    const id = Number(req.params.agentId);
    if (!/^\d+$/.test(req.params.agentId) || !company.agents.delete(id)) return notFound(ctx, reply);
    for (const m of [...company.memberships]) if (m.startsWith(`${id}:`)) company.memberships.delete(m);
    return ack(ctx, reply, 200);
  });
}
