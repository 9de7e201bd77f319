import { BUDGET_PER_WINDOW, type KeyRole, type MeteredSurface } from '../contract/vocabulary.ts';
import { type BudgetAnswer, isLimited, isServed, receivedAt, surfaceName } from './answers.ts';
import { FRESH_BURST, type FreshBurst } from './fresh-burst.ts';
import { RULES_OF, SEPARATE_RULE } from './rule-ids.ts';
import { type BudgetJudge, judgeBelowBudget } from './rule-sink.ts';

const B = BUDGET_PER_WINDOW;

/** How the probes after a burst are sent: one request of a surface's budget with one of the keys. */
export interface KeyedIo<A extends BudgetAnswer> {
  send(surface: MeteredSurface, key: KeyRole): Promise<A>;
  hasKey(key: 'second' | 'other'): boolean;
}

/** Why a burst cannot be judged, or undefined when it can. */
export function burstTrouble<A extends BudgetAnswer>(burst: FreshBurst<A>): string | undefined {
  if (burst.failures.length > 0) return `inconclusive: ${burst.failures.length} of ${FRESH_BURST} requests got no answer (${burst.failures[0]})`;
  if (burst.others.length > 0)
    return `inconclusive: ${burst.others.length} of ${FRESH_BURST} answers were neither 2xx nor 429 (${[...new Set(burst.others.map((ex) => ex.status))].join(', ')})`;
  return undefined;
}

/** Exactly the budget served when requests arrive together in a fresh window. */
export function judgeConcurrent<A extends BudgetAnswer>(t: BudgetJudge<A>, burst: FreshBurst<A>, notFresh: string | undefined): void {
  const rule = RULES_OF[burst.surface].concurrent;
  const trouble = burstTrouble(burst);
  if (trouble) return t.skipRule(rule, trouble);
  if (notFresh !== undefined) return t.skipRule(rule, notFresh);
  const took = burst.lastReceivedAt - burst.firedAt;
  if (burst.lastReceivedAt > (burst.windowLastsUntil as number))
    return t.skipRule(
      rule,
      `inconclusive: the ${FRESH_BURST} requests took ${Math.round(took)} ms to be answered, too long to be sure they all reached the server within the ${t.target.rateWindowMs} ms window they were fired in`,
    );
  const evidence = burst.answered.filter(isServed).at(-1) ?? burst.limited[0];
  const message = `${burst.served} of ${FRESH_BURST} requests fired at once into a fresh window were served, which owes the company exactly ${B}`;
  if (burst.served < B) judgeBelowBudget(t, rule, message, evidence);
  else t.judge(rule, burst.served === B, message, evidence);
  t.note(rule, `${burst.served} served and ${burst.limited.length} refused of ${FRESH_BURST} fired at once; answered within ${Math.round(took)} ms`);
}

/**
 * Right after the burst spent the company's budget, within the same window: the company's second key is
 * refused, another company's key is served.
 */
export async function judgePerCompany<A extends BudgetAnswer>(
  t: BudgetJudge<A>,
  io: KeyedIo<A>,
  burst: FreshBurst<A>,
  notFresh: string | undefined,
): Promise<void> {
  const rule = RULES_OF[burst.surface].perCompany;
  const missing = (['second', 'other'] as const).find((key) => !io.hasKey(key));
  if (missing) return t.skipRule(rule, `needs ${missing === 'second' ? 'CC_KEY2_ID' : 'CC_OTHER_KEY_ID'}`);
  const trouble = burstTrouble(burst) ?? notFresh;
  if (trouble) return t.skipRule(rule, trouble);
  if (burst.limited.length === 0) return t.skipRule(rule, `the burst of ${FRESH_BURST} spent no budget (no 429); judged by ${RULES_OF[burst.surface].limited}`);
  const second = await io.send(burst.surface, 'second');
  const other = await io.send(burst.surface, 'other');
  if (receivedAt(other) > (burst.windowLastsUntil as number))
    return t.skipRule(rule, 'inconclusive: the probes were answered too late to be sure they reached the server in the window the burst spent');
  if (
    !t.judge(
      rule,
      isLimited(second),
      `the company's second key was answered ${second.status} right after the company spent its ${surfaceName(burst.surface)} budget: the budget is counted per key, not per company`,
      second,
    )
  )
    return;
  t.judge(rule, !isLimited(other), `another company's key got 429 while only this company had spent its ${surfaceName(burst.surface)} budget`, other);
}

/**
 * Right after the burst spent one surface's budget, the other surface serves the company: `other` has
 * room (none or almost none of our requests in its last window). Returns the probe when it judged.
 */
export async function judgeSeparate<A extends BudgetAnswer>(
  t: BudgetJudge<A>,
  io: KeyedIo<A>,
  burst: FreshBurst<A>,
  other: MeteredSurface,
): Promise<A | undefined> {
  const trouble = burstTrouble(burst);
  if (trouble) {
    t.note(SEPARATE_RULE, `${surfaceName(burst.surface)} spent: ${trouble}`);
    return undefined;
  }
  if (burst.limited.length === 0) {
    t.note(SEPARATE_RULE, `the ${surfaceName(burst.surface)} burst spent no budget (no 429)`);
    return undefined;
  }
  const ex = await io.send(other, 'primary');
  if (!isServed(ex) && !isLimited(ex)) {
    t.note(
      SEPARATE_RULE,
      `the ${surfaceName(other)} answered ${ex.status} right after the ${surfaceName(burst.surface)} budget was spent: neither served nor refused`,
    );
    return undefined;
  }
  t.judge(
    SEPARATE_RULE,
    isServed(ex),
    `the ${surfaceName(other)} answered 429 right after the company spent its ${surfaceName(burst.surface)} budget, with room left in its own: the two budgets are not separate`,
    ex,
  );
  return ex;
}
