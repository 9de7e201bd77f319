import type { Gap } from './types.ts';

/**
 * What the spec leaves unshown, or what no client can provoke. Nothing asserts these; the report
 * lists them so a reader sees what a green run does not cover.
 */
export const GAPS: readonly Gap[] = [
  // Resources and their fields > Gaps in the resource fields
  {
    id: 'GAP-CONTACT-EDIT-REQUIRED',
    surface: 'core',
    section: 'Resources and their fields > Gaps',
    reason: 'not shown',
    statement: 'Required fields of the contact edit payload.',
  },
  {
    id: 'GAP-VOICE-AGENT-ENUMS',
    surface: 'ai',
    section: 'Resources and their fields > Gaps',
    reason: 'not shown',
    statement: 'Allowed values of the voice agent enumerations beyond the single values named.',
  },
  {
    id: 'GAP-CORE-RECORD-FIELDS',
    surface: 'core',
    section: 'Resources and their fields > Gaps',
    reason: 'not shown',
    statement: 'Fields of call, number, group, campaign (core), SMS and tag records beyond the identifiers named.',
  },
  {
    id: 'GAP-DIALER-RECORD-FIELDS',
    surface: 'dialer',
    section: 'Resources and their fields > Gaps',
    reason: 'not shown',
    statement: 'Fields of Dialer campaign, script, survey, contact and export-job records beyond those named.',
  },
  // States and transitions
  {
    id: 'GAP-VOICE-AGENT-TRANSITIONS',
    surface: 'ai',
    section: 'States and transitions',
    reason: 'not shown',
    statement: 'Transitions of a voice agent from enabled.',
  },
  {
    id: 'GAP-DIALER-DELETED-TRANSITIONS',
    surface: 'dialer',
    section: 'States and transitions',
    reason: 'not shown',
    statement: 'Transitions of a deleted Dialer campaign.',
  },
  { id: 'GAP-EXPORT-JOB-STATES', surface: 'dialer', section: 'States and transitions', reason: 'not shown', statement: 'States of a Dialer export job.' },
  // Endpoints > Endpoint gaps
  {
    id: 'GAP-ACTION-PATHS',
    surface: 'core',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Paths and payloads of Make a call, Send sms and Contact actions (the suite uses the vendor reference and labels those rules).',
  },
  {
    id: 'GAP-BLACKLIST-FILTER-NAMES',
    surface: 'core',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Names of the blacklist filter parameters (the suite uses the vendor reference names and labels those rules).',
  },
  {
    id: 'GAP-LIST-RECORD-FIELDS',
    surface: 'core',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Response record fields of call history and contact list items.',
  },
  {
    id: 'GAP-VOICE-AGENT-CREATE-STATUS',
    surface: 'ai',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Success status code and required attributes of Create a voice agent.',
  },
  {
    id: 'GAP-VOICE-AGENT-CALL-PATHS',
    surface: 'ai',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Path and payload of Initiate a VoiceAgent call and of the emergency stop.',
  },
  {
    id: 'GAP-CUECARD-PATH',
    surface: 'cuecard',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Path and payload of Create CueCard (the suite uses the vendor reference and labels those rules).',
  },
  {
    id: 'GAP-CUECARD-DELIVERY',
    surface: 'cuecard',
    section: 'Endpoints > CueCard',
    reason: 'not provokable',
    statement: 'A card delivered during a live call: no documented endpoint tells a client the UUID of a call in progress, so only the 424 side is checked.',
  },
  {
    id: 'GAP-CUECARD-BODIES',
    surface: 'cuecard',
    section: 'Errors',
    reason: 'not shown',
    statement: 'Success status and error bodies of Create CueCard (the report quotes what the target sent).',
  },
  {
    id: 'GAP-ANALYTICS-PATH',
    surface: 'analytics',
    section: 'Endpoints > Analytics',
    reason: 'not shown',
    statement: 'Path and response fields of Get call details (the suite uses the vendor reference path and asserts no field).',
  },
  {
    id: 'GAP-ANALYTICS-401-BODY',
    surface: 'analytics',
    section: 'Authentication',
    reason: 'not shown',
    statement: 'The body of a 401 on the analytics and CueCard hosts (only the status is asserted).',
  },
  {
    id: 'GAP-DIALER-503',
    surface: 'dialer',
    section: 'Errors > Core API envelope',
    reason: 'not provokable',
    statement:
      "503 'dependency unavailable; retry with backoff' on the Dialer: a client cannot take a dependency down. The client retries a 503 with backoff (tested against the mock's --dialer-outage).",
  },
  {
    id: 'GAP-DIALER-PATHS',
    surface: 'dialer',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Paths, payloads and response fields of the Dialer operations other than the campaign list.',
  },
  {
    id: 'GAP-CI-RESPONSE-FIELDS',
    surface: 'ai',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Response fields of the Conversation Intelligence reads other than transcription.',
  },
  {
    id: 'GAP-CORE-PAYLOADS',
    surface: 'core',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement: 'Payloads of Numbers, Groups list, Campaigns, SMS, Bulks, contact add, agent edit and blacklist add.',
  },
  {
    id: 'GAP-PAST-LAST-PAGE',
    surface: 'core',
    section: 'Endpoints > Pagination of core collections',
    reason: 'not shown',
    statement: 'Behaviour past the last page (observed by CORE-PAGE-PAST-LAST, never asserted).',
  },
  // Authentication
  { id: 'GAP-KEY-SCOPES', surface: 'core', section: 'Authentication', reason: 'not shown', statement: 'Per-key permissions or scopes.' },
  {
    id: 'GAP-KEY-ADMIN',
    surface: 'core',
    section: 'Authentication',
    reason: 'out of scope',
    statement: 'Key creation by administrators, one-time display of the secret, labels: dashboard behaviour with no API.',
  },
  // Events
  { id: 'GAP-EVENT-TYPES', surface: 'core', section: 'Events', reason: 'not shown', statement: 'Names of the 22 event types.' },
  { id: 'GAP-EVENT-ENVELOPE', surface: 'core', section: 'Events', reason: 'not shown', statement: 'Fields of the shared event envelope and of each payload.' },
  { id: 'GAP-EVENT-SIGNATURE', surface: 'core', section: 'Events', reason: 'not shown', statement: 'Signature scheme and delivery headers.' },
  { id: 'GAP-EVENT-RETRY', surface: 'core', section: 'Events', reason: 'not shown', statement: 'Retry schedule and the threshold for automatic disabling.' },
  { id: 'GAP-EVENT-API', surface: 'core', section: 'Events', reason: 'not shown', statement: 'Any API for registering or managing webhook endpoints.' },
  // Errors
  {
    id: 'GAP-NESTED-ERROR-CODES',
    surface: 'ai',
    section: 'Errors',
    reason: 'not shown',
    statement: 'Values of error.code in the nested VoiceAgent error shape.',
  },
  {
    id: 'GAP-VOICE-AGENT-STATUSES',
    surface: 'ai',
    section: 'Errors',
    reason: 'not shown',
    statement: 'Status codes of each VoiceAgent operation besides 401.',
  },
  {
    id: 'GAP-VOICE-AGENT-422',
    surface: 'ai',
    section: 'Errors > Core API envelope',
    reason: 'not shown',
    statement: "Which VoiceAgent requests get 422 'well-formed but cannot be processed': the error table names VoiceAgent and gives no cause.",
  },
  {
    id: 'GAP-VOICE-AGENT-503',
    surface: 'ai',
    section: 'Errors > Core API envelope',
    reason: 'not provokable',
    statement:
      "503 'dependency unavailable; retry with backoff' on VoiceAgent: a client cannot take a dependency down. The suite's client retries a 503 with backoff (tested against the mock's --voice-agent-outage).",
  },
  {
    id: 'GAP-CORE-500',
    surface: 'core',
    section: 'Errors > Core API envelope',
    reason: 'not provokable',
    statement: "500 'Something went wrong.' on edit contact, add agent and remove agent from group: no client request can cause a server fault on purpose.",
  },
  // Limits
  {
    id: 'GAP-DEFAULT-PAGE-SIZE',
    surface: 'core',
    section: 'Limits',
    reason: 'not shown',
    statement: 'Default page size of core collections (CORE-PAGE-DEFAULTS checks only that it is echoed and in range).',
  },
  { id: 'GAP-RATE-HEADERS', surface: 'core', section: 'Limits', reason: 'not shown', statement: 'Rate-limit response headers other than the reset header.' },
  {
    id: 'GAP-RATE-DIALER-RESET',
    surface: 'dialer',
    section: 'Limits',
    reason: 'not shown',
    statement: 'When a Dialer 429 may be retried: the reset header is named for the core API only.',
  },
  {
    id: 'GAP-RATE-OTHER-HOSTS',
    surface: 'ai',
    section: 'Limits',
    reason: 'not shown',
    statement:
      'Request budgets of the analytics host, the AI host outside the Dialer (Conversation Intelligence, VoiceAgent) and CueCard: none is stated, so none is checked.',
  },
  {
    id: 'GAP-RATE-ALGORITHM',
    surface: 'core',
    section: 'Limits',
    reason: 'not shown',
    statement:
      'How the minute of the core and Dialer budgets is counted (window opened by the first request, clock-aligned, sliding); every such reading is accepted and the one the target behaves like is reported.',
  },
  { id: 'GAP-VOICE-AGENT-RANGES', surface: 'ai', section: 'Limits', reason: 'not shown', statement: 'Numeric ranges of voice agent attributes.' },
  // Dialer resources (scripts, surveys, buttons, statistics, exports)
  {
    id: 'GAP-DIALER-OUTCOME-KINDS',
    surface: 'dialer',
    section: 'Resources and their fields > Dialer records (facts known)',
    reason: 'not shown',
    statement:
      "Values of a disposition button's outcome_kind and the outcome each resolves to (the suite uses the project reference in lib/dialer/outcomes.ts and labels DIALER-BUTTON-RESOLVED vendor-reference).",
  },
  {
    id: 'GAP-DIALER-STATS-FIELDS',
    surface: 'dialer',
    section: 'Endpoints > Dialer',
    reason: 'not shown',
    statement:
      'Field names of campaign statistics and the names of the date-window parameters (the suite uses schemas/dialer/statistics.json and dateFrom/dateTo, and labels those rules vendor-reference).',
  },
  {
    id: 'GAP-DIALER-ASSOC-READ',
    surface: 'dialer',
    section: 'Endpoints > Dialer',
    reason: 'not shown',
    statement: "Any endpoint that reads a campaign's associations back: a replace is judged by the PUT's answer only.",
  },
  {
    id: 'GAP-DIALER-SCRIPT-SURVEY-DELETE',
    surface: 'dialer',
    section: 'Endpoints > Dialer',
    reason: 'not shown',
    statement:
      'A way to delete call scripts and surveys: the suite creates them only when CC_EFFECTS includes dialer-records, one script and one survey per run (and whatever a target accepts that it should refuse), and they stay.',
  },
  {
    id: 'GAP-DIALER-EXPORT-NO-JOB',
    surface: 'dialer',
    section: 'Errors > Core API envelope',
    reason: 'not provokable',
    statement: "'No job is queued' on an export 422: no endpoint lists export jobs, so only the 422 and the absence of a jobId in it are checked.",
  },
  {
    id: 'GAP-DIALER-EXPORT-PENDING',
    surface: 'dialer',
    section: 'States and transitions',
    reason: 'not shown',
    statement: 'What the download link endpoint answers before the export is complete.',
  },
  {
    id: 'GAP-DIALER-CALL-TAGS-UNREADABLE',
    surface: 'dialer',
    section: 'Versioning',
    reason: 'not provokable',
    statement:
      'Disposition buttons when call tags cannot be read: every button with name, color and outcome null (undated change), before it a 503. A client cannot take the call-tag service down; the mock shows both (callTagsUnavailable) in its own tests.',
  },
  // Versioning
  { id: 'GAP-DEPRECATION', surface: 'core', section: 'Versioning', reason: 'not shown', statement: 'Deprecation and sunset policy.' },
  {
    id: 'GAP-CORE-VERSION-SELECT',
    surface: 'core',
    section: 'Versioning',
    reason: 'not shown',
    statement: 'Any version-selection header or parameter on the core API.',
  },
  // Dialer campaigns
  {
    id: 'GAP-DIALER-CAMPAIGN-422',
    surface: 'dialer',
    section: 'Errors > Core API envelope',
    reason: 'not shown',
    statement:
      "Which campaign updates 'conflict with configuration' (422). The mock answers 422 for an update after which the calling window would end before it starts, and for any update of a deleted campaign; the suite asserts neither.",
  },
  {
    id: 'GAP-DIALER-CALLING-POLICY-KNOBS',
    surface: 'dialer',
    section: 'Resources and their fields > Dialer records (facts known)',
    reason: 'not shown',
    statement:
      "The documented calling_policy knobs and their ranges (the mock's: max_attempts, retry_interval_minutes, call_window_start, call_window_end); the suite sends only keys no server documents.",
  },
  {
    id: 'GAP-DIALER-CAMPAIGN-BODIES',
    surface: 'dialer',
    section: 'Endpoints > Endpoint gaps',
    reason: 'not shown',
    statement:
      'Required fields and defaults of a campaign create, and the bodies of create, read and update; the suite sends name, mode and schedule_policy and reads the id from data.id or id.',
  },
  {
    id: 'GAP-DIALER-CAMPAIGN-VALUES',
    surface: 'dialer',
    section: 'Endpoints > Dialer',
    reason: 'not shown',
    statement:
      'Campaign status values other than deleted, mode values, and what a status or mode filter of a value no campaign has answers; the filter checks take their values from the list.',
  },
  {
    id: 'GAP-DIALER-CURSOR-ORDER',
    surface: 'dialer',
    section: 'Endpoints > Dialer',
    reason: 'not shown',
    statement: 'The order of a cursor-paginated Dialer list; pages are compared as sets.',
  },
  {
    id: 'GAP-DIALER-CAMPAIGN-CONTACTS-WRITE',
    surface: 'dialer',
    section: 'Endpoints > Dialer',
    reason: 'not shown',
    statement: "How contacts get onto a campaign's dialing list; the contacts checks read campaigns that already have some.",
  },
];
