import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../lib/checks/vitest.ts';
import type { CheckOutcome } from '../lib/results/outcome.ts';
import { OncePerTest } from './once-per-test.ts';

/**
 * The vitest side of the conformance run: it gathers each test's check outcome from its metadata
 * and the problems that belong to no rule. It computes nothing; the report is built from what it holds.
 */
export class OutcomeCollector implements Reporter {
  readonly outcomes: CheckOutcome[] = [];
  readonly problems: string[] = [];
  readonly #once = new OncePerTest();

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().cc as CheckMeta | undefined;
    if (!meta || !this.#once.first(testCase)) return;
    if (meta.outcome) {
      this.outcomes.push(meta.outcome);
      return;
    }
    const result = testCase.result();
    // The test ended before its check produced an outcome (a crash in the harness): its rules are errors.
    const message = result.errors?.map((e) => e.message).join('; ') || `test ${result.state} without an outcome`;
    this.outcomes.push({
      check: meta.check,
      title: testCase.name,
      surface: 'unknown',
      verdicts: meta.rules.map((rule) => ({ rule, status: 'error', detail: `harness: ${message}`, notes: [] })),
      requests: 0,
      allowance: 0,
      unplanned429: 0,
      retried503: 0,
      durationMs: 0,
      leftovers: [],
      problems: [`${meta.check}: ${message}`],
    });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const module of testModules) {
      for (const error of module.errors()) this.problems.push(`${module.moduleId}: ${error.message}`);
    }
    for (const error of unhandledErrors) this.problems.push(`unhandled: ${error.message ?? String(error)}`);
  }
}
