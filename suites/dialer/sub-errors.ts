import type { CheckContext } from '../../lib/checks/context.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { rule as catalogued } from '../../lib/rules/index.ts';
import { isObject } from '../shared/json.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * DIALER-VALIDATION-SUBERRORS, judged on the validation 400s the Dialer checks already provoke, so the rule
 * costs no request of its own: each 400 to a value a check sent as invalid must carry subErrors, an array of
 * at least one string (spec: Errors on the {ai_url} host, 2). A check lists the rule, hands every answer to
 * such a value to `judge`, and calls `settle` once it has sent the last of them.
 */
export const SUB_ERRORS = 'DIALER-VALIDATION-SUBERRORS';

export interface SubErrorsJudge {
  /** An answer to a value sent as invalid: a 400 must carry subErrors; any other status is not this rule's to judge. */
  judge(ex: Exchange, what: string): void;
  /**
   * Once the check has sent its last invalid value: the rule is judged in full when a 400 was met, and
   * otherwise left unjudged, saying what was sent (`sent`, in words) and never refused with 400.
   */
  settle(sent: string): void;
}

/** Why a subErrors member is not what a validation failure carries, or undefined when it is. */
function subErrorsProblem(body: unknown): string | undefined {
  const sub = isObject(body) ? body.subErrors : undefined;
  if (sub === undefined) return 'without subErrors';
  if (!Array.isArray(sub) || sub.length === 0 || !sub.every((s) => typeof s === 'string'))
    return `with subErrors ${JSON.stringify(sub)}, not an array of at least one string`;
  return undefined;
}

/**
 * For a check whose own rules all came with a release (its refusals): listing this rule, which holds in every
 * release, keeps the check from being disabled before that release, so there it skips before sending
 * anything, as what it sends would be accepted (an accepted export or blank-named script cannot be deleted).
 */
export function skipBeforeRefusals(t: CheckContext, rule: RuleId): void {
  if (!t.applies(rule))
    t.skip(`the values this check sends are refused from Dialer release ${catalogued(rule).since ?? ''} on (${rule}), and release ${t.release} is expected`);
}

export function subErrorsJudge(t: CheckContext): SubErrorsJudge {
  let judged = 0;
  return {
    judge(ex, what) {
      if (ex.status !== 400) return;
      judged += 1;
      const problem = subErrorsProblem(ex.json);
      t.judge(SUB_ERRORS, problem === undefined, () => `${what} answered 400 ${problem ?? ''}: a validation failure carries subErrors`, ex);
    },
    settle(sent) {
      if (judged === 0) return t.skipRule(SUB_ERRORS, `${sent} got no 400, so no validation failure was met to carry subErrors`);
      t.note(SUB_ERRORS, `${sent}: ${judged} answered 400`);
      t.done(SUB_ERRORS);
    },
  };
}
