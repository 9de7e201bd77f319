import { registerSuite } from '../../lib/checks/vitest.js';
import { CUECARD_CHECKS } from './index.js';

registerSuite('CueCard', CUECARD_CHECKS);
