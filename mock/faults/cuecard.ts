import { type FaultSpec, fault as f } from './spec.ts';

/** Faults of the CueCard host. */
export const CUECARD_FAULTS = [
  f('cuecard-plain-http-served', 'CUECARD-HTTPS-ONLY', 'plain HTTP on the CueCard port is served by the API'),
  f('cuecard-no-call-404', 'CUECARD-424-NO-CALL', 'a card for a call that is not live gets 404 instead of 424'),
  f('cuecard-no-call-200', 'CUECARD-424-NO-CALL', 'a card for a call that is not live is accepted'),
  f('cuecard-get-served', 'CUECARD-POST-ONLY', 'GET /cuecards answers 200'),
  f('cuecard-auth-missing-accepted', 'CUECARD-AUTH-401', 'a request without credentials is served as company A'),
  f('cuecard-auth-malformed-accepted', 'CUECARD-AUTH-MALFORMED-401', 'a malformed Authorization header is served as company A'),
  f('cuecard-auth-revoked-accepted', 'CUECARD-AUTH-REVOKED-401', 'revoked keys keep working on the CueCard host'),
  f('cuecard-content-type-text', 'CUECARD-JSON-UTF8', 'CueCard bodies are labelled text/plain'),
  f(
    'cuecard-success-text-plain',
    'CUECARD-JSON-UTF8',
    'a card for a call UUID no call of the company has is accepted (200, which the spec leaves open), its body labelled text/plain; errors still JSON',
  ),
  f('cuecard-error-text-plain', 'CUECARD-JSON-UTF8', 'CueCard error bodies are labelled text/plain; successes stay JSON'),
  f('cuecard-unprefixed', 'CUECARD-BASE-PATH', 'the CueCard host is served, and its URL given, at the root, without /api'),
  f('cuecard-own-keys', 'CUECARD-SAME-KEY', 'the CueCard host rejects the key pairs of the core API'),
  f('analytics-serves-cuecards', 'CUECARD-WRONG-HOST-404', 'the analytics host answers POST /cuecards'),
  f('core-serves-cuecards', 'CUECARD-WRONG-HOST-404', 'the core host answers POST /cuecards'),
  f('ai-serves-cuecards', 'CUECARD-WRONG-HOST-404', 'the AI host answers POST /cuecards'),
] as const satisfies readonly FaultSpec[];
