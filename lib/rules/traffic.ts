import type { RuleId } from './index.ts';

/**
 * Which rules can be judged from traffic alone: the exchanges an integration already sends, recorded as HAR
 * or seen by the recording proxy. A rule is observable when every clause of it is a property of the answers
 * seen; each entry says which exchanges its judge reads. `suites/traffic/` holds the judges, and a test holds
 * the two lists equal.
 */
export const OBSERVABLE_FROM_TRAFFIC: Readonly<Partial<Record<RuleId, string>>> = {
  'CORE-AUTH-MISSING-401': 'core requests without an Authorization header',
  'CORE-AUTH-401-BODY': 'every core 401',
  'CORE-JSON-UTF8': 'every core answer',
  'CORE-ERR-ENVELOPE': 'every core answer of 400 or more',
  'CORE-ENV-COLLECTION': 'reads of Call history, List blacklist and List contacts answered 2xx',
  'CORE-ENV-SINGLE': 'reads of one contact answered 2xx',
  'CORE-BLACKLIST-ITEM': 'reads of List blacklist answered 2xx',
  'CORE-CALLS-DATE-FORMAT': 'reads of Call history answered 2xx',
  'CORE-COUNTRIES-PLAIN-ARRAY': 'reads of List countries answered 2xx',
  'CORE-PAGE-LIMIT-ECHO': 'collection pages read with a limit from 1 to 1000, answered 200 in the collection envelope',
  'CORE-PAGE-DEFAULTS': 'collection reads without page and limit, answered 2xx',
  'CORE-PAGE-NUMBER': 'collection pages read with a page from 1 to pageCount, answered 200 in the collection envelope',
  'CORE-PAGE-COUNT': 'every collection page answered 200 in the collection envelope',
  'CORE-PAGE-EMPTY': 'collection pages that match nothing (itemsCount 0, or a first page without items)',
  'CORE-PAGE-LIMIT-BOUNDS': 'collection reads whose query is a limit alone, or with a page of 1 or more',
  'CORE-PAGE-PAGE-BOUNDS': 'collection reads whose query is a page alone, or with a limit from 1 to 1000',
  'CORE-PAGE-WALK': 'every page 1 to pageCount of one query, read by one company, the count the same on each',
  'CORE-CONTACT-ADD-201': 'contact adds answered 2xx',
  'CORE-AGENT-ADD-201': 'agent adds answered 2xx',
  'CORE-ENV-ACK': 'contact edits answered 2xx',
  'CORE-RATE-429-BODY': 'every core 429',
  'CORE-RATE-RESET-HEADER': 'every core 429, dated by the Date headers of every core answer',
  'AI-AUTH-MISSING-401': 'Conversation Intelligence and VoiceAgent requests without an Authorization header',
  'AI-AUTH-401-BODY': 'every 401 of Conversation Intelligence and VoiceAgent',
  'AI-AUTH-401-NO-CORRELATION': 'every 401 of Conversation Intelligence and VoiceAgent',
  'AI-JSON-UTF8': 'every answer of the AI host with a body, the Dialer included',
  'AI-ERR-SERVICE-SHAPE': 'Conversation Intelligence answers of 400 or more but 401 and 429',
  'DIALER-AUTH-MISSING-401': 'Dialer requests without an Authorization header',
  'DIALER-AUTH-401-BODY': 'every Dialer 401',
  'DIALER-X-API-KEY-401': 'Dialer requests carrying an x-api-key header',
  'DIALER-CAMPAIGN-LIST-ENVELOPE': 'reads of the campaign list answered 2xx',
  'DIALER-LIMIT-DEFAULT-50': 'cursor list pages read without limit, answered 2xx',
  'DIALER-LIMIT-BOUNDS': 'cursor list pages read with limit 1 or 100',
  'DIALER-LIMIT-OUT-OF-RANGE': 'cursor list reads with a limit outside 1 to 100 or no integer',
  'DIALER-VALIDATION-SUBERRORS': 'every Dialer 400 but one refusing a request body that is no JSON (its syntax, not a value)',
  'DIALER-INCLUDE-DELETED-STRICT': 'campaign list reads with a non-empty include_deleted and no status',
  'DIALER-CAMPAIGN-CONTACTS-CURSOR': "walks of a campaign's contacts: a first page, then each page whose cursor is the nextCursor before it",
  'DIALER-CAMPAIGN-CREATE-201': 'campaign creates answered 2xx',
  'DIALER-CAMPAIGN-DELETE-204': 'campaign deletes answered 2xx',
  'DIALER-BUTTONS-GET': "reads of a campaign's disposition buttons answered 2xx",
  'DIALER-TAG-LIST': 'reads of the disposition tag list answered 2xx',
  'DIALER-STATS-READ': "reads of a campaign's statistics answered 2xx",
  'DIALER-STATS-VALUES': "reads of a campaign's statistics answered 2xx with a JSON object holding numbers",
  'DIALER-RATE-429-BODY': 'every Dialer 429',
  'VA-CREATE-ENVELOPE': 'voice agent creates answered 2xx',
  'VA-GET': 'reads of one voice agent answered 2xx',
  'VA-REQUEST-ID': 'voice agent creates and reads with a body, but 401 and 429 (answered ahead of the service)',
  'VA-TIMESTAMPS': 'voice agent creates and reads answered 2xx with data.attributes',
  'CI-TRANSCRIPTION-SCHEMA': 'transcription reads answered 200',
  'CI-SEGMENT-CALLER': 'transcription reads answered 200 in the transcription schema',
  'CI-SEGMENT-TIMES': 'transcription reads answered 200 in the transcription schema',
  'CI-PAGED-ENVELOPE': 'topics and transcription reads answered 200',
  'CI-LIMIT-ECHO': 'topics and transcription reads with a limit of 1 or more, answered 200',
  'ANALYTICS-ERR-SHAPE': 'Get call details answers of 400 or more but 401 and 429',
  'ANALYTICS-ERR-NO-CORRELATION': 'Get call details answers of 400 or more but 401 and 429',
  'CUECARD-JSON-UTF8': 'every CueCard answer with a body',
  'ANALYTICS-JSON-UTF8': 'every analytics answer with a body',
};

/** Why a rule's budget clauses need a run: what a capture holds of the company's traffic is never all of it. */
const BUDGET_REASON =
  'it needs a burst, a quiet window or a second key the run provokes, and a capture may not hold every request of the company that spent the budget';

/**
 * Why a rule cannot be judged from traffic, in one line; undefined for an observable one. A rule is judged
 * on what the run sends on purpose: a probe no integration sends, a record it makes and reads back, or the
 * order of its own requests.
 */
export function notObservableReason(id: RuleId): string | undefined {
  if (OBSERVABLE_FROM_TRAFFIC[id] !== undefined) return undefined;
  if (/-RATE-/.test(id)) return BUDGET_REASON;
  if (/-(HTTPS-ONLY|WRONG-HOST-404|BASE-PATH)$/.test(id)) return 'it needs a probe the run sends to another address than the API an integration uses';
  if (/-(INCORRECT|MALFORMED|REVOKED)-401$|-AUTH-401$|ISOLATION|KEY-SCOPE|SAME-KEY/.test(id))
    return 'it needs to know which key pair a request carried (another company, revoked, wrong); a capture shows only a hash of the key ID';
  if (/^(CORE|DIALER)-STATE-/.test(id)) return 'it needs the run to know every write that came before, which a capture of one integration never holds';
  return 'it judges what should follow from requests the run sends on purpose (a record it makes, a value it chose, what was there before), not the answers alone';
}
