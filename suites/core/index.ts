import type { CheckDefinition } from '../../lib/checks/define.ts';
import { agentEditChecks } from './agents/edit.ts';
import { agentChecks } from './agents/add.ts';
import { authChecks } from './authentication/keys.ts';
import { blacklistChecks } from './blacklist/entries.ts';
import { callChecks } from './calls/history.ts';
import { collectionTotalChecks } from './pagination/collection-totals.ts';
import { contactEditChecks } from './contacts/edit-lists.ts';
import { contactFilterChecks } from './contacts/filters.ts';
import { contactChecks } from './contacts/edit-values.ts';
import { blacklistSequenceChecks } from './blacklist/sequences.ts';
import { contactSequenceChecks } from './contacts/sequences.ts';
import { membershipSequenceChecks } from './groups/membership-sequences.ts';
import { tagSequenceChecks } from './tags/sequences.ts';
import { actionChecks, countryChecks } from './actions/countries-and-actions.ts';
import { envelopeChecks } from './service/envelopes.ts';
import { groupMembershipChecks } from './groups/memberships.ts';
import { groupTagChecks } from './groups/groups-and-tags.ts';
import { methodChecks } from './service/methods.ts';
import { paginationChecks } from './pagination/limits-and-pages.ts';
import { transportChecks } from './service/hosts.ts';

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
  // Last: their random sequences never judge the lane's other records, and need no share of them.
  ...contactSequenceChecks,
  ...blacklistSequenceChecks,
  ...tagSequenceChecks,
  ...membershipSequenceChecks,
];
