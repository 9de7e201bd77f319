import { type FaultSpec, fault as f } from './spec.ts';

/** Faults of the Dialer as a whole: authentication, its budget, unmatched routes, the validation shape. */
export const DIALER_FAULTS = [
  f('dialer-x-api-key-accepted', 'DIALER-X-API-KEY-401', 'a request carrying x-api-key is served'),
  f('dialer-rejects-basic', 'DIALER-SAME-KEY', 'the Dialer refuses the standard key pairs with 401'),
  f('dialer-auth-missing-accepted', 'DIALER-AUTH-MISSING-401', 'a Dialer request without credentials is served as company A'),
  f('dialer-auth-incorrect-accepted', 'DIALER-AUTH-INCORRECT-401', 'the Dialer does not compare the key secret'),
  f(
    'dialer-auth-unknown-key-accepted',
    'DIALER-AUTH-INCORRECT-401',
    'the Dialer serves an unknown key ID as company A; a known one with a wrong secret still gets 401',
  ),
  f('dialer-auth-malformed-accepted', 'DIALER-AUTH-MALFORMED-401', 'a Dialer request with a malformed Authorization header is served as company A'),
  f('dialer-auth-revoked-accepted', 'DIALER-AUTH-REVOKED-401', 'revoked keys keep working on the Dialer'),
  f('dialer-401-core-body', 'DIALER-AUTH-401-BODY', "the Dialer's 401 comes in the core envelope { responseData: { status: 401, message: 'Unauthorized' } }"),
  f('dialer-rate-59', 'DIALER-RATE-60', 'the 60th Dialer request of a window gets 429'),
  f('dialer-rate-off', 'DIALER-RATE-429', 'Dialer requests over the budget are served'),
  f('dialer-rate-61', 'DIALER-RATE-WINDOW', 'a Dialer window serves 61 requests'),
  f('dialer-rate-90', 'DIALER-RATE-WINDOW', 'a Dialer window serves 90 requests'),
  f('dialer-rate-race', 'DIALER-RATE-CONCURRENT', 'the Dialer limiter counts a request only after an await, so requests arriving together all pass'),
  f('dialer-rate-429-core-body', 'DIALER-RATE-429-BODY', 'the Dialer 429 comes in the core envelope { responseData: { status, message } }'),
  f('dialer-rate-no-recovery', 'DIALER-RATE-RECOVERY', 'a limited company stays refused on the Dialer for two windows and two seconds past the window'),
  f('dialer-rate-per-key', 'DIALER-RATE-PER-COMPANY', 'the Dialer budget is counted per key'),
  f('dialer-rate-shared-with-core', 'DIALER-RATE-SEPARATE', 'Dialer requests also spend the core budget'),
  f('rate-one-counter', 'DIALER-RATE-SEPARATE', 'core and Dialer requests of a company count in one budget of 60'),
  f('dialer-unprefixed', 'DIALER-BASE-PATH', 'the Dialer is served at the root of the AI host, not under /dialer'),
  f('dialer-get-touches', 'DIALER-GET-SAFE', 'reading a campaign stamps its updatedAt'),
  f('dialer-route-not-found-echo', 'DIALER-ROUTE-NOT-FOUND', 'an unmatched Dialer route repeats method, path and query, without correlationId'),
  f('dialer-validation-no-suberrors', 'DIALER-VALIDATION-SUBERRORS', 'validation 400s of the Dialer answer without subErrors'),
  f('dialer-limit-400-no-suberrors', 'DIALER-VALIDATION-SUBERRORS', 'a limit refused with 400 comes without subErrors; other validation 400s keep them'),
  f(
    'dialer-include-deleted-400-no-suberrors',
    'DIALER-VALIDATION-SUBERRORS',
    'an include_deleted refused with 400 comes without subErrors; other validation 400s keep them',
  ),
  f(
    'dialer-cursor-400-no-suberrors',
    'DIALER-VALIDATION-SUBERRORS',
    'an undecodable cursor refused with 400 comes without subErrors; other validation 400s keep them',
  ),
  f(
    'dialer-export-ids-400-no-suberrors',
    'DIALER-VALIDATION-SUBERRORS',
    'an export filter id refused with 400 comes without subErrors; other validation 400s keep them',
  ),
  f(
    'dialer-export-bounds-400-no-suberrors',
    'DIALER-VALIDATION-SUBERRORS',
    'an export bound refused with 400 comes without subErrors; other validation 400s keep them',
  ),
  f(
    'dialer-outcome-kind-400-no-suberrors',
    'DIALER-VALIDATION-SUBERRORS',
    'an outcome_kind refused with 400 comes without subErrors; other validation 400s keep them',
  ),
  f('dialer-jobid-400-no-suberrors', 'DIALER-VALIDATION-SUBERRORS', 'a jobId refused with 400 comes without subErrors; other validation 400s keep them'),
  f(
    'dialer-start-date-400-message-only',
    'DIALER-VALIDATION-SUBERRORS',
    'a start_date refused with 400 names what failed in its message, without subErrors; other validation 400s keep them',
  ),
  f(
    'dialer-start-time-400-message-only',
    'DIALER-VALIDATION-SUBERRORS',
    'a start_time refused with 400 names what failed in its message, without subErrors; other validation 400s keep them',
  ),
  f(
    'dialer-campaign-name-400-raw-suberror',
    'DIALER-VALIDATION-SUBERRORS',
    "a campaign name refused with 400 lists, beside 'name should not be empty', the validator's raw error object in subErrors",
  ),
] as const satisfies readonly FaultSpec[];
