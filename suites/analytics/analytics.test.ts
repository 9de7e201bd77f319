import { registerSuite } from '../../lib/checks/vitest.js';
import { ANALYTICS_CHECKS } from './index.js';

registerSuite('analytics', ANALYTICS_CHECKS);
