import { type FaultSpec, fault as f } from './spec.js';

/** Faults of the CueCard host. */
export const CUECARD_FAULTS: readonly FaultSpec[] = [
  f('cuecard-plain-http-served', 'CUECARD-HTTPS-ONLY', 'plain HTTP on the CueCard port is served by the API'),
  f('cuecard-no-call-404', 'CUECARD-424-NO-CALL', 'a card for a call that is not live gets 404 instead of 424'),
  f('cuecard-no-call-200', 'CUECARD-424-NO-CALL', 'a card for a call that is not live is accepted'),
  f('cuecard-get-served', 'CUECARD-POST-ONLY', 'GET /cuecards answers 200'),
  f('cuecard-auth-missing-accepted', 'CUECARD-AUTH-401', 'a request without credentials is served as company A'),
  f('cuecard-own-keys', 'CUECARD-SAME-KEY', 'the CueCard host rejects the key pairs of the core API'),
  f('analytics-serves-cuecards', 'CUECARD-WRONG-HOST-404', 'the analytics host answers POST /cuecards'),
];
