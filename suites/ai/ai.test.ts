import { registerSuite } from '../../lib/checks/vitest.js';
import { AI_CHECKS } from './index.js';

registerSuite('AI host', AI_CHECKS);
