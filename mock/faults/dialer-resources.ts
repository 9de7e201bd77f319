import { type FaultSpec, fault as f } from './spec.ts';

/**
 * Faults of the Dialer's resources other than campaigns, proved under the newest profile. The rules of
 * older releases only (until) are proved by the release matrix instead.
 */
export const DIALER_RESOURCE_FAULTS = [
  // Call scripts and surveys
  f('dialer-script-create-200', 'DIALER-SCRIPT-CREATE-201', 'creating a call script answers 200'),
  f('dialer-survey-create-200', 'DIALER-SURVEY-CREATE-201', 'creating a survey answers 200'),
  f('dialer-name-trimmed-end-only', 'DIALER-NAME-TRIMMED', 'script and survey names lose their trailing whitespace only, so a leading one is kept'),
  f('dialer-name-padding-refused', 'DIALER-NAME-TRIMMED', 'a script or survey name is validated as sent, so one with whitespace around it is refused with 400'),
  f('dialer-script-name-padding-refused', 'DIALER-NAME-TRIMMED', 'a call script name alone is validated as sent, so one with whitespace around it is refused'),
  f('dialer-survey-name-padding-refused', 'DIALER-NAME-TRIMMED', 'a survey name alone is validated as sent, so one with whitespace around it is refused'),
  f('dialer-script-update-ignored', 'DIALER-SCRIPT-UPDATE', 'a call script PATCH answers 200 and changes nothing'),
  f('dialer-survey-update-ignored', 'DIALER-SURVEY-UPDATE', 'a survey PATCH answers 200 and changes nothing'),
  f('dialer-survey-questions-merge', 'DIALER-SURVEY-QUESTIONS-PUT', 'replacing survey questions appends them to the earlier ones'),
  f(
    'dialer-survey-questions-put-ignored',
    'DIALER-SURVEY-QUESTIONS-PUT',
    'a PUT of survey questions answers 200 with the questions sent but keeps the earlier ones',
  ),
  f('dialer-scripts-list-stale', 'DIALER-SCRIPTS-LIST', 'the call script list leaves out the newest script'),
  f('dialer-surveys-list-stale', 'DIALER-SURVEYS-LIST', 'the survey list leaves out the newest survey'),
  f('dialer-scripts-cross-company-list', 'DIALER-ISOLATION-READ', "the call script list holds every company's call scripts"),
  f('dialer-name-blank-accepted', 'DIALER-SCRIPT-SURVEY-NAME-400', 'whitespace-only script and survey names are accepted'),
  f('dialer-script-create-whitespace-name-accepted', 'DIALER-SCRIPT-SURVEY-NAME-400', 'a whitespace-only name is accepted on call script create only'),
  f('dialer-script-update-whitespace-name-accepted', 'DIALER-SCRIPT-SURVEY-NAME-400', 'a whitespace-only name is accepted on call script update only'),
  f('dialer-survey-create-whitespace-name-accepted', 'DIALER-SCRIPT-SURVEY-NAME-400', 'a whitespace-only name is accepted on survey create only'),
  f('dialer-survey-update-whitespace-name-accepted', 'DIALER-SCRIPT-SURVEY-NAME-400', 'a whitespace-only name is accepted on survey update only'),
  // Associations
  f('dialer-assoc-merge', 'DIALER-ASSOC-REPLACE', 'replacing associations adds to the earlier ones'),
  f('dialer-assoc-ref-checked', 'DIALER-ASSOC-REF-UNCHECKED', 'an association with an unknown ref_id is refused with 422'),
  // Disposition buttons and tags
  f('dialer-buttons-no-outcome', 'DIALER-BUTTONS-GET', 'buttons come without their resolved outcome'),
  f('dialer-buttons-merge', 'DIALER-BUTTONS-REPLACE', 'replacing buttons keeps the earlier ones beside the new'),
  f(
    'dialer-buttons-replace-clears-other-campaigns',
    'DIALER-STATE-BUTTONS',
    "a button replace first drops the buttons of the tags it sends from every campaign of the company, then writes the campaign's (the buttons replaced are a campaign's own)",
  ),
  f('dialer-button-color-default', 'DIALER-BUTTON-RESOLVED', "a button of a tag without colour shows color '#000000' instead of null"),
  f('dialer-outcome-kind-lenient', 'DIALER-BUTTON-OUTCOME-KIND-400', 'an unknown outcome_kind is accepted as neutral'),
  f('dialer-button-dup-accepted', 'DIALER-BUTTON-DUP-409', 'a tag_id given twice is accepted'),
  f('dialer-button-foreign-tag', 'DIALER-BUTTON-TAG-422', 'a tag_id that is no call tag of the account is accepted'),
  f('dialer-button-unknown-tag-accepted', 'DIALER-BUTTON-TAG-422', "a tag_id no company holds is accepted; another company's tag is still refused"),
  f('dialer-button-other-company-tag-accepted', 'DIALER-BUTTON-TAG-422', "tags are looked up in every company, so another company's tag is accepted"),
  f('dialer-archived-replace-accepted', 'DIALER-ARCHIVED-REPLACE-422', 'an archived tag is accepted as tag_id on button replace'),
  f('dialer-archived-buttons-shown', 'DIALER-ARCHIVED-BUTTONS-OMITTED', 'buttons of archived tags are still returned'),
  f('dialer-archived-taglist-shown', 'DIALER-ARCHIVED-TAGLIST-OMITTED', 'the disposition tag list includes archived tags'),
  f('dialer-deleted-tag-buttons-kept', 'DIALER-DELETED-BUTTONS-OMITTED', 'buttons of deleted tags are still returned'),
  f('dialer-tag-list-core-envelope', 'DIALER-TAG-LIST', "the disposition tag list comes in the core API's responseData envelope"),
  // Statistics
  f('dialer-stats-csv', 'DIALER-STATS-READ', 'statistics come as CSV text, not a JSON object'),
  f('dialer-stats-negative', 'DIALER-STATS-VALUES', 'a figure of the contact funnel in the statistics is below zero'),
  f('dialer-stats-rate-out-of-range', 'DIALER-STATS-VALUES', 'the answer rate in the statistics is 250, beyond a fraction and a percent alike'),
  f('dialer-stats-average-negative', 'DIALER-STATS-VALUES', 'the average call duration in the statistics is below zero'),
  f('dialer-stats-deleted-404', 'DIALER-STATS-DELETED', "a deleted campaign's statistics get 404"),
  f('dialer-stats-deleted-figures-dropped', 'DIALER-STATS-DELETED', "a deleted campaign's statistics answer 200 without the figures it had"),
  // Exports
  f('dialer-export-200', 'DIALER-EXPORT-202', 'an export request answers 200 instead of 202'),
  f('dialer-export-status-404', 'DIALER-EXPORT-STATUS', "an export job's status is never found"),
  f('dialer-export-link-missing', 'DIALER-EXPORT-DOWNLOAD', 'the download of a completed export answers 200 with the job but no link'),
  f('dialer-export-start-now', 'DIALER-EXPORT-WINDOW-DEFAULTS', 'a missing dateFrom resolves to the request time, not the campaign creation'),
  f('dialer-export-ids-unvalidated', 'DIALER-EXPORT-IDS-400', 'export filter ids are not validated'),
  f('dialer-export-contact-id-unvalidated', 'DIALER-EXPORT-IDS-400', 'export filters.contactId alone is not validated'),
  f('dialer-export-user-id-unvalidated', 'DIALER-EXPORT-IDS-400', 'export filters.userId alone is not validated'),
  f('dialer-export-dates-400', 'DIALER-EXPORT-DATES-422', 'an unparsable export bound gets 400 instead of 422'),
  f('dialer-export-dateto-unchecked', 'DIALER-EXPORT-DATETO-422', 'an export dateTo that does not parse is queued with 202'),
  f('dialer-jobid-500', 'DIALER-JOBID-400', 'a jobId that is not a UUID gets 500'),
  f('dialer-jobid-status-unvalidated', 'DIALER-JOBID-400', 'the export status route looks a jobId that is not a UUID up as it is: 404'),
  f('dialer-jobid-download-unvalidated', 'DIALER-JOBID-400', 'the download route looks a jobId that is not a UUID up as it is: 404'),
  // Missing resources
  f('dialer-res-404-route-message', 'DIALER-RES-404', "a missing campaign, script, survey or job gets 404 'Route not found'"),
  f('dialer-res-404-campaign-route-message', 'DIALER-RES-404', "a missing campaign alone gets 404 'Route not found' on the resource endpoints"),
  f('dialer-res-404-script-route-message', 'DIALER-RES-404', "a missing call script alone gets 404 'Route not found'"),
  f('dialer-res-404-survey-route-message', 'DIALER-RES-404', "a missing survey alone gets 404 'Route not found'"),
  f('dialer-res-404-job-route-message', 'DIALER-RES-404', "a missing export job alone gets 404 'Route not found' on its status and download"),
] as const satisfies readonly FaultSpec[];
