import { ANOTHER_PROJECT } from './readings.ts';
import { type Rule, required } from './types.ts';

const S = {
  hosts: 'What the service does > Hosts',
  auth: 'Authentication',
  analytics: 'Endpoints > Analytics',
  errors: 'Errors > Errors on the {ai_url} host',
} as const;

const VENDOR_PATH = 'The spec names Get call details without a path; GET /calls/{callId} on the analytics host follows the vendor reference.';

export const ANALYTICS_RULES = [
  required({
    id: 'ANALYTICS-HTTPS-ONLY',
    surface: 'analytics',
    section: S.hosts,
    statement: 'Plain HTTP to the analytics host is rejected (the probe sends no credentials).',
  }),
  required({
    id: 'ANALYTICS-CALL-DETAILS',
    surface: 'analytics',
    section: S.analytics,
    source: 'vendor-reference',
    statement: 'Get call details (GET /calls/{callId}) answers a call of the company with 200 and a JSON object.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'ANALYTICS-UNKNOWN-404',
    surface: 'analytics',
    section: S.errors,
    source: 'vendor-reference',
    statement: 'Get call details of a call that does not exist answers 404.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'ANALYTICS-ERR-SHAPE',
    surface: 'analytics',
    section: S.errors,
    statement:
      'Get call details errors carry { statusCode, message, error }: statusCode the HTTP status, message a string or an array of validation strings, error the status name.',
    reading: 'Probed with an unknown call (404) and a non-numeric callId (a validation failure, vendor reference 400).',
  }),
  required({ id: 'ANALYTICS-ERR-NO-CORRELATION', surface: 'analytics', section: S.errors, statement: 'Get call details errors carry no correlationId.' }),
  required({
    id: 'ANALYTICS-AUTH-401',
    surface: 'analytics',
    section: S.auth,
    statement: 'An analytics request without credentials, or with a wrong secret, gets 401.',
  }),
  required({
    id: 'ANALYTICS-AUTH-MALFORMED-401',
    surface: 'analytics',
    section: S.auth,
    statement: 'A malformed Authorization header (another scheme, undecodable base64, no colon) gets 401 on the analytics host.',
    reading: 'Authentication 6 gives 401 for missing, malformed and revoked credentials alike, on every host.',
  }),
  required({
    id: 'ANALYTICS-AUTH-REVOKED-401',
    surface: 'analytics',
    section: S.auth,
    statement: 'A revoked key pair gets 401 on the analytics host.',
    reading: 'Authentication 6 gives 401 for revoked credentials on every host; judged with the revoked key pair of CC_REVOKED_KEY_ID, skipped without it.',
  }),
  required({
    id: 'ANALYTICS-JSON-UTF8',
    surface: 'analytics',
    section: S.hosts,
    statement: 'Analytics responses with a body are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading: `Hosts says responses are UTF-8 JSON, for every host; the error table documents 204 with no content and Authentication 7 a 403 whose body is an HTML page (an edge block, produced ahead of the API), so the sentence is read as covering the bodies the API itself sends: a bodiless answer and an HTML edge-block 403 are not judged here, and every other response with a body must be JSON. The sentence names no status, so a success body is judged as an error is: on the 404 for a call that does not exist, on the 401 without credentials, and on the 200 of Get call details for a call of the history, the answer the check of that endpoint already receives (a history without calls leaves the success unjudged, and the report says so).`,
  }),
  required({
    id: 'ANALYTICS-BASE-PATH',
    surface: 'analytics',
    section: S.hosts,
    statement: 'The analytics host serves under the path prefix /api/: the configured analytics URL ends in /api.',
    reading:
      'A base path shows only in the URL a user configures, so the rule is judged on CC_ANALYTICS_URL itself, and the report says so. That the service answers under it is shown by every other analytics rule, whose requests go there.',
  }),
  required({
    id: 'ANALYTICS-SAME-KEY',
    surface: 'analytics',
    section: S.auth,
    statement: 'The key pair of the core API works on the analytics host: a valid key is not answered 401.',
  }),
  required({
    id: 'ANALYTICS-ISOLATION',
    surface: 'analytics',
    section: S.auth,
    statement: "Another project's key never reads this project's call details: it gets 401 or 404, and the body holds none of the call.",
    reading: ANOTHER_PROJECT,
  }),
  required({
    id: 'ANALYTICS-WRONG-HOST-404',
    surface: 'analytics',
    section: S.hosts,
    source: 'vendor-reference',
    statement: 'The Get call details path requested on the core, AI or CueCard host gets 404.',
    reading: VENDOR_PATH,
  }),
] as const satisfies readonly Rule[];
