import type { CheckDefinition } from '../../lib/checks/define.js';
import { agentChecks } from './agents.js';
import { authChecks } from './auth.js';
import { blacklistChecks } from './blacklist.js';
import { callChecks } from './calls.js';
import { contactFilterChecks } from './contact-filters.js';
import { contactChecks } from './contacts.js';
import { actionChecks, countryChecks } from './countries-actions.js';
import { envelopeChecks } from './envelopes.js';
import { groupTagChecks } from './groups-tags.js';
import { methodChecks } from './methods.js';
import { paginationChecks } from './pagination.js';
import { transportChecks } from './transport.js';

/** The core suite in run order (the core budget is judged by suites/budget). */
export const CORE_CHECKS: readonly CheckDefinition[] = [
  ...authChecks,
  ...transportChecks,
  ...methodChecks,
  ...envelopeChecks,
  ...paginationChecks,
  ...contactChecks,
  ...contactFilterChecks,
  ...agentChecks,
  ...groupTagChecks,
  ...blacklistChecks,
  ...callChecks,
  ...countryChecks,
  ...actionChecks,
];
