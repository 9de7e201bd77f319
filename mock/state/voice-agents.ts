/**
 * A voice agent as the mock stores it (spec: Resources and their fields > Voice agent). The attribute
 * model is written once, as data: the create validation walks it, the record's type is derived from
 * it, and response-only members are marked so a client cannot send them.
 */

/** `response`: a string the server fills in and returns; never sent on create. */
type Leaf = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'string[]' | 'response';
type Field = Leaf | { readonly object: Model; readonly response?: true } | { readonly items: Model };
export type Model = { readonly [name: string]: Field };

const TOGGLED_REPLY = { isEnabled: 'boolean', reply: 'string', when: 'string' } as const;
const TRANSFER_TARGET = { agentExtension: 'string', agentId: 'integer', groupExtension: 'string', groupId: 'integer' } as const;
const PROPERTY = { name: 'string', description: 'string', type: 'string' } as const;

export const VOICE_AGENT_MODEL = {
  agentName: 'string',
  defaultOutboundNumberId: 'integer',
  failoverOutboundNumberId: 'integer',
  direction: 'string',
  goalPrompt: 'string',
  greeting: 'string',
  isAgentSpeakingFirst: 'boolean',
  language: 'string',
  secondaryLanguages: 'string[]',
  maxCallDurationMinutes: 'integer',
  dialTimeoutSeconds: 'integer',
  optimizeStreamingLatency: 'integer',
  similarity: 'number',
  stability: 'number',
  temperature: 'number',
  voiceId: 'string',
  knowledgeBaseIds: 'string[]',
  status: 'string',
  tone: 'string[]',
  verbosity: 'response',
  llmOverride: 'response',
  providerOverride: 'response',
  resolvedLlm: { object: { model: 'response', provider: 'response' }, response: true },
  resolvedProvider: 'response',
  createdAt: 'response',
  updatedAt: 'response',
  voiceProviderSettings: {
    object: {
      asrKeywords: 'string[]',
      backgroundSound: { object: { preset: 'response', isCrossfadeLoopEnabled: 'boolean', volume: 'number' } },
      interruptionIgnoreTermLanguages: 'string[]',
      interruptionIgnoreTerms: 'string[]',
      isSpeculativeTurnEnabled: 'boolean',
      isVadEnabled: 'boolean',
      turnEagerness: 'response',
      turnModel: 'response',
    },
  },
  guardrails: { items: TOGGLED_REPLY },
  scenarios: { items: { ...TOGGLED_REPLY, actionParameters: 'object', toolId: 'string', action: 'response', triggerType: 'response' } },
  skills: {
    object: {
      answerQuestions: { object: { isEnabled: 'boolean', action: 'response', transferConfig: { object: { destination: 'response', ...TRANSFER_TARGET } } } },
      appointmentBooking: {
        object: {
          calendarId: 'string',
          durationMinutes: 'integer',
          eventName: 'string',
          integrationId: 'string',
          isEnabled: 'boolean',
          calendarEventDescription: 'string',
          serviceDescription: 'string',
        },
      },
      custom: { items: { isEnabled: 'boolean', name: 'string', prompt: 'string' } },
      extractData: { object: { isEnabled: 'boolean', endpoint: 'string', properties: { items: PROPERTY } } },
      takeMessage: { object: { isEnabled: 'boolean', prompt: 'string' } },
      transferToHuman: {
        object: {
          isEnabled: 'boolean',
          isConfirmationRequired: 'boolean',
          includeProperties: 'string[]',
          customProperties: { items: PROPERTY },
          rules: { items: { condition: 'string', destination: 'response', ...TRANSFER_TARGET } },
        },
      },
    },
  },
} as const satisfies Model;

type TypeOf<F> = F extends 'string' | 'response'
  ? string
  : F extends 'integer' | 'number'
    ? number
    : F extends 'boolean'
      ? boolean
      : F extends 'object'
        ? Record<string, unknown>
        : F extends 'string[]'
          ? string[]
          : F extends { readonly object: infer M }
            ? Shape<M>
            : F extends { readonly items: infer M }
              ? Shape<M>[]
              : never;
type Shape<M> = { -readonly [K in keyof M]?: TypeOf<M[K]> };

/** Every attribute of the Voice agent table, sent and response-only; each may be absent until filled. */
export type VoiceAgentAttributes = Shape<typeof VOICE_AGENT_MODEL>;

export interface VoiceAgentRecord {
  /** Opaque, 24 hex digits like the vendor reference's example; unique across companies. */
  readonly id: string;
  attributes: VoiceAgentAttributes;
}

export interface AttributeProblem {
  readonly code: string;
  readonly message: string;
  /** Where, as a path: `skills.transferToHuman.rules[0].agentId`. */
  readonly target: string;
}

/** Enough to name what is wrong; a payload with hundreds of mistakes does not get hundreds of details. */
const MAX_PROBLEMS = 20;

function typeFits(leaf: Exclude<Leaf, 'response'>, value: unknown): boolean {
  switch (leaf) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * What makes a create payload not fit the model: members it does not know, response-only members
 * sent by the client, values of another type. Required members are the caller's business.
 */
export function attributeProblems(value: unknown, model: Model = VOICE_AGENT_MODEL, at = '', out: AttributeProblem[] = []): AttributeProblem[] {
  const here = at === '' ? 'body' : at;
  if (!isPlainObject(value)) {
    out.push({ code: 'INVALID_TYPE', message: 'must be a JSON object', target: here });
    return out;
  }
  for (const [name, member] of Object.entries(value)) {
    if (out.length >= MAX_PROBLEMS) break;
    const target = at === '' ? name : `${at}.${name}`;
    const field = Object.hasOwn(model, name) ? model[name] : undefined;
    if (field === undefined) out.push({ code: 'UNKNOWN_ATTRIBUTE', message: 'is not an attribute of a voice agent', target });
    else if (field === 'response' || (typeof field === 'object' && 'response' in field))
      out.push({ code: 'READ_ONLY_ATTRIBUTE', message: 'is returned by the service and cannot be sent', target });
    else if (typeof field === 'string') {
      if (!typeFits(field, member))
        out.push({ code: 'INVALID_TYPE', message: `must be ${field === 'string[]' ? 'an array of strings' : `a value of type ${field}`}`, target });
    } else if ('object' in field) attributeProblems(member, field.object, target, out);
    else if (!Array.isArray(member)) out.push({ code: 'INVALID_TYPE', message: 'must be an array', target });
    else member.forEach((item, i) => out.length < MAX_PROBLEMS && attributeProblems(item, field.items, `${target}[${i}]`, out));
  }
  return out;
}

/** The model the mock resolves every agent to; fixed, since a client cannot choose it on create. */
export const RESOLVED_LLM = { provider: 'openai', model: 'gpt-4o' } as const;
export const SPEECH_PROVIDER = 'elevenlabs';

const destinationOf = (target: { agentId?: number; agentExtension?: string }): string =>
  target.agentId !== undefined || target.agentExtension !== undefined ? 'agent' : 'group';

/**
 * A new voice agent from a valid payload: the sent attributes as given, plus every response-only
 * member the spec names, with the values it shows where it shows one.
 */
export function createVoiceAgent(id: string, sent: VoiceAgentAttributes, now: Date): VoiceAgentRecord {
  const a: VoiceAgentAttributes = structuredClone(sent);
  const stamp = now.toISOString();
  a.status ??= 'enabled';
  Object.assign(a, {
    verbosity: 'concise',
    llmOverride: `${RESOLVED_LLM.provider} - ${RESOLVED_LLM.model}`,
    providerOverride: SPEECH_PROVIDER,
    resolvedLlm: { ...RESOLVED_LLM },
    resolvedProvider: SPEECH_PROVIDER,
    createdAt: stamp,
    updatedAt: stamp,
  });
  if (a.voiceProviderSettings) {
    Object.assign(a.voiceProviderSettings, { turnEagerness: 'patient', turnModel: 'turn_v2' });
    if (a.voiceProviderSettings.backgroundSound) a.voiceProviderSettings.backgroundSound.preset = 'city';
  }
  for (const scenario of a.scenarios ?? []) Object.assign(scenario, { action: 'toolCall', triggerType: 'custom' });
  const answer = a.skills?.answerQuestions;
  if (answer) {
    answer.action = 'admitUncertainty';
    if (answer.transferConfig) answer.transferConfig.destination = destinationOf(answer.transferConfig);
  }
  for (const rule of a.skills?.transferToHuman?.rules ?? []) rule.destination = destinationOf(rule);
  return { id, attributes: a };
}
