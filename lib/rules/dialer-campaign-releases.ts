import { BLANK_NAME, EACH_LIST, olderSideUnstated, TOLERANT } from './dialer-readings.ts';
import { observed, type Rule, required } from './types.ts';

/**
 * The campaign behaviours the Dialer releases changed (spec: Versioning). Each change is a pair: the new
 * behaviour from its release (`since`) and the old one before it (`until`); the suite judges the side of
 * the release the target is expected to be (CC_DIALER_RELEASE). The old side is required only where the
 * changelog states it; where it is worked out from the new one, it is observed (olderSideUnstated).
 */
const S = {
  records: 'Resources and their fields > Dialer records (facts known)',
  dialer: 'Endpoints > Dialer',
  validation: 'Errors > Validation in the Dialer',
  versioning: 'Versioning',
} as const;

/** The sentence of Validation in the Dialer both pinned formats start from. */
const PINNED = 'An invalid `schedule_policy.start_date` or `start_time` gives `400` naming the field';
/** The changelog line of both pinned formats. */
const PINNED_LINE = '`schedule_policy.start_date` and `start_time` format-pinned';

/** What counts as a 400 that "names the field". */
function named(field: string): string {
  return `The 400 names the field when schedule_policy.${field} appears in the message or in a subErrors entry.`;
}

export const DIALER_CAMPAIGN_RELEASE_RULES = [
  // v1.0.21
  required({
    id: 'DIALER-NAME-WHITESPACE-400',
    surface: 'dialer',
    section: S.validation,
    since: '1.0.21',
    statement: "A whitespace-only campaign name on create or update gets 400 with 'name should not be empty' in subErrors.",
    reading: BLANK_NAME,
  }),
  observed({
    id: 'DIALER-NAME-WHITESPACE-ACCEPTED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'What a release before v1.0.21 does with a whitespace-only campaign name on create and update: accepted, as the mock plays it, or otherwise.',
    reading: olderSideUnstated('Whitespace-only `name` rejected', "The v1.0.21 line says 'Whitespace-only name rejected' and nothing of the names before it."),
  }),
  required({
    id: 'DIALER-SCHEDULE-DATE-PINNED',
    surface: 'dialer',
    section: S.validation,
    since: '1.0.21',
    statement: 'schedule_policy.start_date must be a real calendar date in YYYY-MM-DD: a valid one is accepted, any other gets 400 naming the field.',
    reading: {
      quote: `${PINNED} (example message form: \`schedule_policy.start_date must be a real calendar date in YYYY-MM-DD\`).`,
      taken: "'A real calendar date in YYYY-MM-DD' is read strictly: month 01 to 12, Feb 29 only in leap years (2100 is not one), no Feb 30 or Apr 31.",
      accepted: named('start_date'),
      method: 'Valid dates lie in the future, so no rule about past start dates (not shown) can interfere.',
    },
  }),
  observed({
    id: 'DIALER-SCHEDULE-DATE-ANY',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement:
      'What a release before v1.0.21 does with a schedule_policy.start_date outside the pinned format: accepted and stored as sent, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      PINNED_LINE,
      "The v1.0.21 line says start_date was 'format-pinned'. It does not say what an unpinned server did with a date outside the format: kept it, parsed and rolled it over, or refused it.",
    ),
  }),
  required({
    id: 'DIALER-SCHEDULE-TIME-PINNED',
    surface: 'dialer',
    section: S.validation,
    since: '1.0.21',
    statement: 'schedule_policy.start_time must be HH:MM or HH:MM:SS: a valid time is accepted, a value outside the form gets 400 naming the field.',
    reading: {
      quote: `\`start_time\` as \`HH:MM\` or \`HH:MM:SS\` … ${PINNED}`,
      taken:
        'The spec pins the form, HH:MM or HH:MM:SS. So a value outside it must get the 400: one-digit hours, fractions of a second, other separators. So must a time no reading of the form allows (hour 25, minute 60, 24:30).',
      accepted: `Two values fit the form under one reading and not another. 24:00 (and 24:00:00) is the end of a day in ISO 8601, and RFC 3339's time-second allows a leap second :60. For them the 400 and acceptance are both accepted, and the report says which. ${named('start_time')}`,
    },
  }),
  observed({
    id: 'DIALER-SCHEDULE-TIME-ANY',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement:
      'What a release before v1.0.21 does with a schedule_policy.start_time outside the pinned format: accepted and stored as sent, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      PINNED_LINE,
      "The v1.0.21 line says start_time was 'format-pinned', and not what an unpinned server did with a time outside the format.",
    ),
  }),
  required({
    id: 'DIALER-CALLING-POLICY-DROPS-UNKNOWN',
    surface: 'dialer',
    section: S.records,
    since: '1.0.21',
    statement: 'Unknown calling_policy keys are dropped on write: after a create or an update that sends one, the campaign reads back without it.',
    reading: {
      quote: '`calling_policy` (only documented knobs are stored; unknown keys are dropped on write).',
      taken:
        'Whether an update merges or replaces calling_policy is not shown. Either way the unknown key must be absent after a create or an update that sends it.',
      method: 'The documented knobs are not shown, so the probe sends only a key no server documents (cc_conformance_unknown_*).',
    },
  }),
  observed({
    id: 'DIALER-CALLING-POLICY-KEEPS-UNKNOWN',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement:
      'What a release before v1.0.21 does with unknown calling_policy keys on create and update: kept and read back with the value sent, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      'unknown keys of `calling_policy` are dropped on write.',
      "The v1.0.21 line says unknown keys 'are dropped on write' and not what happened to them before: kept and returned, kept but never returned, or refused.",
    ),
  }),
  // v1.0.22
  required({
    id: 'DIALER-LIST-EXCLUDES-DELETED',
    surface: 'dialer',
    section: S.dialer,
    since: '1.0.22',
    statement: 'A campaign list without status and without include_deleted holds no campaign with status deleted, while deleted campaigns exist.',
  }),
  observed({
    id: 'DIALER-LIST-INCLUDES-DELETED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.22',
    statement: 'Whether before v1.0.22 a campaign list without status holds deleted campaigns, as the mock plays it.',
    reading: olderSideUnstated(
      'An unfiltered campaign list excludes `deleted` campaigns',
      "The v1.0.22 line says 'An unfiltered campaign list excludes deleted campaigns' and not what the list held before.",
    ),
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-STRICT',
    surface: 'dialer',
    section: S.dialer,
    since: '1.0.22',
    statement:
      'include_deleted takes the literal strings true and false only: both answer 200, any other value (TRUE, 1, yes, false with a space) gets 400 when status is not set.',
    reading: {
      quote:
        'literal strings `true` or `false` only, default `false`; any other value gives `400` … An absent or empty `cursor` is not an error and means the first page.',
      taken:
        "'Literal strings true or false only ... any other value gives 400' is read literally for every value sent. An empty value (include_deleted=) is the one case the spec leaves open. Many servers read an empty query parameter as absent, as the spec itself reads an empty cursor.",
      accepted: 'An empty value may get the 400 or the list without the parameter, and the report says which.',
      method: 'With status set, DIALER-INCLUDE-DELETED-WITH-STATUS judges what a value does.',
    },
  }),
  observed({
    id: 'DIALER-INCLUDE-DELETED-UNKNOWN',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.22',
    statement:
      'What a release before v1.0.22 does with include_deleted: ignored, answering 200 with the same list as without it, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      'new boolean query parameter `include_deleted` (default `false`)',
      "The v1.0.22 line calls include_deleted a 'new boolean query parameter'. It does not say what a server without it did with it: ignored it, or refused it as an unknown parameter.",
    ),
  }),
  // next (2026-09-07)
  required({
    id: 'DIALER-CURSOR-INVALID-400',
    surface: 'dialer',
    section: S.validation,
    since: 'next',
    statement:
      "On every cursor list (the campaigns, a campaign's contacts, call scripts, surveys) an undecodable cursor gets 400 with code 'PAGINATION.INVALID_CURSOR' beside statusCode 400 in the service shape; a truncated or tampered cursor gets that 400 or a 200 page, never anything else.",
    reading: {
      quote:
        "Clients branch on the presence of `code` versus `statusCode`. … An undecodable pagination `cursor` gives `400` with `code: 'PAGINATION.INVALID_CURSOR'`.",
      taken:
        'Errors on the {ai_url} host tell clients to branch on code (the authentication layer) versus statusCode (the service), yet the invalid-cursor error has a code. It is read as a service error that also names a code. So the code is required at the top level of the body, and statusCode 400 must still be there with the rest of the service shape. That keeps a client branching on statusCode right.',
      accepted:
        'Surely undecodable means characters no base64 or base64url cursor holds. A truncated or tampered real cursor may still decode on some server, so it may get the 400 or a 200 page.',
      method: EACH_LIST,
    },
  }),
  required({
    id: 'DIALER-CURSOR-INVALID-FIRST-PAGE',
    surface: 'dialer',
    section: S.versioning,
    until: 'next',
    statement: 'Before the next release an undecodable cursor on any cursor list answers 200 with the first page.',
    reading: {
      quote: 'An undecodable `cursor` gives `400` with `PAGINATION.INVALID_CURSOR` instead of `200` with the first page',
      taken: 'The changelog states the old answer for an undecodable cursor only: 200 with the first page.',
      accepted:
        'Whether a truncated or tampered real cursor still decodes depends on the server. What it got before the change is not stated, so its answer is reported, not judged.',
      method: TOLERANT,
    },
  }),
] as const satisfies readonly Rule[];
