import { type FaultSpec, fault as f } from './spec.ts';

/** Faults of Conversation Intelligence on the AI host: each breaks one CI rule as a real server might. */
export const CI_FAULTS = [
  // Envelopes
  f('ci-envelope-response-data', 'CI-ENVELOPE', 'the summary comes wrapped in the core responseData envelope'),
  f('ci-pagination-strings', 'CI-PAGED-ENVELOPE', 'pagination counters of topics and transcription are strings'),
  // Offset/limit pagination
  f('ci-offset-default-1', 'CI-OFFSET-DEFAULT', 'without offset, pages start at item 1 and echo offset 1'),
  f('ci-limit-ignored', 'CI-LIMIT-ECHO', 'limit is echoed but every remaining item is returned'),
  f('ci-limit-zero-echoed', 'CI-LIMIT-MIN', 'limit 0 is accepted and echoed with an empty page'),
  f('ci-offset-nan-500', 'CI-OFFSET-TYPE', 'an offset that is not an integer crashes the service (500)'),
  f('ci-total-off-by-one', 'CI-WALK', 'pagination.total counts one item more than there is'),
  f('ci-walk-overlap', 'CI-WALK', 'each page after the first repeats the last item of the page before'),
  f('ci-callers-first-page-only', 'CI-REPEAT-FIELDS', 'callers is empty on every page after the first'),
  // Transcription shape
  f('ci-callid-string', 'CI-TRANSCRIPTION-SCHEMA', 'the transcription carries callId as a string'),
  f('ci-segment-caller-unknown', 'CI-SEGMENT-CALLER', "the third segment's caller is 'caller3', no caller's localIdentifier"),
  f('ci-segment-end-before-start', 'CI-SEGMENT-TIMES', 'the fourth segment ends half a second before it starts'),
  // Surface shape
  f('ci-list-endpoint', 'CI-NO-LIST', 'GET /ai/calls lists the analysed calls'),
  f('ci-delete-served', 'CI-READ-ONLY', 'DELETE on a summary answers 204 and deletes it'),
  // Unknown and foreign calls
  f('ci-unknown-call-200', 'CI-UNKNOWN-CALL-404', 'a call id the company does not have answers 200 with an empty analysis'),
  f('ci-unknown-call-500', 'CI-UNKNOWN-CALL-404', 'a call id the company does not have crashes the service (500)'),
  f('ci-callid-nan-500', 'CI-CALLID-MALFORMED', 'a callId that is not an integer crashes the service (500)'),
  f('ci-isolation-leak', 'AI-ISOLATION-CALLS', "the analysis of any company's call is served to every key"),
  // subErrors on validation failures, one fault per parameter refused
  f('ci-limit-400-no-suberrors', 'CI-VALIDATION-SUBERRORS', 'an invalid limit is refused with 400 Validation failed, without subErrors'),
  f('ci-offset-400-no-suberrors', 'CI-VALIDATION-SUBERRORS', 'an offset that is not an integer is refused with 400 Validation failed, without subErrors'),
  f('ci-callid-400-no-suberrors', 'CI-VALIDATION-SUBERRORS', 'a callId that is not an integer is refused with 400 Validation failed, without subErrors'),
] as const satisfies readonly FaultSpec[];
