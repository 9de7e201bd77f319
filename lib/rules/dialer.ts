import { olderSideUnstated } from './dialer-readings.ts';
import { observed, type Rule, type RuleReading, required } from './types.ts';

/** Rules of the Dialer as a whole: authentication, unmatched routes and the validation shape (its budget: budget.ts). */
const S = {
  auth: 'Authentication',
  errors: 'Errors > Errors on the {ai_url} host',
  dialer: 'Endpoints > Dialer',
} as const;

/** What the Dialer's credential probes send, and why a request to a path the spec does not show may skip. */
const CREDENTIAL_PROBES = {
  quote:
    'The same key pair works on all hosts (core, analytics, AI, CueCard, Dialer). … Missing, incorrect, malformed or revoked credentials, or credentials of another project, give `401`.',
  taken:
    "Authentication 6 gives 401 for missing, incorrect, malformed and revoked credentials. Authentication 1 and 2 put every request on every host, the Dialer's included, under the same Basic key pair. So the Dialer gives each of them 401 too.",
  method:
    "The probes are the campaign list, the one Dialer read whose path the spec shows, and a delete of a made-up campaign. The delete goes to the route table's path (lib/dialer/routes.ts), which the spec does not show. It is a write that could change nothing even if authentication were skipped. A target that answers that path 'Route not found' leaves the check skipped, naming CC_DIALER_ROUTES. Whether its authentication answers before routing is judged by AI-AUTH-BEFORE-ROUTING.",
} as const satisfies RuleReading;

export const DIALER_RULES = [
  required({
    id: 'DIALER-X-API-KEY-401',
    surface: 'dialer',
    section: S.auth,
    statement: 'A Dialer request carrying an x-api-key header gets 401, with or without valid Basic credentials.',
    reading: {
      quote:
        'The Dialer does not use a separate key header; a request carrying an `x-api-key` header is rejected with `401`. … the per-company `x-api-key` header scheme was never deployed and is rejected with `401`',
      taken:
        'Authentication 2 rejects a request carrying an x-api-key header with 401, and Versioning adds that the scheme was never deployed. The sentence names no exception for a request that also carries valid Basic credentials. So it is read literally: the header alone earns the 401. A target that serves such a request on the strength of its Basic credentials fails.',
    },
  }),
  required({
    id: 'DIALER-SAME-KEY',
    surface: 'dialer',
    section: S.auth,
    statement: 'The Dialer authenticates with the standard Basic key pair: a valid key lists campaigns with 200.',
  }),
  required({
    id: 'DIALER-AUTH-MISSING-401',
    surface: 'dialer',
    section: S.auth,
    statement: 'A Dialer request without credentials gets 401, on the campaign list and on a delete of a made-up campaign alike.',
    reading: CREDENTIAL_PROBES,
  }),
  required({
    id: 'DIALER-AUTH-INCORRECT-401',
    surface: 'dialer',
    section: S.auth,
    statement: 'A Dialer request with an unknown key ID, or a known key ID with a wrong secret, gets 401.',
    reading: CREDENTIAL_PROBES,
  }),
  required({
    id: 'DIALER-AUTH-MALFORMED-401',
    surface: 'dialer',
    section: S.auth,
    statement: 'A Dialer request with a malformed Authorization header (another scheme, undecodable base64, no colon, no credentials) gets 401.',
    reading: CREDENTIAL_PROBES,
  }),
  required({
    id: 'DIALER-AUTH-REVOKED-401',
    surface: 'dialer',
    section: S.auth,
    statement: 'A Dialer request with a revoked key pair gets 401.',
    reading: {
      ...CREDENTIAL_PROBES,
      method: `${CREDENTIAL_PROBES.method} The revoked key pair is that of CC_REVOKED_KEY_ID. Without it the rule is skipped.`,
    },
  }),
  required({
    id: 'DIALER-AUTH-401-BODY',
    surface: 'dialer',
    section: S.errors,
    statement:
      "A Dialer 401 for missing, incorrect, malformed or revoked credentials carries exactly { code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' }, with no correlationId.",
    reading: {
      quote:
        "`401` from the authentication layer: `{ code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' }` (no `correlationId`).",
      taken:
        "The Dialer is served on {ai_url} (Hosts: 'Dialer paths begin /dialer'), and Errors on the {ai_url} host names it among that host's surfaces. Its item 1 gives the authentication layer's 401 this fixed body with no correlationId. Authentication 6 says that on {ai_url} that layer answers before the service. Authentication 2 gives the Dialer no key scheme of its own, so nothing sets its 401 apart from the rest of the host.",
      method: "The body is judged on every 401 of the Dialer's credential probes.",
    },
  }),
  required({
    id: 'DIALER-BASE-PATH',
    surface: 'dialer',
    section: 'What the service does > Hosts',
    statement:
      'The Dialer is served on the AI host under /v1/dialer: GET {ai_url}/dialer/campaigns, the one path the spec shows for reading, answers 200 with a cursor page.',
    reading: {
      quote:
        'Conversation Intelligence, VoiceAgent and the Dialer partner API; path prefix `/v1` (Dialer paths begin `/dialer`) … `GET /dialer/campaigns`: list campaigns.',
      taken:
        'The Dialer sits on the AI host, whose paths begin /v1, under /dialer. The campaign list is the one Dialer read whose path the spec shows, so it is the path judged.',
      method:
        'The path is sent as the spec writes it, not from the route table, so a CC_DIALER_ROUTES override cannot hide a Dialer served elsewhere. That {ai_url} itself ends in /v1 is judged on the configured URL by AI-BASE-PATH.',
    },
  }),
  required({
    id: 'DIALER-GET-SAFE',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement:
      "Dialer GET requests change nothing: after a campaign, its disposition buttons, contacts and statistics, and the Dialer's lists are read, the campaign, its buttons and its statistics read back exactly as before.",
    reading: {
      quote: 'read and query; never modifies data … Dialer is the only surface with PATCH, PUT and DELETE: GET reads, POST creates or triggers an action',
      taken: "The Dialer's 'GET reads' is read as the core API's 'never modifies data': a GET changes nothing. Every member is compared, updatedAt included.",
      method:
        "The check reads the run's campaign of the Dialer lane. That lane's checks run one after another, so no other writer of the run changes the campaign meanwhile. Paths other than the campaign list are this project's (lib/dialer/routes.ts).",
    },
  }),
  required({
    id: 'DIALER-ROUTE-NOT-FOUND',
    surface: 'dialer',
    section: S.errors,
    since: '1.0.21',
    statement:
      "A Dialer path or method that is not routed (DELETE /dialer/surveys/{surveyId} among them) gets 404 in the service shape with message 'Route not found' and a correlationId, and the body repeats neither the path nor the query.",
  }),
  required({
    id: 'DIALER-VALIDATION-SUBERRORS',
    surface: 'dialer',
    section: S.errors,
    statement:
      'Every validation 400 of the Dialer (a limit, include_deleted, cursor, export filter, outcome_kind, name, schedule_policy start_date or start_time, or jobId refused as invalid) carries subErrors, an array of at least one string.',
    reading: {
      quote:
        'Errors raised by the service: `{ statusCode: <integer>, message: <string>, error: <status name string>, correlationId: <string>, subErrors: [<string>] }`. `subErrors` appears on validation failures only.',
      taken:
        "Item 2 of Errors on the {ai_url} host lists subErrors in the service shape and says where it appears. So a validation failure carries it, an array of at least one string, and other errors do not (that half is AI-ERR-SUBERRORS's). Validation in the Dialer bears this out for a whitespace-only name. A 400 the spec gives for a bad parameter is a validation failure.",
      accepted:
        "The undecodable cursor's 400 also names code 'PAGINATION.INVALID_CURSOR', and the jobId's 400 has the fixed message 'Validation failed (uuid is expected)'. Neither sentence says subErrors are left out, so both carry subErrors too. What the entries say is judged only where the spec names a message (the whitespace-only name).",
      method:
        "The rule is judged on the 400s the Dialer checks already provoke, with no request of its own. They answer a limit outside 1 to 100 or not an integer, include_deleted other than true or false, an undecodable cursor, or invalid export filters. Those filters are ids below 1, and the bounds a target refuses with 400 rather than 422. The others answer an unknown outcome_kind on button replace, a whitespace-only name, a bad schedule_policy start_date or start_time, or a jobId that is not a UUID. Only answers to values sent as invalid are judged. A check whose target refused none with 400 leaves the rule unjudged and says so, as when it clamped limit (DIALER-LIMIT-OUT-OF-RANGE) or its release accepts the value. A 400 a check takes as a missing prerequisite, a value of this project's reference the target does not share, is not judged.",
    },
  }),
  observed({
    id: 'DIALER-ROUTE-NOT-FOUND-LEGACY',
    surface: 'dialer',
    section: 'Versioning',
    until: '1.0.21',
    statement:
      "What a release before v1.0.21 answers to an unmatched Dialer route: 404 without the fixed body ('Route not found' with a correlationId), as the mock plays it, or otherwise.",
    reading: olderSideUnstated(
      'unmatched-route `404` body fixed to `Route not found` with `correlationId`',
      "The v1.0.21 line says the 'unmatched-route 404 body' was 'fixed to Route not found with correlationId'. 'Fixed' may mean repaired or made constant. Neither says what the body was before, nor whether it was the same for every route.",
    ),
  }),
] as const satisfies readonly Rule[];
