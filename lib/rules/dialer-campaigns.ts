import { DIALER_CAMPAIGN_RELEASE_RULES } from './dialer-campaign-releases.ts';
import { NAME_TRIMMED, TOLERANT } from './dialer-readings.ts';
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

/** The spec names these operations without a path; the suite takes them from lib/dialer/routes.ts. */
export const OUR_PATH =
  "The spec names the operation but not its path or payload; the path is this project's choice (lib/dialer/routes.ts), overridable with CC_DIALER_ROUTES.";
/** The include_deleted rules that a release before v1.0.22, which ignores the parameter, keeps as well. */
const INCLUDE_ALWAYS = 'Holds in every release: before v1.0.22 the parameter is ignored and an unfiltered list holds every status anyway.';
/** The lists the spec gives one cursor scheme. */
const LISTS = "the campaigns, a campaign's contacts, call scripts, surveys";
const WHERE_ID = "The create body's shape is not shown: the id is read from `data.id` or `id` (the list wraps items in `data`), and only the status is judged.";

export const DIALER_CAMPAIGN_RULES = [
  required({
    id: 'DIALER-CAMPAIGN-LIST-ENVELOPE',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'The campaign list answers 200 with { data: [...], meta: { nextCursor } }, nextCursor a string or null, and each item carries the id, name and status a campaign has.',
    reading:
      'The spec names meta.nextCursor; the items sit in `data` as on the other {ai_url} surfaces. Campaign fields beyond those named are not shown, so no other field is asserted.',
  }),
  required({
    id: 'DIALER-CAMPAIGN-CREATE-201',
    surface: 'dialer',
    section: S.dialer,
    statement: 'Creating a campaign with a valid body answers 201.',
    reading: WHERE_ID,
  }),
  required({
    id: 'DIALER-CAMPAIGN-READ',
    surface: 'dialer',
    section: S.records,
    statement: 'A created campaign reads back with its id and the name, mode and schedule_policy start_date and start_time it was created with.',
    reading: `${OUR_PATH} A start_time sent as HH:MM may read back as HH:MM:00 (both forms are the documented format).`,
  }),
  required({
    id: 'DIALER-CAMPAIGN-RECORD-FIELDS',
    surface: 'dialer',
    section: S.records,
    statement:
      'A campaign read by its id carries every member the spec gives a Campaign: name and status (strings), mode, schedule_policy (an object) and calling_policy (an object, or null).',
    reading: `Dialer records (facts known) says a Campaign 'has' name, status, mode, schedule_policy and calling_policy. A campaign read on its own is that record, so each member is there; a member left out fails. schedule_policy holds start_date and start_time, named values read as a JSON object. Of calling_policy the spec says only that 'only documented knobs are stored; unknown keys are dropped on write'. A campaign created without calling_policy has no knob, so it may read back an empty object or null; both are accepted and the report says which. Any other type fails, since knobs are keys. The type of mode is not shown, so only its presence is judged (its value is DIALER-CAMPAIGN-READ's). Which members a list item carries is not shown, as a list may hold summaries. So list items are judged for the id, name and status only (DIALER-CAMPAIGN-LIST-ENVELOPE). This rule judges the campaign the check created without calling_policy, read by its id after the create and after a partial update. ${OUR_PATH}`,
  }),
  required({
    id: 'DIALER-CAMPAIGN-UPDATE-PARTIAL',
    surface: 'dialer',
    section: 'What the service does > HTTP method conventions',
    statement:
      'PATCH of a campaign updates only the fields sent: it answers 2xx, the sent name reads back, and every other field the spec names on a Campaign (mode, status, schedule_policy, calling_policy) stays as it was.',
    reading: `${OUR_PATH} The success status of an update is not shown, so any 2xx passes. The name is sent with whitespace around it and may read back trimmed or as sent (see DIALER-CAMPAIGN-NAME-TRIMMED). The campaign has no calling_policy knob, which may read back as {} or null (DIALER-CAMPAIGN-RECORD-FIELDS); a change between those two is no change, a knob that appears is.`,
  }),
  required({
    id: 'DIALER-CAMPAIGN-NAME-TRIMMED',
    surface: 'dialer',
    section: S.records,
    statement: 'A campaign update with whitespace around a valid name is not refused for its name, and the name reads back trimmed or as sent.',
    reading: `${NAME_TRIMMED} ${OUR_PATH}`,
  }),
  required({
    id: 'DIALER-CAMPAIGN-DELETE-204',
    surface: 'dialer',
    section: S.dialer,
    statement: 'Deleting a campaign answers 204 with no body.',
    reading: OUR_PATH,
  }),
  required({
    id: 'DIALER-CAMPAIGN-DELETED-KEPT',
    surface: 'dialer',
    section: S.states,
    statement: 'A deleted campaign is kept: it reads back with status deleted.',
    reading: `'history stays available for reporting': the record is read through the project's Get route. ${OUR_PATH}`,
  }),
  required({
    id: 'DIALER-CAMPAIGN-NOT-FOUND',
    surface: 'dialer',
    section: S.errors,
    statement:
      'Reading, updating, deleting or listing the contacts of a campaign id the company does not hold gets 404 in the service error shape, with a message of the endpoint rather than the unmatched-route one.',
    reading:
      "'A missing resource gives 404 with the endpoint's own message', set apart from the fixed 'Route not found' of unrouted paths. The unknown id has the form of the company's ids (UUID or integer).",
  }),
  required({
    id: 'DIALER-CAMPAIGN-CONTACTS-CURSOR',
    surface: 'dialer',
    section: S.dialer,
    statement:
      "A campaign's contacts list is cursor-paginated like the campaign list: pages of at most limit items in { data, meta: { nextCursor } }, followed to a null nextCursor without repeating an item.",
    reading: `${OUR_PATH} Contact fields are not shown: an item's identity is its id when it has one, else the whole item.`,
  }),
  required({
    id: 'DIALER-LIST-STATUS-FILTER',
    surface: 'dialer',
    section: S.dialer,
    statement: 'status=<value> lists only campaigns with that status, and lists those the unfiltered list shows with it.',
    reading: `Status values other than deleted are not shown; the value is taken from the unfiltered list. ${TOLERANT}`,
  }),
  required({
    id: 'DIALER-LIST-MODE-FILTER',
    surface: 'dialer',
    section: S.dialer,
    statement: 'mode=<value> lists only campaigns with that mode, and lists those the unfiltered list shows with it.',
    reading: `Mode values are not shown (the group table names power and predictive dialing); the value is taken from the unfiltered list. ${TOLERANT}`,
  }),
  required({
    id: 'DIALER-LIST-STATUS-DELETED',
    surface: 'dialer',
    section: S.dialer,
    statement: 'status=deleted lists the deleted campaigns and only them, in every release.',
    reading: "v1.0.22 says 'status=deleted unchanged', so the filter held before it too.",
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-TRUE',
    surface: 'dialer',
    section: S.dialer,
    statement: 'include_deleted=true lists every status, the deleted campaigns included: a campaign deleted just before and one not deleted are both listed.',
    reading: `${INCLUDE_ALWAYS} 'Returns every status' is judged on two campaigns of the check's own, one deleted and one left as created, so what others write meanwhile cannot stand in for either; the listing is walked in pages of 100, at most three, until both show up. When the walk ends before the list does and one of them has not shown up, the list is too long to tell, and the rule is left unjudged with that reason.`,
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-FALSE',
    surface: 'dialer',
    section: S.dialer,
    statement: "include_deleted=false lists as the parameter's absence does (default false).",
    reading: `${INCLUDE_ALWAYS} Whether the unfiltered list holds deleted campaigns is the v1.0.22 change, judged by DIALER-LIST-EXCLUDES-DELETED. ${TOLERANT}`,
  }),
  required({
    id: 'DIALER-INCLUDE-DELETED-WITH-STATUS',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'With status set include_deleted has no effect: status=deleted&include_deleted=false lists deleted campaigns, status=<other>&include_deleted=true lists none.',
    reading: `The campaign list says of include_deleted both 'any other value gives 400' and 'no effect when status is set', and the two meet on a value other than true or false sent beside status: a target may validate it first (400) or let status decide and ignore it (200); both are accepted, when ignored the page must hold campaigns of that status only, and the report says which the target did. ${INCLUDE_ALWAYS}`,
  }),
  required({
    id: 'DIALER-LIMIT-DEFAULT-50',
    surface: 'dialer',
    section: S.limits,
    statement: `Every cursor list (${LISTS}) without limit holds 50 items a page when more exist: a page with a nextCursor holds exactly 50, and a last page at most 50.`,
    reading:
      'limit is read as the page size: a page is short only at the end of the list. With 50 items or fewer the default cannot show and is not judged. Each list is judged by its own check, so a list whose path is not routed is skipped alone.',
  }),
  required({
    id: 'DIALER-LIMIT-BOUNDS',
    surface: 'dialer',
    section: S.limits,
    statement: `On every cursor list (${LISTS}) limit=1 and limit=100 are served with 200 and never exceeded; a page followed by a nextCursor is full.`,
    reading: 'Each list is judged by its own check, so a list whose path is not routed is skipped alone.',
  }),
  required({
    id: 'DIALER-LIMIT-OUT-OF-RANGE',
    surface: 'dialer',
    section: S.limits,
    statement: `On every cursor list (${LISTS}) a limit outside 1 to 100 or not an integer is never applied: 400 in the service shape, or a 200 page of 1 to 100 items when the list has any, never a 5xx.`,
    reading:
      "The spec gives the range, not what happens outside it: the 400 row ('malformed or invalid parameters') and clamping both fit; the report says which the target chose, list by list.",
  }),
  required({
    id: 'DIALER-CURSOR-WALK',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'Following meta.nextCursor over an unchanging list returns every campaign of the list exactly once: no duplicates, no gaps, no page above its limit.',
    reading: `The order of a cursor list is not shown, so pages are compared as sets with one page of limit=100; a list longer than 100 is judged for duplicates only. ${TOLERANT}`,
  }),
  required({
    id: 'DIALER-CURSOR-LAST-NULL',
    surface: 'dialer',
    section: S.dialer,
    statement: 'A walk ends with meta.nextCursor null: on the page holding the last campaign, or on one empty page after it.',
    reading:
      "'null on the last page': a server that learns of the end one request late, and answers a last empty page with null, is accepted too; the report says which.",
  }),
  required({
    id: 'DIALER-STATE-WALK',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'After any sequence of campaign creates and deletes, before a walk of the campaign list and between its pages, the walk serves every campaign of the sequence that exists for the whole walk, and a campaign deleted before the walk only where deleted ones are listed.',
    reading:
      "The campaign list is cursor-paginated (meta.nextCursor, null on the last page) and, from release 1.0.22, leaves out deleted campaigns unless include_deleted=true, which lists every status; before 1.0.22 an unfiltered list holds every status and the walk sends no include_deleted (Endpoints > Dialer; Versioning). Whether a walk serves a campaign twice is the cursor rules' to judge (DIALER-CURSOR-WALK in a walk with no write between its pages, DIALER-CURSOR-WALK-CHANGING with a create and a delete between them), so a repeat judges nothing here; this rule judges what a walk serves after any sequence of creates and deletes before it and between its pages, where a server whose list forgets a delete or a create only after the right history (a campaign deleted when a newer one existed, say) serves a deleted campaign where deleted ones are left out, or misses one that exists. The sequences end by deleting the older of two open campaigns and walking the list that leaves deleted ones out. The check runs random sequences (CC_SEQUENCES; a failing one is shrunk to the shortest that still fails, and replays with its seed and path) and judges each walk against a model holding only the sequence's own campaigns, so what other clients create or delete meanwhile is never held against the target, and no campaign of theirs is asked for: a campaign created or deleted during the walk may or may not appear, as the spec promises nothing of it. A walk that has not reached nextCursor null within its pages judges only that it served no campaign deleted before it where deleted ones are left out. Create and delete are the route table's (CC_DIALER_ROUTES); on a live target the sequences create campaigns the API keeps with status deleted for good, so they run only with campaign-sequences in CC_EFFECTS.",
  }),
  required({
    id: 'DIALER-STATE-BUTTONS',
    surface: 'dialer',
    section: S.dialer,
    statement:
      "A campaign's disposition buttons are its own: after any sequence of button replaces on the sequence's campaigns, each campaign still shows every button its own last replace sent, with that outcome_kind, whatever replaces of other campaigns came after.",
    reading:
      "The Dialer replaces a campaign's disposition buttons (PUT) and gets a campaign's disposition buttons (Endpoints > Dialer; Dialer records: a button has tag_id and outcome_kind), so the buttons belong to one campaign, and a replace of one campaign's buttons changes no other campaign's. A server that keys buttons by tag alone passes every replace read back on one campaign and loses a campaign's button as soon as another campaign gets a button of the same tag. DIALER-BUTTONS-REPLACE judges one replace read back exactly; this rule judges persistence across campaigns only: each button of a campaign's last replace (tag_id and outcome_kind) is among the buttons read later, and whether others are there too is DIALER-BUTTONS-REPLACE's. Buttons use at most three of the account's own call tags from the disposition tag list (not the archived one CC_DIALER_ARCHIVED_TAG_ID names, none this run made), which no check changes; a tag another client deletes meanwhile would drop its buttons as the undated release says, a risk the check takes on a live account. Each sequence ends with a button of one tag replaced on two of its campaigns, one after the other, and the first read back. outcome_kind values are the project's reference (lib/dialer/outcomes.ts): a 400 to them, a tag list with no tag, or a buttons route the target does not route (CC_DIALER_ROUTES) leaves this rule skipped and the walks judged. It runs in the campaign sequences, so only with campaign-sequences in CC_EFFECTS on a live target.",
  }),
  required({
    id: 'DIALER-CURSOR-WALK-CHANGING',
    surface: 'dialer',
    section: S.dialer,
    statement:
      'While campaigns are created and deleted between pages, a walk returns no campaign twice and every campaign that exists, undeleted, for the whole walk exactly once.',
    reading:
      'Campaigns created or deleted during the walk may or may not appear (once at most): the spec promises nothing about them. The check changes only campaigns it created; a campaign counts as lasting when one page of limit=100 lists it before and after the walk, so what others change meanwhile is not held against the target.',
  }),
  required({
    id: 'DIALER-CURSOR-EMPTY-FIRST-PAGE',
    surface: 'dialer',
    section: S.validation,
    statement: `On every cursor list (${LISTS}) an absent or empty cursor is no error and means the first page, in every release.`,
    reading: `The next release says 'an absent or empty cursor is still valid', so it was valid before too. The first page is compared by its items' ids. ${TOLERANT}`,
  }),
  ...DIALER_CAMPAIGN_RELEASE_RULES,
] as const satisfies readonly Rule[];
