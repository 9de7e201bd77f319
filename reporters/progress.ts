import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../lib/checks/vitest.js';

/**
 * Shows that a long run is alive. On a terminal, one line updated after each check: checks done of the
 * total, requests spent, unplanned 429s. Elsewhere (CI logs), a plain line as each suite finishes.
 * It only counts what the outcomes say; the report is built elsewhere.
 */
export class ProgressReporter implements Reporter {
  readonly #total: number;
  readonly #write: (text: string) => void;
  readonly #live: boolean;
  #done = 0;
  #requests = 0;
  #limited = 0;
  #suite = { checks: 0, requests: 0 };

  constructor(options: { readonly totalChecks: number; readonly write: (text: string) => void; readonly live: boolean }) {
    this.#total = options.totalChecks;
    this.#write = options.write;
    this.#live = options.live;
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().cc as CheckMeta | undefined;
    if (!meta) return;
    this.#done += 1;
    this.#suite.checks += 1;
    const requests = meta.outcome?.requests ?? 0;
    this.#requests += requests;
    this.#suite.requests += requests;
    this.#limited += meta.outcome?.unplanned429 ?? 0;
    if (this.#live) this.#write(`\r\x1b[2K${this.#done}/${this.#total} checks, ${this.#requests} requests, ${this.#limited} unplanned 429s`);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const suite = /suites\/([^/]+)\//.exec(testModule.moduleId)?.[1] ?? testModule.moduleId;
    if (this.#live) this.#write('\r\x1b[2K');
    if (this.#suite.checks > 0) {
      this.#write(`${suite}: ${this.#suite.checks} checks done (${this.#done}/${this.#total} in all), ${this.#suite.requests} requests\n`);
    }
    this.#suite = { checks: 0, requests: 0 };
  }
}
