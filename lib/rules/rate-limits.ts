import { type Rule, type RuleReading, observed, required } from './types.ts';

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

/** The spec's words on the two budgets and on the reset header. */
const CORE_BUDGET = '60 requests per minute per company … core API; over the limit gives `429`';
const DIALER_BUDGET =
  'dedicated budget of 60 requests per minute per company (separate from the core budget, per company not per key) … Dialer; over the limit gives `429`';
const RESET = '`X-ServiceAPI-ResetTime`, a Unix timestamp; client sleeps until it, then retries with exponential backoff';

/** How the minute is counted is not shown; these are the readings the trial accepts, said once. */
const MINUTE = 'How the minute is counted is not shown, so three readings real servers use are accepted.';
const MINUTE_ACCEPTED = 'A window opened by the first request, windows aligned to the clock, or a sliding log of the last minute.';

/** What spends the budget in every measurement: a mix, since the spec's budget is per company and surface, whatever the request. */
const MIX =
  "Each measurement spends the budget with a mix of requests like an integration's (lib/budget/request-mix.ts), none able to create or change a record. On the core: the country list, the blacklist, and an edit of no field to a contact id no account holds (404). On the Dialer: the campaign list read well, with an undecodable cursor, and with include_deleted neither true nor false (400). The spec's budget names no request it leaves out, so each counts whatever its answer: any answer but a 429 is served.";

const TRIAL =
  "The trial starts once none of the suite's requests to the surface fall in the last window. It sends 30 requests back to back, pauses until half a window after the first, then sends back to back until the first 429. Next it sends one request every 1/80 of (1.5 windows + 2 s) until one is served: the window reopened. Then it sends back to back until the next 429.";

/** Why a count below 60 needs the run to have the budget to itself. */
const IDLE =
  'A count below 60 while others may spend the budget, which is reported inconclusive: other integrations of the company can only lower the counts. It fails only when the run is told nothing else spends the budget (CC_BUDGET_EXCLUSIVE=true, always so against the bundled mock). A count above 60 always fails.';

function atLeast60(quote: string): RuleReading {
  return {
    quote,
    taken: "After a quiet window the company is owed its 60 requests, so the trial's requests up to its first 429 must number at least 60.",
    accepted: IDLE,
    method: `${MIX} ${TRIAL}`,
  };
}

function by121(quote: string): RuleReading {
  return {
    quote,
    taken: `${MINUTE} A burst may straddle a boundary of clock-aligned windows, and so be served up to 120 times. The 121st must be refused.`,
    accepted: MINUTE_ACCEPTED,
    method: 'A burst that took a window or longer proves nothing, and leaves the rule skipped as inconclusive. The exact count is reported.',
  };
}

function windowReading(quote: string, more = ''): RuleReading {
  return {
    quote,
    taken: `${MINUTE} Requests are counted from the reopening to the next 429, stopping past 60. A window opened by the first request, or aligned to the clock, starts afresh there and must serve exactly 60. A sliding log frees only the slots of the trial's first 30 requests within half a window, so it serves at most 30 there. Then the first burst, shorter than a window, must not have served more than 60.`,
    accepted: `${MINUTE_ACCEPTED} A count between 30 and 60 fits none and fails, unless the target serves fewer than 60 even after a quiet window (the 60-rule's to judge). ${IDLE}`,
    method: `${MIX} ${TRIAL} A target too slow for those spans leaves the rule skipped as inconclusive. The first burst and the burst after the reopening must each fit in one window, and for a sliding log the latter in half a window.${more}`,
  };
}

function concurrentReading(quote: string): RuleReading {
  return {
    quote,
    taken: `${MINUTE} A fresh window holds none of the company's requests and owes it its 60, so 90 requests fired at once get exactly 60 served. Fewer than 60 fails too.`,
    accepted: `${MINUTE_ACCEPTED} ${IDLE}`,
    method: `${MIX} The burst goes out once none of the suite's requests fall in the last window, and early in a window were the windows aligned to the clock. Their boundaries repeat every window from where the trial saw the window reopen. A burst not answered before its window can have ended may have reached the server in two windows. Answers other than 2xx and 429 (a 503 of an overloaded gateway, say) disturb it. Both leave the rule skipped as inconclusive.`,
  };
}

function algorithm(quote: string): RuleReading {
  return {
    quote,
    taken: `${MINUTE} The report names the one the budget behaves like.`,
    accepted: MINUTE_ACCEPTED,
    method: 'Told apart by the trial: when the window reopened, and how many requests it then served.',
  };
}

function perCompany(quote: string, budget: string): RuleReading {
  return {
    quote,
    taken: "Per company, not per key, is read as one budget that every key of the company spends, apart from every other company's.",
    method: `Judged right after the burst into a fresh window spent the company's ${budget}, within that window.`,
  };
}

export const CORE_BUDGET_RULES = [
  required({
    id: 'CORE-RATE-60',
    surface: 'core',
    section: S.limits,
    statement: 'After a quiet window, at least 60 requests of the company are served before the first 429.',
    reading: atLeast60(CORE_BUDGET),
  }),
  required({
    id: 'CORE-RATE-429',
    surface: 'core',
    section: S.limits,
    statement: 'Requests over the limit get 429: a burst shorter than one window meets a 429 by its 121st request.',
    reading: by121(CORE_BUDGET),
  }),
  required({
    id: 'CORE-RATE-WINDOW',
    surface: 'core',
    section: S.limits,
    statement: "No window of the server's own serves the company more than 60 requests.",
    reading: windowReading(CORE_BUDGET),
  }),
  required({
    id: 'CORE-RATE-CONCURRENT',
    surface: 'core',
    section: S.limits,
    statement: 'Requests that arrive together do not overrun the budget: 90 requests fired at once into a fresh window get exactly 60 served and the rest 429.',
    reading: concurrentReading(CORE_BUDGET),
  }),
  required({
    id: 'CORE-RATE-429-BODY',
    surface: 'core',
    section: S.coreErrors,
    statement: "Every core 429 carries the core error envelope with status 429 and message 'Too Many Requests'.",
    reading: {
      quote: 'Failures carry `{ responseData: { status: <integer equal to the HTTP status>, message: <string> } }`. Both fields are always present.',
      taken: 'Every core 429 the budget checks meet is judged, not a sample of them, since a client may be handed any of them.',
    },
  }),
  required({
    id: 'CORE-RATE-RESET-HEADER',
    surface: 'core',
    section: S.limits,
    statement:
      "Every core 429 carries X-ServiceAPI-ResetTime in integer Unix seconds, not before the second the 429 was sent in and at most one window and one second after it, by the server's own clock.",
    reading: {
      quote: RESET,
      taken: "A Unix timestamp is read as whole seconds, and the bounds by the server's own clock, so that clock skew cannot fail a target.",
      accepted: 'A reset rounded down to its second. One in milliseconds is years ahead, and fails.',
      method:
        "The server's clock is read from its Date headers. Each response bounds the offset between the server's clock and the suite's, and all responses of the checks together narrow it. Without Date headers the suite's clock is used, with 5 s of slack either way.",
    },
  }),
  observed({
    id: 'CORE-RATE-RESET-STABLE',
    surface: 'core',
    section: S.limits,
    statement: 'Whether the 429s of one window all announce the same reset time.',
    reading: {
      quote: RESET,
      taken:
        'The spec says only that the header is a Unix timestamp a client sleeps until, then retries. It does not say the time stays the same while a window lasts. A server may announce the second its window reopens and later a second after it, and a client sleeping until either recovers. That each announced time lets it recover is judged on each 429 by CORE-RATE-RESET-HEADER and CORE-RATE-RECOVERY.',
      accepted: 'A time that moves within a window: reported, never failed.',
      method: "Compared are the 429s from the trial's first 429 until the window reopens, and those of the burst into a fresh window.",
    },
  }),
  required({
    id: 'CORE-RATE-RECOVERY',
    surface: 'core',
    section: S.limits,
    statement: 'Once the announced reset has passed, requests of the company are served again.',
    reading: {
      quote: RESET,
      taken:
        "The header has one-second granularity. So a request sent once the announced second has wholly passed, by the server's clock (read from its Date headers), must be served.",
      accepted:
        'A refusal inside the announced second, which is only noted. A client that sleeps until the header retries once more after it, as CORE-RATE-CLIENT-RECOVERY reports.',
    },
  }),
  required({
    id: 'CORE-RATE-PER-COMPANY',
    surface: 'core',
    section: S.limits,
    statement: 'The budget is per company, not per key: once the company is limited, its second key is refused too and another company is still served.',
    reading: perCompany(CORE_BUDGET, 'budget'),
  }),
  observed({
    id: 'CORE-RATE-ALGORITHM',
    surface: 'core',
    section: S.limits,
    statement: 'Which reading of 60 per minute the core budget behaves like: a window opened by the first request, clock-aligned windows or a sliding log.',
    reading: algorithm(CORE_BUDGET),
  }),
  observed({
    id: 'CORE-RATE-CLIENT-RECOVERY',
    surface: 'core',
    section: S.limits,
    statement:
      'A client that sleeps until X-ServiceAPI-ResetTime and then retries with exponential backoff and jitter: how many requests it wastes on 429 and how long it waits to be served.',
    reading: {
      quote: RESET,
      taken:
        'The spec tells clients to sleep until the reset, then retry with exponential backoff. The report gives the wasted requests and the recovery time.',
    },
  }),
] as const satisfies readonly Rule[];

export const DIALER_BUDGET_RULES = [
  required({
    id: 'DIALER-RATE-60',
    surface: 'dialer',
    section: S.limits,
    statement: 'After a quiet window, at least 60 Dialer requests of the company are served before the first 429.',
    reading: atLeast60(DIALER_BUDGET),
  }),
  required({
    id: 'DIALER-RATE-429',
    surface: 'dialer',
    section: S.limits,
    statement: 'Dialer requests over the budget get 429: a burst shorter than one window meets a 429 by its 121st request.',
    reading: by121(DIALER_BUDGET),
  }),
  required({
    id: 'DIALER-RATE-WINDOW',
    surface: 'dialer',
    section: S.limits,
    statement: "No window of the server's own serves the company more than 60 Dialer requests.",
    reading: windowReading(DIALER_BUDGET, ' The Dialer names no reset header, so the reopening is found by the polling alone.'),
  }),
  required({
    id: 'DIALER-RATE-CONCURRENT',
    surface: 'dialer',
    section: S.limits,
    statement:
      'Dialer requests that arrive together do not overrun the budget: 90 requests fired at once into a fresh window get exactly 60 served and the rest 429.',
    reading: concurrentReading(DIALER_BUDGET),
  }),
  required({
    id: 'DIALER-RATE-429-BODY',
    surface: 'dialer',
    section: S.aiErrors,
    statement:
      "Every Dialer 429 comes in one of the AI host's two documented error shapes, never the core envelope: the service's (statusCode 429, a message, error 'Too Many Requests') or, from a limiter ahead of the service, the authentication layer's ({ code, message }).",
    reading: {
      quote:
        'No `responseData` envelope. Clients branch on the presence of `code` versus `statusCode`. … Responses produced ahead of the service carry no `correlationId` (the `401` above, an edge-block `403` that is an HTML page).',
      taken:
        "Errors on the {ai_url} host carry no responseData envelope. The service's errors carry { statusCode, message, error, correlationId }, error being the status name. The authentication layer's shape is { code, message }, and what comes from ahead of the service has no correlationId. The spec does not say which layer limits the Dialer, so either shape is conforming. Anything else, the core envelope included, fails.",
      accepted:
        "The service's shape, its correlationId reported, not required. Or { code, message } with a non-empty code (its value for a 429 is not shown) and a string message.",
    },
  }),
  required({
    id: 'DIALER-RATE-RECOVERY',
    surface: 'dialer',
    section: S.limits,
    statement: 'A company refused by the Dialer budget is served again within one window of its first 429.',
    reading: {
      quote: DIALER_BUDGET,
      taken:
        'The Dialer names no reset header. Under every accepted reading, the window a request is refused in began before the refusal, so it ends within one window of it.',
      method: 'The suite polls (as for DIALER-RATE-WINDOW), and allows one polling step and the longest latency seen on top.',
    },
  }),
  required({
    id: 'DIALER-RATE-PER-COMPANY',
    surface: 'dialer',
    section: S.limits,
    statement: 'The Dialer budget is per company, not per key: once the company is limited, its second key is refused too and another company is still served.',
    reading: perCompany(DIALER_BUDGET, 'Dialer budget'),
  }),
  required({
    id: 'DIALER-RATE-SEPARATE',
    surface: 'dialer',
    section: S.limits,
    statement: 'The Dialer budget is apart from the core budget both ways: a company that spent one is still served by the other.',
    reading: {
      quote: 'dedicated budget of 60 requests per minute per company (separate from the core budget, per company not per key)',
      taken: 'Separate is read both ways: a company that spent one budget is still served by the other.',
      method:
        "Judged twice. Right after the burst that spent the core budget, a Dialer request of the company must be served. Right after the burst that spent the Dialer budget, a core request must be served. Each time the other surface has room: none of the suite's requests in its last window but the few of the client recovering there.",
    },
  }),
  observed({
    id: 'DIALER-RATE-ALGORITHM',
    surface: 'dialer',
    section: S.limits,
    statement: 'Which reading of 60 per minute the Dialer budget behaves like: a window opened by the first request, clock-aligned windows or a sliding log.',
    reading: algorithm(DIALER_BUDGET),
  }),
  observed({
    id: 'DIALER-RATE-CLIENT-RECOVERY',
    surface: 'dialer',
    section: S.limits,
    statement: 'A client that retries a Dialer 429 with exponential backoff and jitter: how many requests it wastes on 429 and how long it waits to be served.',
    reading: {
      quote: `${DIALER_BUDGET} … ${RESET}`,
      taken:
        'The Dialer names no reset header, so the client backs off from one sixteenth of a window, doubling. It waits for a numeric Retry-After instead when the target sends one, which is not in the spec. The report gives the wasted requests and the recovery time.',
    },
  }),
] as const satisfies readonly Rule[];
