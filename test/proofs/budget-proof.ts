import { Session } from '../../lib/checks/session.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { buildReport, type RuleResult } from '../../lib/results/report.ts';
import { startMockProcess } from '../../mock/child-process.ts';
import type { Release } from '../../lib/dialer/releases.ts';
import type { Dialect } from '../../mock/dialect.ts';
import type { RateAlgorithm } from '../../mock/http/rate-meter.ts';
import { BUDGET_CHECKS } from '../../suites/budget/index.ts';
import { PROOF_SEED } from './prove.ts';

/**
 * Window of the budget proofs' mocks. The budget checks time bursts against the window, so it must
 * leave room for a loaded machine; each proof then lasts about five windows.
 */
export const BUDGET_PROOF_WINDOW_MS = 4000;

/** Budget proofs at once: each fires bursts of up to 121 requests, and the machine has two cores. */
const AT_ONCE = 3;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Runs the budget checks, as a conformance run does, against a mock counting its minute by `algorithm`
 * with `faults` on (and the `dialect` given), and returns what the report says of each rule.
 */
export function proveBudget(options: {
  readonly faults?: readonly string[];
  readonly algorithm?: RateAlgorithm;
  readonly dialect?: Dialect;
  readonly release?: Release;
}): Promise<Map<string, RuleResult>> {
  return slot(async () => {
    const args = [
      '--rate-window-ms',
      String(BUDGET_PROOF_WINDOW_MS),
      '--rate-algorithm',
      options.algorithm ?? 'fixed',
      ...(options.dialect ? ['--dialect', options.dialect] : []),
      ...(options.release ? ['--dialer-release', options.release] : []),
      ...(options.faults ?? []).flatMap((f) => ['--fault', f]),
    ];
    const mock = await startMockProcess(args);
    const target = targetFromSettings({ ...mock.env }, process.cwd(), true);
    const session = new Session(target, PROOF_SEED);
    try {
      const outcomes = await runChecks(session, BUDGET_CHECKS);
      const report = buildReport({ outcomes, target, seed: PROOF_SEED, startedAt: new Date(), durationMs: 0 });
      return new Map(report.rules.filter((r) => BUDGET_CHECKS.some((c) => (c.rules as readonly string[]).includes(r.id))).map((r) => [r.id, r]));
    } finally {
      await session.close();
      await mock.stop();
    }
  });
}

export function describeRules(results: Map<string, RuleResult>, ids?: readonly string[]): string {
  return [...results.values()]
    .filter((r) => !ids || ids.includes(r.id))
    .map((r) => `${r.id}: ${r.status}${r.detail ? ` (${r.detail})` : ''}${r.notes.length ? ` [${r.notes.join('; ')}]` : ''}`)
    .join('\n');
}

/**
 * Every budget fault makes the budget checks report its rule failed. A budget check costs several of
 * the mock's windows, so faults of the two surfaces that cannot disturb each other share one mock;
 * faults that mix the two budgets run alone.
 */
export const BUDGET_FAULT_GROUPS: readonly (readonly string[])[] = [
  ['rate-limit-59', 'dialer-rate-59'],
  ['rate-limit-off', 'dialer-rate-off'],
  ['rate-limit-61', 'dialer-rate-61'],
  ['rate-limit-90', 'dialer-rate-90'],
  ['rate-race', 'dialer-rate-race'],
  ['rate-429-body', 'dialer-rate-429-core-body'],
  ['rate-per-key', 'dialer-rate-per-key'],
  ['rate-no-recovery', 'dialer-rate-no-recovery'],
  ['rate-no-reset-header'],
  ['rate-reset-ms'],
  ['rate-reset-past'],
  ['core-rate-shared-with-dialer'],
  ['dialer-rate-shared-with-core'],
  ['rate-one-counter'],
];
