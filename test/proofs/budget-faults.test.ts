import { describe, expect, test } from 'vitest';
import { FAULTS, faultSpec } from '../../mock/faults/registry.js';
import { BUDGET_FAULT_GROUPS, describeRules, proveBudget } from './budget-proof.js';
import { isBudgetFault } from './prove.js';

describe('the budget faults', () => {
  test('each is proved by exactly one group', () => {
    const grouped = BUDGET_FAULT_GROUPS.flat();
    expect(grouped.filter((name, i) => grouped.indexOf(name) !== i)).toEqual([]);
    expect(FAULTS.filter(isBudgetFault).map((f) => f.name).sort()).toEqual([...grouped].sort());
  });
});

describe.concurrent('every budget fault makes the budget checks report its rule failed', () => {
  for (const group of BUDGET_FAULT_GROUPS) {
    const specs = group.map((name) => faultSpec(name) as NonNullable<ReturnType<typeof faultSpec>>);
    test(specs.map((f) => `${f.name} → ${f.breaks}`).join(', '), { timeout: 150_000 }, async () => {
      const results = await proveBudget({ faults: group });
      for (const fault of specs) expect(results.get(fault.breaks)?.status, `${fault.name}: ${describeRules(results)}`).toBe('fail');
    });
  }
});
