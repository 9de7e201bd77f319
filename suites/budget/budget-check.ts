import type { CheckContext } from '../../lib/checks/context.js';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { fireIntoFreshWindow, FRESH_BURST, type FreshBurst, freshAt } from './fresh-window.js';
import { judgeConcurrent, judgePerCompany, judgeSeparate } from './judge-burst.js';
import { judgeLimitedBodies, judgeResetHeaders, observeResetStable, judgeTrial, type Reading } from './judge-trial.js';
import { describeRecovery, MAX_ATTEMPTS, recoverLikeAClient } from './recovery-client.js';
import { ServerClock } from './server-clock.js';
import { type BudgetSurface, RESET_HEADER_RULE, RESET_STABLE_RULE, RULES_OF, SEPARATE_RULE } from './surfaces.js';
import { BURST_CAP, isLimited, POLLS, receivedAt, runTrial, type SequentialTrial, trialExchanges } from './trial.js';

/**
 * Both budgets (spec: Limits) in one check, because their measurements interlock: the trials of the
 * core API and the Dialer run side by side, then each surface gets a burst into a fresh window while
 * the other has room, which is what shows the two budgets apart.
 *
 * Stages, each waiting only as long as the target's window demands:
 * 1. one sequential trial per surface, in parallel (trial.ts), judged by judge-trial.ts;
 * 2. the core: a burst into a fresh window, its second key and another company's key, a Dialer request
 *    (the Dialer has had none of our requests for a window), then a client recovering as the spec says;
 * 3. the Dialer likewise, once the core's burst has left its window, with a core request.
 */

/** Windows a whole budget check lasts at most, quiet start included; the plan states it. */
export const BUDGET_CHECK_WINDOWS = 6;
/** Windows during which each surface refuses the company at most: to the reopening, then two spent windows. */
export const BUDGET_BLOCKED_WINDOWS = 2.5;

const CORE_RULES = Object.values(RULES_OF.core);
const DIALER_RULES = Object.values(RULES_OF.dialer);

const PER_SURFACE = BURST_CAP + POLLS + BURST_CAP + FRESH_BURST + 3 + MAX_ATTEMPTS;

/** When the company's last request on each surface was answered, so a quiet window can be found. */
class LastAnswer {
  readonly #at = new Map<BudgetSurface, number>();
  saw(surface: BudgetSurface, exchanges: Iterable<Exchange | undefined>): void {
    for (const ex of exchanges) if (ex) this.#at.set(surface, Math.max(this.#at.get(surface) ?? 0, receivedAt(ex)));
  }
  of(surface: BudgetSurface): number {
    return this.#at.get(surface) ?? 0;
  }
}

/** Timer jitter allowed on top of every wait: answers bound the server's moments from above already. */
const SLACK_MS = 15;

async function burstStage(
  t: CheckContext,
  surface: BudgetSurface,
  timing: { readonly reading: Reading; readonly lastAnswer: number; readonly notBefore: number },
  clock: ServerClock,
  last: LastAnswer,
  other: BudgetSurface | undefined,
): Promise<{ burst: FreshBurst; separate?: Exchange }> {
  const rules = RULES_OF[surface];
  const windowMs = t.target.rateWindowMs;
  const fresh = freshAt(timing.reading, timing.lastAnswer, timing.notBefore, windowMs, SLACK_MS);
  // Without a known fresh window the burst still spends the budget for the separation probe.
  const burst = await fireIntoFreshWindow(t, surface, fresh?.at ?? Math.max(timing.lastAnswer + windowMs + SLACK_MS, timing.notBefore), fresh?.windowLastsUntil);
  const notFresh = fresh === undefined ? `the trial could not place the server's window (${timing.reading.text}), so no moment is known to be fresh` : undefined;
  last.saw(surface, burst.answered);
  for (const ex of burst.answered) clock.observe(ex);
  judgeConcurrent(t, burst, notFresh);
  judgeLimitedBodies(t, surface, burst.limited);
  if (surface === 'core') {
    judgeResetHeaders(t, burst.limited, clock);
    observeResetStable(t, burst.limited, 'of the burst into a fresh window');
  }
  await judgePerCompany(t, burst, notFresh);
  const separate = other && t.hasSurface('ai') ? await judgeSeparate(t, burst, other) : undefined;
  if (separate && other) last.saw(other, [separate]);
  const first429 = burst.limited[0];
  if (first429) {
    const recovery = await recoverLikeAClient(t, surface, first429, clock, t.seed + (surface === 'core' ? 1 : 2));
    last.saw(surface, recovery.attempts);
    for (const ex of recovery.attempts) clock.observe(ex);
    judgeLimitedBodies(t, surface, recovery.attempts.filter(isLimited));
    if (surface === 'core') judgeResetHeaders(t, recovery.attempts.filter(isLimited), clock);
    t.observe(rules.client, describeRecovery(recovery));
  } else {
    t.observe(rules.client, 'not measured: the burst into a fresh window met no 429');
  }
  return { burst, ...(separate ? { separate } : {}) };
}

/** A rule with nothing to judge (no 429 ever met, say) says so instead of looking like a defect of the check. */
function settleUnjudged(t: CheckContext): void {
  for (const [rule, ledger] of t.ledger) {
    if (ledger.passes === 0 && !ledger.failure && ledger.skipped === undefined) t.skipRule(rule, 'nothing to judge: the checks met no answer this rule speaks of (see the other budget rules)');
  }
}

export const budgetCheck: CheckDefinition = defineCheck({
  id: 'budget.both-surfaces',
  title: 'request budgets of the core API and the Dialer: 60 per window per company, however the target counts its minute',
  surface: 'core',
  rules: [...CORE_RULES, RESET_HEADER_RULE, RESET_STABLE_RULE, ...DIALER_RULES, SEPARATE_RULE],
  maxRequests: 2 * PER_SURFACE + 2,
  // Its bursts bypass the pacer: it lasts its windows, whatever the share.
  lastsWindows: BUDGET_CHECK_WINDOWS,
  needs: { effects: ['budget'] },
  async run(t) {
    const windowMs = t.target.rateWindowMs;
    const withDialer = t.hasSurface('ai');
    if (!withDialer) for (const rule of [...DIALER_RULES, SEPARATE_RULE]) t.skipRule(rule, 'needs CC_AI_URL');
    const surfaces: BudgetSurface[] = withDialer ? ['core', 'dialer'] : ['core'];
    const clock = new ServerClock();
    const last = new LastAnswer();

    const trials = new Map<BudgetSurface, SequentialTrial>();
    for (const trial of await Promise.all(surfaces.map((s) => runTrial(t, s)))) {
      trials.set(trial.surface, trial);
      last.saw(trial.surface, trialExchanges(trial));
      for (const ex of trialExchanges(trial)) clock.observe(ex);
    }
    const readings = new Map<BudgetSurface, Reading>();
    for (const trial of trials.values()) readings.set(trial.surface, judgeTrial(t, trial, clock));
    t.note(RESET_HEADER_RULE, clock.describe());

    const quietAt = (s: BudgetSurface) => last.of(s) + windowMs + SLACK_MS;
    const reading = (s: BudgetSurface) => readings.get(s) as Reading;
    const core = await burstStage(t, 'core', { reading: reading('core'), lastAnswer: last.of('core'), notBefore: withDialer ? quietAt('dialer') : 0 }, clock, last, withDialer ? 'dialer' : undefined);
    if (!withDialer) return settleUnjudged(t);
    // The Dialer's burst waits until the core's has left its window, so a core request then has room.
    const notBefore = Math.max(core.burst.lastReceivedAt + windowMs + SLACK_MS, quietAt('dialer'));
    const dialer = await burstStage(t, 'dialer', { reading: reading('dialer'), lastAnswer: last.of('dialer'), notBefore }, clock, last, 'core');
    // Both directions, or the rule is not judged in full.
    if (!core.separate || !dialer.separate) {
      t.skipRule(SEPARATE_RULE, `judged in ${core.separate || dialer.separate ? 'one direction' : 'neither direction'} only: ${!core.separate ? 'the core burst' : 'the Dialer burst'} did not spend its budget cleanly`);
    } else {
      t.note(SEPARATE_RULE, `the Dialer served the company ${Math.round(core.separate.startedAt - core.burst.firedAt)} ms after the core budget was spent, and the core ${Math.round(dialer.separate.startedAt - dialer.burst.firedAt)} ms after the Dialer's`);
    }
    settleUnjudged(t);
  },
});
