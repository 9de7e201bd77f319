import { BLANK_NAME, NAME_TRIMMED, olderSideUnstated } from './dialer-readings.ts';
import { observed, type Rule, type RuleReading, required } from './types.ts';

/**
 * Rules of the Dialer's resources other than campaigns: call scripts, surveys, a campaign's associations,
 * disposition buttons and statistics, the disposition tag list, data exports. Paths and payloads follow
 * the project's route table (GAP-DIALER-PATHS); rules that also lean on field names or values the spec
 * does not show are marked project-reference and judge a target only where it uses those names.
 */
const S = {
  records: 'Resources and their fields > Dialer records (facts known)',
  states: 'States and transitions',
  dialer: 'Endpoints > Dialer',
  errors: 'Errors > Core API envelope',
  aiErrors: 'Errors > Errors on the {ai_url} host',
  limits: 'Limits',
  versioning: 'Versioning',
} as const;

/** The 422 row's words for a bound outside the date-time shape. */
const BOUND_422 = 'bound outside the RFC 3339 date-time shape (message `dateFrom must be a parseable ISO 8601 date-time`), and no job is queued';
/** The changelog line of the export filters. */
const FILTERS_LINE = 'export filters validated with `400` and `422` and no job enqueued on `422`';
/** The statistics the spec lists, figure by figure. */
const STATISTICS =
  "get a campaign's statistics (contact funnel, dialed and answered counts, answer and conversion rates, person/voicemail/machine split, disposition breakdown, call durations; all-time or for a date window)";

/** Which jobIds are UUIDs, for the rules that quote `quote`. */
function uuidReading(quote: string): RuleReading {
  return {
    quote,
    taken: 'A UUID is the 8-4-4-4-12 hex form with version 1 to 5 and variant 8, 9, a or b, in either case. Every usual validator agrees on those.',
    accepted:
      'Forms validators disagree on are sent but not judged: nil, max, versions 0 and 6 to f, other variants, no dashes, braces, urn: prefix. The report names what the target did.',
  };
}

export const DIALER_RESOURCE_RULES = [
  // Call scripts and surveys
  required({
    id: 'DIALER-SCRIPT-CREATE-201',
    surface: 'dialer',
    section: S.errors,
    statement: 'Creating a call script (POST) answers 201 with the script: an id and the name sent.',
  }),
  required({
    id: 'DIALER-SURVEY-CREATE-201',
    surface: 'dialer',
    section: S.errors,
    statement: 'Creating a survey (POST) answers 201 with the survey: an id, the name sent and its questions.',
  }),
  required({
    id: 'DIALER-NAME-TRIMMED',
    surface: 'dialer',
    section: S.records,
    statement:
      'A call script or survey created with whitespace around a valid name is not refused for its name, and comes back with the name trimmed or as sent.',
    reading: NAME_TRIMMED,
  }),
  required({
    id: 'DIALER-SCRIPT-UPDATE',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement: 'Updating a call script (PATCH) changes only the fields sent: the new name comes back and is listed, the content stays.',
  }),
  required({
    id: 'DIALER-SURVEY-UPDATE',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement: 'Updating a survey (PATCH) changes only the fields sent: the new name comes back and is listed, the questions stay.',
  }),
  required({
    id: 'DIALER-SURVEY-QUESTIONS-PUT',
    surface: 'dialer',
    section: S.records,
    statement: "Replacing a survey's questions (PUT) replaces them wholesale: the survey then has exactly the questions sent, none of the earlier ones.",
    reading: {
      quote:
        'surveys have questions replaced wholesale. … PUT replaces a sub-collection wholesale (Dialer associations, disposition buttons, survey questions)',
      taken:
        "Replaced wholesale, the survey then has exactly the questions sent, none of the earlier ones. The PUT's 2xx and what it answers say only what the target meant to store, so the questions are read back.",
      method:
        "The survey list is the only route of the project's table that reads a survey; no route reads one survey or its questions alone. The survey's listed questions must be exactly those sent, compared by their text in order. The survey's fields beyond its name are not shown, so the member `questions` and a question's `text` are this project's. When the list shows the survey without questions, nothing can be read back. The rule is then skipped with that reason, never passed on the PUT's answer alone.",
    },
  }),
  required({
    id: 'DIALER-SCRIPTS-LIST',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'List call scripts is cursor-paginated: at most limit items a page (50 without limit), meta.nextCursor a string while more follow and null on the last page, and a walk meets every script once.',
  }),
  required({
    id: 'DIALER-SURVEYS-LIST',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'List surveys is cursor-paginated: at most limit items a page (50 without limit), meta.nextCursor a string while more follow and null on the last page, and a walk meets every survey once.',
  }),
  required({
    id: 'DIALER-SCRIPT-SURVEY-NAME-400',
    surface: 'dialer',
    section: S.errors,
    since: '1.0.21',
    statement: "A whitespace-only name on call script or survey create or update gets 400 with 'name should not be empty' in subErrors.",
    reading: {
      ...BLANK_NAME,
      method:
        'A name holding vertical tab, form feed or one of those code points is sent on updates only, never on a create. So an accepted one makes no call script or survey the API cannot delete.',
    },
  }),
  observed({
    id: 'DIALER-SCRIPT-SURVEY-NAME-ACCEPTED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'What a release before v1.0.21 does with a whitespace-only name on call script create: accepted, as the mock plays it, or otherwise.',
    reading: olderSideUnstated('Whitespace-only `name` rejected', "The v1.0.21 line says 'Whitespace-only name rejected' and nothing of the names before it."),
  }),

  // Associations
  required({
    id: 'DIALER-ASSOC-REPLACE',
    surface: 'dialer',
    section: S.records,
    statement:
      "Replacing a campaign's associations (PUT) with { ref_id, type } entries for an agent, a target tag and a queue group answers 2xx with exactly the entries sent, and a second PUT leaves only its own.",
    reading: {
      quote: 'Associations of a campaign are entries with `ref_id` for an agent, a target tag or a queue group',
      taken: 'No endpoint reads associations back (GAP-DIALER-ASSOC-READ), so the replace is judged by the entries the PUT answers with.',
      method:
        "The spec names ref_id and the three kinds of record but not how an entry says which kind it is. The member `type` and its values agent, target_tag and queue_group are this project's (lib/dialer/outcomes.ts). So a 400 to them is a missing prerequisite, not a verdict.",
    },
  }),
  required({
    id: 'DIALER-ASSOC-REF-UNCHECKED',
    surface: 'dialer',
    section: S.records,
    since: '1.0.21',
    statement: 'An association whose ref_id names no agent, tag or group is accepted: ref_id existence is not verified.',
  }),
  observed({
    id: 'DIALER-ASSOC-REF-CHECKED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'What a release before v1.0.21 does with an association whose ref_id names nothing: refused with a 4xx, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      'Association `ref_id` values are not checked for existence',
      "The v1.0.21 line says 'Association ref_id values are not checked for existence'. It does not say how an older release answered an unknown one: a 4xx, a 5xx from a failed lookup, or acceptance.",
    ),
  }),

  // Disposition buttons and the disposition tag list
  required({
    id: 'DIALER-BUTTONS-GET',
    surface: 'dialer',
    section: S.records,
    statement:
      "Get a campaign's disposition buttons answers 200 with a list of buttons, each with tag_id, outcome_kind and the resolved name, color (a string or null) and outcome.",
  }),
  required({
    id: 'DIALER-BUTTONS-REPLACE',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement: "Replacing a campaign's disposition buttons (PUT) answers 2xx, and the buttons then read back are exactly those sent, none of the earlier ones.",
    reading: {
      quote: 'PUT replaces a sub-collection wholesale (Dialer associations, disposition buttons, survey questions)',
      taken: 'The buttons read back are compared with those sent as a set of (tag_id, outcome_kind), since the spec says nothing of order.',
      accepted: 'Any order is accepted, and the report notes whether the order sent was kept.',
    },
  }),
  required({
    id: 'DIALER-BUTTON-RESOLVED',
    surface: 'dialer',
    section: S.records,
    source: 'project-reference',
    statement:
      "A button's name and color are those of its call tag in the disposition tag list, color null for a tag without colour, and its outcome the one its outcome_kind resolves to.",
    reading: {
      quote:
        'Disposition button: has `tag_id` (a call tag of the account), `outcome_kind` (enumerated), and resolved `name`, `color`, `outcome`; `color` may be null for a tag without colour.',
      taken: 'The outcome_kind values and their outcomes are not shown (GAP-DIALER-OUTCOME-KINDS).',
      method: 'The suite uses the project reference in lib/dialer/outcomes.ts.',
    },
  }),
  required({
    id: 'DIALER-BUTTON-OUTCOME-KIND-400',
    surface: 'dialer',
    section: S.errors,
    statement: 'An unknown outcome_kind on button replace gets 400 in the service error shape.',
  }),
  required({
    id: 'DIALER-BUTTON-DUP-409',
    surface: 'dialer',
    section: S.errors,
    statement: 'A tag_id given twice on button replace gets 409 in the service error shape.',
  }),
  required({
    id: 'DIALER-BUTTON-TAG-422',
    surface: 'dialer',
    section: S.errors,
    statement: "A tag_id that is not a call tag of the account (an unknown id, another company's tag) gets 422 on button replace.",
  }),
  required({
    id: 'DIALER-ARCHIVED-REPLACE-422',
    surface: 'dialer',
    section: S.states,
    since: 'latest',
    statement: 'An archived call tag as tag_id on button replace gets 422.',
  }),
  observed({
    id: 'DIALER-ARCHIVED-REPLACE-ACCEPTED',
    surface: 'dialer',
    section: S.versioning,
    until: 'latest',
    statement:
      'What a release before the undated change does with an archived call tag as tag_id on button replace: accepted with its button returned, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      'Archived dispositions are treated like deleted ones (omitted from disposition buttons, `422` on replace, omitted from the tag list)',
      "The undated line says archived dispositions get '422 on replace' and not what they got before it.",
    ),
  }),
  required({
    id: 'DIALER-ARCHIVED-BUTTONS-OMITTED',
    surface: 'dialer',
    section: S.states,
    since: 'latest',
    statement: "A campaign's disposition buttons never include one for an archived call tag.",
    reading: {
      quote: "archived is treated like deleted wherever a disposition can be picked: omitted from a campaign's disposition buttons",
      taken: 'No request can put an archived tag on a button any more. So the buttons of the first campaigns already on the account are searched for it.',
      method:
        'When those campaigns carry no button at all, nothing was searched, and the rule is skipped with that reason. Otherwise the report says how many buttons were searched.',
    },
  }),
  required({
    id: 'DIALER-ARCHIVED-TAGLIST-OMITTED',
    surface: 'dialer',
    section: S.states,
    since: 'latest',
    statement: 'The disposition tag list omits archived call tags.',
  }),
  observed({
    id: 'DIALER-ARCHIVED-TAGLIST-SHOWN',
    surface: 'dialer',
    section: S.versioning,
    until: 'latest',
    statement: 'Whether before the undated change the disposition tag list includes archived call tags, as the mock plays it.',
    reading: olderSideUnstated(
      'Archived dispositions are treated like deleted ones (omitted from disposition buttons, `422` on replace, omitted from the tag list)',
      "The undated line says archived dispositions are 'omitted from the tag list' and not what the list held before it.",
    ),
  }),
  required({
    id: 'DIALER-DELETED-BUTTONS-OMITTED',
    surface: 'dialer',
    section: S.states,
    since: 'latest',
    statement: "Buttons of a deleted call tag are no longer returned among a campaign's disposition buttons.",
    reading: {
      quote: "buttons for a deleted tag are omitted from a campaign's disposition buttons … buttons of a deleted disposition are no longer returned",
      taken:
        "States and transitions and the undated line both say a deleted tag's buttons are no longer among a campaign's disposition buttons. A button missing after the deletion proves that only if it was there before.",
      method:
        "The campaign's buttons are read after the new tag's button is put and before the tag is deleted. When that button is not among them, the precondition did not hold, and the rule is skipped with that reason.",
    },
  }),
  required({
    id: 'DIALER-DELETED-BUTTONS-KEPT',
    surface: 'dialer',
    section: S.versioning,
    until: 'latest',
    statement: 'Before the undated change the button of a deleted call tag is still returned.',
    reading: {
      quote: 'buttons of a deleted disposition are no longer returned',
      taken: "The undated line states the older behaviour in words: 'buttons of a deleted disposition are no longer returned', so before it they were.",
    },
  }),
  required({
    id: 'DIALER-TAG-LIST',
    surface: 'dialer',
    section: S.dialer,
    statement: 'The disposition tag list answers 200 with a list of call tags of the account, each with an id, without the core responseData envelope.',
    reading: {
      quote: 'list disposition tags … Disposition button: has `tag_id` (a call tag of the account)',
      taken:
        'Item fields are not shown. Only the id a button takes as tag_id is required. Name and color are typed when present, color null for a tag without colour.',
      accepted:
        "The spec does not say that a tag added through the core API's Tag resource is a call tag a disposition can use. So whether one just added is listed is reported, never judged.",
    },
  }),

  // Statistics
  required({
    id: 'DIALER-STATS-READ',
    surface: 'dialer',
    section: S.dialer,
    statement: "A campaign's statistics answer 200 with a JSON object.",
    reading: {
      quote: `${STATISTICS} … Responses are UTF-8 JSON.`,
      taken:
        "Endpoints > Dialer lists a campaign's statistics with the figures they hold, and responses are UTF-8 JSON. The names of those figures are not shown (GAP-DIALER-STATS-FIELDS), so no name is judged here. Whether the target uses this project's names is DIALER-STATS-FIGURES, reported only.",
    },
  }),
  required({
    id: 'DIALER-STATS-VALUES',
    surface: 'dialer',
    section: S.dialer,
    statement:
      "Every number in a campaign's statistics is finite; the counts and durations the spec names are never negative, and its rates lie within their range.",
    reading: {
      quote: STATISTICS,
      taken:
        'None of those figures can be negative or infinite. Their names are not shown (GAP-DIALER-STATS-FIELDS), so a number is read by the member names on its path. A rate lies within 0 to 100, as a fraction or a percent. A count or a duration is never below 0.',
      accepted:
        'A number the spec does not name may be negative, such as a trend under a figure (calls.changePercent: -12). It is only judged finite, as is an identifier.',
      method:
        "Names are split into words at camelCase, underscores, hyphens and spaces. A number's own name is its member's, or for an array item the array's. It must hold only words of a named figure (answer, calls, duration, total...), of a rate (rate, ratio, percent) or of a part or unit (average, reached, seconds). A name with any other word is a number the spec does not name. A figure is a rate by its own name or its holder's. Another figure is a count or duration when a name on its path has a figure's word. A number whose own name has the word id is an identifier. Every statistics body read with 200 and a JSON object is judged. These are all-time, the two windows DIALER-STATS-WINDOW asks for, and a campaign's before and after its deletion. When none holds a JSON number, the rule is skipped.",
    },
  }),
  observed({
    id: 'DIALER-STATS-FIGURES',
    surface: 'dialer',
    section: S.dialer,
    source: 'project-reference',
    statement:
      "Whether a campaign's statistics carry every figure the spec names under the names of schemas/dialer/statistics.json: the contact funnel, dialed and answered counts, answer and conversion rates, the person/voicemail/machine split, the disposition breakdown and call durations.",
    reading: {
      quote: `${STATISTICS} … Paths, payloads and response fields of the Dialer operations other than the campaign list: not shown.`,
      taken:
        'The spec names the figures but not their fields (GAP-DIALER-STATS-FIELDS), so a target may call them anything. One whose statistics use a name of ours for something else (a plain calls count, say), or only some of our names, differs only where the spec is silent.',
      method:
        'The report says which of the reference names the target uses and whether they follow the reference schema. DIALER-STATS-CONSISTENT and DIALER-STATS-WINDOW are observed on figures that do.',
    },
  }),
  observed({
    id: 'DIALER-STATS-CONSISTENT',
    surface: 'dialer',
    section: S.dialer,
    source: 'project-reference',
    statement:
      'Whether the statistics hold together as the reference defines them: the funnel narrows, answered calls are at most the dialed ones, each rate is the ratio of its counts, the split sums to the answered calls and the durations agree.',
    reading: {
      quote: STATISTICS,
      taken: 'The spec names the figures but not how rates are defined nor what the fields are called. So a target is never failed for another definition.',
    },
  }),
  observed({
    id: 'DIALER-STATS-WINDOW',
    surface: 'dialer',
    section: S.dialer,
    source: 'project-reference',
    statement:
      "What statistics for a date window answer, asked with dateFrom and dateTo (the export filters' names): whether they count no more than all-time, and nothing in a window before the campaign existed.",
    reading: {
      quote: 'all-time or for a date window',
      taken:
        'The spec says statistics come all-time or for a date window but does not show how the window is asked for. A target with other parameter names would look as if it ignored the window, so this is observed, not judged.',
    },
  }),
  required({
    id: 'DIALER-STATS-DELETED',
    surface: 'dialer',
    section: S.states,
    statement: "A deleted campaign's statistics stay available: 200 with the figures it had before the deletion.",
    reading: {
      quote: 'drops out of default listings; history stays available for reporting',
      taken:
        "A deleted campaign's 'history stays available for reporting', so its statistics still answer 200. Deleting adds no call and removes none, so the figures are those of before. The spec does not say a live campaign's statistics are stable from one read to the next.",
      accepted:
        "Strings, booleans and members added after the deletion (a status, a deletion time) may change. A number that changed between two reads before the deletion is the target's own, a clock or a counter of its own. It is left out of the comparison and named in the report.",
      method:
        "The names of the figures are not shown (GAP-DIALER-STATS-FIELDS), so the comparison rests on none. The statistics read after the deletion pass when they are the same JSON as before it. Otherwise every number of the body read before, found by its path of member names and indexes, must be found after with the same value. The check's own new campaign, which nobody dials, is read twice before the deletion. When the body held no number the two reads agreed on, nothing is left to compare, and the rule is skipped, not passed.",
    },
  }),

  // Exports
  required({
    id: 'DIALER-EXPORT-202',
    surface: 'dialer',
    section: S.dialer,
    statement: 'Requesting a campaign data export answers 202 with a jobId that is a UUID, without filters and with valid ones.',
    reading: uuidReading('Request a campaign data export: `202` with `jobId`. … Export job: identified by `jobId` (UUID).'),
  }),
  required({
    id: 'DIALER-EXPORT-STATUS',
    surface: 'dialer',
    section: S.states,
    statement: "An export job's status is read by its jobId: 200, and a jobId the answer names is that job's.",
    reading: {
      quote: 'poll status by `jobId`; download link available once complete. States of the job: not shown.',
      taken: 'The status fields and the job states are not shown (GAP-EXPORT-JOB-STATES). So only the status code and an echoed jobId are judged.',
    },
  }),
  required({
    id: 'DIALER-EXPORT-DOWNLOAD',
    surface: 'dialer',
    section: S.states,
    statement: 'Once the export is complete, its download link is available: 200 with an absolute http(s) URL.',
    reading: {
      quote: 'download link available once complete. States of the job: not shown. … Only HTTPS is accepted; plain HTTP is rejected.',
      taken:
        "'Only HTTPS is accepted' speaks of the service's four hosts, and the link may point elsewhere (a file store). So whether it is https is reported, not judged.",
      method:
        "Job states are not shown (GAP-EXPORT-JOB-STATES), so the download is polled until it answers 200. The link's member name is not shown either: the first absolute http(s) URL among the answer's members is the link.",
    },
  }),
  required({
    id: 'DIALER-EXPORT-WINDOW-DEFAULTS',
    surface: 'dialer',
    section: S.dialer,
    source: 'project-reference',
    statement:
      "For an export requested without dateFrom and dateTo, the job's window starts at the campaign's creation time and ends at the time the job ran, not before the request.",
    reading: {
      quote: 'A missing end resolves to the time the job runs; a missing start resolves to the campaign creation time.',
      taken: 'The spec states how a missing bound resolves but not where a job shows it.',
      method:
        'The reference reports window.dateFrom and window.dateTo on the job status (GAP-DIALER-RECORD-FIELDS). A target whose job status has no window is not judged, and the report says so.',
    },
  }),
  required({
    id: 'DIALER-EXPORT-IDS-400',
    surface: 'dialer',
    section: S.limits,
    since: '1.0.21',
    statement:
      'filters.contactId and filters.userId must be integers of at least 1: 0, negatives, fractions and strings that are no such integer get 400, integers of at least 1 are accepted.',
    reading: {
      quote: '`filters.contactId` integer at least 1, `filters.userId` integer at least 1',
      taken:
        'The spec names no upper bound, and a server may store ids in 32 bits, so integers above 2^31 - 1 are sent but not judged. A JSON string holding an integer of at least 1 ("1") is not an integer. Yet many servers convert query and body values before validating, and the spec does not say whether filters are converted.',
      accepted: 'Such a string may get the 400 or be accepted, and the report says which.',
    },
  }),
  observed({
    id: 'DIALER-EXPORT-IDS-UNVALIDATED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'What a release before v1.0.21 does with an export filter id of 0: 202 with a job, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      FILTERS_LINE,
      "The v1.0.21 line says export filters are 'validated with 400 and 422' and not what an unvalidating release did with a bad id.",
    ),
  }),
  required({
    id: 'DIALER-EXPORT-DATES-422',
    surface: 'dialer',
    section: S.errors,
    since: '1.0.21',
    statement:
      "An export bound that is not a date-time gets 422 '<bound> must be a parseable ISO 8601 date-time', a dateTo not after dateFrom gets 422 'dateTo must be after dateFrom', neither carries a jobId, and RFC 3339 bounds in order are accepted.",
    reading: {
      quote: `Invalid export filters give \`400\`. … \`filters.dateFrom\` and \`filters.dateTo\` in strict ISO 8601 … ${BOUND_422}`,
      taken:
        'Validation in the Dialer gives invalid export filters 400 and wants dates in strict ISO 8601. The error table gives 422 with its message, and no job queued, for a bound outside the RFC 3339 date-time shape. The two meet on values that fit one and not the other. Bounds that are not dates at all must get the 422 and its message. Valid RFC 3339 date-times in order must be accepted.',
      accepted:
        'For three kinds of bound, 400 and 422 are both accepted, with no job queued either way, and the report names the one taken. They are ISO 8601 forms that are not RFC 3339 date-times (date only, no offset, basic or week forms). They are also RFC 3339-shaped but impossible dates (2026-02-30, month 13, hour 25), and bounds that are not strings.',
      method: 'Lower-case t or z, a space for T and leap seconds are not judged.',
    },
  }),
  required({
    id: 'DIALER-EXPORT-DATETO-422',
    surface: 'dialer',
    section: S.errors,
    since: '1.0.21',
    statement: 'An export dateTo that is not a date-time at all gets 422 and carries no jobId, as dateFrom does.',
    reading: {
      quote: BOUND_422,
      taken:
        "The 422 row names 'a bound outside the RFC 3339 date-time shape' and says no job is queued, and v1.0.21 validates both bounds. Its message is shown for dateFrom only, so for dateTo the message is reported, not judged.",
      method:
        "Only values that are no ISO 8601 date in any reading are sent, so the 400 of 'invalid export filters' cannot be what the target meant. That no job was queued is judged by the refusal carrying no jobId, since no endpoint lists jobs.",
    },
  }),
  observed({
    id: 'DIALER-EXPORT-DATES-UNVALIDATED',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'What a release before v1.0.21 does with an export whose dateTo is before its dateFrom: 202 with a job, as the mock plays it, or otherwise.',
    reading: olderSideUnstated(
      FILTERS_LINE,
      "The v1.0.21 line says export windows are 'validated with 400 and 422 and no job enqueued on 422'. It does not say what an unvalidating release did with a reversed window.",
    ),
  }),
  required({
    id: 'DIALER-JOBID-400',
    surface: 'dialer',
    section: S.errors,
    since: '1.0.21',
    statement: "A jobId that is not a UUID gets 400 'Validation failed (uuid is expected)' on export status and download, and a UUID never gets it.",
    reading: uuidReading('A `jobId` that is not a UUID gives `400` with message `Validation failed (uuid is expected)`.'),
  }),
  required({
    id: 'DIALER-JOBID-500',
    surface: 'dialer',
    section: S.versioning,
    until: '1.0.21',
    statement: 'Before v1.0.21 a jobId that is not a UUID gets 500.',
    reading: {
      quote: 'malformed `jobId` is `400` rather than `500`',
      taken: "The v1.0.21 line states the older behaviour in words: 'malformed jobId is 400 rather than 500'.",
    },
  }),

  // Missing resources
  required({
    id: 'DIALER-RES-404',
    surface: 'dialer',
    section: S.aiErrors,
    statement:
      "A missing campaign, call script, survey or export job on these endpoints gets 404 in the service shape with the endpoint's own message, not 'Route not found'.",
  }),
] as const satisfies readonly Rule[];
