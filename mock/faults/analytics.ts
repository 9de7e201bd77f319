import { type FaultSpec, fault as f } from './spec.ts';

/** Faults of the analytics host. */
export const ANALYTICS_FAULTS = [
  f('analytics-plain-http-served', 'ANALYTICS-HTTPS-ONLY', 'plain HTTP on the analytics port is served by the API'),
  f('analytics-details-404', 'ANALYTICS-CALL-DETAILS', 'Get call details answers 404 for every call'),
  f('analytics-unknown-200', 'ANALYTICS-UNKNOWN-404', 'an unknown call answers 200 with an empty object'),
  f('analytics-error-core-envelope', 'ANALYTICS-ERR-SHAPE', 'errors come in the core responseData envelope'),
  f('analytics-error-correlation', 'ANALYTICS-ERR-NO-CORRELATION', 'errors carry a correlationId'),
  f('analytics-auth-missing-accepted', 'ANALYTICS-AUTH-401', 'a request without credentials is served as company A'),
  f('analytics-auth-malformed-accepted', 'ANALYTICS-AUTH-MALFORMED-401', 'a malformed Authorization header is served as company A'),
  f('analytics-auth-revoked-accepted', 'ANALYTICS-AUTH-REVOKED-401', 'revoked keys keep working on the analytics host'),
  f('analytics-content-type-text', 'ANALYTICS-JSON-UTF8', 'analytics bodies are labelled text/plain'),
  f('analytics-success-text-plain', 'ANALYTICS-JSON-UTF8', 'analytics success bodies are labelled text/plain, its errors still JSON'),
  f('analytics-error-text-plain', 'ANALYTICS-JSON-UTF8', 'analytics error bodies are labelled text/plain; successes stay JSON'),
  f('analytics-unprefixed', 'ANALYTICS-BASE-PATH', 'the analytics host is served, and its URL given, at the root, without /api'),
  f('analytics-own-keys', 'ANALYTICS-SAME-KEY', 'the analytics host rejects the key pairs of the core API'),
  f('analytics-isolation-leak', 'ANALYTICS-ISOLATION', "Get call details serves another company's call"),
  f('cuecard-serves-analytics', 'ANALYTICS-WRONG-HOST-404', 'the CueCard host answers GET /calls/{callId}'),
  f('core-serves-analytics', 'ANALYTICS-WRONG-HOST-404', 'the core host answers GET /calls/{callId}'),
  f('ai-serves-analytics', 'ANALYTICS-WRONG-HOST-404', 'the AI host answers GET /calls/{callId}'),
] as const satisfies readonly FaultSpec[];
