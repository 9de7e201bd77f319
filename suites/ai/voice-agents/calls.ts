import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { fictionalNumber } from '../../shared/inert-values.ts';
import { CALLS, EMERGENCY_STOP, is2xx, is4xx, isObject, optionalAgent, readableAgent, UNKNOWN_VOICE_AGENT_ID } from './fixtures.ts';

/**
 * Outbound VoiceAgent calls, on the vendor reference's path. Every call goes to one number of the UK
 * drama range (Ofcom 07700 900xxx), which reaches no one.
 */
const CALLEE = fictionalNumber(123);

/** Vendor reference createVoiceAgentCall, with both optional variable maps as its examples show them, or without them. */
function initiate(t: CheckContext, voiceAgentId: string, withProperties = true): Promise<Exchange> {
  const properties = { output: { variables: { external_contact_id: 12345 } }, system_prompt: { variables: { name: 'Conformance Test' } } };
  return t
    .req('ai', 'POST', CALLS)
    .json({ call_number: CALLEE, voice_agent_id: voiceAgentId, ...(withProperties ? { call_properties: properties } : {}) })
    .send();
}

/** A refusal as the report gives it: the status, and the code or message of the error shape it came in. */
function refusalOf(ex: Exchange): string {
  const body = ex.json;
  if (isObject(body) && isObject(body.error) && typeof body.error.code === 'string') return `${ex.status} ${body.error.code} (nested error shape)`;
  if (isObject(body) && typeof body.statusCode === 'number') return `${ex.status} ${JSON.stringify(body.message)} (service error shape)`;
  return String(ex.status);
}

const stop = (t: CheckContext, active: boolean): Promise<Exchange> => t.req('ai', 'POST', EMERGENCY_STOP).json({ active }).send();

const verdictOf = (ex: Exchange): string => `${ex.status} (${is2xx(ex.status) ? 'accepted' : 'refused'})`;

export const voiceAgentCallChecks = [
  defineCheck({
    id: 'ai.voice-agents.initiate',
    title: 'Initiate a VoiceAgent call: a success is 204 with no body; a refusal is reported',
    surface: 'ai',
    rules: ['VA-INITIATE-204'],
    cost: { requests: { "the run's voice agent": 1, 'a call': 1, 'one without call_properties, when the first is refused': 1 } },
    needs: { effects: ['voice-call'] },
    // A call it places may appear in the core call history, which core checks count.
    lane: 'core',
    async run(t) {
      const rule = 'VA-INITIATE-204';
      const { id } = await readableAgent(t);
      const refusals: string[] = [];
      let accepted: Exchange | undefined;
      for (const [what, withProperties] of [
        ['with call_properties', true],
        ['without call_properties', false],
      ] as const) {
        const ex = await initiate(t, id, withProperties);
        if (is2xx(ex.status)) {
          accepted = ex;
          break;
        }
        // 204 is the answer 'on success', and the error table lists 422 for VoiceAgent: a 4xx refusal is reported, not judged.
        if (!is4xx(ex.status)) t.expectOk(ex, `initiating a VoiceAgent call ${what}`);
        refusals.push(`a call ${what} was refused: ${refusalOf(ex)}`);
      }
      if (!accepted) return t.skip(`no call was accepted, so there is no success to judge: ${refusals.join('; ')}`);
      if (refusals.length > 0) t.note(rule, `${refusals.join('; ')}; the call accepted after it is judged`);
      t.expectStatus(rule, accepted, 204);
      t.check(rule, accepted.bodyBytes === 0, `the 204 carries a body of ${accepted.bodyBytes} bytes`, accepted);
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.initiate-refused',
    title: 'a call for an unknown voice agent, or without call_number, is refused with a 4xx',
    surface: 'ai',
    rules: ['VA-INITIATE-REFUSED'],
    cost: { requests: 3 },
    needs: { effects: ['voice-call'] },
    async run(t) {
      const rule = 'VA-INITIATE-REFUSED';
      const unknown = await initiate(t, UNKNOWN_VOICE_AGENT_ID);
      t.check(rule, is4xx(unknown.status), `a call for unknown voice agent ${UNKNOWN_VOICE_AGENT_ID} answered ${unknown.status}`, unknown);
      const seen = [`unknown voice agent ${unknown.status}`];
      const agent = await optionalAgent(t);
      if (agent) {
        const bare = await t.req('ai', 'POST', CALLS).json({ voice_agent_id: agent.id }).send();
        t.check(rule, is4xx(bare.status), `a call without call_number answered ${bare.status}`, bare);
        seen.push(`no call_number ${bare.status}`);
      } else seen.push('a call without call_number not tried: no voice agent to name (CC_VOICE_AGENT_ID or CC_EFFECTS=voice-agent)');
      t.note(rule, seen.join('; '));
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.emergency-stop',
    title: 'emergency stop of outbound VoiceAgent dialing: calls refused while stopped, accepted once lifted (observed)',
    surface: 'ai',
    rules: ['VA-EMERGENCY-STOP'],
    cost: { requests: 6 },
    needs: { effects: ['emergency-stop', 'voice-call'] },
    // Its calls may appear in the core call history, which core checks count.
    lane: 'core',
    async run(t) {
      const rule = 'VA-EMERGENCY-STOP';
      const { id } = await readableAgent(t);
      // A refused call now may mean someone already stopped dialing; lifting that stop is not ours to do.
      const before = await initiate(t, id);
      if (!is2xx(before.status))
        return t.observe(
          rule,
          `a call before any stop was refused (${refusalOf(before)}): the stop may already be on, or the target refuses this call, so the suite left the stop alone`,
        );
      let lifted = false;
      // Registered before the stop goes out: a stop that times out may still have been applied.
      t.cleanup('lift the emergency stop of VoiceAgent dialing', async () => {
        if (lifted) return;
        const ex = await stop(t, false);
        if (!is2xx(ex.status) && ex.status !== 404) throw new Error(`lifting the stop answered ${ex.status}`);
      });
      const stopped = await stop(t, true);
      if (!is2xx(stopped.status))
        return t.observe(
          rule,
          `POST ${EMERGENCY_STOP} { active: true } answered ${stopped.status}: the target does not take the stop on the suite's chosen path (the spec shows none)`,
        );
      const during = await initiate(t, id);
      const lift = await stop(t, false);
      lifted = is2xx(lift.status);
      const after = await initiate(t, id);
      t.observe(
        rule,
        `stop answered ${stopped.status}; a call while stopped ${verdictOf(during)}; lifting answered ${lift.status}; a call after lifting ${verdictOf(after)}`,
      );
    },
  }),
];
