import { FAULTS } from '../../mock/faults/registry.ts';
import { isBudgetFault, proofSuite } from './prove.ts';

proofSuite(
  'every fault makes the suite report its rule failed',
  FAULTS.filter((f) => !isBudgetFault(f)),
);
