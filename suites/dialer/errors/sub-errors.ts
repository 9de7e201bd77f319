import type { CheckContext } from '../../../lib/checks/context.ts';
import { rule as catalogued } from '../../../lib/rules/index.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { type SubErrorsJudge, validationSubErrorsJudge } from '../../shared/sub-errors.ts';

/**
 * DIALER-VALIDATION-SUBERRORS, judged on the validation 400s the Dialer checks already provoke, so the rule
 * costs no request of its own: each 400 to a value a check sent as invalid must carry subErrors, an array of
 * at least one string (spec: Errors on the {ai_url} host, 2). A check lists the rule, hands every answer to
 * such a value to `judge`, and calls `settle` once it has sent the last of them.
 */
export const SUB_ERRORS = 'DIALER-VALIDATION-SUBERRORS';

/**
 * For a check whose own rules all came with a release (its refusals): listing this rule, which holds in every
 * release, keeps the check from being disabled before that release, so there it skips before sending
 * anything, as what it sends would be accepted (an accepted export or blank-named script cannot be deleted).
 */
export function skipBeforeRefusals(t: CheckContext, rule: RuleId): void {
  if (!t.applies(rule))
    t.skip(`the values this check sends are refused from Dialer release ${catalogued(rule).since ?? ''} on (${rule}), and release ${t.release} is expected`);
}

/** The judge of DIALER-VALIDATION-SUBERRORS (suites/shared/sub-errors.ts). */
export function subErrorsJudge(t: CheckContext): SubErrorsJudge {
  return validationSubErrorsJudge(t, SUB_ERRORS);
}
