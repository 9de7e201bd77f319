import { beforeAll, describe, expect, test } from 'vitest';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { Session } from '../../lib/checks/session.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { buildReport, type RuleResult, type RunReport } from '../../lib/results/report.ts';
import type { FaultSpec } from '../../mock/faults/registry.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { startMock } from '../../mock/start.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/** Rate window of the proof mocks: short, so pacing and waits cost little. */
export const PROOF_WINDOW_MS = 2000;

/**
 * Seed of every proof and of the clean-run bracket around them (test/e2e): a fault proof and the clean run
 * it is compared with make the same random choices, so a rule that fails only under the fault fails because
 * of it.
 */
export const PROOF_SEED = 1;

/** Faults of the request budgets: proved by both budget engines in budget-parity.test.ts (npm run test:parity), mocks in their own processes. */
export const isBudgetFault = (fault: FaultSpec): boolean => /^(CORE|DIALER)-RATE-/.test(fault.breaks);

/**
 * Runs `checks` in-process against a mock with that one fault on and returns the run's report: the same
 * checks and report code as a conformance run.
 */
export async function reportUnder(
  fault: FaultSpec,
  tls: TlsMaterial,
  checks: readonly CheckDefinition[],
  rateWindowMs = PROOF_WINDOW_MS,
  settings: Readonly<Record<string, string>> = {},
  /** Hears every exchange the checks make: the run's traffic, as `--har` writes it. */
  watch?: (ex: Exchange) => void,
): Promise<RunReport> {
  const running = await startMock({
    rateWindowMs,
    faults: [fault.name],
    tls,
    ...(fault.release ? { dialerRelease: fault.release } : {}),
  });
  const target = targetFromSettings({ ...running.env, ...settings }, process.cwd(), true);
  const session = new Session(target, PROOF_SEED);
  if (watch) session.watchExchanges(watch);
  try {
    const outcomes = await runChecks(session, checks);
    return buildReport({ outcomes, target, seed: PROOF_SEED, startedAt: new Date(), durationMs: 0 });
  } finally {
    await session.close();
    await running.close();
  }
}

/** Runs only the checks that judge the fault's rule, with `settings` over the mock's, and returns what the report says of the rule. */
export async function prove(fault: FaultSpec, tls: TlsMaterial, settings: Readonly<Record<string, string>> = {}): Promise<RuleResult> {
  const report = await reportUnder(
    fault,
    tls,
    ALL_CHECKS.filter((check) => check.rules.includes(fault.breaks)),
    PROOF_WINDOW_MS,
    settings,
  );
  const result = report.rules.find((r) => r.id === fault.breaks);
  if (!result) throw new Error(`rule ${fault.breaks} missing from the report`);
  return result;
}

/**
 * Registers one concurrent vitest test per fault, each requiring its rule to be reported failed.
 * One certificate serves every mock of the file: generating one per fault would cost more than the proofs.
 */
export function proofSuite(title: string, faults: readonly FaultSpec[], settings: Readonly<Record<string, string>> = {}): void {
  let tls: TlsMaterial;
  beforeAll(async () => {
    tls = await selfSignedCertificate();
  });
  describe.concurrent(title, () => {
    for (const fault of faults) {
      test(`${fault.name} → ${fault.breaks} fails`, async () => {
        const result = await prove(fault, tls, settings);
        expect(result.status, `${fault.breaks} was reported ${result.status}: ${result.detail ?? ''}`).toBe('fail');
      });
    }
  });
}
