import { DIALER_CAMPAIGN_RELEASE_RULES } from './dialer-campaign-releases.ts';
import { EACH_LIST, NAME_TRIMMED, TOLERANT } from './dialer-readings.ts';
import { type Rule, required } from './types.ts';

/**
 * Rules of the Dialer campaigns and their cursor lists that hold in every release. The behaviours a
 * release changed are in ./dialer-campaign-releases.ts, in pairs.
 */
const S = {
  records: 'Resources and their fields > Dialer records (facts known)',
  states: 'States and transitions',
  dialer: 'Endpoints > Dialer',
  errors: 'Errors > Errors on the {ai_url} host',
  validation: 'Errors > Validation in the Dialer',
  limits: 'Limits',
} as const;

/** The spec names these operations without a path; the suite takes them from lib/dialer/routes.ts. A `method` to add to a reading. */
export const OUR_PATH =
  "The spec names the operation but not its path or payload. The path is this project's choice (lib/dialer/routes.ts), overridable with CC_DIALER_ROUTES.";
/** The spec's own words for OUR_PATH, to quote beside the sentence a reading starts from. */
export const PATHS_NOT_SHOWN = 'Paths, payloads and response fields of the Dialer operations other than the campaign list: not shown.';
/** The include_deleted rules that a release before v1.0.22, which ignores the parameter, keeps as well. */
const INCLUDE_ALWAYS = 'This holds in every release: before v1.0.22 the parameter is ignored, and an unfiltered list holds every status anyway.';
/** The lists the spec gives one cursor scheme. */
const LISTS = "the campaigns, a campaign's contacts, call scripts, surveys";
/** The sentences of the cursor lists the readings start from. */
const NEXT_CURSOR = 'Response carries `meta.nextCursor`, null on the last page.';
const SAME_SCHEME = "List a campaign's contacts, list call scripts, list surveys: cursor-paginated with the same `limit`, `cursor`, `meta.nextCursor` scheme.";
const LIMIT = '`limit` (1 to 100, default 50)';

export const DIALER_CAMPAIGN_RULES = [
  required({
    id: 'DIALER-CAMPAIGN-LIST-ENVELOPE',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'The campaign list answers 200 with { data: [...], meta: { nextCursor } }, nextCursor a string or null, and each item carries the id, name and status a campaign has.',
    reading: {
      quote:
        'Response carries `meta.nextCursor`, null on the last page. … Fields of Dialer campaign, script, survey, contact and export-job records beyond those named above: not shown.',
      taken:
        'The spec names meta.nextCursor. The items sit in `data`, as on the other {ai_url} surfaces. Campaign fields beyond those named are not shown, so no other field is asserted.',
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-CREATE-201',
    surface: 'dialer',
    section: S.dialer,
    statement: 'Creating a campaign with a valid body answers 201.',
    reading: {
      quote: '`POST /dialer/campaigns`: create a campaign; `201`.',
      taken: "The create answers 201, and only the status is judged. The create body's shape is not shown.",
      method: 'The id is read from `data.id` or `id`, since the list wraps items in `data`.',
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-READ',
    surface: 'dialer',
    section: S.records,
    statement: 'A created campaign reads back with its id and the name, mode and schedule_policy start_date and start_time it was created with.',
    reading: {
      quote: `\`start_time\` as \`HH:MM\` or \`HH:MM:SS\` … ${PATHS_NOT_SHOWN}`,
      taken: 'A start_time sent as HH:MM may read back as HH:MM:00. Both forms are the documented format.',
      method: OUR_PATH,
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-RECORD-FIELDS',
    surface: 'dialer',
    section: S.records,
    statement:
      'A campaign read by its id carries every member the spec gives a Campaign: name and status (strings), mode, schedule_policy (an object) and calling_policy (an object, or null).',
    reading: {
      quote:
        'Campaign: has `name` (trimmed before validation), `status` (value `deleted` exists), `mode`, `schedule_policy` … `calling_policy` (only documented knobs are stored; unknown keys are dropped on write).',
      taken:
        "Dialer records (facts known) says a Campaign 'has' name, status, mode, schedule_policy and calling_policy. A campaign read on its own is that record, so each member is there, and a member left out fails. schedule_policy holds start_date and start_time, named values read as a JSON object. The type of mode is not shown, so only its presence is judged. Its value is DIALER-CAMPAIGN-READ's.",
      accepted:
        'Of calling_policy the spec says only that documented knobs are stored. A campaign created without calling_policy has no knob, so it may read back an empty object or null, and the report says which. Any other type fails, since knobs are keys.',
      method: `Which members a list item carries is not shown, as a list may hold summaries. So list items are judged for the id, name and status only (DIALER-CAMPAIGN-LIST-ENVELOPE). This rule judges the campaign the check created without calling_policy, read by its id after the create and after a partial update. ${OUR_PATH}`,
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-UPDATE-PARTIAL',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement:
      'PATCH of a campaign updates only the fields sent: it answers 2xx, the sent name reads back, and every other field the spec names on a Campaign (mode, status, schedule_policy, calling_policy) stays as it was.',
    reading: {
      quote: `PATCH partially updates … ${PATHS_NOT_SHOWN}`,
      taken:
        'The success status of an update is not shown, so any 2xx passes. The campaign has no calling_policy knob, which may read back as {} or null (DIALER-CAMPAIGN-RECORD-FIELDS). A change between those two is no change, but a knob that appears is.',
      accepted: 'The name is sent with whitespace around it and may read back trimmed or as sent (DIALER-CAMPAIGN-NAME-TRIMMED).',
      method: OUR_PATH,
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-NAME-TRIMMED',
    surface: 'dialer',
    section: S.records,
    statement: 'A campaign update with whitespace around a valid name is not refused for its name, and the name reads back trimmed or as sent.',
    reading: { ...NAME_TRIMMED, method: `${NAME_TRIMMED.method} ${OUR_PATH}` },
  }),
  required({
    id: 'DIALER-CAMPAIGN-DELETE-204',
    surface: 'dialer',
    section: S.dialer,
    statement: 'Deleting a campaign answers 204 with no body.',
    reading: {
      quote: `delete a campaign (\`204\`) … ${PATHS_NOT_SHOWN}`,
      taken: 'The spec gives the delete 204, which the error table calls no content, so the answer has no body.',
      method: OUR_PATH,
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-DELETED-KEPT',
    surface: 'dialer',
    section: S.states,
    statement: 'A deleted campaign is kept: it reads back with status deleted.',
    reading: {
      quote: 'drops out of default listings; history stays available for reporting',
      taken: "'History stays available for reporting' means the deleted campaign's record is kept, and it reads back with status deleted.",
      method: `The record is read through the project's Get route. ${OUR_PATH}`,
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-NOT-FOUND',
    surface: 'dialer',
    section: S.errors,
    statement:
      'Reading, updating, deleting or listing the contacts of a campaign id the company does not hold gets 404 in the service error shape, with a message of the endpoint rather than the unmatched-route one.',
    reading: {
      quote: "A missing resource gives `404` with the endpoint's own message.",
      taken:
        "'A missing resource gives 404 with the endpoint's own message' is set apart from the fixed 'Route not found' of unrouted paths. So the message must not be that one.",
      method: "The unknown id has the form of the company's ids (UUID or integer).",
    },
  }),
  required({
    id: 'DIALER-CAMPAIGN-CONTACTS-CURSOR',
    surface: 'dialer',
    section: S.dialer,
    statement:
      "A campaign's contacts list is cursor-paginated like the campaign list: pages of at most limit items in { data, meta: { nextCursor } }, followed to a null nextCursor without repeating an item.",
    reading: {
      quote: SAME_SCHEME,
      taken:
        "The contacts list follows the campaign list's cursor scheme. Contact fields are not shown, so an item's identity is its id when it has one, else the whole item.",
      method: OUR_PATH,
    },
  }),
  required({
    id: 'DIALER-LIST-STATUS-FILTER',
    surface: 'dialer',
    section: S.dialer,
    statement: 'status=<value> lists only campaigns with that status, and lists those the unfiltered list shows with it.',
    reading: {
      quote: 'Query: `limit` (1 to 100, default 50), `cursor` (opaque), `status`, `mode` … `status` (value `deleted` exists)',
      taken: 'The campaign list takes status, but status values other than deleted are not shown. So the value is taken from the unfiltered list.',
      method: TOLERANT,
    },
  }),
  required({
    id: 'DIALER-LIST-MODE-FILTER',
    surface: 'dialer',
    section: S.dialer,
    statement: 'mode=<value> lists only campaigns with that mode, and lists those the unfiltered list shows with it.',
    reading: {
      quote: 'Query: `limit` (1 to 100, default 50), `cursor` (opaque), `status`, `mode` … outbound campaigns (power and predictive dialing)',
      taken:
        'The campaign list takes mode, but mode values are not shown. The group table names power and predictive dialing. So the value is taken from the unfiltered list.',
      method: TOLERANT,
    },
  }),
  required({
    id: 'DIALER-LIST-STATUS-DELETED',
    surface: 'dialer',
    section: S.dialer,
    statement: 'status=deleted lists the deleted campaigns and only them, in every release.',
    reading: {
      quote: '`status=deleted` lists only deleted ones. … `status=deleted` unchanged.',
      taken: "v1.0.22 says 'status=deleted unchanged', so the filter held before that release too.",
    },
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-TRUE',
    surface: 'dialer',
    section: S.dialer,
    statement: 'include_deleted=true lists every status, the deleted campaigns included: a campaign deleted just before and one not deleted are both listed.',
    reading: {
      quote: '`include_deleted=true` returns every status',
      taken: INCLUDE_ALWAYS,
      method:
        "'Returns every status' is judged on two campaigns of the check's own, one deleted and one left as created. So what others write meanwhile cannot stand in for either. The listing is walked in pages of 100, at most three, until both show up. When the walk ends before the list does and one has not shown up, the list is too long to tell. The rule is then left unjudged with that reason.",
    },
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-FALSE',
    surface: 'dialer',
    section: S.dialer,
    statement: "include_deleted=false lists as the parameter's absence does (default false).",
    reading: {
      quote: 'new boolean query parameter `include_deleted` (default `false`)',
      taken: `${INCLUDE_ALWAYS} Whether the unfiltered list holds deleted campaigns is the v1.0.22 change, judged by DIALER-LIST-EXCLUDES-DELETED.`,
      method: TOLERANT,
    },
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-WITH-STATUS',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'With status set include_deleted has no effect: status=deleted&include_deleted=false lists deleted campaigns, status=<other>&include_deleted=true lists none.',
    reading: {
      quote: 'any other value gives `400`; no effect when `status` is set',
      taken: `The two clauses meet on a value of include_deleted other than true or false sent beside status. A target may validate it first (400), or let status decide and ignore it (200). ${INCLUDE_ALWAYS}`,
      accepted:
        'Both the 400 and the 200 are accepted, and the report says which the target did. When the value is ignored, the page must hold campaigns of that status only.',
    },
  }),
  required({
    id: 'DIALER-LIMIT-DEFAULT-50',
    surface: 'dialer',
    section: S.limits,
    statement: `Every cursor list (${LISTS}) without limit holds 50 items a page when more exist: a page with a nextCursor holds exactly 50, and a last page at most 50.`,
    reading: {
      quote: `${LIMIT} … ${SAME_SCHEME}`,
      taken: 'limit is read as the page size: a page is short only at the end of the list. With 50 items or fewer the default cannot show and is not judged.',
      method: EACH_LIST,
    },
  }),
  required({
    id: 'DIALER-LIMIT-BOUNDS',
    surface: 'dialer',
    section: S.limits,
    statement: `On every cursor list (${LISTS}) limit=1 and limit=100 are served with 200 and never exceeded; a page followed by a nextCursor is full.`,
    reading: {
      quote: `${LIMIT} … ${SAME_SCHEME}`,
      taken:
        'The range 1 to 100 includes its ends, so limit=1 and limit=100 are both served. limit is read as the page size, so a page followed by a nextCursor is full.',
      method: EACH_LIST,
    },
  }),
  required({
    id: 'DIALER-LIMIT-OUT-OF-RANGE',
    surface: 'dialer',
    section: S.limits,
    statement: `On every cursor list (${LISTS}) a limit outside 1 to 100 or not an integer is never applied: 400 in the service shape, or a 200 page of 1 to 100 items when the list has any, never a 5xx.`,
    reading: {
      quote: `${LIMIT} … malformed or invalid parameters`,
      taken: "The spec gives the range, not what happens outside it. The 400 row ('malformed or invalid parameters') and clamping both fit.",
      accepted: 'Both the 400 and a clamped page are accepted. The report says which the target chose, list by list.',
    },
  }),
  required({
    id: 'DIALER-CURSOR-WALK',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'Following meta.nextCursor over an unchanging list returns every campaign of the list exactly once: no duplicates, no gaps, no page above its limit.',
    reading: {
      quote: NEXT_CURSOR,
      taken:
        'The order of a cursor list is not shown, so pages are compared as sets with one page of limit=100. A list longer than 100 is judged for duplicates only.',
      method: TOLERANT,
    },
  }),
  required({
    id: 'DIALER-CURSOR-LAST-NULL',
    surface: 'dialer',
    section: S.dialer,
    statement: 'A walk ends with meta.nextCursor null: on the page holding the last campaign, or on one empty page after it.',
    reading: {
      quote: NEXT_CURSOR,
      taken: "'Null on the last page' is read as ending the walk on the page that holds the last campaign.",
      accepted: 'A server that learns of the end one request late, and answers a last empty page with null, is accepted too. The report says which.',
    },
  }),
  required({
    id: 'DIALER-STATE-WALK',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'After any sequence of campaign creates and deletes, before a walk of the campaign list and between its pages, the walk serves every campaign of the sequence that exists for the whole walk, and a campaign deleted before the walk only where deleted ones are listed.',
    reading: {
      quote: `${NEXT_CURSOR} Without \`status\` and with \`include_deleted=false\`, campaigns with status \`deleted\` are excluded; \`include_deleted=true\` returns every status`,
      taken:
        'From release 1.0.22 the list leaves out deleted campaigns unless include_deleted=true. Before 1.0.22 the walk sends no include_deleted. What an unfiltered list then does with deleted campaigns is unstated (DIALER-LIST-INCLUDES-DELETED, observed), so a deleted campaign is neither required nor refused there. A server may forget a delete or a create only after the right history, such as a campaign deleted when a newer one existed. It then serves a deleted campaign where deleted ones are left out, or misses one that exists.',
      accepted:
        "A campaign created or deleted during the walk may or may not appear, as the spec promises nothing of it. Whether a walk serves a campaign twice is the cursor rules' to judge, so a repeat judges nothing here. DIALER-CURSOR-WALK judges a walk with no write between its pages, DIALER-CURSOR-WALK-CHANGING one with a create and a delete between them.",
      method:
        "The check runs random sequences of creates and deletes before a walk and between its pages (CC_SEQUENCES). A failing one is shrunk to the shortest that still fails, and replays with its seed and path. Each walk is judged against a model holding only the sequence's own campaigns. So what other clients create or delete meanwhile is never held against the target, and no campaign of theirs is asked for. The sequences end by deleting the older of two open campaigns and walking the list that leaves deleted ones out. A walk that has not reached nextCursor null within its pages judges one thing only: it served no campaign deleted before it where deleted ones are left out. Create and delete are the route table's (CC_DIALER_ROUTES). On a live target the sequences create campaigns the API keeps with status deleted for good. So they run only with campaign-sequences in CC_EFFECTS.",
    },
  }),
  required({
    id: 'DIALER-STATE-BUTTONS',
    surface: 'dialer',
    section: S.dialer,
    statement:
      "A campaign's disposition buttons are its own: after any sequence of button replaces on the sequence's campaigns, each campaign still shows every button its own last replace sent, with that outcome_kind, whatever replaces of other campaigns came after.",
    reading: {
      quote:
        "replace a campaign's disposition buttons (PUT) … get a campaign's disposition buttons … Disposition button: has `tag_id` (a call tag of the account), `outcome_kind` (enumerated)",
      taken:
        "The Dialer replaces and gets a campaign's disposition buttons, so the buttons belong to one campaign. A replace of one campaign's buttons changes no other campaign's. A server that keys buttons by tag alone passes every replace read back on one campaign. It loses a campaign's button as soon as another campaign gets a button of the same tag.",
      accepted:
        "This rule judges persistence across campaigns only: each button of a campaign's last replace (tag_id and outcome_kind) is among the buttons read later. Whether others are there too is DIALER-BUTTONS-REPLACE's, which judges one replace read back exactly.",
      method:
        "Buttons use at most three of the account's own call tags from the disposition tag list, which no check changes. None is the archived one CC_DIALER_ARCHIVED_TAG_ID names, and none is one this run made. A tag another client deletes meanwhile would drop its buttons, as the undated release says. The check takes that risk on a live account. Each sequence ends with a button of one tag replaced on two of its campaigns, one after the other, and the first read back. outcome_kind values are the project's reference (lib/dialer/outcomes.ts). A 400 to them, a tag list with no tag, or a buttons route the target does not route (CC_DIALER_ROUTES) leaves this rule skipped and the walks judged. It runs in the campaign sequences, so on a live target only with campaign-sequences in CC_EFFECTS.",
    },
  }),
  required({
    id: 'DIALER-CURSOR-WALK-CHANGING',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'While campaigns are created and deleted between pages, a walk returns no campaign twice and every campaign that exists, undeleted, for the whole walk exactly once.',
    reading: {
      quote: NEXT_CURSOR,
      taken: 'Campaigns created or deleted during the walk may or may not appear, once at most: the spec promises nothing about them.',
      method:
        'The check changes only campaigns it created. A campaign counts as lasting when one page of limit=100 lists it before and after the walk. So what others change meanwhile is not held against the target.',
    },
  }),
  required({
    id: 'DIALER-CURSOR-EMPTY-FIRST-PAGE',
    surface: 'dialer',
    section: S.validation,
    statement: `On every cursor list (${LISTS}) an absent or empty cursor is no error and means the first page, in every release.`,
    reading: {
      quote: 'An absent or empty `cursor` is not an error and means the first page. … an absent or empty cursor is still valid.',
      taken: "The next release says 'an absent or empty cursor is still valid', so it was valid before too.",
      method: `The first page is compared by its items' ids. ${TOLERANT}`,
    },
  }),
  ...DIALER_CAMPAIGN_RELEASE_RULES,
] as const satisfies readonly Rule[];
