import { type FaultSpec, fault as f } from './spec.js';

/** Faults of the analytics host. */
export const ANALYTICS_FAULTS: readonly FaultSpec[] = [
  f('analytics-plain-http-served', 'ANALYTICS-HTTPS-ONLY', 'plain HTTP on the analytics port is served by the API'),
  f('analytics-details-404', 'ANALYTICS-CALL-DETAILS', 'Get call details answers 404 for every call'),
  f('analytics-unknown-200', 'ANALYTICS-UNKNOWN-404', 'an unknown call answers 200 with an empty object'),
  f('analytics-error-core-envelope', 'ANALYTICS-ERR-SHAPE', 'errors come in the core responseData envelope'),
  f('analytics-error-correlation', 'ANALYTICS-ERR-NO-CORRELATION', 'errors carry a correlationId'),
  f('analytics-auth-missing-accepted', 'ANALYTICS-AUTH-401', 'a request without credentials is served as company A'),
  f('analytics-own-keys', 'ANALYTICS-SAME-KEY', 'the analytics host rejects the key pairs of the core API'),
  f('analytics-isolation-leak', 'ANALYTICS-ISOLATION', "Get call details serves another company's call"),
  f('cuecard-serves-analytics', 'ANALYTICS-WRONG-HOST-404', 'the CueCard host answers GET /calls/{callId}'),
];
