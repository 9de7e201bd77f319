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

const ACCEPT_BOTH = 'Both are accepted, and the report notes which the target chose.';

/** The sentences of the offset/limit pagination the readings start from. */
const PAGED = 'Pagination is offset/limit: `limit` integer, minimum 1; `offset` integer, default 0.';
const PAGED_SHAPE = 'Responses are `{ data: {...}, pagination: { limit, offset, total } }` without the `responseData` envelope.';

/** What the paging rules judge of an analysed call without topics: the `accepted` of their readings. */
const TOPICS_MAY_LACK =
  "The section lists seven reads of one call, topics among them, but not that every analysis holds each part (CI-ANALYSIS-PARTS). So a call whose transcription answers 200 may have no topics. Its topics read may then answer a 4xx other than 400 ('a missing resource gives 404'), which is reported, not judged. A 400 is the status of invalid parameters, which these reads do not send. A topics read answered 200 is judged on what it holds, even with no topic in it.";

export const CI_RULES = [
  // Envelopes
  required({
    id: 'CI-ENVELOPE',
    surface: 'ai',
    section: S.ci,
    statement:
      'Each of the seven reads of an analysed call answers either 200 with a JSON object that carries no responseData envelope or a 4xx, never a 5xx or another status.',
    reading: {
      quote: PAGED_SHAPE,
      taken:
        'The sentence is read as the shape of the paginated reads. The five others need only answer a JSON object without responseData. A 5xx (a server error, by the error table), another status, or a 200 whose body is not such an object fails.',
      accepted: `The five others may hold their fields in data or at the top level (the vendor reference shows the top level). ${ACCEPT_BOTH} The section lists seven reads of one call without saying that every analysed call has all seven parts. So a read that answers a 4xx is not judged here but reported by CI-ANALYSIS-PARTS.`,
      method: 'A call counts as analysed when its transcription answers 200.',
    },
  }),
  observed({
    id: 'CI-ANALYSIS-PARTS',
    surface: 'ai',
    section: S.ci,
    statement: 'The report says which of the seven reads answer 200 for a call whose transcription does, and what the others answer.',
    reading: {
      quote: 'read-only AI analysis of one call: summary, sentiment, talk/listen ratio, topics, transcription, smart notes, details link',
      taken:
        'Endpoints > Conversation Intelligence lists the seven reads of one call. It does not say that an analysis holds every part, nor what a read of a part the analysis lacks answers. CI-NO-ANALYSIS leaves the same open for a call with no analysis at all.',
      accepted:
        'A target may produce some parts only, for some calls or for none. So a read of an analysed call that answers a 4xx is reported here and never failed.',
    },
  }),
  required({
    id: 'CI-PAGED-ENVELOPE',
    surface: 'ai',
    section: S.ci,
    statement: 'Topics and transcription answer { data: {...}, pagination: { limit, offset, total } } with integer counters and no responseData.',
    reading: { quote: PAGED_SHAPE, taken: 'The sentence is judged on each paged read, topics and transcription, that answers 200.', accepted: TOPICS_MAY_LACK },
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
    reading: {
      quote: `${PAGED} … pagination: { limit, offset, total }`,
      taken:
        'pagination.limit is read as the applied page size. The spec gives no maximum, so the small limits the check sends (1 to 10) must be applied as sent.',
      accepted: TOPICS_MAY_LACK,
    },
  }),
  required({
    id: 'CI-LIMIT-MIN',
    surface: 'ai',
    section: S.limits,
    statement:
      'limit=1 is applied; a limit below 1 or not an integer is never applied: the read answers 400, or 200 with pagination.limit an integer of at least 1 and no more items than it.',
    reading: {
      quote: `${PAGED} … malformed or invalid parameters`,
      taken:
        'The spec gives the minimum, not the answer to a value below it. Rejection (400, the status of invalid parameters) and correction are both allowed.',
      accepted: `The target may refuse the value with 400, or answer 200 with a corrected pagination.limit. ${ACCEPT_BOTH}`,
    },
  }),
  required({
    id: 'CI-OFFSET-TYPE',
    surface: 'ai',
    section: S.ci,
    statement:
      'An integer offset inside the items is applied and echoed in pagination.offset; an offset that is not an integer is answered 400, or 200 with an integer pagination.offset of at least 0.',
    reading: {
      quote: PAGED,
      taken: "'offset integer' says what a valid offset is, not how an invalid one is answered.",
      accepted: `The target may refuse an offset that is not an integer with 400, or answer 200 with an integer pagination.offset of at least 0. ${ACCEPT_BOTH}`,
    },
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
    reading: {
      quote: 'To read everything, raise `offset` by `limit` until `offset >= pagination.total`',
      taken: "'To read everything' is read as a promise that this walk yields every item exactly once. A read with fewer than 2 items has no walk to judge.",
      accepted: TOPICS_MAY_LACK,
      method:
        "It is judged on transcription (items: data.segments) and topics (items: data.topics). data.topics is the vendor reference's name, as the spec names no array for topics.",
    },
  }),
  required({
    id: 'CI-REPEAT-FIELDS',
    surface: 'ai',
    section: S.ci,
    statement: 'callId, callers and language repeat identically on every page of a read that carries them.',
    reading: {
      quote: '`callId`, `callers` and `language` repeat on each page.',
      taken:
        'Transcription carries all three. Topics carries callId and callers in the vendor reference, and whichever of the three its first page holds must repeat.',
    },
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
    reading: {
      quote: 'start: number (seconds), end: number (seconds)',
      taken: 'start and end (seconds) are read as the bounds of one segment on the call timeline. The order of segments among themselves is not asserted.',
    },
  }),
  // The surface's shape
  required({
    id: 'CI-NO-LIST',
    surface: 'ai',
    section: S.ci,
    statement: 'There is no endpoint that lists calls: GET /ai/calls answers 404.',
    reading: {
      quote: 'There is no endpoint that lists calls for this surface.',
      taken: 'A path the service does not route answers 404 on the AI host (Hosts; Errors on the {ai_url} host, 3).',
    },
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
    reading: {
      quote: "A missing resource gives `404` with the endpoint's own message.",
      taken:
        'Errors on the {ai_url} host, 3 is read as holding for the whole host. Which words the message uses is not stated, and CI-CALL-NOT-FOUND reports them.',
    },
  }),
  observed({
    id: 'CI-CALL-NOT-FOUND',
    surface: 'ai',
    section: S.statuses,
    statement:
      "The report gives the message of the 404 a callId that is not a call of the company gets on each of the seven reads, and whether it is one of the error table's known 404 messages.",
    reading: {
      quote: "`Not found.`, `Call not found` … The message wording is set per endpoint. … A missing resource gives `404` with the endpoint's own message.",
      taken:
        "The error table lists 'Not found.' and 'Call not found' as known 404 messages without saying which endpoint uses which. The Core API envelope sets the wording per endpoint, and Errors on the {ai_url} host, 3 gives a missing resource the endpoint's own message. So no wording is required of Conversation Intelligence.",
      accepted:
        "'Call not found', 'Not found.' or words of the target's own are all conforming. What the spec does state, a 404 service error whose message is the endpoint's own and not 'Route not found', is required by CI-UNKNOWN-CALL-404.",
      method: 'This rule reports the messages and whether each is one of the two listed, ignoring case and a trailing period.',
    },
  }),
  required({
    id: 'CI-CALLID-MALFORMED',
    surface: 'ai',
    section: S.statuses,
    statement: 'A callId that is not a non-negative integer, or is too large to be any call id, answers 400 or 404 as a service error, never 2xx or 5xx.',
    reading: {
      quote: 'malformed or invalid parameters … resource missing, or wrong host',
      taken: "400 fits 'malformed or invalid parameters', and 404 fits a callId that is not a call of the company.",
      accepted: ACCEPT_BOTH,
    },
  }),
  required({
    id: 'CI-VALIDATION-SUBERRORS',
    surface: 'ai',
    section: S.errors,
    statement:
      'A 400 answering a value sent as invalid (a limit below 1 or not an integer, an offset that is not an integer, a callId that is not a non-negative integer or too large to be one) carries subErrors, an array of at least one string.',
    reading: {
      quote:
        'Errors raised by the service: `{ statusCode: <integer>, message: <string>, error: <status name string>, correlationId: <string>, subErrors: [<string>] }`. `subErrors` appears on validation failures only.',
      taken:
        "Item 2 of Errors on the {ai_url} host lists subErrors in the service shape and says where it appears. So a validation failure carries it, an array of at least one string, and other errors do not (that half is AI-ERR-SUBERRORS's). The Dialer's validation 400s are read alike (DIALER-VALIDATION-SUBERRORS). The error table gives 400 to 'malformed or invalid parameters', so a 400 answering a value sent as invalid is a validation failure.",
      accepted:
        'Whether such a value is refused is left open: CI-LIMIT-MIN and CI-OFFSET-TYPE also allow a corrected 200, CI-CALLID-MALFORMED a 404. So only the 400s are judged. What the entries say is not judged, since the spec names no message for these failures.',
      method:
        "The values are a limit below the stated minimum of 1 or not an integer, and an offset that is not an integer ('offset integer'). So is a callId that is no call id at all. A negative offset is not among them, as the spec gives offset no minimum (CI-OFFSET-NEGATIVE). The rule is judged on the answers the checks of those rules already receive, with no request of its own. A check whose values all got another answer leaves the rule unjudged and says so.",
    },
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
