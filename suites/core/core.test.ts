import { registerSuite } from '../../lib/checks/vitest.js';
import { CORE_CHECKS } from './index.js';

registerSuite('core API', CORE_CHECKS);
