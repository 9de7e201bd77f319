import { type FaultSpec, fault as f } from './spec.ts';

/** Faults of VoiceAgent on the AI host, each breaking one rule the way a real server might. */
export const VOICE_AGENT_FAULTS = [
  f('va-create-id-number', 'VA-CREATE-ENVELOPE', 'create answers data.id as a number'),
  f('va-numbers-rounded', 'VA-ROUNDTRIP', 'similarity, stability, temperature and volume are stored at one decimal'),
  f('va-get-drops-nested', 'VA-ROUNDTRIP', 'get leaves groupExtension out of skills.transferToHuman.rules[]'),
  f('va-no-resolved-llm', 'VA-RESPONSE-FIELDS', 'get leaves resolvedLlm out'),
  f('va-llm-override-slash', 'VA-RESPONSE-FIELDS', "llmOverride reads 'openai/gpt-4o' instead of '<provider> - <model>'"),
  f('va-created-at-local', 'VA-TIMESTAMPS', 'createdAt carries no time zone'),
  f('va-updated-before-created', 'VA-TIMESTAMPS', 'updatedAt is an hour before createdAt'),
  f('va-error-no-request-id', 'VA-REQUEST-ID', 'VoiceAgent errors carry no requestId'),
  f('va-get-data-array', 'VA-GET', 'get answers data as a one-item array'),
  f('va-create-500-wrong-type', 'VA-ERROR-NESTED-CREATE', 'a create attribute of the wrong type crashes the handler (500)'),
  f('va-create-error-service-shape', 'VA-ERROR-NESTED-CREATE', 'create validation errors use the flat service shape'),
  f('va-parse-error-generic', 'VA-ERROR-NESTED-CREATE', "bodies that do not parse are answered by the host's service-shape handler"),
  f('va-get-error-service-shape', 'VA-ERROR-NESTED-GET', 'an unknown voice agent gets a 404 in the flat service shape'),
  f('va-put-edits', 'VA-WRITES-POST-ONLY', 'PUT /voice-agents/{id} answers 200 and edits the agent'),
  f('va-initiate-200-body', 'VA-INITIATE-204', 'initiating a call answers 200 with a body'),
  f('va-initiate-unknown-agent-accepted', 'VA-INITIATE-REFUSED', 'a call naming an unknown voice agent is accepted'),
  f('va-direction-inbound-refused', 'VA-CREATE-DOCUMENTED-VALUES', "create refuses direction 'inbound' with a 400 naming direction"),
  f('va-isolation-leak', 'AI-ISOLATION-VOICE-AGENTS', "get finds voice agents of every company, not only the key's"),
] as const satisfies readonly FaultSpec[];
