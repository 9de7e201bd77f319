import { FAULTS } from '../../mock/faults/registry.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { isBudgetFault, proofSuite } from './prove.ts';

/**
 * A live target gets each fuzzed check's exact boundaries and one more value (CC_FUZZ_RANDOM=1). The
 * boundaries alone must catch every fault of a rule a fuzzed check judges: the samples and random values
 * widen the search on the runs that draw them, but a gate must not need them to see a known break.
 */
const fuzzedRules = new Set(ALL_CHECKS.filter((check) => check.cost.randomValues !== undefined).flatMap((check) => check.rules));

proofSuite(
  'with no sample or random value (CC_FUZZ_RANDOM=0), every fault of a rule a fuzzed check judges is still reported failed',
  FAULTS.filter((fault) => !isBudgetFault(fault) && fuzzedRules.has(fault.breaks)),
  { CC_FUZZ_RANDOM: '0' },
);
