import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import type { CheckOutcome, RuleVerdict } from '../../lib/results/outcome.ts';
import { rule as lookupRule } from '../../lib/rules/index.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { type Misbehaviour, type MisbehavingTarget, type SeenRequest, startMisbehavingTarget } from './target.ts';

/** Rate window of the mocks behind the misbehaving target: short, so pacing costs little. */
export const MISBEHAVIOUR_WINDOW_MS = 300;
/**
 * The most any case's run may take: far above what each needs on an idle machine (a few seconds), so a
 * machine loaded by other work does not fail it, and far below what a hang, a wait for a reset years
 * ahead or a stalled request held without its timeout would take.
 */
export const RUN_BOUND_MS = 60_000;
/** Vitest's limit on each case: the bound and the start and stop of the mock and the target around it. */
export const CASE_TIMEOUT_MS = 2 * RUN_BOUND_MS;

/** Per-request timeout of the runs: generous, so a loaded machine's slowness is never taken for a stall. */
export const MISBEHAVIOUR_TIMEOUT_MS = 5_000;
/** Per-request timeout of the stall cases: a stall costs this (undici checks it on a coarse timer, about a second). */
export const STALL_TIMEOUT_MS = 300;

/**
 * A set of checks covering every surface and every kind of check: reads, lists and walks, creates with
 * cleanup on the core API and the Dialer, rules judged on a 401 and on a 403, and a check that spends
 * several requests on one rule. The budget check is run apart (clock.test.ts): it spends whole windows.
 */
export const REPRESENTATIVE_IDS = [
  'core.auth.missing',
  'core.envelopes.collection',
  'core.envelopes.error',
  'core.paging.walk',
  'core.countries.plain-array',
  'core.methods.put-creates',
  'core.contacts.edit-partial',
  'core.agents.add',
  'core.agents.maximum',
  'core.tags.delete',
  'ai.auth.missing',
  'ai.errors.service-shape',
  'ai.voice-agents.get',
  'ai.ci.envelope',
  'cuecard.no-active-call',
  'analytics.call-details',
  'dialer.lists.campaigns.first-page',
  'dialer.campaigns.lifecycle',
  'dialer.campaigns.cursor-walk',
  'dialer.buttons.replace',
] as const;

export const REPRESENTATIVE: readonly CheckDefinition[] = REPRESENTATIVE_IDS.map((id) => {
  const check = ALL_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  return check;
});

/**
 * A misbehaving target in front of a fresh in-process mock; its `env` points a run at it, with the
 * runs' timeout. Closing it closes the mock too.
 */
export async function startTarget(
  tls: TlsMaterial,
  misbehaviour: Misbehaviour,
  options: { readonly when?: (req: SeenRequest) => boolean; readonly windowMs?: number } = {},
): Promise<MisbehavingTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-misbehaviours-'));
  const mock = await startMock({ rateWindowMs: options.windowMs ?? MISBEHAVIOUR_WINDOW_MS, tls });
  const target = await startMisbehavingTarget({ upstream: mock, trusted: tls, misbehaviour, dir, ...(options.when ? { when: options.when } : {}) });
  return {
    env: { ...target.env, CC_TIMEOUT_MS: String(MISBEHAVIOUR_TIMEOUT_MS) },
    stats: target.stats,
    close: async () => {
      await target.close();
      await mock.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FaultRun {
  readonly outcomes: readonly CheckOutcome[];
  /** Checks that met at least one answer the misbehaviour made (their cleanup included). */
  readonly touched: ReadonlySet<string>;
  readonly stats: MisbehavingTarget['stats'];
  readonly ms: number;
}

/**
 * Runs `checks` against a misbehaving target in front of a fresh in-process mock. In turn by default, so
 * which checks met the misbehaviour is known; `concurrently` when every request is faulted and nothing is shared.
 */
export async function runUnder(
  tls: TlsMaterial,
  misbehaviour: Misbehaviour,
  options: {
    readonly checks?: readonly CheckDefinition[];
    readonly when?: (req: SeenRequest) => boolean;
    readonly concurrently?: boolean;
    readonly env?: Record<string, string>;
    readonly windowMs?: number;
  } = {},
): Promise<FaultRun> {
  const checks = options.checks ?? REPRESENTATIVE;
  const target = await startTarget(tls, misbehaviour, options);
  const session = new Session(targetFromSettings({ ...target.env, ...options.env }, process.cwd(), true), 1);
  const started = performance.now();
  const touched = new Set<string>();
  // Refused connections and failed handshakes never reach the target's handler: every check meets them.
  const belowHttp = misbehaviour.kind === 'refused' || misbehaviour.kind === 'tls';
  try {
    const outcomes: CheckOutcome[] = [];
    if (options.concurrently) {
      outcomes.push(...(await Promise.all(checks.map((def) => runCheck(session, def)))));
      if (target.stats.faulted > 0 || belowHttp) for (const def of checks) touched.add(def.id);
    } else {
      for (const def of checks) {
        const before = target.stats.faulted;
        outcomes.push(await runCheck(session, def));
        if (target.stats.faulted > before || belowHttp) touched.add(def.id);
      }
    }
    return { outcomes, touched, stats: target.stats, ms: performance.now() - started };
  } finally {
    await session.close();
    await target.close();
  }
}

/** Every verdict of the run, labelled with its check. */
export function verdicts(run: FaultRun): (RuleVerdict & { check: string })[] {
  return run.outcomes.flatMap((o) => o.verdicts.map((v) => ({ ...v, check: o.check })));
}

const line = (v: RuleVerdict & { check: string }) => `${v.check} ${v.rule}: ${v.status} ${v.detail ?? ''}`;

/**
 * Rules of the representative set judged in full (`t.done`) on a create answer before their check reads
 * anything: a misbehaviour on GETs only leaves their answer whole, so they pass on it.
 */
export const JUDGED_BEFORE_ANY_READ = ['DIALER-CAMPAIGN-CREATE-201'];

/**
 * What every case requires: no rule of a check that met the misbehaviour passes, unless listed in `exempt` (a
 * rule about the very answer the misbehaviour gives, or judged on an answer it let through); each of them ends
 * in one of `allowed`, with a detail matching `detail` when given, except rules not reached because
 * another failed first; and the run left nothing behind on the target.
 */
export function expectFaultJudged(
  run: FaultRun,
  expected: { readonly allowed: readonly RuleVerdict['status'][]; readonly detail?: RegExp; readonly exempt?: readonly string[]; readonly leftovers?: boolean },
): void {
  // A rule another's failure blocked in its check: the failure is said on that rule.
  const notReached = (v: RuleVerdict) => v.status === 'blocked';
  // Observed rules report what the target did, whatever it did: they are never judged.
  const judged = (v: RuleVerdict) => lookupRule(v.rule).level !== 'observed';
  const all = verdicts(run).filter((v) => run.touched.has(v.check) && judged(v) && !(expected.exempt ?? []).includes(v.rule) && !notReached(v));
  expect(all.length, 'no check met the misbehaviour').toBeGreaterThan(0);
  expect(all.filter((v) => v.status === 'pass').map(line), 'rules passed on a faulted answer').toEqual([]);
  expect(all.filter((v) => !expected.allowed.includes(v.status)).map(line)).toEqual([]);
  if (expected.detail) expect(all.filter((v) => v.status !== 'fail' && !expected.detail?.test(v.detail ?? '')).map(line)).toEqual([]);
  if (!expected.leftovers) expect(run.outcomes.flatMap((o) => o.leftovers)).toEqual([]);
}
