import { observed, type Rule, required } from './types.ts';

const S = {
  hosts: 'What the service does > Hosts',
  methods: 'What the service does > HTTP method conventions',
  auth: 'Authentication',
  cuecard: 'Endpoints > CueCard',
} as const;

const VENDOR_PATH = 'The spec names Create CueCard without a path or payload; POST /cuecards and its body follow the vendor reference.';

export const CUECARD_RULES = [
  required({
    id: 'CUECARD-HTTPS-ONLY',
    surface: 'cuecard',
    section: S.hosts,
    statement: 'Plain HTTP to the CueCard host is rejected (the probe sends no credentials).',
  }),
  required({
    id: 'CUECARD-424-NO-CALL',
    surface: 'cuecard',
    section: S.cuecard,
    source: 'vendor-reference',
    statement: 'Create CueCard answers 424 for a well-formed card naming a call whose agent has no active call.',
    reading: `${VENDOR_PATH} The spec's case is 'the target agent has no active call', and a card names a call (call_uuid), not an agent: the suite takes an ended call of the account whose agent the core agent list shows online, offline or paused (the vendor reference's availability_status values other than calling), and its UUID from analytics' Get call details. Where no such agent is known the rule is skipped, never judged on a made-up call (see CUECARD-UNKNOWN-CALL).`,
  }),
  observed({
    id: 'CUECARD-UNKNOWN-CALL',
    surface: 'cuecard',
    section: S.cuecard,
    source: 'vendor-reference',
    statement: 'What Create CueCard answers for a well-formed card naming a call UUID that no call of the account has.',
    reading: `${VENDOR_PATH} Such a card names no agent at all, which is not the spec's 'target agent has no active call': 424 (the vendor reference's 'no active call matching call id') and 404 both fit, so the answer is reported, never judged.`,
  }),
  required({
    id: 'CUECARD-POST-ONLY',
    surface: 'cuecard',
    section: S.methods,
    source: 'vendor-reference',
    statement: 'CueCard is POST-only: GET, PUT, PATCH and DELETE on /cuecards are not 2xx.',
    reading: VENDOR_PATH,
  }),
  required({
    id: 'CUECARD-AUTH-401',
    surface: 'cuecard',
    section: S.auth,
    statement: 'A CueCard request without credentials, or with a wrong secret, gets 401.',
  }),
  required({
    id: 'CUECARD-AUTH-MALFORMED-401',
    surface: 'cuecard',
    section: S.auth,
    statement: 'A malformed Authorization header (another scheme, undecodable base64, no colon) gets 401 on the CueCard host.',
    reading:
      "Authentication 6 gives 401 for missing, malformed and revoked credentials alike, on every host; the CueCard request is the vendor reference's POST /cuecards, whose body is never reached.",
  }),
  required({
    id: 'CUECARD-AUTH-REVOKED-401',
    surface: 'cuecard',
    section: S.auth,
    statement: 'A revoked key pair gets 401 on the CueCard host.',
    reading: 'Authentication 6 gives 401 for revoked credentials on every host; judged with the revoked key pair of CC_REVOKED_KEY_ID, skipped without it.',
  }),
  required({
    id: 'CUECARD-JSON-UTF8',
    surface: 'cuecard',
    section: S.hosts,
    statement: 'CueCard responses with a body are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading: `Hosts says responses are UTF-8 JSON, for every host; the error table documents 204 with no content and Authentication 7 a 403 whose body is an HTML page (an edge block, produced ahead of the API), so the sentence is read as covering the bodies the API itself sends: a bodiless answer and an HTML edge-block 403 are not judged here, and every other response with a body must be JSON. The error bodies themselves are not shown (GAP-CUECARD-BODIES), so only the media type and that the body parses are judged: on the 401 without credentials and on the answer to a card for a made-up call. The sentence names no status, so that answer is judged whether it is an error or a success (what a card for an unknown call answers is left open, CUECARD-UNKNOWN-CALL); a card is never sent to a live call, so a target that answers a success only there shows none to judge.`,
  }),
  required({
    id: 'CUECARD-BASE-PATH',
    surface: 'cuecard',
    section: S.hosts,
    statement: 'The CueCard host serves under the path prefix /api/: the configured CueCard URL ends in /api.',
    reading:
      'A base path shows only in the URL a user configures, so the rule is judged on CC_CUECARD_URL itself, and the report says so. That the service answers under it is shown by every other CueCard rule, whose requests go there.',
  }),
  required({
    id: 'CUECARD-SAME-KEY',
    surface: 'cuecard',
    section: S.auth,
    statement: 'The key pair of the core API works on the CueCard host: a valid key is not answered 401.',
  }),
  required({
    id: 'CUECARD-WRONG-HOST-404',
    surface: 'cuecard',
    section: S.hosts,
    source: 'vendor-reference',
    statement: 'The CueCard path requested on the core, analytics or AI host gets 404.',
    reading: VENDOR_PATH,
  }),
] as const satisfies readonly Rule[];
