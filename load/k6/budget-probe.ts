/**
 * Budget probe: the conformance budget check's own procedure and judges (lib/budget/procedure.ts), sent
 * by k6. Per metered surface (core API, Dialer), side by side in one VU: a sequential trial after a quiet
 * window (at least 60 served, a 429 by the 121st, the window reopening and serving exactly 60 again,
 * recovery after the announced reset), then a burst into a fresh window (exactly 60 of 90 served), the
 * company's second key and another company's key, and the other surface while this one is spent.
 *
 * One verdict per rule, kept as the conformance runner keeps them (lib/budget/rule-tally.ts), becomes
 * one sample of `budget_rule_held{rule:…}`, whose threshold is `rate==1`: a rule not judged (too slow
 * to tell, a key not set) has no sample and reads "not measured", as the conformance report skips it.
 *
 * Spends the company's whole core and Dialer budgets several times: on a live target, its other
 * integrations get 429 meanwhile (the CLI asks for `budget` in CC_EFFECTS first).
 */
import exec from 'k6/execution';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import { Counter, Rate } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import type { BudgetAnswer } from '../../lib/budget/answers.ts';
import { BUDGET_PER_WINDOW, type KeyRole, type MeteredSurface } from '../../lib/contract/vocabulary.ts';
import { BURST_CONNECTIONS } from '../../lib/budget/fresh-burst.ts';
import { BUDGET_PROCEDURE_WINDOWS, type BudgetIo, runBudgetProcedure } from '../../lib/budget/procedure.ts';
import { asMixAnswer, mixRequest, queryString } from '../../lib/budget/request-mix.ts';
import { OBSERVED_BUDGET_RULES, requiredRulesOf } from '../../lib/budget/rule-ids.ts';
import { RuleTally } from '../../lib/budget/rule-tally.ts';
import { RULE_HELD_METRIC, RULE_VERDICT_METRIC, thresholdOfRule } from '../shared/budget-rules.ts';
import type { LoadEndpoint } from '../shared/scenario-model.ts';
import { CORE_READ, DIALER_READ } from '../scenarios/index.ts';
import { recordOutcome, TRANSPORT_ERROR_TOLERANCE } from './outcomes.ts';
import { builtWithTags, refuseOtherEnvironment } from './built-with.ts';
import { abortUnlessHealthy } from './health.ts';
import { refuseMissingReportsFolder, reportFiles, SUMMARY_TREND_STATS, type SummaryData } from './summary.ts';
import { authorization, baseUrl, expectServedOrLimited, hasKey, missingFor, read, type RequestTags, tagsFor, TIMEOUT_MS, WINDOW_MS } from './target.ts';

const W = WINDOW_MS;
const ENDPOINT: Readonly<Record<MeteredSurface, LoadEndpoint>> = { core: CORE_READ, dialer: DIALER_READ };
/** The procedure's windows, the quiet one before it, and room for the slowest answers. */
const PROBE_MAX_MS = (BUDGET_PROCEDURE_WINDOWS + 2) * W + 8 * TIMEOUT_MS;
/** Nothing else of the company spends its budget meanwhile: counts below the budget then fail (as in npm run conformance). */
const EXCLUSIVE = __ENV.CC_BUDGET_EXCLUSIVE === 'true';

const RULES = [...requiredRulesOf('core'), ...requiredRulesOf('dialer')];
const ruleHeld = new Rate(RULE_HELD_METRIC);
const ruleVerdict = new Counter(RULE_VERDICT_METRIC);

const thresholds: Record<string, string[]> = { transport_errors: [`rate<=${TRANSPORT_ERROR_TOLERANCE}`] };
const meaning: Record<string, string> = { transport_errors: `at most ${TRANSPORT_ERROR_TOLERANCE * 100}% of requests get no answer (timeout, reset, TLS)` };
for (const rule of RULES) {
  thresholds[thresholdOfRule(rule)] = ['rate==1'];
  meaning[thresholdOfRule(rule)] = `${rule} holds, judged as the conformance run judges it (lib/budget)`;
}

/** What the options below are built from; an archive keeps them, and setup() holds the run's environment to them. */
const BUILT_WITH = { CC_RATE_WINDOW_MS: String(W), CC_TIMEOUT_MS: String(TIMEOUT_MS) };

export const options = {
  tags: builtWithTags(BUILT_WITH),
  scenarios: {
    budget_probe: { executor: 'per-vu-iterations', vus: 1, iterations: 1, exec: 'budgetProbe', maxDuration: `${PROBE_MAX_MS}ms` },
  },
  thresholds,
  summaryTrendStats: SUMMARY_TREND_STATS,
  setupTimeout: `${2 * TIMEOUT_MS + 10_000}ms`,
};

expectServedOrLimited();

export function setup(): { notes: string[] } {
  refuseOtherEnvironment(BUILT_WITH);
  refuseMissingReportsFolder((reason) => exec.test.abort(reason));
  for (const surface of ['core', 'dialer'] as const) {
    const missing = missingFor(surface, 'primary');
    if (missing) exec.test.abort(`the budget probe of the ${surface} cannot run: ${missing}`);
  }
  for (const surface of ['core', 'dialer'] as const) {
    const res = read(surface, ENDPOINT[surface], tagsFor(surface, 'primary', 'setup'));
    abortUnlessHealthy(surface, ENDPOINT[surface].path, res.status, res.error, W);
  }
  const notes = [
    `rate window ${W} ms; budget ${BUDGET_PER_WINDOW} per window per company on the core API and on the Dialer; counts below the budget ${EXCLUSIVE ? 'fail (CC_BUDGET_EXCLUSIVE=true)' : 'are inconclusive (CC_BUDGET_EXCLUSIVE is not true)'}`,
  ];
  if (!hasKey('second')) notes.push('CORE-RATE-PER-COMPANY and DIALER-RATE-PER-COMPANY not measured: CC_KEY2_ID and CC_KEY2_SECRET are not set');
  if (!hasKey('other')) notes.push('CORE-RATE-PER-COMPANY and DIALER-RATE-PER-COMPANY not measured: CC_OTHER_KEY_ID and CC_OTHER_KEY_SECRET are not set');
  return { notes };
}

type Response = RefinedResponse<ResponseType | undefined>;

function answerOf(res: Response, startedAt: number, answeredAt: number): BudgetAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) headers[name.toLowerCase()] = value;
  let json: unknown;
  // Only 429s are read: no other answer's body judges anything here.
  if (res.status === 429) {
    try {
      json = JSON.parse(typeof res.body === 'string' ? res.body : '');
    } catch {
      json = undefined;
    }
  }
  return { startedAt, durationMs: answeredAt - startedAt, status: res.status, headers, json };
}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** k6 sending for the procedure: every request tagged by surface, key and where in the probe it went. */
function k6Io(): BudgetIo<BudgetAnswer> {
  const lastAnswer: Record<MeteredSurface, number> = { core: Date.now(), dialer: Date.now() };
  const sent: Record<MeteredSurface, number> = { core: 0, dialer: 0 };
  const sendOne = async (surface: MeteredSurface, key: KeyRole, stream: string): Promise<{ res: Response; answer: BudgetAnswer }> => {
    // The surface's mix, in the order the conformance check sends it; the tag carries what serves it into the load report.
    const request = mixRequest(surface, sent[surface]++);
    const tags: RequestTags = { ...tagsFor(surface, key, stream), served_as: request.servedAs.join(',') };
    const headers: Record<string, string> = { Authorization: authorization(key), Accept: 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const url = `${baseUrl(surface) ?? ''}${request.path}${queryString(request)}`;
    const body = request.body === undefined ? null : JSON.stringify(request.body);
    const startedAt = Date.now();
    const res = await http.asyncRequest(request.method, url, body, {
      headers,
      tags: { ...tags },
      timeout: TIMEOUT_MS,
      responseCallback: http.expectedStatuses(...request.servedAs, 429),
    });
    const answer = asMixAnswer(answerOf(res, startedAt, Date.now()), request);
    recordOutcome(res, tags, request.servedAs);
    lastAnswer[surface] = Math.max(lastAnswer[surface], Date.now());
    return { res, answer };
  };
  return {
    async send(surface, key) {
      const { res, answer } = await sendOne(surface, key, `${surface}-${key}`);
      // As the conformance client: a request that got no answer ends the procedure (the rules it left are not judged).
      if (res.status === 0) throw new Error(`a ${surface} request got no answer: ${res.error}`);
      return answer;
    },
    async fireAtOnce(surface, count) {
      // Over as many lanes as the conformance client keeps connections: each lane sends its share one after another.
      const sent: { res: Response; answer: BudgetAnswer }[] = [];
      let next = 0;
      const lane = async () => {
        while (next < count) {
          next++;
          sent.push(await sendOne(surface, 'primary', `${surface}-at-once`));
        }
      };
      await Promise.all(Array.from({ length: Math.min(BURST_CONNECTIONS, count) }, lane));
      return {
        answered: sent.filter((s) => s.res.status !== 0).map((s) => s.answer),
        failures: sent.filter((s) => s.res.status === 0).map((s) => s.res.error),
      };
    },
    sleepUntil: (at) => sleepMs(at - Date.now()),
    quiet: (surface) => sleepMs(lastAnswer[surface] + W + 15 - Date.now()),
    hasKey: (key) => hasKey(key),
    // The conformance run's default seed unless CC_SEED says otherwise: the recovering client's jitter replays.
    seed: /^\d+$/.test(__ENV.CC_SEED ?? '') ? Number(__ENV.CC_SEED) : 1,
  };
}

/** One line per rule on the console, and its verdict as samples for the thresholds and the k6 command. */
function record(tally: RuleTally<BudgetAnswer>, stoppedBy?: string): void {
  for (const v of tally.verdicts(RULES)) {
    // A procedure cut short judged in full only what failed: the rest is not measured, as the conformance runner leaves it.
    const status = stoppedBy !== undefined && v.status !== 'fail' ? 'unjudged' : v.status;
    const detail = status === v.status ? (v.detail ?? '') : `the probe stopped before judging it in full: ${stoppedBy}`;
    if (status === 'pass' || status === 'fail') ruleHeld.add(status === 'pass', { rule: v.rule });
    ruleVerdict.add(1, { rule: v.rule, status, detail: detail.slice(0, 600) });
    if (status === 'fail') console.warn(`${v.rule} failed: ${detail}`);
    else if (status !== 'pass') console.log(`${v.rule} not judged: ${detail}`);
  }
  for (const v of tally.verdicts(OBSERVED_BUDGET_RULES)) if (v.notes.length > 0) console.log(`${v.rule} (observed): ${v.notes.join('; ')}`);
}

export async function budgetProbe(): Promise<void> {
  const tally = new RuleTally<BudgetAnswer>({ rateWindowMs: W, budgetExclusive: EXCLUSIVE });
  try {
    await runBudgetProcedure(tally, k6Io(), ['core', 'dialer']);
    record(tally);
  } catch (err) {
    record(tally, String((err as Error)?.message ?? err));
  }
}

export function handleSummary(data: SummaryData) {
  return reportFiles(data, { run: 'budget', meaning });
}
