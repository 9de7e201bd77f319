import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { isPlainObject, type VoiceAgentRecord } from '../../state/voice-agents.ts';
import { isE164ish } from '../core/validate.ts';
import type { NestedDetail } from './errors.ts';
import { requestId } from './errors.ts';
import { reject } from './va-errors.ts';

/**
 * Outbound VoiceAgent calls (spec: Endpoints > Voice agent > Initiate a VoiceAgent call):
 * - POST /voice-agent/calls, path and payload from the vendor reference: `{ call_number, voice_agent_id,
 *   call_properties? }`; 204 with no body (spec); 400 for a bad payload and 404 for a voice agent the
 *   company does not hold (vendor reference); 409 while the emergency stop is on (mock's choice:
 *   "conflicts with current state"). The variant dialect also refuses with 422 a call whose system-prompt
 *   variables the voice agent's prompt does not use (`unfilledVariables`).
 * - POST /voice-agent/emergency-stop `{ active: boolean }`: the spec names the stop without a path,
 *   so the mock chose this one; it answers 200 `{ data: { active }, requestId }`.
 */

const detail = (target: string, message: string, code = 'INVALID_TYPE'): NestedDetail => ({ code, message, target });

/** Vendor reference `createVoiceAgentCall`: two required strings, optional nested variable maps; other members are ignored. */
function callProblems(body: unknown): NestedDetail[] {
  if (!isPlainObject(body)) return [detail('body', 'must be a JSON object')];
  const problems: NestedDetail[] = [];
  if (body.call_number === undefined) problems.push(detail('call_number', 'is required', 'REQUIRED'));
  else if (!isE164ish(body.call_number)) problems.push(detail('call_number', 'must be a phone number in E.164 form', 'INVALID_FORMAT'));
  if (body.voice_agent_id === undefined) problems.push(detail('voice_agent_id', 'is required', 'REQUIRED'));
  else if (typeof body.voice_agent_id !== 'string' || body.voice_agent_id === '') problems.push(detail('voice_agent_id', 'must be a non-empty string'));
  const props = body.call_properties;
  if (props !== undefined) {
    if (!isPlainObject(props)) problems.push(detail('call_properties', 'must be an object'));
    else {
      for (const part of ['output', 'system_prompt'] as const) {
        const value = props[part];
        if (value === undefined) continue;
        if (!isPlainObject(value)) problems.push(detail(`call_properties.${part}`, 'must be an object'));
        else if (value.variables !== undefined && !isPlainObject(value.variables))
          problems.push(detail(`call_properties.${part}.variables`, 'must be an object'));
      }
    }
  }
  return problems;
}

/**
 * What the variant dialect cannot fill: it writes a call's system-prompt variables into the voice agent's goal
 * prompt, where each stands as `{{name}}`, and a variable the prompt does not hold makes the call one it cannot
 * process (422, "well-formed but cannot be processed"). The reference ignores such variables and places the call.
 */
function unfilledVariables(ctx: MockContext, agent: VoiceAgentRecord, body: Record<string, unknown>): string[] {
  if (ctx.dialect !== 'variant') return [];
  const props = body.call_properties;
  const prompt = isPlainObject(props) && isPlainObject(props.system_prompt) ? props.system_prompt : undefined;
  if (!prompt || !isPlainObject(prompt.variables)) return [];
  const goal = typeof agent.attributes.goalPrompt === 'string' ? agent.attributes.goalPrompt : '';
  return Object.keys(prompt.variables).filter((name) => !goal.includes(`{{${name}}}`));
}

export function voiceAgentCallRoutes(va: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  va.post('/voice-agent/calls', (req, reply) => {
    const problems = callProblems(req.body);
    if (problems.length > 0) return reject(ctx, reply, 400, 'VALIDATION_ERROR', 'The call request is invalid.', 'body', problems);
    const body = req.body as Record<string, unknown> & { voice_agent_id: string };
    const company = companyOf(req);
    const agent = company.voiceAgents.get(body.voice_agent_id);
    if (!agent && !faults.on('va-initiate-unknown-agent-accepted')) {
      return reject(ctx, reply, 404, 'NOT_FOUND', 'Voice agent not found.', 'voice_agent_id', [
        detail('voice_agent_id', 'the company has no voice agent with this id', 'NOT_FOUND'),
      ]);
    }
    if (company.voiceAgentDialingStopped)
      return reject(ctx, reply, 409, 'DIALING_STOPPED', 'Outbound VoiceAgent dialing is stopped (emergency stop).', 'voice_agent_id');
    const unfilled = agent ? unfilledVariables(ctx, agent, body) : [];
    if (unfilled.length > 0) {
      return reject(
        ctx,
        reply,
        422,
        'UNPROCESSABLE',
        "The call's system-prompt variables are not used by the voice agent's prompt.",
        'call_properties.system_prompt.variables',
        unfilled.map((name) => detail(`call_properties.system_prompt.variables.${name}`, `the goal prompt holds no {{${name}}}`, 'UNKNOWN_VARIABLE')),
      );
    }
    if (faults.on('va-initiate-200-body')) return reply.code(200).send({ data: { status: 'queued' }, requestId: requestId() });
    return reply.code(204).send();
  });

  va.post('/voice-agent/emergency-stop', (req, reply) => {
    const body = req.body;
    if (!isPlainObject(body) || typeof body.active !== 'boolean') {
      return reject(ctx, reply, 400, 'VALIDATION_ERROR', 'The stop request is invalid.', 'body', [detail('active', 'is required and must be a boolean')]);
    }
    companyOf(req).voiceAgentDialingStopped = body.active;
    return reply.code(200).send({ data: { active: body.active }, requestId: requestId() });
  });
}
