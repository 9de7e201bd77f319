import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../mock/faults/registry.ts';
import { BUDGET_FAULT_GROUPS } from './budget-proof.ts';
import { isBudgetFault } from './prove.ts';

/**
 * Every budget fault is proved by test/proofs/budget-parity.test.ts (`npm run test:parity`, a step of
 * its own in CI): the conformance budget check must report the fault's rule failed, and the k6 budget
 * probe must give the same verdict. Both take whole rate windows per group, minutes in all, so they run
 * apart from `npm test`; what is checked here, at once, is that the groups name every budget fault once.
 */
describe('the budget faults', () => {
  test('each is proved by exactly one group', () => {
    const grouped = BUDGET_FAULT_GROUPS.flat();
    expect(grouped.filter((name, i) => grouped.indexOf(name) !== i)).toEqual([]);
    expect(
      FAULTS.filter(isBudgetFault)
        .map((f) => f.name)
        .sort(),
    ).toEqual([...grouped].sort());
  });
});
