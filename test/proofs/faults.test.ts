import { FAULTS } from '../../mock/faults/registry.js';
import { isBudgetFault, proofSuite } from './prove.js';

proofSuite(
  'every fault makes the suite report its rule failed',
  FAULTS.filter((f) => !isBudgetFault(f)),
);
