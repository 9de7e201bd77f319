import type { TestCase } from 'vitest/node';

/**
 * Lets each test's result through once. vitest 4 reports every test of a suite that ends skipped a second
 * time when the suite ends (a lane whose every check was skipped, a host not configured, say; or a run
 * cancelled through vitest), so a reporter that adds up what it is told would count those checks twice.
 */
export class OncePerTest {
  readonly #seen = new Set<string>();

  /** True the first time a test's result is reported, false on every repeat. */
  first(testCase: TestCase): boolean {
    if (this.#seen.has(testCase.id)) return false;
    this.#seen.add(testCase.id);
    return true;
  }
}
