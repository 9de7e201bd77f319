import { type KeyRole, type MeteredSurface } from '../../lib/contract/vocabulary.ts';
import { BUDGET_PROCEDURE_WINDOWS, type BudgetIo, runBudgetProcedure } from '../../lib/budget/procedure.ts';
import { RESET_HEADER_RULE, RESET_STABLE_RULE, RULES_OF, SEPARATE_RULE } from '../../lib/budget/rule-ids.ts';
import { FRESH_BURST } from '../../lib/budget/fresh-burst.ts';
import { BURST_CAP, POLLS } from '../../lib/budget/sequential-trial.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { MAX_ATTEMPTS } from '../../lib/budget/recovering-client.ts';
import { budgetBucket } from './surfaces.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import { asMixAnswer, type MixRequest, mixRequest } from '../../lib/budget/request-mix.ts';

/**
 * Both budgets (spec: Limits) in one check, measured and judged by lib/budget/procedure.ts, the very
 * procedure the k6 budget probe runs: this check gives it the suite's client and the pacer's quiet windows.
 */

/** Windows a whole budget check lasts at most, quiet start included; the plan states it. */
export const BUDGET_CHECK_WINDOWS = BUDGET_PROCEDURE_WINDOWS;
export { BUDGET_BLOCKED_WINDOWS } from '../../lib/budget/procedure.ts';

const CORE_RULES = Object.values(RULES_OF.core);
const DIALER_RULES = Object.values(RULES_OF.dialer);

const PER_SURFACE = BURST_CAP + POLLS + BURST_CAP + FRESH_BURST + 3 + MAX_ATTEMPTS;

/** A rule with nothing to judge (no 429 ever met, say) says so instead of looking like a defect of the check. */
function settleUnjudged(t: CheckContext): void {
  for (const [rule, standing] of t.standings) {
    if (standing.passes === 0 && !standing.failure && standing.skipped === undefined)
      t.skipRule(rule, 'nothing to judge: the checks met no answer this rule speaks of (see the other budget rules)');
  }
}

/** The n-th request of the surface's mix as the suite sends it: planned (the check bypasses the pacer). */
function mixSpec(t: CheckContext, surface: MeteredSurface, request: MixRequest): RequestSpec {
  let spec = surface === 'core' ? t.core(request.method, request.path) : t.req('ai', request.method, request.path);
  if (request.query) spec = spec.query(request.query);
  if (request.body !== undefined) spec = spec.json(request.body);
  return spec.planned();
}

/** The suite's client as the procedure sends: the surface's mix, planned requests, the pacer's quiet windows. */
function conformanceIo(t: CheckContext): BudgetIo<Exchange> {
  const sent: Record<MeteredSurface, number> = { core: 0, dialer: 0 };
  const next = (surface: MeteredSurface, key: KeyRole = 'primary'): Promise<Exchange> => {
    const request = mixRequest(surface, sent[surface]++);
    return mixSpec(t, surface, request)
      .as(key)
      .send()
      .then((ex) => asMixAnswer(ex, request));
  };
  return {
    send: next,
    async fireAtOnce(surface, count) {
      const settled = await Promise.allSettled(Array.from({ length: count }, () => next(surface)));
      return {
        answered: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
        failures: settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error)?.message ?? String(s.reason)] : [])),
      };
    },
    sleepUntil: (at) => t.sleepUntil(at),
    quiet: (surface: MeteredSurface) => t.quietBudget(budgetBucket(t, surface)),
    hasKey: (key) => t.hasKey(key),
    seed: t.seed,
  };
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
    const withDialer = t.hasSurface('ai');
    if (!withDialer) for (const rule of [...DIALER_RULES, SEPARATE_RULE]) t.skipRule(rule, 'needs CC_AI_URL');
    await runBudgetProcedure(t, conformanceIo(t), withDialer ? ['core', 'dialer'] : ['core']);
    settleUnjudged(t);
  },
});
