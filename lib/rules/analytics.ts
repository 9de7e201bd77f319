import {
  ANOTHER_PROJECT,
  configuredBase,
  EVERY_HOST_QUOTE,
  EVERY_HOST_TAKEN,
  JSON_BODIES_ACCEPTED,
  JSON_BODIES_QUOTE,
  JSON_BODIES_TAKEN,
  REVOKED_EVERY_HOST,
} from './readings.ts';
import { type Rule, required } from './types.ts';

const S = {
  hosts: 'What the service does > Hosts',
  auth: 'Authentication',
  analytics: 'Endpoints > Analytics',
  errors: 'Errors > Errors on the {ai_url} host',
} as const;

const VENDOR_PATH = 'The spec names Get call details without a path; GET /calls/{callId} on the analytics host follows the vendor reference.';

const SERVED_HERE = 'Get call details is served here; its errors use a third shape (see Errors).';
const ERROR_SHAPE =
  'Get call details (analytics host) uses `{ statusCode, message, error }` with no `correlationId`; `message` may be an array of validation strings.';

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
    reading: {
      quote: SERVED_HERE,
      taken:
        'The spec serves Get call details on the analytics host but shows neither its path nor its answer. A call of the company is read as answered with 200 and a JSON object.',
      method: VENDOR_PATH,
    },
  }),
  required({
    id: 'ANALYTICS-UNKNOWN-404',
    surface: 'analytics',
    section: S.errors,
    source: 'vendor-reference',
    statement: 'Get call details of a call that does not exist answers 404.',
    reading: {
      quote: `${SERVED_HERE} … resource missing, or wrong host`,
      taken: "A call that does not exist is a missing resource, which the error table's 404 row names.",
      method: VENDOR_PATH,
    },
  }),
  required({
    id: 'ANALYTICS-ERR-SHAPE',
    surface: 'analytics',
    section: S.errors,
    statement:
      'Get call details errors carry { statusCode, message, error }: statusCode the HTTP status, message a string or an array of validation strings, error the status name.',
    reading: {
      quote: ERROR_SHAPE,
      taken: 'A missing call and a validation failure are both errors of the endpoint, so each must carry the shape.',
      method: 'Probed with an unknown call (404) and a non-numeric callId, a validation failure (vendor reference 400).',
    },
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
    reading: {
      quote: EVERY_HOST_QUOTE,
      taken: `${EVERY_HOST_TAKEN} A malformed header on the analytics host is read as one such case.`,
    },
  }),
  required({
    id: 'ANALYTICS-AUTH-REVOKED-401',
    surface: 'analytics',
    section: S.auth,
    statement: 'A revoked key pair gets 401 on the analytics host.',
    reading: REVOKED_EVERY_HOST,
  }),
  required({
    id: 'ANALYTICS-JSON-UTF8',
    surface: 'analytics',
    section: S.hosts,
    statement: 'Analytics responses with a body are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading: {
      quote: JSON_BODIES_QUOTE,
      taken: `${JSON_BODIES_TAKEN} The sentence names no status, so a success body is judged as an error is.`,
      accepted: JSON_BODIES_ACCEPTED,
      method:
        'Judged on the 404 for a call that does not exist, on the 401 without credentials, and on the 200 of Get call details for a call of the history. That 200 is the answer the check of that endpoint already receives. A history without calls leaves the success unjudged, and the report says so.',
    },
  }),
  required({
    id: 'ANALYTICS-BASE-PATH',
    surface: 'analytics',
    section: S.hosts,
    statement: 'The analytics host serves under the path prefix /api/: the configured analytics URL ends in /api.',
    reading: {
      quote: 'detailed call-flow analytics and Get call details; path prefix `/api/`',
      taken: `${configuredBase('CC_ANALYTICS_URL')} That the service answers under it is shown by every other analytics rule, whose requests go there.`,
    },
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
    reading: {
      quote: 'Using the wrong host for a resource yields `404` even when the path is right.',
      taken: "The statement is the spec's own: only the path of Get call details, which the spec does not show, comes from elsewhere.",
      method: VENDOR_PATH,
    },
  }),
] as const satisfies readonly Rule[];
