/**
 * The capacity probe: a short paced load at the plan's shares of the core and Dialer budgets, so the
 * plan can be stated on measured latency and on whether the share is really there to be had.
 */
import type { Target } from '../../lib/config/target.ts';
import { formatDuration } from '../../lib/render/durations.ts';
import { type LoadProgress, runLoad } from '../node/run.ts';
import { nodeRunReport } from '../report/node-run-report.ts';
import type { LoadReport } from '../report/report-model.ts';
import { pacedShare } from '../scenarios/index.ts';
import { type LoadScenario, type LoadStream, scenarioRequests } from '../shared/scenario-model.ts';
import { BUDGET_PER_WINDOW } from '../../lib/contract/vocabulary.ts';
import type { CapacityPlan } from './campaign-plan.ts';

export function probeScenario(plan: CapacityPlan, windows: number): LoadScenario {
  return pacedShare({ coreShare: plan.shares.core, dialerShare: plan.shares.dialer, windows });
}

/** The probe takes the whole of a budget: the company's other integrations would get 429 meanwhile. */
export function probeTakesWholeBudget(scenario: LoadScenario): boolean {
  return scenario.streams.some((s) => s.perWindow >= BUDGET_PER_WINDOW);
}

function requestText(stream: LoadStream): string {
  const query = new URLSearchParams(stream.endpoint.query ?? {}).toString();
  return `${stream.endpoint.method} ${stream.endpoint.path}${query ? `?${query}` : ''}`;
}

/** What the probe spends, said before it starts: on a live target it is the company's budget. */
export function probeNotice(scenario: LoadScenario, target: Target): string {
  const windows = Math.max(...scenario.streams.map((s) => s.windows));
  const spend = scenario.streams.map((s) => `${s.perWindow} of ${BUDGET_PER_WINDOW} ${s.surface} requests per window (${requestText(s)})`).join(' and ');
  const length = `${windows} windows of ${target.rateWindowMs} ms (${formatDuration(windows * target.rateWindowMs)})`;
  if (target.bundledMock) return `probe: bundled mock, ${spend} for ${length}, ${scenarioRequests(scenario)} requests`;
  return `probe: spends ${spend} of the company's budgets for ${length}, ${scenarioRequests(scenario)} requests; the company's other integrations share what is left`;
}

export interface CapacityProbeOptions {
  readonly scenario: LoadScenario;
  readonly target: Target;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: LoadProgress) => void;
}

export async function runCapacityProbe(options: CapacityProbeOptions): Promise<LoadReport> {
  const { scenario, target } = options;
  const result = await runLoad({
    warmUp: true,
    scenario,
    target,
    windowMs: target.rateWindowMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return nodeRunReport(result, { scenario, target, kind: 'capacity', notes: ['capacity probe: the shares of the plan, paced evenly over each window'] });
}
