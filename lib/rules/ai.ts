import { type Rule, observed, required } from './types.ts';

/** Rules of the AI host as a whole ({ai_url}): its authentication layer, its service errors, its transport. */
const S = {
  hosts: 'What the service does > Hosts',
  auth: 'Authentication',
  errors: 'Errors > Errors on the {ai_url} host',
} as const;

const AUTH_LAYER =
  'Errors on the {ai_url} host, 1: the authentication layer answers before the service, so its 401 has this fixed body whichever service the path names.';

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
    reading: AUTH_LAYER,
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
    reading:
      "Errors on the {ai_url} host, 1 says the 401 comes from the authentication layer, and Authentication 6 says that on {ai_url} that layer answers before the service. Errors on the {ai_url} host, 3 says a Dialer path or method that is not routed gets 404 'Route not found' with a correlationId, and its 2 gives a correlationId to service-raised errors only, never to responses produced ahead of the service: the unmatched-route 404 is the service's answer. Read together, authentication is decided before routing, so a request with missing or malformed credentials gets the authentication layer's 401 on any path of the host, routed or not, and an unauthenticated request never learns whether a path is routed. The check asks DELETE /dialer/surveys/{surveyId}, which the spec names as not a route, and a made-up path under /v1, each once without credentials and once with a malformed header. The spec orders authentication and routing on {ai_url} only: for the core, analytics and CueCard hosts it gives a 401 (with the core envelope on the core API) but never says whether the 401 or a 404 for an unrouted path comes first, so no such rule is judged there.",
  }),
  required({
    id: 'AI-ERR-SERVICE-SHAPE',
    surface: 'ai',
    section: S.errors,
    statement:
      'A service-raised error on the AI host carries { statusCode, message, error, correlationId }: statusCode the HTTP status, error its status name, no responseData.',
    reading:
      "Errors on the {ai_url} host give errors raised by the service the shape { statusCode, message, error, correlationId }, while VoiceAgent create and get document their own nested shape { error, requestId }; the endpoint's own documentation is read as the more specific statement, so this rule judges the service shape on Conversation Intelligence errors, and VoiceAgent create and get are judged against the nested shape by their own rules. The status name is compared with the HTTP reason phrase, ignoring case (422 may be 'Unprocessable Entity' or 'Unprocessable Content').",
  }),
  observed({
    id: 'AI-ERR-CORRELATION-UNIQUE',
    surface: 'ai',
    section: S.errors,
    statement: 'The report says whether two service errors answering the same request carry distinct correlationIds.',
    reading:
      "Errors on the {ai_url} host, 2: 'correlationId is present on every service-raised error and is quoted to support' makes the id present on every such error, which AI-ERR-SERVICE-SHAPE requires; it does not say that no two errors share one. An id may name one occurrence, a request chain, or a kind of failure that support looks up, and each can be quoted to support, so the suite asks twice for the same unknown call and reports whether the two ids differ, never failing a target either way.",
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
    reading:
      "Hosts says responses are UTF-8 JSON, yet the error table documents 204 with no content (VoiceAgent initiate, Dialer deletes) and Authentication 7 a 403 whose body is an HTML page (an edge block, produced ahead of the API); the sentence is read as covering the bodies the API itself sends, so a bodiless 204 and an HTML edge-block 403 are not judged here, and every other response with a body must be JSON. The sentence names no status, so success bodies are judged as errors are, each service of the host apart: errors on a service's 404 for a call that does not exist and the authentication layer's 401, and successes on answers checks of other rules already receive, with no request of their own: the seven Conversation Intelligence reads of an analysed call, the voice agent as read (and its create when the run makes it), and the first page of the Dialer campaign list. A check that got no success with a body (no analysed call found, no voice agent to read) leaves its service's clause unjudged and says so.",
  }),
  required({
    id: 'AI-BASE-PATH',
    surface: 'ai',
    section: S.hosts,
    statement:
      'The AI host serves its services under the path prefix /v1: the configured AI URL ends in /v1, and a Conversation Intelligence read under it is answered by the service.',
    reading:
      "A base path shows only in the URL a user configures, so the first half is judged on CC_AI_URL itself and the report says so. The second half asks GET /ai/calls/{callId}/summary for a call no account has, under that URL: the service's own 404 (statusCode and a message other than 'Route not found') shows it is served there.",
  }),
  required({
    id: 'AI-EDGE-403-NO-CORRELATION',
    surface: 'ai',
    section: S.errors,
    statement: 'An edge-block 403 (an HTML page instead of the API) carries no correlationId, neither in its page nor in a header.',
    reading:
      "'Responses produced ahead of the service carry no correlationId (the 401 above, an edge-block 403 that is an HTML page)'. The suite provokes a block with a blank User-Agent, the commonest cause the spec names; a target whose edge lets that through shows no block, and the rule is skipped. A correlationId would show as the word in the page or in a header name.",
  }),
  required({
    id: 'AI-WRONG-HOST-404',
    surface: 'ai',
    section: S.hosts,
    statement: 'Conversation Intelligence and VoiceAgent paths requested on the core, analytics or CueCard host get 404.',
  }),
] as const satisfies readonly Rule[];
