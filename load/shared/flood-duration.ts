/**
 * How long a scenario keeps some budget of the company flooded: what a live account's other
 * integrations would suffer (429s) while it runs, which both load commands state before they refuse
 * a flood without consent. Pure arithmetic on the scenario, for either engine.
 */
import { BUDGET_PER_WINDOW, COMPANY_OF_SLOT } from '../../lib/contract/vocabulary.ts';
import { type LoadScenario, peakOfferedPerWindow } from './scenario-model.ts';

/**
 * Windows during which at least one budget the scenario floods is offered more than the budget, as
 * the length of the union of those spans (two budgets flooded at once count once). A span a ramp
 * floods only towards its end counts whole: the estimate errs on the side of the other integrations.
 */
export function floodedWindows(scenario: LoadScenario): number {
  const spans: [number, number][] = [];
  for (const budget of scenario.limited) {
    const streams = scenario.streams.filter((s) => s.surface === budget.surface && COMPANY_OF_SLOT[s.key] === budget.company);
    const edges = [...new Set(streams.flatMap((s) => [s.startWindow, s.startWindow + s.windows]))].sort((a, b) => a - b);
    for (let i = 0; i + 1 < edges.length; i++) {
      const from = edges[i] as number;
      const to = edges[i + 1] as number;
      if (peakOfferedPerWindow(scenario, budget.company, budget.surface, from, to) > BUDGET_PER_WINDOW) spans.push([from, to]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    const start = Math.max(from, reach);
    if (to > start) total += to - start;
    reach = Math.max(reach, to);
  }
  return total;
}

/**
 * Roughly how long the company's integrations would be refused: the flooded windows plus one (the
 * server's last window opened during the flood runs on after it), in ms at the given window length.
 */
export function refusedForMs(scenario: LoadScenario, windowMs: number): number {
  const flooded = floodedWindows(scenario);
  return flooded > 0 ? (flooded + 1) * windowMs : 0;
}
