import type { Assertions } from '../../lib/checks/assertions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { isObject } from './json.ts';

/**
 * subErrors on the validation 400s of the AI host, judged on the answers the checks of other rules already
 * provoke, so such a rule costs no request of its own: each 400 to a value a check sent as invalid must carry
 * subErrors, an array of at least one string (spec: Errors on the {ai_url} host, 2). A check lists the rule,
 * hands every answer to such a value to `judge`, and calls `settle` once it has sent the last of them.
 */
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

/** A 400 answering a value sent as invalid carries subErrors, an array of at least one string. */
export function judgeSubErrors(t: Assertions, rule: RuleId, ex: Exchange, what: string): void {
  const problem = subErrorsProblem(ex.json);
  t.judge(rule, problem === undefined, () => `${what} answered 400 ${problem ?? ''}: a validation failure carries subErrors`, ex);
}

export function validationSubErrorsJudge(t: CheckContext, rule: RuleId): SubErrorsJudge {
  let judged = 0;
  return {
    judge(ex, what) {
      if (ex.status !== 400) return;
      judged += 1;
      judgeSubErrors(t, rule, ex, what);
    },
    settle(sent) {
      if (judged === 0) return t.skipRule(rule, `${sent} got no 400, so no validation failure was met to carry subErrors`);
      t.note(rule, `${sent}: ${judged} answered 400`);
      t.done(rule);
    },
  };
}
