import { registerSuite } from '../../lib/checks/vitest.js';
import { DIALER_CHECKS } from './index.js';

registerSuite('Dialer', DIALER_CHECKS);
