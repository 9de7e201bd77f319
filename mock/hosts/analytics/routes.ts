import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import type { Call, Company } from '../../state/model.ts';
import { COUNTRIES } from '../../state/countries.ts';
import { iso } from '../../state/seed-tools.ts';
import { statusName } from '../ai/errors.ts';

/**
 * The analytics host ({analytics_url}, prefix /api): Get call details, on the vendor reference's
 * path GET /calls/{callId}. Its errors use the third shape, { statusCode, message, error }, with no
 * correlationId; `message` may be an array of validation strings (spec: Errors on the {ai_url} host, 5).
 */
export function analyticsError(ctx: MockContext, reply: FastifyReply, status: number, message: string | string[]): FastifyReply {
  const body: Record<string, unknown> = { statusCode: status, message, error: statusName(status) };
  if (ctx.faults.on('analytics-error-correlation')) body.correlationId = 'c0ffee00-0000-4000-8000-00000000a404';
  if (ctx.faults.on('analytics-error-core-envelope')) return reply.code(status).send({ responseData: { status, message } });
  return reply.code(status).send(body);
}

/** Call details after the vendor reference's Call schema; the spec shows none of these fields. */
function renderDetails(company: Company, call: Call): Record<string, unknown> {
  const contact = call.contactId === null ? undefined : company.contacts.get(call.contactId);
  const agent = company.agents.get(call.userId);
  const talking = call.answeredAt === null ? 0 : Math.round((call.endedAt - call.answeredAt) / 1000);
  const total = Math.round((call.endedAt - call.startedAt) / 1000);
  const times = {
    talking_time: talking,
    wrap_up_time: call.wrapupTime,
    ringing_time: call.waitingTime,
    total_time: total,
    waiting_time: call.waitingTime,
    holding_time: 0,
  };
  return {
    cdr_id: call.id,
    uuid: call.uuid,
    company_id: company.id,
    date: iso(call.startedAt),
    // The number is the call's own, the one call history shows, whatever the contact's numbers became since.
    contact: contact
      ? { id: contact.id, name: contact.name, country: COUNTRIES.find((c) => c.id === contact.country_id)?.country_code ?? null, number: call.publicExternal }
      : null,
    call_tags: call.tagIds.map((id) => ({ id, label: company.tags.get(id)?.name ?? '' })),
    call_rating: null,
    internal_number: { id: null, name: null, number: call.publicInternal },
    call_times: times,
    direction: call.type === 'outgoing' ? 'outgoing' : call.type === 'internal' ? 'internal' : 'incoming',
    type: 'regular',
    status: call.answeredAt === null ? 'missed' : 'answered',
    call_steps: agent
      ? [
          {
            type: 'agent',
            id: agent.id,
            name: `${agent.firstname} ${agent.lastname}`,
            date: iso(call.startedAt),
            call_times: times,
            status: call.answeredAt === null ? 'missed' : 'answered',
            reason: null,
          },
        ]
      : [],
    notes: [],
    recorded: call.recording !== 'none',
    out_of_office: false,
  };
}

/** Get call details; registered on the analytics host, and elsewhere only under a wrong-host fault. */
export function analyticsRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { state, faults } = ctx;
  app.get<{ Params: { callId: string } }>('/calls/:callId', (req, reply) => {
    const raw = req.params.callId;
    if (!/^\d{1,15}$/.test(raw)) return analyticsError(ctx, reply, 400, ['callId must be a number conforming to the specified constraints']);
    const id = Number(raw);
    const company = companyOf(req);
    let owner: Company | undefined = company.calls.has(id) ? company : undefined;
    if (!owner && faults.on('analytics-isolation-leak')) owner = [...state.companies.values()].find((c) => c.calls.has(id));
    const call = owner?.calls.get(id);
    if (!owner || !call || faults.on('analytics-details-404')) {
      if (faults.on('analytics-unknown-200')) return reply.code(200).send({});
      return analyticsError(ctx, reply, 404, `Call with id '${id}' doesn't exist on company '${company.id}'`);
    }
    return reply.code(200).send(renderDetails(owner, call));
  });
}
