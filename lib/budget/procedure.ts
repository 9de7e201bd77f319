/**
 * Both budgets (spec: Limits) measured and judged in one procedure, whichever engine sends: the
 * conformance budget check (suites/budget) and the k6 budget probe (load/k6/budget-probe.ts) each give it their
 * way of sending and waiting (BudgetIo) and of keeping verdicts (BudgetJudge), and nothing else, so the
 * two cannot measure or judge a rule differently.
 *
 * The measurements interlock, so they run as one: the trials of the core API and the Dialer side by side,
 * then each surface gets a burst into a fresh window while the other has room, which is what shows the
 * two budgets apart.
 * 1. one sequential trial per surface, in parallel (sequential-trial.ts), judged by judge-trial.ts;
 * 2. the core: a burst into a fresh window, its second key and another company's key, a Dialer request
 *    (the Dialer has had none of our requests for a window), then a client recovering as the spec says;
 * 3. the Dialer likewise, once the core's burst has left its window, with a core request.
 */
import type { MeteredSurface } from '../contract/vocabulary.ts';
import { type BudgetAnswer, isLimited, receivedAt } from './answers.ts';
import { type BurstIo, fireIntoFreshWindow, type FreshBurst, freshAt } from './fresh-burst.ts';
import { judgeConcurrent, judgePerCompany, judgeSeparate, type KeyedIo } from './judge-burst.ts';
import { judgeLimitedBodies, judgeResetHeaders, judgeTrial, observeResetStable, type Reading } from './judge-trial.ts';
import { describeRecovery, recoverLikeAClient } from './recovering-client.ts';
import { RESET_HEADER_RULE, RULES_OF, SEPARATE_RULE } from './rule-ids.ts';
import type { BudgetJudge } from './rule-sink.ts';
import { ServerClock } from './server-clock.ts';
import { runTrial, type SequentialTrial, trialAnswers } from './sequential-trial.ts';

/** Windows the whole procedure lasts at most, quiet start included. */
export const BUDGET_PROCEDURE_WINDOWS = 6;
/** Windows during which each surface refuses the company at most: to the reopening, then two spent windows. */
export const BUDGET_BLOCKED_WINDOWS = 2.5;

/** Timer jitter allowed on top of every wait: answers bound the server's moments from above already. */
const SLACK_MS = 15;

/** How an engine sends and waits. Every request is one of the surface's budget, with the key named. */
export interface BudgetIo<A extends BudgetAnswer> extends KeyedIo<A> {
  fireAtOnce(surface: MeteredSurface, count: number): ReturnType<BurstIo<A>['fireAtOnce']>;
  sleepUntil(epochMs: number): Promise<void>;
  /** Resolves once none of the engine's requests to the surface fall in the last window. */
  quiet(surface: MeteredSurface): Promise<void>;
  /** Seeds the recovering client's jitter, so a run replays. */
  readonly seed: number;
}

/** When the company's last request on each surface was answered, so a quiet window can be found. */
class LastAnswer {
  readonly #at = new Map<MeteredSurface, number>();
  saw(surface: MeteredSurface, answers: Iterable<BudgetAnswer | undefined>): void {
    for (const a of answers) if (a) this.#at.set(surface, Math.max(this.#at.get(surface) ?? 0, receivedAt(a)));
  }
  of(surface: MeteredSurface): number {
    return this.#at.get(surface) ?? 0;
  }
}

interface Stage<A extends BudgetAnswer> {
  readonly t: BudgetJudge<A>;
  readonly io: BudgetIo<A>;
  readonly clock: ServerClock;
  readonly last: LastAnswer;
}

function judgeLimitedOf<A extends BudgetAnswer>(s: Stage<A>, surface: MeteredSurface, limited: readonly A[]): void {
  judgeLimitedBodies(s.t, surface, limited);
  if (surface === 'core') judgeResetHeaders(s.t, limited, s.clock);
}

async function burstStage<A extends BudgetAnswer>(
  s: Stage<A>,
  surface: MeteredSurface,
  timing: { readonly reading: Reading; readonly lastAnswer: number; readonly notBefore: number },
  other: MeteredSurface | undefined,
): Promise<{ burst: FreshBurst<A>; separate?: A }> {
  const { t, io, clock, last } = s;
  const windowMs = t.target.rateWindowMs;
  // From now: the stage before (the core's recovering client) may end after the Dialer's first fresh moment.
  const fresh = freshAt(timing.reading, timing.lastAnswer, timing.notBefore, Date.now(), windowMs, SLACK_MS);
  // Without a known fresh window the burst still spends the budget for the separation probe.
  const burstIo: BurstIo<A> = { fireAtOnce: (count) => io.fireAtOnce(surface, count), sleepUntil: (at) => io.sleepUntil(at) };
  const burst = await fireIntoFreshWindow(
    burstIo,
    surface,
    fresh?.at ?? Math.max(timing.lastAnswer + windowMs + SLACK_MS, timing.notBefore),
    fresh?.windowLastsUntil,
  );
  const notFresh =
    fresh === undefined ? `the trial could not place the server's window (${timing.reading.text}), so no moment is known to be fresh` : undefined;
  last.saw(surface, burst.answered);
  for (const a of burst.answered) clock.observe(a);
  judgeConcurrent(t, burst, notFresh);
  judgeLimitedOf(s, surface, burst.limited);
  if (surface === 'core') observeResetStable(t, burst.limited, 'of the burst into a fresh window');
  await judgePerCompany(t, io, burst, notFresh);
  const separate = other ? await judgeSeparate(t, io, burst, other) : undefined;
  if (separate && other) last.saw(other, [separate]);
  // A client recovering as the spec says (observed), whose 429s are judged like every other.
  const first429 = burst.limited[0];
  const clientRule = RULES_OF[surface].client;
  if (first429) {
    const clientIo = { send: () => io.send(surface, 'primary'), sleepUntil: (at: number) => io.sleepUntil(at) };
    const recovery = await recoverLikeAClient(clientIo, surface, first429, clock, io.seed + (surface === 'core' ? 1 : 2), windowMs);
    last.saw(surface, recovery.attempts);
    for (const a of recovery.attempts) clock.observe(a);
    judgeLimitedOf(s, surface, recovery.attempts.filter(isLimited));
    t.observe(clientRule, describeRecovery(recovery));
  } else {
    t.observe(clientRule, 'not measured: the burst into a fresh window met no 429');
  }
  return { burst, ...(separate ? { separate } : {}) };
}

/**
 * Measures and judges the budgets of `surfaces` (the core alone, or the core and the Dialer).
 * `goOn`, when given, is asked once the trials are judged and ends the procedure there when it says no.
 */
export async function runBudgetProcedure<A extends BudgetAnswer>(
  t: BudgetJudge<A>,
  io: BudgetIo<A>,
  surfaces: readonly MeteredSurface[],
  goOn?: (readings: ReadonlyMap<MeteredSurface, Reading>) => boolean | Promise<boolean>,
): Promise<void> {
  const windowMs = t.target.rateWindowMs;
  const withDialer = surfaces.includes('dialer');
  const s: Stage<A> = { t, io, clock: new ServerClock(), last: new LastAnswer() };

  const trials = await Promise.all(
    surfaces.map(async (surface): Promise<SequentialTrial<A>> => {
      await io.quiet(surface);
      return runTrial({ send: () => io.send(surface, 'primary'), sleepUntil: (at) => io.sleepUntil(at) }, surface, windowMs);
    }),
  );
  for (const trial of trials) {
    s.last.saw(trial.surface, trialAnswers(trial));
    for (const a of trialAnswers(trial)) s.clock.observe(a);
  }
  const readings = new Map<MeteredSurface, Reading>();
  for (const trial of trials) readings.set(trial.surface, judgeTrial(t, trial, s.clock));
  t.note(RESET_HEADER_RULE, s.clock.describe());
  if (goOn && !(await goOn(readings))) return;

  const quietAt = (surface: MeteredSurface) => s.last.of(surface) + windowMs + SLACK_MS;
  const reading = (surface: MeteredSurface) => readings.get(surface) as Reading;
  const core = await burstStage(
    s,
    'core',
    { reading: reading('core'), lastAnswer: s.last.of('core'), notBefore: withDialer ? quietAt('dialer') : 0 },
    withDialer ? 'dialer' : undefined,
  );
  if (!withDialer) return;
  // The Dialer's burst waits until the core's has left its window, so a core request then has room.
  const notBefore = Math.max(core.burst.lastReceivedAt + windowMs + SLACK_MS, quietAt('dialer'));
  const dialer = await burstStage(s, 'dialer', { reading: reading('dialer'), lastAnswer: s.last.of('dialer'), notBefore }, 'core');
  // Both directions, or the rule is not judged in full.
  if (!core.separate || !dialer.separate) {
    t.skipRule(
      SEPARATE_RULE,
      `judged in ${core.separate || dialer.separate ? 'one direction' : 'neither direction'} only: ${!core.separate ? 'the core burst' : 'the Dialer burst'} did not spend its budget cleanly`,
    );
  } else {
    t.note(
      SEPARATE_RULE,
      `the Dialer served the company ${Math.round(core.separate.startedAt - core.burst.firedAt)} ms after the core budget was spent, and the core ${Math.round(dialer.separate.startedAt - dialer.burst.firedAt)} ms after the Dialer's`,
    );
  }
}
