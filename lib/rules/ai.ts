import { configuredBase, JSON_BODIES_ACCEPTED, JSON_BODIES_QUOTE, JSON_BODIES_TAKEN } from './readings.ts';
import { type Rule, observed, required } from './types.ts';

/** Rules of the AI host as a whole ({ai_url}): its authentication layer, its service errors, its transport. */
const S = {
  hosts: 'What the service does > Hosts',
  auth: 'Authentication',
  errors: 'Errors > Errors on the {ai_url} host',
} as const;

const AUTH_LAYER =
  "On `{ai_url}` the authentication layer answers before the service with `{ code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' }`.";
const NOT_ROUTED =
  'A Dialer request to a path or method that is not routed gives `404` in the same envelope with the fixed message `Route not found` and a `correlationId`';
const AHEAD = 'Responses produced ahead of the service carry no `correlationId` (the `401` above, an edge-block `403` that is an HTML page).';
const SERVICE_SHAPE =
  'Errors raised by the service: `{ statusCode: <integer>, message: <string>, error: <status name string>, correlationId: <string>, subErrors: [<string>] }`.';

export const AI_RULES = [
  required({ id: 'AI-HTTPS-ONLY', surface: 'ai', section: S.hosts, statement: 'Plain HTTP to the AI host is rejected (the probe sends no credentials).' }),
  required({
    id: 'AI-AUTH-MISSING-401',
    surface: 'ai',
    section: S.auth,
    statement: 'A request to the AI host without credentials gets 401, on Conversation Intelligence and VoiceAgent alike.',
  }),
  required({
    id: 'AI-AUTH-INCORRECT-401',
    surface: 'ai',
    section: S.auth,
    statement: 'An unknown key ID, or a known key ID with a wrong secret, gets 401 on the AI host.',
  }),
  required({
    id: 'AI-AUTH-MALFORMED-401',
    surface: 'ai',
    section: S.auth,
    statement: 'A malformed Authorization header (another scheme, undecodable base64, no colon) gets 401 on the AI host.',
  }),
  required({ id: 'AI-AUTH-REVOKED-401', surface: 'ai', section: S.auth, statement: 'A revoked key pair gets 401 on the AI host.' }),
  required({
    id: 'AI-AUTH-401-BODY',
    surface: 'ai',
    section: S.errors,
    statement: "An AI-host 401 carries exactly { code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' }.",
    reading: {
      quote: AUTH_LAYER,
      taken: 'The authentication layer answers before the service, so its 401 has this fixed body whichever service the path names.',
    },
  }),
  required({
    id: 'AI-AUTH-401-NO-CORRELATION',
    surface: 'ai',
    section: S.errors,
    statement: 'An AI-host 401 carries no correlationId: it is produced ahead of the service.',
  }),
  required({
    id: 'AI-AUTH-BEFORE-ROUTING',
    surface: 'ai',
    section: S.auth,
    statement:
      "A request to the AI host without credentials, or with malformed ones, to a path the host does not route (DELETE /dialer/surveys/{surveyId}, a made-up path under /v1) gets the authentication layer's 401 and body, not the 404 'Route not found'.",
    reading: {
      quote: `${AUTH_LAYER} … ${NOT_ROUTED} … ${AHEAD}`,
      taken:
        "The 401 comes from the authentication layer, which on {ai_url} answers before the service. The unmatched-route 404 carries a correlationId, which only service-raised errors have, so it is the service's answer. Read together, authentication is decided before routing. A request with missing or malformed credentials gets the layer's 401 on any path of the host, routed or not, and never learns whether a path is routed.",
      method:
        'The check asks DELETE /dialer/surveys/{surveyId}, which the spec names as not a route, and a made-up path under /v1. Each is asked once without credentials and once with a malformed header. The spec orders authentication and routing on {ai_url} only. The core, analytics and CueCard hosts give a 401 (with the core envelope on the core API), but the spec never says whether it or a 404 for an unrouted path comes first. So no such rule is judged there.',
    },
  }),
  required({
    id: 'AI-ERR-SERVICE-SHAPE',
    surface: 'ai',
    section: S.errors,
    statement:
      'A service-raised error on the AI host carries { statusCode, message, error, correlationId }: statusCode the HTTP status, error its status name, no responseData.',
    reading: {
      quote: `${SERVICE_SHAPE} … VoiceAgent create and get document a nested shape: \`{ error: { code, message, details: [ { code, message, target } ], target }, requestId }\`.`,
      taken:
        "The host gives service errors one shape, while VoiceAgent create and get document their own nested shape. The endpoint's own documentation is read as the more specific statement. So this rule judges the service shape on Conversation Intelligence errors; VoiceAgent create and get are judged against the nested shape by their own rules.",
      accepted: "Any case in the status name, compared with the HTTP reason phrase: 422 may be 'Unprocessable Entity' or 'Unprocessable Content'.",
    },
  }),
  observed({
    id: 'AI-ERR-CORRELATION-UNIQUE',
    surface: 'ai',
    section: S.errors,
    statement: 'The report says whether two service errors answering the same request carry distinct correlationIds.',
    reading: {
      quote: '`correlationId` is present on every service-raised error and is quoted to support.',
      taken:
        'The sentence makes the id present on every such error, which AI-ERR-SERVICE-SHAPE requires. It does not say that no two errors share one. An id may name one occurrence, a request chain, or a kind of failure that support looks up, and each can be quoted to support.',
      accepted: 'Ids that differ or repeat: the report says which, never failing a target either way.',
      method: 'The suite asks twice for the same unknown call and compares the two ids.',
    },
  }),
  required({
    id: 'AI-ERR-SUBERRORS',
    surface: 'ai',
    section: S.errors,
    statement: 'subErrors appears on validation failures only, as an array of strings: an error for a missing resource carries none.',
  }),
  required({
    id: 'AI-JSON-UTF8',
    surface: 'ai',
    section: S.hosts,
    statement: 'AI-host responses with a body, success and error, are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading: {
      quote: JSON_BODIES_QUOTE,
      taken: `${JSON_BODIES_TAKEN} The sentence names no status, so success bodies are judged as errors are, each service of the host apart.`,
      accepted: JSON_BODIES_ACCEPTED,
      method:
        "Errors are judged on a service's 404 for a call that does not exist, and on the authentication layer's 401. Successes are judged on answers that checks of other rules already receive, with no request of their own. These are the seven Conversation Intelligence reads of an analysed call, the voice agent as read (and its create when the run makes it), and the first page of the Dialer campaign list. A check that got no success with a body (no analysed call found, no voice agent to read) leaves its service's clause unjudged and says so.",
    },
  }),
  required({
    id: 'AI-BASE-PATH',
    surface: 'ai',
    section: S.hosts,
    statement:
      'The AI host serves its services under the path prefix /v1: the configured AI URL ends in /v1, and a Conversation Intelligence read under it is answered by the service.',
    reading: {
      quote:
        'Conversation Intelligence, VoiceAgent and the Dialer partner API; path prefix `/v1` (Dialer paths begin `/dialer`) … The `{ai_url}` host carries `/v1` in its base path.',
      taken: configuredBase('CC_AI_URL', 'the first half'),
      method:
        "The second half asks GET /ai/calls/{callId}/summary under that URL, for a call no account has. The service's own 404 (statusCode, and a message other than 'Route not found') shows it is served there.",
    },
  }),
  required({
    id: 'AI-EDGE-403-NO-CORRELATION',
    surface: 'ai',
    section: S.errors,
    statement: 'An edge-block 403 (an HTML page instead of the API) carries no correlationId, neither in its page nor in a header.',
    reading: {
      quote: `${AHEAD} … A \`403\` whose body is an HTML page is an edge block (most often a missing or disallowed \`User-Agent\` header), not an authorization failure.`,
      taken:
        'An edge block is produced ahead of the service, so neither its page nor its headers carry a correlationId. One would show as the word in the page or in a header name.',
      method:
        'The suite provokes a block with a blank User-Agent, the commonest cause the spec names. A target whose edge lets that through shows no block, and the rule is skipped.',
    },
  }),
  required({
    id: 'AI-WRONG-HOST-404',
    surface: 'ai',
    section: S.hosts,
    statement: 'Conversation Intelligence and VoiceAgent paths requested on the core, analytics or CueCard host get 404.',
  }),
] as const satisfies readonly Rule[];
