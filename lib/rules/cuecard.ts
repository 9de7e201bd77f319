import {
  configuredBase,
  EVERY_HOST_QUOTE,
  EVERY_HOST_TAKEN,
  JSON_BODIES_ACCEPTED,
  JSON_BODIES_QUOTE,
  JSON_BODIES_TAKEN,
  REVOKED_EVERY_HOST,
} from './readings.ts';
import { observed, type Rule, type RuleReading, required } from './types.ts';

const S = {
  hosts: 'What the service does > Hosts',
  methods: 'What the service does > HTTP method conventions',
  auth: 'Authentication',
  cuecard: 'Endpoints > CueCard',
} as const;

const VENDOR_PATH = 'The spec names Create CueCard without a path or payload; POST /cuecards and its body follow the vendor reference.';

const CREATE = 'Create CueCard: POST; delivers a card to an agent during a live call; answers `424` when the target agent has no active call.';
const NO_PATH = 'Path and payload of Create CueCard: not shown.';

/** A rule whose statement is the spec's own, reached on the vendor reference path. */
function onVendorPath(quote: string, taken: string): RuleReading {
  return { quote: `${quote} … ${NO_PATH}`, taken, method: VENDOR_PATH };
}

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
    reading: {
      quote: `${CREATE} … ${NO_PATH}`,
      taken:
        "The spec's case is 'the target agent has no active call', and a card names a call (call_uuid), not an agent. So the suite takes an ended call of the account whose agent is in no call now. Where no such agent is known the rule is skipped, never judged on a made-up call (see CUECARD-UNKNOWN-CALL).",
      method: `${VENDOR_PATH} The agent is one the core agent list shows online, offline or paused: the vendor reference's availability_status values other than calling. The call's UUID comes from analytics' Get call details.`,
    },
  }),
  observed({
    id: 'CUECARD-UNKNOWN-CALL',
    surface: 'cuecard',
    section: S.cuecard,
    source: 'vendor-reference',
    statement: 'What Create CueCard answers for a well-formed card naming a call UUID that no call of the account has.',
    reading: {
      quote: `${CREATE} … ${NO_PATH}`,
      taken:
        "A card naming a call UUID that no call of the account has names no agent at all. That is not the spec's 'target agent has no active call', so the spec gives no answer for it.",
      accepted: "424 (the vendor reference's 'no active call matching call id') or 404: both fit, so the answer is reported, never judged.",
      method: VENDOR_PATH,
    },
  }),
  required({
    id: 'CUECARD-POST-ONLY',
    surface: 'cuecard',
    section: S.methods,
    source: 'vendor-reference',
    statement: 'CueCard is POST-only: GET, PUT, PATCH and DELETE on /cuecards are not 2xx.',
    reading: onVendorPath(
      'VoiceAgent and CueCard are POST-only.',
      'POST-only is read as: no other method on the CueCard path succeeds, so GET, PUT, PATCH and DELETE there are not 2xx.',
    ),
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
    reading: {
      quote: EVERY_HOST_QUOTE,
      taken: EVERY_HOST_TAKEN,
      method: "The CueCard request is the vendor reference's POST /cuecards, whose body is never reached.",
    },
  }),
  required({
    id: 'CUECARD-AUTH-REVOKED-401',
    surface: 'cuecard',
    section: S.auth,
    statement: 'A revoked key pair gets 401 on the CueCard host.',
    reading: REVOKED_EVERY_HOST,
  }),
  required({
    id: 'CUECARD-JSON-UTF8',
    surface: 'cuecard',
    section: S.hosts,
    statement: 'CueCard responses with a body are JSON: a JSON media type (UTF-8 when a charset is named) and a body that parses.',
    reading: {
      quote: JSON_BODIES_QUOTE,
      taken: `${JSON_BODIES_TAKEN} The sentence names no status, so a success is judged as an error is.`,
      accepted: JSON_BODIES_ACCEPTED,
      method:
        'The error bodies are not shown (GAP-CUECARD-BODIES), so only the media type and that the body parses are judged. They are judged on the 401 without credentials and on the answer to a card for a made-up call, error or success (what that answer is stays open, CUECARD-UNKNOWN-CALL). A card is never sent to a live call, so a target that answers a success only there shows none to judge.',
    },
  }),
  required({
    id: 'CUECARD-BASE-PATH',
    surface: 'cuecard',
    section: S.hosts,
    statement: 'The CueCard host serves under the path prefix /api/: the configured CueCard URL ends in /api.',
    reading: {
      quote: 'CueCard; path prefix `/api/`',
      taken: `${configuredBase('CC_CUECARD_URL')} That the service answers under it is shown by every other CueCard rule, whose requests go there.`,
    },
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
    reading: onVendorPath(
      'Using the wrong host for a resource yields `404` even when the path is right.',
      "The statement is the spec's own: only the CueCard path, which the spec does not show, comes from elsewhere.",
    ),
  }),
] as const satisfies readonly Rule[];
