import { describe, inject, test } from 'vitest';
import { targetFromSettings } from '../config/load.js';
import type { CheckOutcome, RuleVerdict } from '../results/outcome.js';
import type { RunIdentity } from '../ledger/run-id.js';
import type { CheckDefinition } from './define.js';
import { runCheck } from './runner.js';
import { Session } from './session.js';

/** What the conformance command hands to the suites through vitest's `provide`/`inject`. */
export interface RunPayload {
  /** The CC_* settings of the target, secrets included; they stay in memory and are never printed. */
  readonly settings: Readonly<Record<string, string>>;
  readonly seed: number;
  readonly bundledMock: boolean;
  readonly cwd: string;
  /** The run's id, name prefix and ledger file, chosen by the command so it can read the ledger afterwards. */
  readonly run?: RunIdentity;
  /** Rule IDs selected for this run; absent means all. */
  readonly rules?: readonly string[];
  /**
   * The run's wrong secret for the primary key ID, drawn by the command so that its last scrub of every
   * output knows it as well as the suites' redactor does; absent without a primary key.
   */
  readonly wrongSecret?: string;
}

/** Metadata every conformance test carries; reporters read it, the runner fills in the outcome. */
export interface CheckMeta {
  readonly check: string;
  readonly rules: readonly string[];
  outcome?: CheckOutcome;
}

declare module 'vitest' {
  export interface ProvidedContext {
    ccRun: RunPayload;
  }
}

declare module '@vitest/runner' {
  interface TaskMeta {
    cc?: CheckMeta;
  }
}

// One session per worker: the conformance run uses a single worker without isolation, so every
// suite file shares this session and its pacer keeps the whole run inside the target's budget.
let shared: Session | undefined;

function session(payload: RunPayload): Session {
  shared ??= new Session(targetFromSettings({ ...payload.settings }, payload.cwd, payload.bundledMock), payload.seed, payload.run, payload.wrongSecret);
  return shared;
}

function summarise(verdicts: readonly RuleVerdict[]): string {
  return verdicts
    .filter((v) => v.status === 'fail' || v.status === 'error')
    .map((v) => `${v.rule} ${v.status}: ${v.detail ?? ''}`)
    .join('\n');
}

/**
 * Registers a suite's checks as vitest tests, one test per check, each carrying its rule IDs as
 * metadata. A test fails when the target broke a rule or the harness broke; it is skipped, with the
 * reason, when none of its rules could be judged.
 */
export function registerSuite(name: string, checks: readonly CheckDefinition[]): void {
  const payload = inject('ccRun');
  const selected = payload.rules ? new Set(payload.rules) : undefined;
  const chosen = checks.filter((check) => !selected || check.rules.some((r) => selected.has(r)));
  describe(name, () => {
    // vitest calls an empty suite a problem; a --rule run that selects none of this suite is not one.
    if (chosen.length === 0) test.skip(`${name}: no check of this suite judges a selected rule`);
    for (const check of chosen) {
      const meta: CheckMeta = { check: check.id, rules: [...check.rules] };
      // vitest aborts `signal` when the run is cancelled (Ctrl-C reaches the command) or the test times out:
      // the check then sends nothing more, runs its cleanups and still hands its outcome over.
      test(`${check.title} [${check.rules.join(', ')}]`, { meta: { cc: meta } }, async ({ task, skip, signal }) => {
        const outcome = await runCheck(session(payload), check, { signal });
        (task.meta.cc as CheckMeta).outcome = outcome;
        const broken = summarise(outcome.verdicts);
        if (broken) throw new Error(broken);
        if (outcome.verdicts.length === 0) skip(`its rules are not part of Dialer release ${payload.settings.CC_DIALER_RELEASE ?? 'latest'}`);
        if (outcome.verdicts.every((v) => v.status === 'skipped')) skip(outcome.verdicts[0]?.detail ?? 'skipped');
      });
    }
  });
}
