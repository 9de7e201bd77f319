import type { Target } from '../lib/config/target.ts';
import { refusedForMs } from '../load/shared/flood-duration.ts';
import { budgetName, type LoadScenario } from '../load/shared/scenario-model.ts';

/**
 * A live account's budgets are shared with the company's other integrations, so spending them on purpose
 * needs `budget` in CC_EFFECTS; the bundled mock serves no one else.
 */
export function mayFloodBudgets(target: Target): boolean {
  return target.bundledMock || target.effects.has('budget');
}

/** A stretch of time in words: seconds up to two minutes, minutes beyond. */
export function inMinutesOrSeconds(ms: number): string {
  return ms >= 120_000 ? `${(ms / 60_000).toFixed(1)} minutes` : `${(ms / 1000).toFixed(0)} seconds`;
}

/** Why a load command refuses to run the scenario against the target, in one line; undefined when it floods no budget or may. */
export function floodRefusal(scenario: LoadScenario, target: Target): string | undefined {
  if (mayFloodBudgets(target) || scenario.limited.length === 0) return undefined;
  const w = target.rateWindowMs;
  const budgets = scenario.limited.map((b) => budgetName(b.company, b.surface)).join(', ');
  return (
    `scenario ${scenario.name} floods the budgets ${budgets} on purpose, so the company's other integrations would get 429 for about ` +
    `${inMinutesOrSeconds(refusedForMs(scenario, w))} (at a ${w} ms window); add budget to CC_EFFECTS to allow it`
  );
}
