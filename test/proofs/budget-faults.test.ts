import { describe, expect, test } from 'vitest';
import { FAULTS, faultSpec } from '../../mock/faults/registry.js';
import { describeRules, proveBudget } from './budget-proof.js';
import { isBudgetFault } from './prove.js';

/**
 * Every budget fault makes the budget checks report its rule failed. A budget check costs several of
 * the mock's windows, so faults of the two surfaces that cannot disturb each other share one mock;
 * faults that mix the two budgets run alone.
 */
const GROUPS: readonly (readonly string[])[] = [
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

describe('the budget faults', () => {
  test('each is proved by exactly one group', () => {
    const grouped = GROUPS.flat();
    expect(grouped.filter((name, i) => grouped.indexOf(name) !== i)).toEqual([]);
    expect(FAULTS.filter(isBudgetFault).map((f) => f.name).sort()).toEqual([...grouped].sort());
  });
});

describe.concurrent('every budget fault makes the budget checks report its rule failed', () => {
  for (const group of GROUPS) {
    const specs = group.map((name) => faultSpec(name) as NonNullable<ReturnType<typeof faultSpec>>);
    test(specs.map((f) => `${f.name} → ${f.breaks}`).join(', '), { timeout: 150_000 }, async () => {
      const results = await proveBudget({ faults: group });
      for (const fault of specs) expect(results.get(fault.breaks)?.status, `${fault.name}: ${describeRules(results)}`).toBe('fail');
    });
  }
});
