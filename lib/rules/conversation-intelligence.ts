import { ANOTHER_PROJECT } from './readings.ts';
import { type Rule, observed, required } from './types.ts';

/** Conversation Intelligence on the AI host: seven read-only analyses of one call, two of them offset-paginated. */
const S = {
  ci: 'Endpoints > Conversation Intelligence',
  transcription: 'Resources and their fields > Conversation Intelligence transcription',
  methods: 'What the service does > HTTP method conventions',
  limits: 'Limits',
  errors: 'Errors > Errors on the {ai_url} host',
  statuses: 'Errors > Core API envelope',
  auth: 'Authentication',
  gaps: 'Endpoints > Endpoint gaps',
} as const;

const ACCEPT_BOTH = 'both are accepted and the report notes which the target chose';

/** What the paging rules judge of an analysed call without topics. */
const TOPICS_MAY_LACK =
  "The section lists seven reads of one call, topics among them, but not that every analysis holds each part (CI-ANALYSIS-PARTS). So a call whose transcription answers 200 may have no topics. Its topics read may then answer a 4xx other than 400 ('a missing resource gives 404'): that is reported, not judged. A 400 is the status of invalid parameters, which these reads do not send. A topics read answered 200 is judged on what it holds, even with no topic in it.";

export const CI_RULES = [
  // Envelopes
  required({
    id: 'CI-ENVELOPE',
    surface: 'ai',
    section: S.ci,
    statement:
      'Each of the seven reads of an analysed call answers either 200 with a JSON object that carries no responseData envelope or a 4xx, never a 5xx or another status.',
    reading: `'Responses are { data: {...}, pagination } without the responseData envelope' is read as the shape of the paginated reads; the five others may hold their fields in data or at the top level (the vendor reference shows the top level): ${ACCEPT_BOTH}. A call counts as analysed when its transcription answers 200; the section lists seven reads of one call without saying that every analysed call has all seven parts, so a read that answers a 4xx is not judged here but reported by CI-ANALYSIS-PARTS, while a 5xx (a server error, by the error table), another status, or a 200 whose body is not a JSON object without responseData fails.`,
  }),
  observed({
    id: 'CI-ANALYSIS-PARTS',
    surface: 'ai',
    section: S.ci,
    statement: 'The report says which of the seven reads answer 200 for a call whose transcription does, and what the others answer.',
    reading:
      'Endpoints > Conversation Intelligence lists the seven reads of one call (summary, sentiment, talk/listen ratio, topics, transcription, smart notes, details link) but not that an analysis holds every part, nor what a read of a part the analysis lacks answers (CI-NO-ANALYSIS leaves the same open for a call with no analysis at all). A target may produce some parts only, for some calls or for none, so a read of an analysed call that answers a 4xx is reported here and never failed.',
  }),
  required({
    id: 'CI-PAGED-ENVELOPE',
    surface: 'ai',
    section: S.ci,
    statement: 'Topics and transcription answer { data: {...}, pagination: { limit, offset, total } } with integer counters and no responseData.',
    reading: `'Responses are { data: {...}, pagination: { limit, offset, total } } without the responseData envelope' is judged on each paged read that answers 200. ${TOPICS_MAY_LACK}`,
  }),
  // Offset/limit pagination
  required({
    id: 'CI-OFFSET-DEFAULT',
    surface: 'ai',
    section: S.limits,
    statement: 'Without offset, a page starts at the first item and pagination.offset is 0.',
  }),
  required({
    id: 'CI-LIMIT-ECHO',
    surface: 'ai',
    section: S.ci,
    statement: 'A limit of 1 or more is applied: pagination.limit echoes it and the page holds at most that many items.',
    reading: `pagination.limit is read as the applied page size; the spec gives no maximum, so the small limits the check sends (1 to 10) must be applied as sent. ${TOPICS_MAY_LACK}`,
  }),
  required({
    id: 'CI-LIMIT-MIN',
    surface: 'ai',
    section: S.limits,
    statement:
      'limit=1 is applied; a limit below 1 or not an integer is never applied: the read answers 400, or 200 with pagination.limit an integer of at least 1 and no more items than it.',
    reading: `The spec gives the minimum, not the answer to a value below it: rejection (400, the status of invalid parameters) and correction are both allowed; ${ACCEPT_BOTH}.`,
  }),
  required({
    id: 'CI-OFFSET-TYPE',
    surface: 'ai',
    section: S.ci,
    statement:
      'An integer offset inside the items is applied and echoed in pagination.offset; an offset that is not an integer is answered 400, or 200 with an integer pagination.offset of at least 0.',
    reading: `'offset integer' says what a valid offset is, not how an invalid one is answered: ${ACCEPT_BOTH}.`,
  }),
  observed({
    id: 'CI-OFFSET-NEGATIVE',
    surface: 'ai',
    section: S.ci,
    statement: 'What a negative offset answers: the spec types offset as an integer with default 0 and gives no minimum.',
  }),
  observed({
    id: 'CI-LIMIT-DEFAULT',
    surface: 'ai',
    section: S.ci,
    statement: 'Which page size applies when no limit is sent: the spec gives only the minimum.',
  }),
  required({
    id: 'CI-WALK',
    surface: 'ai',
    section: S.ci,
    statement:
      'Raising offset by limit from 0 until offset >= pagination.total yields every item exactly once: each page holds min(limit, total - offset) items, none repeats and total stays the same.',
    reading: `'To read everything, raise offset by limit until offset >= pagination.total.' Judged on transcription (items: data.segments) and topics (items: data.topics, the vendor reference name; the spec names no array for topics). A read with fewer than 2 items has no walk to judge. ${TOPICS_MAY_LACK}`,
  }),
  required({
    id: 'CI-REPEAT-FIELDS',
    surface: 'ai',
    section: S.ci,
    statement: 'callId, callers and language repeat identically on every page of a read that carries them.',
    reading:
      'Transcription carries all three; topics carries callId and callers in the vendor reference, and whichever of the three its first page holds must repeat.',
  }),
  // Transcription resource
  required({
    id: 'CI-TRANSCRIPTION-SCHEMA',
    surface: 'ai',
    section: S.transcription,
    statement:
      'A transcription page is { data: { callId: integer (the call asked for), segments: [{ start, end: number, caller, text: string }], callers: [{ id: integer, type: contact or agent, localIdentifier: string }], language: string }, pagination }.',
  }),
  required({
    id: 'CI-SEGMENT-CALLER',
    surface: 'ai',
    section: S.transcription,
    statement: "Each segment's caller is the localIdentifier of one of the transcription's callers.",
  }),
  required({
    id: 'CI-SEGMENT-TIMES',
    surface: 'ai',
    section: S.transcription,
    statement: 'No segment ends before it starts: end >= start.',
    reading: 'start and end (seconds) are read as the bounds of one segment on the call timeline; the order of segments among themselves is not asserted.',
  }),
  // The surface's shape
  required({
    id: 'CI-NO-LIST',
    surface: 'ai',
    section: S.ci,
    statement: 'There is no endpoint that lists calls: GET /ai/calls answers 404.',
    reading: 'A path the service does not route answers 404 on the AI host (Hosts; Errors on the {ai_url} host, 3).',
  }),
  required({
    id: 'CI-READ-ONLY',
    surface: 'ai',
    section: S.methods,
    statement: 'Conversation Intelligence is read-only: POST, PUT, PATCH and DELETE on a CI path never answer 2xx and leave the analysis as it was.',
  }),
  // Unknown, malformed and foreign calls
  required({
    id: 'CI-UNKNOWN-CALL-404',
    surface: 'ai',
    section: S.errors,
    statement:
      "A callId that is not a call of the company answers 404 on each of the seven reads, as a service error without subErrors and with the endpoint's own message, not 'Route not found'.",
    reading:
      "Errors on the {ai_url} host, 3: 'a missing resource gives 404 with the endpoint's own message' is read as holding for the whole host; which words the message uses is not stated and is reported by CI-CALL-NOT-FOUND.",
  }),
  observed({
    id: 'CI-CALL-NOT-FOUND',
    surface: 'ai',
    section: S.statuses,
    statement:
      "The report gives the message of the 404 a callId that is not a call of the company gets on each of the seven reads, and whether it is one of the error table's known 404 messages.",
    reading:
      "The error table lists 'Not found.' and 'Call not found' as known messages of the 404 for a missing resource without saying which endpoint uses which, the Core API envelope says 'the message wording is set per endpoint', and Errors on the {ai_url} host, 3 gives a missing resource 'the endpoint's own message'. No wording is therefore required of Conversation Intelligence: 'Call not found', 'Not found.' or words of the target's own are all conforming. What the spec does state, a 404 service error whose message is the endpoint's own and not 'Route not found', is required by CI-UNKNOWN-CALL-404; this rule reports the messages and whether each is one of the two listed, ignoring case and a trailing period.",
  }),
  required({
    id: 'CI-CALLID-MALFORMED',
    surface: 'ai',
    section: S.statuses,
    statement: 'A callId that is not a non-negative integer, or is too large to be any call id, answers 400 or 404 as a service error, never 2xx or 5xx.',
    reading: `400 fits 'malformed or invalid parameters' and 404 fits 'not a call of the company': ${ACCEPT_BOTH}.`,
  }),
  required({
    id: 'CI-VALIDATION-SUBERRORS',
    surface: 'ai',
    section: S.errors,
    statement:
      'A 400 answering a value sent as invalid (a limit below 1 or not an integer, an offset that is not an integer, a callId that is not a non-negative integer or too large to be one) carries subErrors, an array of at least one string.',
    reading:
      "Errors on the {ai_url} host, 2 gives errors raised by the service the shape { statusCode, message, error, correlationId, subErrors: [<string>] } and says 'subErrors appears on validation failures only'. Read together, the shape lists subErrors as a member and the sentence says where it appears, so a validation failure carries it, an array of strings with at least one entry, and other errors do not (that half is AI-ERR-SUBERRORS's); the Dialer's validation 400s are read alike (DIALER-VALIDATION-SUBERRORS). The error table gives 400 to 'malformed or invalid parameters', so a 400 that answers a limit below the stated minimum of 1 or not an integer, an offset that is not an integer ('offset integer'), or a callId that is no call id at all is a validation failure. Whether such a value is refused is left open (CI-LIMIT-MIN and CI-OFFSET-TYPE also allow a corrected 200, CI-CALLID-MALFORMED a 404), so only the 400s are judged, on the answers the checks of those rules already receive, with no request of its own; a check whose values all got another answer leaves the rule unjudged and says so. A negative offset is not among them: the spec gives offset no minimum (CI-OFFSET-NEGATIVE). What the entries say is not judged, since the spec names no message for these failures.",
  }),
  observed({ id: 'CI-NO-ANALYSIS', surface: 'ai', section: S.ci, statement: 'What a call of the company without an analysis answers: the spec does not say.' }),
  required({
    id: 'AI-ISOLATION-CALLS',
    surface: 'ai',
    section: S.auth,
    statement: "Another company's key never reads this company's call analysis: asked for its call it gets 401 or 404 and the body holds none of the analysis.",
    reading: ANOTHER_PROJECT,
  }),
  observed({
    id: 'CI-VENDOR-FIELDS',
    surface: 'ai',
    section: S.gaps,
    source: 'vendor-reference',
    statement:
      'Whether the reads carry the fields the vendor reference gives them (summary, overallSentiment, talkListenRatio, topics, smartNotes, link): the spec does not show them.',
  }),
] as const satisfies readonly Rule[];
