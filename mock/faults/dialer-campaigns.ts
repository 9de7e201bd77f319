import { type FaultSpec, fault as f } from './spec.ts';

/**
 * Faults of the Dialer campaigns and their cursor lists. Most cursor faults live in the shared pager, so
 * they bend every cursor list; those named after one list bend that list alone, so the check of each list
 * is proved too.
 * Faults with a release are proved under that older profile, where their rule holds.
 */
export const DIALER_CAMPAIGN_FAULTS = [
  // Records
  f('dialer-campaign-create-200', 'DIALER-CAMPAIGN-CREATE-201', 'create answers 200 instead of 201'),
  f(
    'dialer-campaign-name-padding-refused',
    'DIALER-CAMPAIGN-NAME-TRIMMED',
    'a campaign name is validated as sent, so one with whitespace around it is refused with 400 naming name',
  ),
  f('dialer-campaign-name-trimmed-start-only', 'DIALER-CAMPAIGN-NAME-TRIMMED', 'a campaign name loses its leading whitespace only, so a trailing one is kept'),
  f('dialer-campaign-date-shifted', 'DIALER-CAMPAIGN-READ', 'schedule_policy.start_date reads back a day early (local midnight read as UTC)'),
  f('dialer-campaign-no-calling-policy', 'DIALER-CAMPAIGN-RECORD-FIELDS', 'campaign records omit calling_policy'),
  f(
    'dialer-campaign-patch-replaces',
    'DIALER-CAMPAIGN-UPDATE-PARTIAL',
    'PATCH resets the fields the body leaves out (mode, status, policies) to their defaults',
  ),
  f(
    'dialer-campaign-patch-fills-calling-policy',
    'DIALER-CAMPAIGN-UPDATE-PARTIAL',
    'a PATCH that sends no calling_policy writes a default calling window into it',
  ),
  f('dialer-campaign-delete-200', 'DIALER-CAMPAIGN-DELETE-204', 'delete answers 200 with the campaign instead of 204'),
  f('dialer-campaign-delete-purges', 'DIALER-CAMPAIGN-DELETED-KEPT', 'delete removes the record, so it reads back 404 instead of status deleted'),
  f('dialer-campaign-not-found-contacts-empty', 'DIALER-CAMPAIGN-NOT-FOUND', "an unknown campaign's contacts list answers 200 with an empty page"),
  f('dialer-campaign-not-found-read-route-message', 'DIALER-CAMPAIGN-NOT-FOUND', "a read of an unknown campaign answers 404 'Route not found'"),
  f(
    'dialer-campaign-not-found-update-bare',
    'DIALER-CAMPAIGN-NOT-FOUND',
    'a PATCH of an unknown campaign answers 404 { statusCode, message }, without error and correlationId',
  ),
  f('dialer-campaign-not-found-delete-empty', 'DIALER-CAMPAIGN-NOT-FOUND', 'a DELETE of an unknown campaign answers 404 with no body'),
  f('dialer-campaign-contacts-unpaged', 'DIALER-CAMPAIGN-CONTACTS-CURSOR', "a campaign's contacts list ignores limit and answers every contact on one page"),
  // Another company's key
  f('dialer-campaigns-cross-company-read', 'DIALER-ISOLATION-READ', 'a campaign of any company is served by its id, whichever key asks'),
  f('dialer-campaigns-cross-company-list', 'DIALER-ISOLATION-READ', "the campaign list holds every company's campaigns"),
  f(
    'dialer-campaigns-oldest-cross-company-list',
    'DIALER-ISOLATION-READ',
    'the campaign list also holds the oldest campaign of every other company, one no run made',
  ),
  f('dialer-campaigns-cross-company-write', 'DIALER-ISOLATION-WRITE', 'a campaign PATCH finds the campaign in any company and changes it'),
  f('dialer-campaigns-cross-company-delete', 'DIALER-ISOLATION-WRITE', 'a campaign DELETE finds the campaign in any company and deletes it'),
  // Validation
  f('dialer-campaign-name-tab-accepted', 'DIALER-NAME-WHITESPACE-400', 'only spaces count as blank: a name of tabs or newlines is accepted'),
  f(
    'dialer-campaign-create-whitespace-name-accepted',
    'DIALER-NAME-WHITESPACE-400',
    'a whitespace-only name is accepted on campaign create, refused on update',
  ),
  f(
    'dialer-campaign-update-whitespace-name-accepted',
    'DIALER-NAME-WHITESPACE-400',
    'a whitespace-only name is accepted on campaign update, refused on create',
  ),
  f('dialer-campaign-date-regex-only', 'DIALER-SCHEDULE-DATE-PINNED', 'start_date is checked for the YYYY-MM-DD shape only, so 2026-02-30 is accepted'),
  f('dialer-campaign-time-shape-only', 'DIALER-SCHEDULE-TIME-PINNED', 'start_time is checked for the HH:MM shape only, so 23:60 and 25:00 are accepted'),
  f('dialer-campaign-policy-kept-on-update', 'DIALER-CALLING-POLICY-DROPS-UNKNOWN', 'unknown calling_policy keys are dropped on create but kept on update'),
  f('dialer-campaign-policy-kept-on-create', 'DIALER-CALLING-POLICY-DROPS-UNKNOWN', 'unknown calling_policy keys are dropped on update but kept on create'),
  // Listing and filters
  f('dialer-campaign-list-no-meta', 'DIALER-CAMPAIGN-LIST-ENVELOPE', 'the list puts nextCursor at the top level, without meta'),
  f('dialer-campaign-status-filter-ignored', 'DIALER-LIST-STATUS-FILTER', 'the status filter is ignored'),
  f('dialer-campaign-mode-filter-ignored', 'DIALER-LIST-MODE-FILTER', 'the mode filter is ignored'),
  f(
    'dialer-campaign-status-deleted-empty',
    'DIALER-LIST-STATUS-DELETED',
    'deleted campaigns are dropped before the status filter, so status=deleted lists nothing',
  ),
  f('dialer-campaign-list-shows-deleted', 'DIALER-LIST-EXCLUDES-DELETED', 'an unfiltered list still holds deleted campaigns'),
  f('dialer-include-deleted-lenient', 'DIALER-INCLUDE-DELETED-STRICT', "include_deleted also takes '1', 'yes', 'TRUE' and their negatives"),
  f('dialer-include-deleted-true-ignored', 'DIALER-INCLUDE-DELETED-TRUE', 'include_deleted=true still drops deleted campaigns'),
  f('dialer-include-deleted-only-deleted', 'DIALER-INCLUDE-DELETED-TRUE', 'include_deleted=true lists the deleted campaigns only'),
  f(
    'dialer-include-deleted-false-shows',
    'DIALER-INCLUDE-DELETED-FALSE',
    'include_deleted is read as truthy when present, so include_deleted=false lists deleted campaigns',
  ),
  f('dialer-include-deleted-overrides-status', 'DIALER-INCLUDE-DELETED-WITH-STATUS', 'include_deleted=true adds deleted campaigns to a status-filtered list'),
  f(
    'dialer-include-deleted-false-overrides-status',
    'DIALER-INCLUDE-DELETED-WITH-STATUS',
    'include_deleted=false beside status=deleted drops the deleted campaigns, so that filter lists nothing',
  ),
  // Cursor pages
  f('dialer-cursor-limit-default-20', 'DIALER-LIMIT-DEFAULT-50', 'a list without limit holds 20 items'),
  f('dialer-cursor-limit-100-rejected', 'DIALER-LIMIT-BOUNDS', 'limit=100 is refused with 400 (an off-by-one bound)'),
  f('dialer-cursor-limit-zero-applied', 'DIALER-LIMIT-OUT-OF-RANGE', 'limit=0 is applied: an empty page with a nextCursor'),
  f('dialer-cursor-limit-1-rejected', 'DIALER-LIMIT-BOUNDS', 'limit=1 is refused with 400 (an off-by-one bound)'),
  f('dialer-cursor-limit-over-max-422', 'DIALER-LIMIT-OUT-OF-RANGE', "a limit above 100 is refused with 422 instead of 400, outside the service's validation"),
  f('dialer-campaigns-limit-default-1', 'DIALER-LIMIT-DEFAULT-50', 'the campaign list alone reads a missing limit as 1: one item a page'),
  f('dialer-contacts-limit-default-1', 'DIALER-LIMIT-DEFAULT-50', "a campaign's contacts list alone reads a missing limit as 1: one item a page"),
  f('dialer-scripts-limit-default-1', 'DIALER-LIMIT-DEFAULT-50', 'the call script list alone reads a missing limit as 1: one item a page'),
  f('dialer-surveys-limit-default-1', 'DIALER-LIMIT-DEFAULT-50', 'the survey list alone reads a missing limit as 1: one item a page'),
  f('dialer-campaigns-limit-100-rejected', 'DIALER-LIMIT-BOUNDS', 'the campaign list alone refuses limit=100 with 400'),
  f('dialer-contacts-limit-100-rejected', 'DIALER-LIMIT-BOUNDS', "a campaign's contacts list alone refuses limit=100 with 400"),
  f('dialer-scripts-limit-100-rejected', 'DIALER-LIMIT-BOUNDS', 'the call script list alone refuses limit=100 with 400'),
  f('dialer-surveys-limit-100-rejected', 'DIALER-LIMIT-BOUNDS', 'the survey list alone refuses limit=100 with 400'),
  f('dialer-campaigns-limit-zero-applied', 'DIALER-LIMIT-OUT-OF-RANGE', 'the campaign list alone applies limit=0: an empty page with a nextCursor'),
  f('dialer-contacts-limit-zero-applied', 'DIALER-LIMIT-OUT-OF-RANGE', "a campaign's contacts list alone applies limit=0: an empty page with a nextCursor"),
  f('dialer-scripts-limit-zero-applied', 'DIALER-LIMIT-OUT-OF-RANGE', 'the call script list alone applies limit=0: an empty page with a nextCursor'),
  f('dialer-surveys-limit-zero-applied', 'DIALER-LIMIT-OUT-OF-RANGE', 'the survey list alone applies limit=0: an empty page with a nextCursor'),
  f('dialer-cursor-overlap', 'DIALER-CURSOR-WALK', "nextCursor points before the page's last item, so each page repeats it"),
  f('dialer-cursor-never-null', 'DIALER-CURSOR-LAST-NULL', 'meta.nextCursor is never null, not even on an empty page'),
  f(
    'dialer-cursor-offset',
    'DIALER-CURSOR-WALK-CHANGING',
    'the cursor is an offset into a newest-first list, so a campaign created between pages repeats one already served',
  ),
  f('dialer-cursor-empty-400', 'DIALER-CURSOR-EMPTY-FIRST-PAGE', 'an empty cursor is refused as undecodable'),
  f('dialer-cursor-invalid-no-code', 'DIALER-CURSOR-INVALID-400', 'the undecodable-cursor 400 carries no code'),
  f('dialer-cursor-invalid-code-only', 'DIALER-CURSOR-INVALID-400', 'the undecodable-cursor 400 carries { code, message } without statusCode'),
  f('dialer-contacts-empty-cursor-400', 'DIALER-CURSOR-EMPTY-FIRST-PAGE', "a campaign's contacts list alone refuses an empty cursor as undecodable"),
  f('dialer-campaigns-empty-cursor-400', 'DIALER-CURSOR-EMPTY-FIRST-PAGE', 'the campaign list alone refuses an empty cursor as undecodable'),
  f('dialer-scripts-empty-cursor-400', 'DIALER-CURSOR-EMPTY-FIRST-PAGE', 'the call script list alone refuses an empty cursor as undecodable'),
  f('dialer-surveys-empty-cursor-400', 'DIALER-CURSOR-EMPTY-FIRST-PAGE', 'the survey list alone refuses an empty cursor as undecodable'),
  f('dialer-scripts-cursor-lenient', 'DIALER-CURSOR-INVALID-400', 'the call script list alone reads an undecodable cursor as the first page'),
  f('dialer-campaigns-cursor-lenient', 'DIALER-CURSOR-INVALID-400', 'the campaign list alone reads an undecodable cursor as the first page'),
  f('dialer-contacts-cursor-lenient', 'DIALER-CURSOR-INVALID-400', "a campaign's contacts list alone reads an undecodable cursor as the first page"),
  f('dialer-surveys-cursor-lenient', 'DIALER-CURSOR-INVALID-400', 'the survey list alone reads an undecodable cursor as the first page'),
  f('dialer-cursor-invalid-500-early', 'DIALER-CURSOR-INVALID-FIRST-PAGE', 'before the next release an undecodable cursor is a 500', '1.0.22'),
  f(
    'dialer-cursor-repeats-after-insert',
    'DIALER-CURSOR-WALK-CHANGING',
    'once a campaign is created after a cursor was made, the page that cursor asks for starts one campaign early, repeating the last one served (meta.nextCursor continues the walk)',
  ),
  // State across operations (suites/dialer/campaigns/sequences.ts)
  f(
    'dialer-list-keeps-older-deleted',
    'DIALER-STATE-WALK',
    "the list without deleted campaigns drops a campaign's row on its delete only while it is the company's newest: one deleted after a newer one was made stays listed as it was (from v1.0.22 the list leaves out deleted campaigns unless include_deleted=true)",
  ),
] as const satisfies readonly FaultSpec[];
