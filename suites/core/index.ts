import type { CheckDefinition } from '../../lib/checks/define.js';
import { agentEditChecks } from './agent-edits.js';
import { agentChecks } from './agents.js';
import { authChecks } from './auth.js';
import { blacklistChecks } from './blacklist.js';
import { callChecks } from './calls.js';
import { collectionTotalChecks } from './collection-totals.js';
import { contactEditChecks } from './contact-edits.js';
import { contactFilterChecks } from './contact-filters.js';
import { contactChecks } from './contacts.js';
import { actionChecks, countryChecks } from './countries-actions.js';
import { envelopeChecks } from './envelopes.js';
import { groupMembershipChecks } from './group-memberships.js';
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
  ...collectionTotalChecks,
  ...contactChecks,
  ...contactEditChecks,
  ...contactFilterChecks,
  ...agentChecks,
  ...agentEditChecks,
  ...groupTagChecks,
  ...groupMembershipChecks,
  ...blacklistChecks,
  ...callChecks,
  ...countryChecks,
  ...actionChecks,
];
