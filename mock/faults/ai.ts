import { type FaultSpec, fault as f } from './spec.ts';

/** Faults of the AI host as a whole: its authentication layer, its service errors, its transport. */
export const AI_FAULTS = [
  f('ai-auth-missing-accepted', 'AI-AUTH-MISSING-401', 'a request without credentials is served as company A'),
  f('ai-auth-any-secret', 'AI-AUTH-INCORRECT-401', 'the key secret is not compared'),
  f(
    'ai-auth-unknown-key-accepted',
    'AI-AUTH-INCORRECT-401',
    'outside the Dialer, an unknown key ID is served as company A; a known one with a wrong secret still gets 401',
  ),
  f('ai-auth-malformed-400', 'AI-AUTH-MALFORMED-401', 'a malformed Authorization header gets a service 400'),
  f('ai-auth-revoked-accepted', 'AI-AUTH-REVOKED-401', 'revoked keys keep working'),
  f('ai-401-wording', 'AI-AUTH-401-BODY', "the 401 says 'Unauthorized'"),
  f('ai-401-correlation', 'AI-AUTH-401-NO-CORRELATION', 'the 401 carries a correlationId'),
  f('ai-route-before-auth', 'AI-AUTH-BEFORE-ROUTING', "an unrouted path answers 404 'Route not found' before credentials are looked at"),
  f('ai-error-status-mismatch', 'AI-ERR-SERVICE-SHAPE', 'service errors carry statusCode 400 whatever the HTTP status'),
  f('ai-error-name-code', 'AI-ERR-SERVICE-SHAPE', "service errors carry error 'E404' instead of the status name"),
  f('ai-error-no-correlation', 'AI-ERR-SERVICE-SHAPE', 'service errors carry no correlationId'),
  f('ai-suberrors-everywhere', 'AI-ERR-SUBERRORS', 'errors that are no validation failure carry an empty subErrors'),
  f('ai-plain-http-served', 'AI-HTTPS-ONLY', 'plain HTTP on the AI port is served by the API'),
  f('ai-content-type-text', 'AI-JSON-UTF8', 'AI-host bodies are labelled text/plain'),
  f('ai-ci-success-text-plain', 'AI-JSON-UTF8', 'Conversation Intelligence success bodies are labelled text/plain, its errors still JSON'),
  f('ai-va-success-text-plain', 'AI-JSON-UTF8', 'VoiceAgent success bodies are labelled text/plain, its errors still JSON'),
  f('ai-dialer-success-text-plain', 'AI-JSON-UTF8', 'Dialer success bodies are labelled text/plain, its errors still JSON'),
  f('ai-error-text-plain', 'AI-JSON-UTF8', 'AI-host error bodies are labelled text/plain; successes stay JSON'),
  f('ai-edge-correlation', 'AI-EDGE-403-NO-CORRELATION', 'the edge-block page quotes a correlationId and sends it as a header'),
  f('ai-unversioned', 'AI-BASE-PATH', 'the AI host serves its services at the root, not under /v1'),
  f('cuecard-serves-ai', 'AI-WRONG-HOST-404', 'the CueCard host answers Conversation Intelligence and VoiceAgent paths'),
  f('core-serves-ai', 'AI-WRONG-HOST-404', 'the core host answers Conversation Intelligence and VoiceAgent paths'),
  f('analytics-serves-ai', 'AI-WRONG-HOST-404', 'the analytics host answers Conversation Intelligence and VoiceAgent paths'),
] as const satisfies readonly FaultSpec[];
