import { FAULTS } from '../../mock/faults/registry.js';
import { isRateFault, proofSuite } from './prove.js';

proofSuite('every fault makes the suite report its rule failed', FAULTS.filter((f) => !isRateFault(f)));
