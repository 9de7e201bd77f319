import { TOLERANT } from './dialer-readings.js';
import { type Rule, required } from './types.js';

/**
 * The campaign behaviours the Dialer releases changed (spec: Versioning). Each change is a pair: the new
 * behaviour from its release (`since`) and the old one before it (`until`); the suite judges the side of
 * the release the target is expected to be (CC_DIALER_RELEASE).
 */
const S = {
  records: 'Resources and their fields > Dialer records (facts known)',
  dialer: 'Endpoints > Dialer',
  validation: 'Errors > Validation in the Dialer',
  versioning: 'Versioning',
} as const;

const DATE = 'A real calendar date in YYYY-MM-DD: month 01 to 12, Feb 29 only in leap years (2100 is not one), no Feb 30 or Apr 31.';
const TIME = 'HH:MM or HH:MM:SS with hours 00 to 23 and minutes and seconds 00 to 59, so 24:00 and 00:00:60 are out.';
const NAMED = "The 400 'names the field': schedule_policy.start_date (or start_time) appears in the message or in a subErrors entry.";
const WHITESPACE =
  "ASCII whitespace (space, tab, CR, LF) is whitespace under any reading. U+00A0, U+2003 and U+FEFF are whitespace to JS trim() and Unicode but not to every language's trim, so for them 400 and acceptance are both accepted and the report says which.";

export const DIALER_CAMPAIGN_RELEASE_RULES: readonly Rule[] = [
  // v1.0.21
  required({
    id: 'DIALER-NAME-WHITESPACE-400',
    surface: 'dialer',
    section: S.validation,
    since: '1.0.21',
    statement: "A whitespace-only campaign name on create or update gets 400 with 'name should not be empty' in subErrors.",
    reading: `${WHITESPACE} A subErrors entry containing the phrase counts.`,
  }),
  required({
    id: 'DIALER-NAME-WHITESPACE-ACCEPTED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'Before v1.0.21 a whitespace-only campaign name is accepted on create and update.',
    reading: `v1.0.21 'whitespace-only name rejected' implies it was accepted before. ${WHITESPACE}`,
  }),
  required({
    id: 'DIALER-SCHEDULE-DATE-PINNED',
    surface: 'dialer',
    section: S.validation,
    since: '1.0.21',
    statement: 'schedule_policy.start_date must be a real calendar date in YYYY-MM-DD: a valid one is accepted, any other gets 400 naming the field.',
    reading: `${DATE} ${NAMED} Valid dates lie in the future, so no rule about past start dates (not shown) can interfere.`,
  }),
  required({
    id: 'DIALER-SCHEDULE-DATE-ANY',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'Before v1.0.21 any string is accepted as schedule_policy.start_date and stored as sent.',
    reading: "v1.0.21 'format-pinned' implies the format was free before; 'stored as sent' is how a free format reads back.",
  }),
  required({
    id: 'DIALER-SCHEDULE-TIME-PINNED',
    surface: 'dialer',
    section: S.validation,
    since: '1.0.21',
    statement: 'schedule_policy.start_time must be HH:MM or HH:MM:SS: a valid time is accepted, any other value gets 400 naming the field.',
    reading: `${TIME} ${NAMED}`,
  }),
  required({
    id: 'DIALER-SCHEDULE-TIME-ANY',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'Before v1.0.21 any string is accepted as schedule_policy.start_time and stored as sent.',
    reading: "v1.0.21 'format-pinned' implies the start_time format was free before; 'stored as sent' is how a free format reads back.",
  }),
  required({
    id: 'DIALER-CALLING-POLICY-DROPS-UNKNOWN',
    surface: 'dialer',
    section: S.records,
    since: '1.0.21',
    statement: 'Unknown calling_policy keys are dropped on write: after a create or an update that sends one, the campaign reads back without it.',
    reading:
      'The documented knobs are not shown, so the probe sends only a key no server documents (cc_conformance_unknown_*). Whether an update merges or replaces calling_policy is not shown; either way the key must be absent.',
  }),
  required({
    id: 'DIALER-CALLING-POLICY-KEEPS-UNKNOWN',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'Before v1.0.21 unknown calling_policy keys are kept: sent on create or update, they read back with the value sent.',
    reading: "v1.0.21 'unknown keys of calling_policy are dropped on write' implies they were kept and returned before.",
  }),
  // v1.0.22
  required({
    id: 'DIALER-LIST-EXCLUDES-DELETED',
    surface: 'dialer',
    section: S.dialer,
    since: '1.0.22',
    statement: 'A campaign list without status and without include_deleted holds no campaign with status deleted, while deleted campaigns exist.',
  }),
  required({
    id: 'DIALER-LIST-INCLUDES-DELETED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.22',
    statement: 'Before v1.0.22 a campaign list without status holds the deleted campaigns too.',
    reading: "v1.0.22 'an unfiltered campaign list excludes deleted campaigns' is a change, so before it the list held them.",
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-STRICT',
    surface: 'dialer',
    section: S.dialer,
    since: '1.0.22',
    statement: 'include_deleted takes the literal strings true and false only: both answer 200, any other value (TRUE, 1, yes, the empty string, false with a space) gets 400 when status is not set.',
    reading: "'any other value gives 400' is read literally, the empty string included. With status set see DIALER-INCLUDE-DELETED-WITH-STATUS.",
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-UNKNOWN',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.22',
    statement: 'Before v1.0.22 include_deleted is an unknown parameter: any value answers 200 with the same list as without it.',
    reading: "v1.0.22 calls it a 'new' parameter; an unknown query parameter is read as ignored, as the other Dialer lists ignore what they do not know.",
  }),
  // next (2026-09-07)
  required({
    id: 'DIALER-CURSOR-INVALID-400',
    surface: 'dialer',
    section: S.validation,
    since: 'next',
    statement: "On every cursor list (the campaigns, a campaign's contacts, call scripts, surveys) an undecodable cursor gets 400 with code 'PAGINATION.INVALID_CURSOR' beside statusCode 400 in the service shape; a truncated or tampered cursor gets that 400 or a 200 page, never anything else.",
    reading:
      "Errors on the {ai_url} host tell clients to branch on code (the authentication layer) versus statusCode (the service), yet Validation in the Dialer gives the invalid-cursor error code: 'PAGINATION.INVALID_CURSOR'; it is read as a service error that also names a code, so the code is required at the top level of the body and statusCode 400 must still be there with the rest of the service shape, which keeps a client branching on statusCode right. Surely undecodable means characters no base64 or base64url cursor holds; a truncated or tampered real cursor may still decode on some server. Each list is judged by its own check, so a list whose path is not routed is skipped alone.",
  }),
  required({
    id: 'DIALER-CURSOR-INVALID-FIRST-PAGE',
    surface: 'dialer',
    section: S.versioning,
    until: 'next',
    statement: 'Before the next release an undecodable cursor on any cursor list answers 200 with the first page, and a truncated or tampered one a 200 page.',
    reading: `The changelog: '400 with PAGINATION.INVALID_CURSOR instead of 200 with the first page'. ${TOLERANT}`,
  }),
];
