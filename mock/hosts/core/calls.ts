import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import type { Call, Company } from '../../state/model.ts';
import { iso } from '../../state/seed-tools.ts';
import { ack, BAD_REQUEST, coreError, invalidInput, notFound, sendPage, type FieldErrors } from './replies.ts';
import { addError, checkInteger, isE164, isObject, pathId, withIds } from './validate.ts';

/**
 * Query form of date_from and date_to: `YYYY-MM-DD HH:MM:SS`, UTC (spec: Call history), or the date alone.
 * The spec gives the full form without saying a shorter one is refused; a date alone stands for its whole
 * day, so it is read as the day's start in date_from and its end in date_to.
 */
const QUERY_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

export function parseQueryDate(raw: string, bound: 'from' | 'to' = 'from'): number | undefined {
  const m = QUERY_DATE.exec(raw);
  if (!m) return undefined;
  const dateOnly = m[4] === undefined;
  const time = dateOnly ? (bound === 'from' ? ['00', '00', '00'] : ['23', '59', '59']) : m.slice(4);
  const [y, mo, d, h, mi, s] = [...m.slice(1, 4), ...time].map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Rejects dates that roll over (Feb 30, 24:00:00).
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h || back.getUTCMinutes() !== mi)
    return undefined;
  // A day's end takes in its last second whole.
  return dateOnly && bound === 'to' ? ms + 999 : ms;
}

function renderCall(ctx: MockContext, company: Company, call: Call): Record<string, unknown> {
  const date = (ms: number | null) => {
    if (ms === null) return null;
    const text = iso(ms);
    return ctx.faults.on('call-dates-no-millis') ? text.replace('.000Z', 'Z') : text;
  };
  const contact = call.contactId === null ? undefined : company.contacts.get(call.contactId);
  const agent = company.agents.get(call.userId);
  const talking = call.answeredAt === null ? 0 : Math.round((call.endedAt - call.answeredAt) / 1000);
  return {
    Cdr: {
      id: String(call.id),
      // billsec, user_id and talking_time are integers, as the vendor's Cdr schema types them; the call's own id a string, as every record id.
      billsec: talking,
      type: call.type,
      public_external: call.publicExternal,
      public_internal: call.publicInternal,
      recorded: call.recording !== 'none',
      is_voicemail: false,
      is_redirected: '0',
      redirected_from: '',
      is_local: false,
      user_id: call.userId,
      talking_time: talking,
      started_at: date(call.startedAt),
      answered_at: date(call.answeredAt),
      ended_at: date(call.endedAt),
      waiting_time: call.waitingTime,
      wrapup_time: call.wrapupTime,
      recording_link: call.recording === 'none' ? null : `https://recordings.example.com/r/play/${call.id}`,
    },
    ...(contact ? { Contact: { id: String(contact.id), name: contact.name, company: contact.company, industry: contact.industry } } : {}),
    ...(agent
      ? {
          Agent: {
            id: String(agent.id),
            firstname: agent.firstname,
            lastname: agent.lastname,
            fullname: `${agent.firstname} ${agent.lastname}`,
            email: agent.email,
          },
        }
      : {}),
    Tags: call.tagIds.map((id) => ({ id: String(id), name: company.tags.get(id)?.name ?? '' })),
  };
}

/** A tiny valid WAV header with no samples: enough to stand for the recording media. */
const EMPTY_WAV = Buffer.from('524946462400000057415645666d74201000000001000100401f0000803e0000020010006461746100000000', 'hex');

export function callRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  app.get('/calls/index.json', (req, reply) => {
    const company = companyOf(req);
    const q = req.query as Record<string, string | undefined>;
    let from: number | undefined;
    let to: number | undefined;
    if (q.date_from !== undefined) {
      from = parseQueryDate(q.date_from);
      if (from === undefined) return coreError(ctx, reply, 400, BAD_REQUEST);
    }
    if (q.date_to !== undefined) {
      to = parseQueryDate(q.date_to, 'to');
      if (to === undefined) return coreError(ctx, reply, 400, BAD_REQUEST);
    }
    const agentByExtension = q.agent_extension === undefined ? undefined : [...company.agents.values()].find((a) => String(a.extension) === q.agent_extension);
    const keep = (call: Call): boolean => {
      if (from !== undefined && !faults.on('calls-ignores-date_from') && call.startedAt < from) return false;
      if (to !== undefined && !faults.on('calls-ignores-date_to') && call.startedAt > to) return false;
      if (q.contact_id !== undefined && !faults.on('calls-ignores-contact_id') && String(call.contactId) !== q.contact_id) return false;
      if (q.user_id !== undefined && !faults.on('calls-ignores-user_id') && String(call.userId) !== q.user_id) return false;
      if (q.type !== undefined && !faults.on('calls-ignores-type') && call.type !== q.type) return false;
      if (q.status !== undefined && !faults.on('calls-ignores-status') && (q.status === 'answered') !== (call.answeredAt !== null)) return false;
      if (q.tag_id !== undefined && !faults.on('calls-ignores-tag_id') && !call.tagIds.some((t) => String(t) === q.tag_id)) return false;
      if (q.call_id !== undefined && !faults.on('calls-ignores-call_id') && String(call.id) !== q.call_id) return false;
      if (q.agent_extension !== undefined && call.userId !== agentByExtension?.id) return false;
      if (q.public_external !== undefined && call.publicExternal !== q.public_external) return false;
      if (q.public_internal !== undefined && call.publicInternal !== q.public_internal) return false;
      return true;
    };
    return sendPage(ctx, req, reply, [...company.calls.values()].filter(keep), (call) => renderCall(ctx, company, call));
  });

  // Recording media (vendor reference path); the variant serves it under another name, as the spec shows no path.
  app.get<{ Params: { callId: string } }>(ctx.dialect === 'variant' ? '/recordings/:callId.json' : '/calls/recording/:callId.json', (req, reply) => {
    const call = companyOf(req).calls.get(Number(req.params.callId));
    // Under the swap a recording that aged out says it is not found, and one deleted or never made that it expired.
    const swapped = faults.on('recording-messages-swapped');
    if (!call || !/^\d+$/.test(req.params.callId)) return notFound(ctx, reply);
    if (call.recording === 'none') return swapped ? coreError(ctx, reply, 410, 'Recording expired.') : notFound(ctx, reply);
    if (call.recording === 'available') return reply.code(200).type('audio/x-wav').send(EMPTY_WAV);
    const expired = (call.recording === 'expired') !== swapped;
    const message = faults.on('recording-410-message') ? 'Gone' : expired ? 'Recording expired.' : 'Recording not found.';
    return coreError(ctx, reply, 410, message);
  });

  // Delete call recording (vendor reference): for good; afterwards the recording reads as gone (410 Recording not found.).
  app.delete<{ Params: { callId: string } }>('/recordings/delete/:callId.json', (req, reply) => {
    const id = pathId(req.params.callId);
    const call = id === undefined ? undefined : companyOf(req).calls.get(id);
    if (!call || call.recording === 'none') return notFound(ctx, reply);
    if (call.recording !== 'available') return coreError(ctx, reply, 410, call.recording === 'expired' ? 'Recording expired.' : 'Recording not found.');
    call.recording = 'deleted';
    return ack(ctx, reply, 200);
  });

  // Make a call (vendor reference path): 403 when the agent is not online, 409 when already in a call.
  app.post('/calls/create.json', (req, reply) => {
    const company = companyOf(req);
    const errors: FieldErrors = {};
    if (!isObject(req.body)) return invalidInput(ctx, reply, { body: ['Must be a JSON object.'] });
    const body = withIds(req.body, ['agent_id']);
    checkInteger(body, 'agent_id', errors, { min: 1 }, true);
    if (!isE164(body.callee_number)) addError(errors, 'callee_number', 'Please supply a valid number in E.164 format.');
    if (Object.keys(errors).length > 0) return invalidInput(ctx, reply, errors);
    const agent = company.agents.get(body.agent_id as number);
    if (!agent) return notFound(ctx, reply);
    if (agent.availability_status === 'calling') {
      return faults.on('call-create-busy-403') ? coreError(ctx, reply, 403, 'Agent is not online.') : coreError(ctx, reply, 409, 'Agent is already calling.');
    }
    if (agent.availability_status !== 'online' && !faults.on('call-create-offline-200')) return coreError(ctx, reply, 403, 'Agent is not online.');
    // The mock places no call; the agent's presence stays as seeded so runs repeat.
    const extra = faults.on('call-create-extra-body') ? { data: { call_id: 1 } } : {};
    return reply.code(200).send({ responseData: { status: 200, ...extra } });
  });
}
