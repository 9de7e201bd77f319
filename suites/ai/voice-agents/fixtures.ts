import { is2xx, isObject, type Json } from '../../shared/json.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { type KeySlot } from '../../../lib/contract/vocabulary.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';

/**
 * Shared steps of the VoiceAgent checks. A live account cannot delete a voice agent (the spec has no
 * delete), so a run creates at most one, with the full attribute model, and every reading check
 * shares it; a check that may be the first to need it counts that one request in its allowance.
 */

export const VOICE_AGENTS = '/voice-agents';
export const CALLS = '/voice-agent/calls';
/** The stop has no path in the spec; this one is the suite's choice (and the bundled mock's). */
export const EMERGENCY_STOP = '/voice-agent/emergency-stop';
/** Well-formed like the vendor reference's ids (24 hex digits) and never assigned: the all-zero value. */
export const UNKNOWN_VOICE_AGENT_ID = '000000000000000000000000';
export const NEEDS_AGENT = 'needs CC_VOICE_AGENT_ID, or CC_EFFECTS to include voice-agent (the run then creates one voice agent, which cannot be deleted)';

export { is2xx, isObject, type Json };

/**
 * Every attribute a client sends on create, nested members included. Numbers that the table types
 * as `number` carry decimals and integers do not, so a rounding server shows up and the fuzzing
 * can tell the two apart. Identifiers of numbers, agents and groups are plausible, not looked up.
 */
export function fullPayload(t: CheckContext): Json {
  const transfer = { agentExtension: '2001', agentId: 101, groupExtension: '3001', groupId: 201 };
  return {
    agentName: t.uniqueName(),
    defaultOutboundNumberId: 101,
    failoverOutboundNumberId: 102,
    direction: 'inbound',
    goalPrompt: 'Tell callers the opening hours. Created by an API conformance run.',
    greeting: 'Hello, you are speaking with a conformance test agent.',
    isAgentSpeakingFirst: true,
    language: 'en-US',
    secondaryLanguages: ['de-DE', 'sk-SK'],
    maxCallDurationMinutes: 5,
    dialTimeoutSeconds: 30,
    optimizeStreamingLatency: 2,
    similarity: 0.75,
    stability: 0.55,
    temperature: 0.35,
    voiceId: 'cc-conformance-voice',
    knowledgeBaseIds: ['cc-conformance-kb-1'],
    status: 'enabled',
    tone: ['professional'],
    voiceProviderSettings: {
      asrKeywords: ['conformance'],
      backgroundSound: { isCrossfadeLoopEnabled: false, volume: 0.25 },
      interruptionIgnoreTermLanguages: ['en'],
      interruptionIgnoreTerms: ['uh-huh'],
      isSpeculativeTurnEnabled: false,
      isVadEnabled: true,
    },
    guardrails: [{ isEnabled: true, reply: 'I cannot help with that.', when: 'the caller asks for legal advice' }],
    scenarios: [
      {
        isEnabled: true,
        reply: 'One moment, please.',
        when: 'the caller asks for an order status',
        actionParameters: { field: 'orderId' },
        toolId: 'cc-conformance-tool',
      },
    ],
    skills: {
      answerQuestions: { isEnabled: true, transferConfig: { ...transfer } },
      appointmentBooking: {
        calendarId: 'cc-conformance-calendar',
        durationMinutes: 30,
        eventName: 'Conformance call',
        integrationId: 'cc-conformance-integration',
        isEnabled: false,
        calendarEventDescription: 'Booked by a conformance run.',
        serviceDescription: 'A short consultation.',
      },
      custom: [{ isEnabled: true, name: 'closing', prompt: 'Thank the caller before hanging up.' }],
      extractData: {
        isEnabled: true,
        endpoint: 'https://example.com/cc-conformance/extract',
        properties: [{ name: 'orderId', description: 'the order number', type: 'STRING' }],
      },
      takeMessage: { isEnabled: true, prompt: 'Take a message for the team.' },
      transferToHuman: {
        isEnabled: true,
        isConfirmationRequired: true,
        includeProperties: ['orderId'],
        customProperties: [{ name: 'reason', description: 'why the caller wants a person', type: 'STRING' }],
        rules: [{ condition: 'the caller asks for a person', ...transfer }],
      },
    },
  };
}

export interface CreatedAgent {
  readonly ex: Exchange;
  readonly payload: Json;
  /** Set when the create response names a non-empty string id. */
  readonly id?: string;
}

/** The run's one voice agent. The outcome is kept whatever it is, so a refusal is never retried into a second agent. */
export function createdAgent(t: CheckContext): Promise<CreatedAgent> {
  return t.memo('va.created', async () => {
    const payload = fullPayload(t);
    const ex = await t.req('ai', 'POST', VOICE_AGENTS).json(payload).send();
    const id = dataOf(ex)?.id;
    return { ex, payload, ...(typeof id === 'string' && id !== '' ? { id } : {}) };
  });
}

export interface AgentRef {
  readonly id: string;
  /** Present when the run created the agent: its payload and create exchange. */
  readonly created?: CreatedAgent;
}

/** The configured voice agent, else the run's own, else undefined. */
export async function optionalAgent(t: CheckContext): Promise<AgentRef | undefined> {
  if (t.target.voiceAgentId !== undefined) return { id: t.target.voiceAgentId };
  if (!t.target.effects.has('voice-agent')) return undefined;
  return { id: await runAgentId(t), created: await createdAgent(t) };
}

/** A voice agent to read; the check is skipped, saying why, when there is none. */
export async function readableAgent(t: CheckContext): Promise<AgentRef> {
  return (await optionalAgent(t)) ?? t.skip(NEEDS_AGENT);
}

/** The id of the run's own voice agent, as a prerequisite: never a configured one. */
export async function runAgentId(t: CheckContext): Promise<string> {
  const created = await createdAgent(t);
  t.expectOk(created.ex, 'creating the voice agent of the run');
  t.prerequisite(created.id !== undefined, 'the create response names no string data.id', created.ex);
  return created.id as string;
}

export function getAgent(t: CheckContext, id: string, slot: KeySlot = 'primary'): Promise<Exchange> {
  return t
    .req('ai', 'GET', `${VOICE_AGENTS}/${encodeURIComponent(id)}`)
    .as(slot)
    .send();
}

export function dataOf(ex: Exchange): Json | undefined {
  const data = isObject(ex.json) ? ex.json.data : undefined;
  return isObject(data) ? data : undefined;
}

/** The attributes of a read, as a prerequisite: checks of other rules need them to exist. */
export function attributesOf(t: CheckContext, ex: Exchange, what: string): Json {
  const attributes = dataOf(ex)?.attributes;
  t.prerequisite(isObject(attributes), `${what} carries no data.attributes object`, ex);
  return attributes as Json;
}

/** What keeps a body from being `{ data: { id: string, type: string, attributes: object }, requestId: string }`. */
export function envelopeProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'the body is not a JSON object';
  const { data, requestId } = body;
  if (!isObject(data)) return `data is ${Array.isArray(data) ? 'an array' : JSON.stringify(data)}, not an object`;
  if (typeof data.id !== 'string' || data.id === '') return `data.id is ${JSON.stringify(data.id)}, not a non-empty string`;
  if (typeof data.type !== 'string') return `data.type is ${JSON.stringify(data.type)}, not a string`;
  if (!isObject(data.attributes)) return 'data.attributes is not an object';
  if (typeof requestId !== 'string' || requestId === '') return `requestId is ${JSON.stringify(requestId)}, not a non-empty string`;
  return undefined;
}

/**
 * Members a server may normalise without changing what they mean: language codes (their case), identifiers (case,
 * a number sent as a string or back), and numbers with a fraction (kept in single precision: the table gives no precision).
 */
const LANGUAGE_MEMBERS = new Set(['language', 'secondaryLanguages', 'interruptionIgnoreTermLanguages']);
const isIdMember = (key: string): boolean => /(Id|Ids|Extension)$/.test(key);
const idLike = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Integers are left out: the payload sends them for the table's integer members, which have no precision to lose. */
const sameInSinglePrecision = (sent: unknown, got: unknown): boolean =>
  typeof sent === 'number' && typeof got === 'number' && !Number.isInteger(sent) && Math.fround(sent) === Math.fround(got);

function sameOnceNormalised(key: string, sent: unknown, got: unknown): boolean {
  if (sameInSinglePrecision(sent, got)) return true;
  if (LANGUAGE_MEMBERS.has(key)) return typeof sent === 'string' && typeof got === 'string' && sent.toLowerCase() === got.toLowerCase();
  return isIdMember(key) && idLike(sent) && idLike(got) && String(sent).toLowerCase() === String(got).toLowerCase();
}

/**
 * Where `got` differs from what was sent, as a path, or undefined: objects may carry more members
 * than were sent (the response-only ones), arrays must keep their length and order, scalars equal, but
 * for the normalisations of sameOnceNormalised, which are listed in `normalised` instead.
 */
export function firstMismatch(sent: unknown, got: unknown, normalised: string[] = [], at = 'attributes', key = ''): string | undefined {
  if (isObject(sent)) {
    if (!isObject(got)) return `${at}: sent an object, got ${JSON.stringify(got)}`;
    for (const [member, value] of Object.entries(sent)) {
      const found = firstMismatch(value, got[member], normalised, `${at}.${member}`, member);
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(got) || got.length !== sent.length) return `${at}: sent ${sent.length} items, got ${JSON.stringify(got)}`;
    for (const [i, value] of sent.entries()) {
      // An item is named by its array's member, so a list of language codes or ids is normalised like one.
      const found = firstMismatch(value, got[i], normalised, `${at}[${i}]`, key);
      if (found) return found;
    }
    return undefined;
  }
  if (Object.is(sent, got)) return undefined;
  if (!sameOnceNormalised(key, sent, got)) return `${at}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`;
  normalised.push(`${at}: sent ${JSON.stringify(sent)}, got ${JSON.stringify(got)}`);
  return undefined;
}

export const is4xx = (status: number): boolean => status >= 400 && status < 500;
