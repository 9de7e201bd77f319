/**
 * Runs one scenario of load/scenarios, named by CC_SCENARIO (default smoke), as k6 scenarios: one
 * open-model arrival stream per stream of the scenario. The verdict is the thresholds: mustServe
 * streams fully served, flooded budgets limited at least once, each surface's latency below the
 * scenario's limits (CC_LATENCY, the text of `--latency` values separated by spaces, replaces a
 * surface's), next to no transport errors.
 *
 *   CC_SCENARIO=smoke SSL_CERT_FILE=... k6 run load/k6/scenario.ts   (CC_* target variables in the env)
 *   CC_SCENARIO=smoke CC_LATENCY='core:p95=800,p99=1500 dialer:p95=900' k6 run load/k6/scenario.ts
 */
import exec from 'k6/execution';
import { Rate } from 'k6/metrics';
import { latencyLimitsText, parseLatencyList, withLatencyLimits } from '../shared/latency.ts';
import { type LatencyLimits, type LoadScenario, scenarioProblems } from '../shared/scenario-model.ts';
import { scenarioNamed, SCENARIOS } from '../scenarios/index.ts';
import { builtWithTags, refuseOtherEnvironment } from './built-with.ts';
import { abortUnlessHealthy } from './health.ts';
import { recordOutcome, TRANSPORT_ERROR_TOLERANCE } from './outcomes.ts';
import { scenarioExecutors, scenarioThresholds, summaryBreakdown } from './k6-options.ts';
import { refuseMissingReportsFolder, reportFiles, SUMMARY_TREND_STATS, type SummaryData } from './summary.ts';
import { expectServedOrLimited, missingFor, read, tagsFor, TIMEOUT_MS, WINDOW_MS } from './target.ts';

/** The latency limits CC_LATENCY names, which replace the scenario's for their surfaces. */
function latencyOverrides(): LatencyLimits {
  try {
    return parseLatencyList(__ENV.CC_LATENCY);
  } catch (err) {
    throw new Error(`CC_LATENCY: ${(err as Error).message}`);
  }
}

function chosenScenario(overrides: LatencyLimits): LoadScenario {
  const name = __ENV.CC_SCENARIO || 'smoke';
  const named = scenarioNamed(name);
  if (!named) throw new Error(`CC_SCENARIO: unknown scenario ${JSON.stringify(name)} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  const scenario = withLatencyLimits(named, overrides);
  const problems = scenarioProblems(scenario);
  if (problems.length > 0) throw new Error(`scenario ${name} is unfit to run: ${problems.join('; ')}`);
  return scenario;
}

const overrides = latencyOverrides();
const scenario = chosenScenario(overrides);
const plan = scenarioThresholds(scenario, TRANSPORT_ERROR_TOLERANCE);
const mustServeOk = new Rate('must_serve_ok');
/** What the options below are built from; an archive keeps them, and setup() holds the run's environment to them. */
const BUILT_WITH = {
  CC_SCENARIO: scenario.name,
  CC_RATE_WINDOW_MS: String(WINDOW_MS),
  CC_TIMEOUT_MS: String(TIMEOUT_MS),
  // The limits as read back, not as typed, so spacing alone never refuses a run; 'none' so an archive built without any refuses an environment naming some.
  CC_LATENCY: latencyLimitsText(overrides) || 'none',
};

export const options = {
  tags: builtWithTags(BUILT_WITH),
  scenarios: scenarioExecutors(scenario, WINDOW_MS, TIMEOUT_MS, 'stream'),
  // Each surface's latency and request count kept for the end-of-test summary, judged by nothing; the thresholds win where both name a metric.
  thresholds: { ...summaryBreakdown(scenario), ...plan.thresholds },
  summaryTrendStats: SUMMARY_TREND_STATS,
  // setup() may wait a whole timeout per surface before it can call the target unhealthy.
  setupTimeout: `${2 * TIMEOUT_MS + 10_000}ms`,
};

expectServedOrLimited();

export interface SetupData {
  readonly notes: string[];
}

/**
 * One read per surface before any load: a target that is down, or whose budget someone else is already
 * spending (429 at once), would make every threshold meaningless, so the run stops here instead.
 */
export function setup(): SetupData {
  refuseOtherEnvironment(BUILT_WITH);
  refuseMissingReportsFolder((reason) => exec.test.abort(reason));
  for (const s of scenario.streams) {
    const missing = missingFor(s.surface, s.key);
    if (missing) exec.test.abort(`stream ${s.name} cannot run: ${missing}`);
  }
  const surfaces = [...new Set(scenario.streams.map((s) => s.surface))];
  for (const surface of surfaces) {
    const first = scenario.streams.find((s) => s.surface === surface) as (typeof scenario.streams)[number];
    const res = read(surface, first.endpoint, tagsFor(surface, 'primary', 'setup'));
    abortUnlessHealthy(surface, first.endpoint.path, res.status, res.error, WINDOW_MS);
  }
  return { notes: [`scenario ${scenario.name}: ${scenario.description}`, `rate window ${WINDOW_MS} ms`] };
}

/** One arrival: the scenario's name is the stream's. */
export function stream(): void {
  const s = scenario.streams.find((x) => x.name === exec.scenario.name);
  if (!s) throw new Error(`no stream ${exec.scenario.name}`);
  const tags = tagsFor(s.surface, s.key, s.name);
  const res = read(s.surface, s.endpoint, tags);
  const outcome = recordOutcome(res, tags);
  if (s.mustServe) mustServeOk.add(outcome === 'served', tags);
}

export function handleSummary(data: SummaryData) {
  return reportFiles(data, { run: scenario.name, meaning: plan.meaning });
}
