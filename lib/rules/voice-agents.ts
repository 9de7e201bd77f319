import { ANOTHER_PROJECT } from './readings.ts';
import { type Rule, type RuleReading, observed, required } from './types.ts';

/** VoiceAgent on the AI host ({ai_url}, prefix /v1). */
const S = {
  fields: 'Resources and their fields > Voice agent',
  create: 'Endpoints > Voice agent > Create a voice agent',
  get: 'Endpoints > Voice agent > Get a voice agent',
  initiate: 'Endpoints > Voice agent > Initiate a VoiceAgent call',
  errors: 'Errors > Errors on the {ai_url} host',
  methods: 'What the service does > HTTP method conventions',
  auth: 'Authentication',
} as const;

/** The host's service shape against the nested shape VoiceAgent create and get document. */
const NESTED = {
  quote:
    'Errors raised by the service: `{ statusCode: <integer>, message: <string>, error: <status name string>, correlationId: <string>, subErrors: [<string>] }`. … VoiceAgent create and get document a nested shape: `{ error: { code, message, details: [ { code, message, target } ], target }, requestId }`.',
  taken:
    "Errors on the {ai_url} host give the service's errors one shape, while the same section (4) and both endpoints give VoiceAgent create and get the nested one. The endpoint's own documentation is the more specific statement, so the nested shape, not the host's service shape, is expected here. It shows code, message, details and target with no optional marker, so all four are required. requestId is judged by VA-REQUEST-ID.",
} as const satisfies RuleReading;
/** The spec's words for the call's path, and where the suite takes it from: a `method` to add to a reading. */
const CALL_NOT_SHOWN = 'Path and payload of Initiate a VoiceAgent call and of the emergency stop: not shown.';
const CALL_PATH =
  'The spec names Initiate a VoiceAgent call without a path or payload. POST /voice-agent/calls and { call_number, voice_agent_id, call_properties? } follow the vendor reference.';

export const VOICE_AGENT_RULES = [
  required({
    id: 'VA-CREATE-ENVELOPE',
    surface: 'ai',
    section: S.create,
    statement: 'Create a voice agent answers a 2xx with { data: { id: string, type: string, attributes: object }, requestId: string }.',
    reading: {
      quote: 'Response: `{ data: { id, type, attributes }, requestId }`. … Success status code and required attributes of Create a voice agent: not shown.',
      taken:
        "The success status is not shown (GAP-VOICE-AGENT-CREATE-STATUS), so any 2xx is accepted and the report names it. Required attributes are not shown either, so a 4xx to the suite's payload is a failed prerequisite, not a verdict.",
    },
  }),
  required({
    id: 'VA-CREATE-DOCUMENTED-VALUES',
    surface: 'ai',
    section: S.fields,
    statement:
      "A voice agent created with direction 'inbound' and status 'enabled' is accepted: the create is not refused for either value, and the agent reads back with them.",
    reading: {
      quote: 'value `inbound` is used … value `enabled` is used',
      taken: "The Voice agent table says 'value inbound is used' and 'value enabled is used', so both are values a create takes.",
      accepted: 'The values may read back in another case.',
      method:
        "Required attributes and the other validation rules are not shown. So a refusal that names neither direction nor status (in error.target, a detail's target or a message) is a missing prerequisite, not a verdict.",
    },
  }),
  required({
    id: 'VA-ROUNDTRIP',
    surface: 'ai',
    section: S.fields,
    statement:
      'Every attribute sent on create, nested members included, comes back unchanged in the create response and on get, up to the case of language codes and identifiers and the single precision of numbers.',
    reading: {
      quote: 'The `attributes` object is also the create payload; fields marked (response) are returned but not sent on create.',
      taken:
        "'The attributes object is also the create payload': a sent value is returned as sent. Members the server adds (the response-only fields) are allowed beside it. Strings, booleans, integers and the length and order of arrays must come back exactly.",
      accepted:
        "The spec does not say how language codes are written nor what an identifier looks like, so a server may normalise them. A language code (language, secondaryLanguages, interruptionIgnoreTermLanguages) may come back in another case. So may an identifier (a member named …Id, …Ids or …Extension), or as a number for a numeric string and the other way round. similarity, stability, temperature and backgroundSound.volume are typed 'number' with no precision. A server may keep them in single precision (IEEE 754 binary32, a common store for voice parameters) and return the nearest such value (0.55 back as 0.550000011920929). A number that equals the sent one once both are rounded to single precision is accepted. Any coarser change (0.55 back as 0.6) changes the value and fails. The report lists each difference accepted.",
    },
  }),
  required({
    id: 'VA-RESPONSE-FIELDS',
    surface: 'ai',
    section: S.fields,
    statement:
      "A voice agent as read matches the attribute model in its response form: documented types, and the response-only fields present (verbosity, llmOverride as '<provider> - <model>' or null, providerOverride a string or null, resolvedLlm { model, provider }, resolvedProvider, createdAt, updatedAt, and inside the objects that carry them turnEagerness, turnModel, backgroundSound.preset, scenarios[].action and triggerType, answerQuestions.action, transferConfig.destination, transferToHuman.rules[].destination).",
    reading: {
      quote: 'fields marked (response) are returned but not sent on create.',
      taken:
        "'Fields marked (response) are returned': each is required where its enclosing object is present. An override names what overrides the default. With nothing overridden there is nothing to name, so llmOverride and providerOverride may be null, while resolvedLlm and resolvedProvider say what is used.",
      method: 'Their values are not judged beyond type (GAP-VOICE-AGENT-ENUMS). The types are those of the schema ai/voice-agent.',
    },
  }),
  required({
    id: 'VA-TIMESTAMPS',
    surface: 'ai',
    section: S.fields,
    statement:
      'createdAt and updatedAt are ISO 8601 date-times in UTC (a real calendar date, a time of day, and Z or the zero offset), and updatedAt is not before createdAt.',
    reading: {
      quote: 'ISO 8601 UTC date-time',
      taken:
        "The Voice agent table says 'ISO 8601 UTC date-time' and no more. What the sentence does make exact is judged: a complete calendar date that exists, a valid time of day, one format throughout, and UTC. So a time without a designator or with another offset fails. The order follows from the names, as no update can precede the creation.",
      accepted:
        'ISO 8601 writes a time of day with or without seconds (hh:mm is its reduced precision). Seconds may have a decimal fraction after a full stop or a comma. The whole may be in the extended (2026-09-01T10:15:00Z) or basic (20260901T101500Z) format. UTC may be Z or the zero offset (+00:00 or +00 extended, +0000 or +00 basic). Each is accepted, and the report names the form the target uses.',
    },
  }),
  required({
    id: 'VA-REQUEST-ID',
    surface: 'ai',
    section: S.create,
    statement: 'Every create and get response with a body carries a non-empty requestId string, on success and on error.',
    reading: {
      quote: 'Response: `{ data: { id, type, attributes }, requestId }`. … `401` uses the authentication-layer body.',
      taken:
        "The success shape and the nested error shape both carry requestId. The 401 is the authentication layer's body ('401 uses the authentication-layer body') and is outside this rule.",
    },
  }),
  required({
    id: 'VA-GET',
    surface: 'ai',
    section: S.get,
    statement: 'Get a voice agent answers a 2xx with the resource shape { data: { id, type, attributes }, requestId } for the id asked, data.id equal to it.',
    reading: {
      quote: 'Returns the voice agent of the company, shape as above. … Which status codes each VoiceAgent operation returns besides `401`: not shown.',
      taken: 'The success status of get is not shown (GAP-VOICE-AGENT-STATUSES), so any 2xx is accepted and the report names it.',
    },
  }),
  required({
    id: 'VA-ERROR-NESTED-CREATE',
    surface: 'ai',
    section: S.errors,
    statement:
      'Create answers no 5xx to a body that does not parse, is not a JSON object, is form-encoded or gives an attribute a value of another type, refuses a body that does not parse as JSON with a 4xx, and gives every 4xx in the nested error shape { error: { code, message, details: [{ code, message, target }], target } }.',
    reading: {
      quote: `${NESTED.quote} … Body (JSON): the \`attributes\` object fields described above (not the response-only fields).`,
      taken: `${NESTED.taken} 'Body (JSON)' makes a body that does not parse as JSON nothing a client may send. The error table gives 400 to malformed or invalid parameters and 500 to a server error. So such a body is refused with a 4xx, and no payload a client sends is answered with a 5xx.`,
      accepted:
        "Whether a form-encoded body, a JSON array or a value of another type than the Voice agent table gives is refused is not stated. A server's binder may take it: form fields as attributes, a numeric string as its number, a number as a string, a single value as a one-item list. So such a payload may be accepted, which VA-CREATE-COERCION reports. Whenever one is refused, the refusal must come in the nested shape.",
      method: 'Since required attributes are not shown, nothing is judged for what a payload leaves out.',
    },
  }),
  observed({
    id: 'VA-CREATE-COERCION',
    surface: 'ai',
    section: S.create,
    statement:
      'The report lists which create payloads outside the documented types the target takes rather than refuses (a form-encoded body, a JSON array, an attribute of another JSON type), with what it stored.',
    reading: {
      quote: 'Body (JSON): the `attributes` object fields described above (not the response-only fields).',
      taken:
        "Create a voice agent takes the attributes as a JSON body, and the Voice agent table gives each attribute a type. Neither says what a create with another media type or another type answers. Many servers' binders take such input and convert it, and others refuse it. Both are conforming.",
      accepted: `A binder may take form fields as attributes, "5" as 5, 42 as "42" or 'true' as true. It may also take a single value as a one-item list, or a one-item array as its item. Each payload taken is listed here with the value stored, and never failed. Each refusal is judged by VA-ERROR-NESTED-CREATE.`,
    },
  }),
  required({
    id: 'VA-ERROR-NESTED-GET',
    surface: 'ai',
    section: S.errors,
    statement: 'Get with a voiceAgentId no voice agent has is refused with a 4xx in the nested error shape.',
    reading: {
      quote: `${NESTED.quote} … Which status codes each VoiceAgent operation returns besides \`401\`: not shown.`,
      taken: NESTED.taken,
      accepted: 'The status is not shown (GAP-VOICE-AGENT-STATUSES), so any 4xx is accepted and the report names it.',
    },
  }),
  required({
    id: 'VA-WRITES-POST-ONLY',
    surface: 'ai',
    section: S.methods,
    statement: 'PUT, PATCH and DELETE on /voice-agents/{voiceAgentId} are not 2xx and leave the voice agent as it was.',
    reading: {
      quote: 'VoiceAgent and CueCard are POST-only. … Get a voice agent: `GET /voice-agents/{voiceAgentId}`',
      taken:
        'HTTP method conventions say VoiceAgent is POST-only, yet Get a voice agent documents GET /voice-agents/{voiceAgentId}. The sentence is read as saying that VoiceAgent writes are POST, so the documented GET exists and is used.',
      accepted: 'PUT, PATCH and DELETE may be answered with any status but a 2xx, 404 and 405 alike. They must leave the voice agent as it was.',
    },
  }),
  observed({
    id: 'VA-ENUMS',
    surface: 'ai',
    section: S.fields,
    statement:
      'The report lists the values the target uses for direction, status, tone, verbosity, turnEagerness, turnModel, backgroundSound.preset, action, triggerType, destination and property type, and the form of its language codes.',
    reading: {
      quote:
        'Allowed values of the voice agent enumerations (direction, status, tone, verbosity, turnEagerness, turnModel, backgroundSound.preset, action, triggerType, destination, property type) beyond the single values named above: not shown.',
      taken:
        "Allowed values beyond the single ones named are not shown (GAP-VOICE-AGENT-ENUMS), nor which standard 'language code' follows. So the values are reported, never judged.",
    },
  }),
  required({
    id: 'VA-INITIATE-204',
    surface: 'ai',
    section: S.initiate,
    source: 'vendor-reference',
    statement: 'A VoiceAgent call that is accepted for a voice agent of the company answers 204 with an empty body.',
    reading: {
      quote: `Returns \`204\` with no body on success. … well-formed but cannot be processed (Dialer, VoiceAgent) … ${CALL_NOT_SHOWN}`,
      taken:
        "Initiate a VoiceAgent call 'returns 204 with no body on success': any 2xx is a success, and it must be that 204. The error table lists 422 for VoiceAgent, 'well-formed but cannot be processed'. So a call refused with a 4xx is reported, not judged. A 5xx is the target unable to serve, an error of the run.",
      method: `${CALL_PATH} A call refused with call_properties is sent once more without them. When no call is accepted, the rule is skipped with the refusals. The suite calls a number of the UK drama range, which reaches no one.`,
    },
  }),
  required({
    id: 'VA-INITIATE-REFUSED',
    surface: 'ai',
    section: S.initiate,
    source: 'vendor-reference',
    statement: 'A call request naming a voice agent the company does not have, or without call_number, is refused with a 4xx, never a 2xx or a 5xx.',
    reading: {
      quote: CALL_NOT_SHOWN,
      taken:
        'The vendor reference lists 400 and 404 for the operation, and which one fits each case is not said. So any 4xx is accepted and the report names it.',
      method: CALL_PATH,
    },
  }),
  observed({
    id: 'VA-EMERGENCY-STOP',
    surface: 'ai',
    section: S.initiate,
    statement:
      'The report says what the target does with the emergency stop at POST /voice-agent/emergency-stop { active }: whether a call is refused while stopped and accepted again once lifted.',
    reading: {
      quote: `Emergency stop of outbound VoiceAgent dialing also exists. … ${CALL_NOT_SHOWN}`,
      taken:
        "The spec says only that the stop exists (GAP-VOICE-AGENT-CALL-PATHS). The path and payload are the suite's choice, so nothing here can fail a target.",
    },
  }),
  required({
    id: 'AI-ISOLATION-VOICE-AGENTS',
    surface: 'ai',
    section: S.auth,
    statement: "Another project's key never reads this project's voice agent: asked for its id it gets 401 or 404, with none of the agent in the body.",
    reading: ANOTHER_PROJECT,
  }),
] as const satisfies readonly Rule[];
