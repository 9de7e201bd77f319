import type { CheckDefinition } from '../../lib/checks/define.ts';
import { agentEditChecks } from './agent-edits.ts';
import { agentChecks } from './agents.ts';
import { authChecks } from './auth.ts';
import { blacklistChecks } from './blacklist.ts';
import { callChecks } from './calls.ts';
import { collectionTotalChecks } from './collection-totals.ts';
import { contactEditChecks } from './contact-edits.ts';
import { contactFilterChecks } from './contact-filters.ts';
import { contactChecks } from './contacts.ts';
import { blacklistSequenceChecks } from './blacklist-sequences.ts';
import { contactSequenceChecks } from './contact-sequences.ts';
import { membershipSequenceChecks } from './membership-sequences.ts';
import { tagSequenceChecks } from './tag-sequences.ts';
import { actionChecks, countryChecks } from './countries-actions.ts';
import { envelopeChecks } from './envelopes.ts';
import { groupMembershipChecks } from './group-memberships.ts';
import { groupTagChecks } from './groups-tags.ts';
import { methodChecks } from './methods.ts';
import { paginationChecks } from './pagination.ts';
import { transportChecks } from './transport.ts';

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
