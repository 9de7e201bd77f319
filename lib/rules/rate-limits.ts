import { type Rule, observed, required } from './types.ts';

/**
 * The request budgets (spec: Limits): 60 requests per minute per company on the core API, and a
 * separate 60 per minute per company on the Dialer. lib/budget/procedure.ts judges them, for the
 * conformance budget check and the k6 budget probe alike, with one trial per surface, both surfaces side
 * by side; the readings below say how.
 */
const S = {
  limits: 'Limits',
  coreErrors: 'Errors > Core API envelope',
  aiErrors: 'Errors > Errors on the {ai_url} host',
} as const;

/** How the minute is counted is not shown; these are the readings the trial accepts, said once. */
const READINGS =
  'How the minute is counted is not shown; three readings real servers use are accepted: a window opened by the first request, windows aligned to the clock, and a sliding log of the last minute.';

/** What spends the budget in every measurement: a mix, since the spec's budget is per company and surface, whatever the request. */
const MIX =
  "Every measurement spends the budget with a mix of requests like an integration's (lib/budget/request-mix.ts), never one that can create or change a record: on the core, the country list, the blacklist and an edit of no field to a contact id no account holds (404); on the Dialer, its campaign list read well, with an undecodable cursor and with include_deleted neither true nor false (400). Each counts, whatever its answer: the spec's budget is per company and surface and names no request it leaves out, so an answer the request is given when the budget has room (its 2xx, or the refusal the spec gives it) is served, and only a 429 refuses it.";

const TRIAL =
  "The trial, once none of the suite's requests to the surface fall in the last window: 30 requests one after another, a pause until half a window after the first, then requests one after another until the first 429; then one request every 1/80 of (1.5 windows + 2 s) until one is served again (the server's window reopened); then requests one after another until the next 429.";

const IDLE =
  'Another integration of the company spending its budget meanwhile could only lower the counts, never raise them: a count above 60 always fails, while a count below 60 fails only when the run is told nothing else spends the budget (CC_BUDGET_EXCLUSIVE=true, and always against the bundled mock) and is otherwise reported inconclusive.';

function windowReading(surface: string): string {
  return `${READINGS} ${MIX} ${TRIAL} Counted from the reopening to the next 429 (stopping once past 60): a window opened by the first request and a clock-aligned window both start afresh at the reopening and must serve exactly 60 there, so more than 60 within one window fails; a sliding log frees only the slots of the trial's first 30 requests before half a window has passed, so at most 30 are served there, and then the trial's first burst (which lasted less than one window) must not have served more than 60. A count between 30 and 60 fits none of the readings and fails (under the condition on counts below 60 said last), unless the target serves fewer than 60 even after a quiet window, which the 60-rule judges. A ${surface} too slow for those spans (the trial's first burst within one window, the burst after the reopening within one window, or half a window for a sliding log) leaves the rule skipped as inconclusive. ${IDLE}`;
}

function concurrentReading(): string {
  return `${READINGS} ${MIX} A fresh window holds none of the company's requests: the burst goes out once none of the suite's requests fall in the last window, and early in a window were the windows aligned to the clock, whose boundaries repeat every window from where the trial saw the window reopen. Fewer than 60 served fails too (under the condition on counts below 60 said last): a fresh window owes the company its 60. A burst not answered before its window can have ended (a window after the boundary it followed, which the trial places) may have reached the server in two windows, and answers other than 2xx and 429 (a 503 of an overloaded gateway, say) disturb it: both leave the rule skipped as inconclusive. ${IDLE}`;
}

export const CORE_BUDGET_RULES = [
  required({
    id: 'CORE-RATE-60',
    surface: 'core',
    section: S.limits,
    statement: 'After a quiet window, at least 60 requests of the company are served before the first 429.',
    reading: `${MIX} ${TRIAL} Its requests up to the first 429 are counted. ${IDLE}`,
  }),
  required({
    id: 'CORE-RATE-429',
    surface: 'core',
    section: S.limits,
    statement: 'Requests over the limit get 429: a burst shorter than one window meets a 429 by its 121st request.',
    reading: `${READINGS} A burst may straddle a boundary of clock-aligned windows and so be served up to 120 times; the 121st must be refused. A burst that took a window or longer proves nothing and leaves the rule skipped as inconclusive. The exact count is reported.`,
  }),
  required({
    id: 'CORE-RATE-WINDOW',
    surface: 'core',
    section: S.limits,
    statement: "No window of the server's own serves the company more than 60 requests.",
    reading: windowReading('target'),
  }),
  required({
    id: 'CORE-RATE-CONCURRENT',
    surface: 'core',
    section: S.limits,
    statement: 'Requests that arrive together do not overrun the budget: 90 requests fired at once into a fresh window get exactly 60 served and the rest 429.',
    reading: concurrentReading(),
  }),
  required({
    id: 'CORE-RATE-429-BODY',
    surface: 'core',
    section: S.coreErrors,
    statement: "Every core 429 carries the core error envelope with status 429 and message 'Too Many Requests'.",
    reading: 'Every core 429 the budget checks meet is judged, not a sample of them: a client may be handed any of them.',
  }),
  required({
    id: 'CORE-RATE-RESET-HEADER',
    surface: 'core',
    section: S.limits,
    statement:
      "Every core 429 carries X-ServiceAPI-ResetTime in integer Unix seconds, not before the second the 429 was sent in and at most one window and one second after it, by the server's own clock.",
    reading:
      "The server's clock is read from its Date headers: each response bounds the offset between the server's clock and the suite's, and all responses of the checks together narrow it; without Date headers the suite's clock is used with 5 s of slack either way, so clock skew cannot fail a target. A reset rounded down to its second is accepted; one in milliseconds is years ahead and fails.",
  }),
  observed({
    id: 'CORE-RATE-RESET-STABLE',
    surface: 'core',
    section: S.limits,
    statement: 'Whether the 429s of one window all announce the same reset time.',
    reading:
      "The spec says only that X-ServiceAPI-ResetTime is a Unix timestamp a client sleeps until and then retries. It does not say the time stays the same while a window lasts: a server may announce, say, the second its window reopens and later a second after it, and a client sleeping until either recovers. That every announced time lets such a client recover is CORE-RATE-RESET-HEADER and CORE-RATE-RECOVERY, judged on each 429; whether the announced time moves within a window is reported here (the 429s from the trial's first 429 until the window reopens, and those of the burst into a fresh window), never failed.",
  }),
  required({
    id: 'CORE-RATE-RECOVERY',
    surface: 'core',
    section: S.limits,
    statement: 'Once the announced reset has passed, requests of the company are served again.',
    reading:
      "The header has one-second granularity: a request sent once the announced second has wholly passed, by the server's clock (read from its Date headers), must be served. A refusal inside the announced second is only noted: a client that sleeps until the header then retries once more, which CORE-RATE-CLIENT-RECOVERY reports.",
  }),
  required({
    id: 'CORE-RATE-PER-COMPANY',
    surface: 'core',
    section: S.limits,
    statement: 'The budget is per company, not per key: once the company is limited, its second key is refused too and another company is still served.',
    reading: "Judged right after the burst into a fresh window spent the company's budget, within that window.",
  }),
  observed({
    id: 'CORE-RATE-ALGORITHM',
    surface: 'core',
    section: S.limits,
    statement: 'Which reading of 60 per minute the core budget behaves like: a window opened by the first request, clock-aligned windows or a sliding log.',
    reading: `${READINGS} Told apart by the trial: when the window reopened, and how many requests it then served.`,
  }),
  observed({
    id: 'CORE-RATE-CLIENT-RECOVERY',
    surface: 'core',
    section: S.limits,
    statement:
      'A client that sleeps until X-ServiceAPI-ResetTime and then retries with exponential backoff and jitter: how many requests it wastes on 429 and how long it waits to be served.',
    reading:
      'The spec tells clients to sleep until the reset, then retry with exponential backoff; the report gives the wasted requests and the recovery time.',
  }),
] as const satisfies readonly Rule[];

export const DIALER_BUDGET_RULES = [
  required({
    id: 'DIALER-RATE-60',
    surface: 'dialer',
    section: S.limits,
    statement: 'After a quiet window, at least 60 Dialer requests of the company are served before the first 429.',
    reading: `${MIX} ${TRIAL} Its requests up to the first 429 are counted. ${IDLE}`,
  }),
  required({
    id: 'DIALER-RATE-429',
    surface: 'dialer',
    section: S.limits,
    statement: 'Dialer requests over the budget get 429: a burst shorter than one window meets a 429 by its 121st request.',
    reading: `${READINGS} A burst may straddle a boundary of clock-aligned windows and so be served up to 120 times; the 121st must be refused. A burst that took a window or longer proves nothing and leaves the rule skipped as inconclusive. The exact count is reported.`,
  }),
  required({
    id: 'DIALER-RATE-WINDOW',
    surface: 'dialer',
    section: S.limits,
    statement: "No window of the server's own serves the company more than 60 Dialer requests.",
    reading: `${windowReading('target')} The Dialer names no reset header, so the reopening is found by the polling alone.`,
  }),
  required({
    id: 'DIALER-RATE-CONCURRENT',
    surface: 'dialer',
    section: S.limits,
    statement:
      'Dialer requests that arrive together do not overrun the budget: 90 requests fired at once into a fresh window get exactly 60 served and the rest 429.',
    reading: concurrentReading(),
  }),
  required({
    id: 'DIALER-RATE-429-BODY',
    surface: 'dialer',
    section: S.aiErrors,
    statement:
      "Every Dialer 429 comes in one of the AI host's two documented error shapes, never the core envelope: the service's (statusCode 429, a message, error 'Too Many Requests') or, from a limiter ahead of the service, the authentication layer's ({ code, message }).",
    reading:
      "Errors on the {ai_url} host carry no responseData envelope, and clients branch on the presence of code versus statusCode. Errors raised by the service carry { statusCode, message, error, correlationId }, error being the status name; responses produced ahead of the service carry no correlationId, and the authentication layer's shape is { code, message }. The spec does not say which layer limits the Dialer, so either shape is conforming: the service's (correlationId reported, not required) or { code, message } with a non-empty code (its value for a 429 is not shown) and a string message. Anything else, the core envelope included, fails.",
  }),
  required({
    id: 'DIALER-RATE-RECOVERY',
    surface: 'dialer',
    section: S.limits,
    statement: 'A company refused by the Dialer budget is served again within one window of its first 429.',
    reading:
      'The Dialer names no reset header. Under every accepted reading the window a request is refused in began before the refusal, so it ends within one window of it; the suite polls (see DIALER-RATE-WINDOW) and allows one polling step and the longest latency seen on top.',
  }),
  required({
    id: 'DIALER-RATE-PER-COMPANY',
    surface: 'dialer',
    section: S.limits,
    statement: 'The Dialer budget is per company, not per key: once the company is limited, its second key is refused too and another company is still served.',
    reading: "Judged right after the burst into a fresh window spent the company's Dialer budget, within that window.",
  }),
  required({
    id: 'DIALER-RATE-SEPARATE',
    surface: 'dialer',
    section: S.limits,
    statement: 'The Dialer budget is apart from the core budget both ways: a company that spent one is still served by the other.',
    reading:
      "Judged twice: right after the burst that spent the core budget, a Dialer request of the company is served, and right after the burst that spent the Dialer budget, a core request is served; each time the other surface has room: none of the suite's requests in its last window but the few of the client recovering there.",
  }),
  observed({
    id: 'DIALER-RATE-ALGORITHM',
    surface: 'dialer',
    section: S.limits,
    statement: 'Which reading of 60 per minute the Dialer budget behaves like: a window opened by the first request, clock-aligned windows or a sliding log.',
    reading: `${READINGS} Told apart by the trial: when the window reopened, and how many requests it then served.`,
  }),
  observed({
    id: 'DIALER-RATE-CLIENT-RECOVERY',
    surface: 'dialer',
    section: S.limits,
    statement: 'A client that retries a Dialer 429 with exponential backoff and jitter: how many requests it wastes on 429 and how long it waits to be served.',
    reading:
      'The Dialer names no reset header, so the client backs off from one sixteenth of a window, doubling, or waits for a numeric Retry-After when the target sends one (not in the spec); the report gives the wasted requests and the recovery time.',
  }),
] as const satisfies readonly Rule[];
