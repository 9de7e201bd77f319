import { FAULTS } from '../../mock/faults/registry.js';
import { isRateFault, proofSuite } from './prove.js';

// Apart from the others, so their longer window runs beside the rest of the proofs instead of after them.
proofSuite('every rate-limit fault makes the suite report its rule failed', FAULTS.filter(isRateFault));
