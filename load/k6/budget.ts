/**
 * Budget probe: does each metered surface (core API, Dialer) serve 60 requests per window per company,
 * and only 60? k6 thresholds judge a whole run, never a window, so each probe measures its windows
 * itself and records one sample per measurement; the thresholds then judge those samples.
 *
 * Per surface, one VU, both surfaces side by side:
 *   (a) after one quiet window, requests one after another until the first 429: at least 60 served;
 *   (b) one request every window/40 until served again: the window reopened within about a window;
 *       every core 429 carries X-ServiceAPI-ResetTime in Unix seconds, within a window of its Date;
 *   (c) one window after the last request, 2 x 60 requests at once into that fresh window: exactly 60 served;
 *   (d) at once, the company's second key is refused too, another company's key is served.
 * Then, once both probes are done, one surface is flooded while the other must still serve.
 *
 * Spends the company's whole core and Dialer budgets several times: on a live target, its other
 * integrations get 429 meanwhile (the CLI asks for `budget` in CC_EFFECTS first).
 */
import { sleep } from 'k6';
import exec from 'k6/execution';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import { Rate, Trend } from 'k6/metrics';
import { RESET_HEADER, resetProblem } from '../../lib/spec/reset-time.ts';
import { ruleOfThreshold } from '../shared/budget-rules.ts';
import { BUDGET_PER_WINDOW, type LoadEndpoint, type MeteredSurface } from '../shared/model.ts';
import { outcomeOf } from '../shared/records.ts';
import { CORE_READ, DIALER_READ } from '../scenarios/index.ts';
import { recordOutcome, TRANSPORT_ERROR_TOLERANCE } from './outcomes.ts';
import { builtWithTags, refuseOtherEnvironment } from './built-with.ts';
import { abortUnlessHealthy } from './health.ts';
import { reportFiles, SUMMARY_TREND_STATS, type SummaryData } from './summary.ts';
import { expectServedOrLimited, hasKey, header, missingFor, read, readRequest, type RequestTags, tagsFor, TIMEOUT_MS, WINDOW_MS } from './target.ts';

const W = WINDOW_MS;
const BUDGET = BUDGET_PER_WINDOW;
/**
 * As the conformance check reads RATE-429: a burst shorter than one window meets a 429 by its 121st request
 * (it may straddle a boundary of clock-aligned windows and be served up to 120 times).
 */
const LIMITED_BY = 2 * BUDGET + 1;
/** A budget that never limits is reported after this many requests, not probed forever. */
const BURST_CAP = 3 * BUDGET + 1;
const POLL_MS = W / 40;
/** Reopening may take a whole window (the burst may have started it), plus a poll's gap and latency. */
const REOPEN_LIMIT_MS = Math.round(W + Math.max(W / 10, 1000));
const POLL_GIVE_UP_MS = 4 * W;
const ENDPOINT: Readonly<Record<MeteredSurface, LoadEndpoint>> = { core: CORE_READ, dialer: DIALER_READ };
const PROBE_MAX_MS = 8 * W + 4 * TIMEOUT_MS;

const limitedAfterQuiet = new Rate('budget_limited_after_quiet');
const servedAfterQuiet = new Trend('budget_served_after_quiet');
const reopenWait = new Trend('budget_reopen_wait_ms', true);
const servedFreshConcurrent = new Trend('budget_served_fresh_concurrent');
const resetHeaderOk = new Rate('reset_header_ok');
const limitedBodyOk = new Rate('limited_body_ok');
const secondKeyLimited = new Rate('per_company_second_key_limited');
const otherServed = new Rate('per_company_other_served');
const independent = new Rate('budgets_independent');

const thresholds: Record<string, string[]> = {};
const meaning: Record<string, string> = {};
/** A threshold and what it means, in words led by the rule of the catalogue it judges. */
function threshold(metric: string, expressions: string[], means: string): void {
  thresholds[metric] = expressions;
  const rule = ruleOfThreshold(metric);
  meaning[metric] = rule ? `${rule}: ${means}` : means;
}
for (const s of ['core', 'dialer'] as const) {
  const name = s === 'core' ? 'core API' : 'Dialer';
  threshold(`budget_limited_after_quiet{surface:${s}}`, ['rate==1'], `the ${name} answers 429 by the ${LIMITED_BY}th request sent one after another, when they take less than a window`);
  threshold(`budget_served_after_quiet{surface:${s}}`, [`min>=${BUDGET}`], `after a quiet window the ${name} serves at least ${BUDGET} requests before its first 429`);
  threshold(`budget_reopen_wait_ms{surface:${s}}`, [`max<=${REOPEN_LIMIT_MS}`], `after the first 429 the ${name} serves again within a window (${W} ms) plus polling slack`);
  threshold(`budget_served_fresh_concurrent{surface:${s}}`, [`min>=${BUDGET}`, `max<=${BUDGET}`], `of ${2 * BUDGET} requests sent at once into a fresh window the ${name} serves exactly ${BUDGET}`);
  threshold(`limited_body_ok{surface:${s}}`, ['rate==1'], s === 'core' ? "every core 429 body is { responseData: { status: 429, message: 'Too Many Requests' } }" : "every Dialer 429 body has statusCode 429 and error 'Too Many Requests', without responseData");
  threshold(`per_company_second_key_limited{surface:${s}}`, ['rate==1'], `the company's second key gets 429 on the ${name} while its first key has spent the budget (per company, not per key)`);
  threshold(`per_company_other_served{surface:${s}}`, ['rate==1'], `another company is served on the ${name} while this company is limited`);
  threshold(`budgets_independent{surface:${s}}`, ['rate==1'], `the ${name} serves while the other surface's budget is spent (separate budgets)`);
}
threshold('reset_header_ok{surface:core}', ['rate==1'], 'every core 429 carries X-ServiceAPI-ResetTime: integer Unix seconds, not before its Date, at most one window plus a second after it');
threshold('transport_errors', [`rate<=${TRANSPORT_ERROR_TOLERANCE}`], `at most ${TRANSPORT_ERROR_TOLERANCE * 100}% of requests get no answer (timeout, reset, TLS)`);

function probeScenario(surface: MeteredSurface) {
  return { executor: 'per-vu-iterations', vus: 1, iterations: 1, exec: `${surface}Probe`, maxDuration: `${PROBE_MAX_MS}ms`, tags: { surface } } as const;
}

/** What the options below are built from; an archive keeps them, and setup() holds the run's environment to them. */
const BUILT_WITH = { CC_RATE_WINDOW_MS: String(W), CC_TIMEOUT_MS: String(TIMEOUT_MS) };

export const options = {
  tags: builtWithTags(BUILT_WITH),
  // http.batch sends a burst all at once only when neither batch limit holds it back.
  batch: 2 * BUDGET,
  batchPerHost: 2 * BUDGET,
  scenarios: {
    core_probe: probeScenario('core'),
    dialer_probe: probeScenario('dialer'),
    independence: { executor: 'per-vu-iterations', vus: 1, iterations: 1, exec: 'independence', maxDuration: `${PROBE_MAX_MS + 3 * W + 4 * TIMEOUT_MS}ms` },
  },
  thresholds,
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: `${2 * TIMEOUT_MS + 10_000}ms`,
};

expectServedOrLimited();

export function setup(): { notes: string[] } {
  refuseOtherEnvironment(BUILT_WITH);
  for (const surface of ['core', 'dialer'] as const) {
    const missing = missingFor(surface, 'primary');
    if (missing) exec.test.abort(`the budget probe of the ${surface} cannot run: ${missing}`);
  }
  for (const surface of ['core', 'dialer'] as const) {
    const res = read(surface, ENDPOINT[surface], tagsFor(surface, 'primary', 'setup'));
    abortUnlessHealthy(surface, ENDPOINT[surface].path, res.status, res.error, W);
  }
  const notes = [`rate window ${W} ms; budget ${BUDGET} per window per company on the core API and on the Dialer`];
  if (!hasKey('second')) notes.push('per_company_second_key_limited not measured: CC_KEY2_ID and CC_KEY2_SECRET are not set');
  if (!hasKey('other')) notes.push('per_company_other_served not measured: CC_OTHER_KEY_ID and CC_OTHER_KEY_SECRET are not set');
  return { notes };
}

type Answer = RefinedResponse<ResponseType | undefined>;

function parsed(res: Answer): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(typeof res.body === 'string' ? res.body : '');
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function limitedBodyHolds(surface: MeteredSurface, res: Answer): boolean {
  const body = parsed(res);
  if (!body) return false;
  if (surface === 'core') {
    const data = body.responseData as Record<string, unknown> | undefined;
    return data !== undefined && data !== null && data.status === 429 && data.message === 'Too Many Requests';
  }
  return body.statusCode === 429 && body.error === 'Too Many Requests' && !('responseData' in body);
}

/**
 * Judged as the conformance check judges it (lib/spec/reset-time.ts), against the server's own clock: its
 * Date header, which counts whole seconds. Without one, only the local clock is left, so a few seconds of
 * skew either way are allowed.
 */
function resetHeaderHolds(res: Answer): { ok: boolean; why: string } {
  const date = Date.parse(header(res.headers, 'Date') ?? '');
  const serverNow = Number.isNaN(date) ? { earliest: Date.now() - 5000, latest: Date.now() + 5000 } : { earliest: date, latest: date + 999 };
  const problem = resetProblem(header(res.headers, RESET_HEADER), serverNow, W);
  return { ok: problem === undefined, why: problem ?? '' };
}

const reported = new Set<string>();
/** One log line per kind of failure and surface: the thresholds carry the counts. */
function reportOnce(kind: string, message: string): void {
  if (reported.has(kind)) return;
  reported.add(kind);
  console.warn(message);
}

function judgeLimited(surface: MeteredSurface, res: Answer): void {
  const tags = { surface, company: 'self' };
  const bodyOk = limitedBodyHolds(surface, res);
  limitedBodyOk.add(bodyOk, tags);
  if (!bodyOk) reportOnce(`body-${surface}`, `${surface} 429 body is not the documented one: ${String(res.body).slice(0, 200)}`);
  if (surface !== 'core') return;
  const reset = resetHeaderHolds(res);
  resetHeaderOk.add(reset.ok, tags);
  if (!reset.ok) reportOnce('reset', `core 429: ${reset.why}`);
}

/** Sends one read and records it; 429s are judged on the way. */
function send(surface: MeteredSurface, tags: RequestTags): Answer {
  const res = read(surface, ENDPOINT[surface], tags);
  if (recordOutcome(res, tags) === 'limited' && tags.company === 'self') judgeLimited(surface, res);
  return res;
}

function sendAtOnce(surface: MeteredSurface, tags: RequestTags, count: number): { served: number; limited: number } {
  const responses = http.batch(Array.from({ length: count }, () => readRequest(surface, ENDPOINT[surface], tags)));
  let served = 0;
  let limited = 0;
  for (const res of responses) {
    const outcome = recordOutcome(res, tags);
    if (outcome === 'served') served++;
    if (outcome === 'limited') {
      limited++;
      judgeLimited(surface, res);
    }
  }
  return { served, limited };
}

function sleepUntil(epochMs: number): void {
  const ms = epochMs - Date.now();
  if (ms > 0) sleep(ms / 1000);
}

function probe(surface: MeteredSurface): void {
  const tags = { surface, company: 'self' };
  const stream = (name: string, key: 'primary' | 'second' | 'other' = 'primary') => tagsFor(surface, key, `${surface}-${name}`);

  // (a) Setup's request, and anything before the run, has left the window by now.
  sleep(W / 1000);
  const burst = stream('quiet-burst');
  let served = 0;
  let limitedAt: number | undefined;
  let sent = 0;
  const burstFrom = Date.now();
  let firstLimitedTook = 0;
  for (; sent < BURST_CAP && limitedAt === undefined; sent++) {
    const outcome = outcomeOf(send(surface, burst));
    if (outcome === 'served') served++;
    if (outcome === 'limited') limitedAt = Date.now();
    if (sent + 1 === LIMITED_BY || limitedAt !== undefined) firstLimitedTook ||= Date.now() - burstFrom;
  }
  servedAfterQuiet.add(served, tags);
  // A 429 by the 121st request, judged only where those requests took less than a window: a slower burst
  // may have met a fresh window of the server's on its way, and proves nothing (not measured).
  const limitedInTime = limitedAt !== undefined && sent <= LIMITED_BY;
  if (limitedInTime || firstLimitedTook < W) limitedAfterQuiet.add(limitedInTime, tags);
  else reportOnce(`slow-quiet-${surface}`, `${surface}: the first ${LIMITED_BY} requests took ${firstLimitedTook} ms, not less than the ${W} ms window: whether a 429 came in time is not judged`);
  if (limitedAt === undefined) reportOnce(`unlimited-${surface}`, `${surface}: ${BURST_CAP} requests in a row were never answered 429`);

  // (b) Polling, not sleeping until the announced reset: the Dialer announces none, and the announcement is itself under test.
  let lastAnswerAt = Date.now();
  if (limitedAt !== undefined) {
    const poll = stream('reopen-poll');
    let reopened = false;
    while (!reopened && Date.now() - limitedAt < POLL_GIVE_UP_MS) {
      sleep(POLL_MS / 1000);
      reopened = outcomeOf(send(surface, poll)) === 'served';
    }
    lastAnswerAt = Date.now();
    reopenWait.add(lastAnswerAt - limitedAt, tags);
    if (!reopened) reportOnce(`stuck-${surface}`, `${surface}: still 429 ${POLL_GIVE_UP_MS} ms after the first 429`);
  }

  // (c) A window after the last served request its window is over, whichever way the server keeps
  // windows: opened by a first request, sliding, or clock-aligned (the poll was served just after a boundary).
  sleepUntil(lastAnswerAt + W + 10);
  const firedAt = Date.now();
  const fresh = sendAtOnce(surface, stream('fresh-batch'), 2 * BUDGET);
  // The burst opened a window of its own: requests answered after that window could have been counted in
  // the next one, so a count above the budget would prove nothing. As the conformance check does, a burst
  // not answered well within its window is not judged (no sample: the threshold reads "not measured").
  const withinWindow = () => Date.now() - firedAt < 0.9 * W;
  if (!withinWindow()) {
    reportOnce(`slow-burst-${surface}`, `${surface}: the ${2 * BUDGET} requests fired at once took ${Date.now() - firedAt} ms to be answered, too long to be sure they reached the server within one ${W} ms window: not judged`);
    return;
  }
  servedFreshConcurrent.add(fresh.served, tags);

  // (d) The company has just spent this window's budget: any key of it is refused, another company is not.
  if (fresh.limited > 0 && hasKey('second')) {
    const res = send(surface, stream('second-key', 'second'));
    if (!withinWindow()) return reportOnce(`slow-second-${surface}`, `${surface}: the second key's request was answered too late to be sure it reached the window the burst spent: not judged`);
    secondKeyLimited.add(res.status === 429, tags);
    if (res.status !== 429) reportOnce(`second-${surface}`, `${surface}: the company's second key got ${res.status} while its budget was spent`);
  }
  if (hasKey('other')) {
    const res = send(surface, stream('other-company', 'other'));
    if (!withinWindow()) return reportOnce(`slow-other-${surface}`, `${surface}: another company's request was answered too late to be sure it reached the window the burst spent: not judged`);
    otherServed.add(outcomeOf(res) === 'served', { surface, company: 'other' });
    if (outcomeOf(res) !== 'served') reportOnce(`other-${surface}`, `${surface}: another company got ${res.status} while this company was limited`);
  }
}

export function coreProbe(): void {
  probe('core');
}

export function dialerProbe(): void {
  probe('dialer');
}

/**
 * After both probes (k6 has no barrier between VUs; the instance's count of finished iterations is
 * the one thing they share), flood one surface and read the other, both ways round.
 */
export function independence(): void {
  const deadline = Date.now() + PROBE_MAX_MS;
  while (exec.instance.iterationsCompleted + exec.instance.iterationsInterrupted < 2 && Date.now() < deadline) sleep(POLL_MS / 1000);
  for (const [flooded, quiet] of [['core', 'dialer'], ['dialer', 'core']] as const) {
    // Both budgets quiet again: the flood opens its own window and the quiet surface has room.
    sleep(W / 1000);
    const flood = sendAtOnce(flooded, tagsFor(flooded, 'primary', `independence-${flooded}-flood`), 2 * BUDGET);
    if (flood.limited === 0) {
      reportOnce(`independence-${flooded}`, `independence: ${2 * BUDGET} ${flooded} requests at once got no 429, so nothing shows whether the ${quiet} budget is separate`);
      continue;
    }
    const res = send(quiet, tagsFor(quiet, 'primary', `independence-${quiet}-while-${flooded}-spent`));
    independent.add(outcomeOf(res) === 'served', { surface: quiet, company: 'self' });
    if (outcomeOf(res) !== 'served') reportOnce(`dependent-${quiet}`, `${quiet} answered ${res.status} while only the ${flooded} budget was spent`);
  }
}

export function handleSummary(data: SummaryData) {
  return reportFiles(data, { run: 'budget', meaning });
}
