import { BUDGET_PER_WINDOW, type KeyRole, type MeteredSurface } from '../../lib/contract/vocabulary.ts';
import { BUDGET_PROCEDURE_WINDOWS, type BudgetIo, runBudgetProcedure } from '../../lib/budget/procedure.ts';
import { RESET_HEADER_RULE, RESET_STABLE_RULE, RULES_OF, SEPARATE_RULE } from '../../lib/budget/rule-ids.ts';
import { FRESH_BURST } from '../../lib/budget/fresh-burst.ts';
import { BURST_CAP, POLLS, TRIAL_CAP } from '../../lib/budget/sequential-trial.ts';
import { HeldVerdicts } from '../../lib/budget/held-verdicts.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import type { BudgetJudge } from '../../lib/budget/rule-sink.ts';
import type { Reading } from '../../lib/budget/judge-trial.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck, type Figure } from '../../lib/checks/define.ts';
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

/** What the procedure sends on each budget at most. */
const PER_SURFACE: Figure = {
  'the trial, its bursts at most two burst caps': { first: BURST_CAP, second: BURST_CAP },
  "the trial's polls": POLLS,
  'the burst into a fresh window': FRESH_BURST,
  "the second key pair, another company's and the other budget": 3,
  'the recovering client': MAX_ATTEMPTS,
};
/** A trial's requests at most, measured once more at a wider window. */
const TRIAL_REQUESTS: Figure = { 'its burst': TRIAL_CAP, 'its polls': POLLS, "a window's budget": BUDGET_PER_WINDOW };

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

/** The suite's client as the procedure sends with it: the surface's mix, planned requests, the pacer's quiet windows. */
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

/**
 * The window a machine sending one request every `paceMs` gets on a second try: room for twice the 62
 * requests a trial's runs must fit in one window, at least twice the window that proved too short, at most ten times it.
 */
export function widerWindowMs(windowMs: number, paceMs: number): number {
  const room = Math.ceil((2 * (BUDGET_PER_WINDOW + 2) * paceMs) / WIDENING_STEP_MS) * WIDENING_STEP_MS;
  return Math.min(10 * windowMs, Math.max(2 * windowMs, room));
}
const WIDENING_STEP_MS = 250;

/** The check's judge, reading the window as `windowMs`: the bundled mock's after a widening. */
function atWindow(t: CheckContext, windowMs: number): BudgetJudge<Exchange> {
  return {
    target: { rateWindowMs: windowMs, budgetExclusive: t.target.budgetExclusive },
    pass: (rule, note) => t.pass(rule as RuleId, note),
    judge: (rule, ok, message, evidence) => t.judge(rule as RuleId, ok, message, evidence),
    skipRule: (rule, reason) => t.skipRule(rule as RuleId, reason),
    note: (rule, text) => t.note(rule as RuleId, text),
    observe: (rule, text) => t.observe(rule as RuleId, text),
  };
}

/**
 * Against the bundled mock, a trial this machine sent too slowly for the mock's short window tells nothing
 * of the mock, and costs no one's budget: its verdicts are dropped, the mock's window is widened to what this
 * machine's pace needs (its budgets started afresh) and the budgets are measured again from the start. A
 * configured target is never measured twice: its budget is its company's.
 */
async function measureOnBundledMock(t: CheckContext, surfaces: readonly MeteredSurface[]): Promise<void> {
  const held = new HeldVerdicts<Exchange>(t.target);
  const window = t.target.rateWindowMs;
  let first: ReadonlyMap<MeteredSurface, Reading> = new Map();
  let widened: number | undefined;
  await runBudgetProcedure(held, conformanceIo(t), surfaces, async (readings) => {
    first = readings;
    const paces = [...readings.values()].flatMap((r) => (r.tooSlow ? [r.tooSlow.paceMs] : []));
    if (paces.length > 0) widened = await t.widenMockWindow(widerWindowMs(window, Math.max(...paces)));
    return widened === undefined;
  });
  if (widened === undefined) return held.passOn(t);
  for (const surface of surfaces) {
    const own = first.get(surface);
    const why = own?.tooSlow ? own.text : `the other surface's trial was, and both are measured together`;
    t.note(
      RULES_OF[surface].window as RuleId,
      `measured at the bundled mock's window widened from ${window} to ${widened} ms: at ${window} ms the trial told nothing (${why})`,
    );
  }
  await runBudgetProcedure(atWindow(t, widened), conformanceIo(t), surfaces);
}

export const budgetCheck: CheckDefinition = defineCheck({
  id: 'budget.both-surfaces',
  title: 'request budgets of the core API and the Dialer: 60 per window per company, however the target counts its minute',
  surface: 'core',
  rules: [...CORE_RULES, RESET_HEADER_RULE, RESET_STABLE_RULE, ...DIALER_RULES, SEPARATE_RULE],
  cost: {
    // Two beyond what the procedure is known to send: a margin on a check that spends whole budgets on purpose.
    requests: { 'the core API': PER_SURFACE, 'the Dialer': PER_SURFACE, spare: 2 },
    // The trials of a first try on the bundled mock, when this machine sent them too slowly for its window.
    bundledMockExtra: { 'the core trial again': TRIAL_REQUESTS, "the Dialer's trial again": TRIAL_REQUESTS },
    // Its bursts bypass the pacer: it lasts its windows, whatever the share.
    lastsWindows: BUDGET_CHECK_WINDOWS,
  },
  needs: { effects: ['budget'] },
  async run(t) {
    const withDialer = t.hasSurface('ai');
    if (!withDialer) for (const rule of [...DIALER_RULES, SEPARATE_RULE]) t.skipRule(rule, 'needs CC_AI_URL');
    const surfaces: readonly MeteredSurface[] = withDialer ? ['core', 'dialer'] : ['core'];
    if (t.target.bundledMock) await measureOnBundledMock(t, surfaces);
    else await runBudgetProcedure(t, conformanceIo(t), surfaces);
    settleUnjudged(t);
  },
});
