import type { TestCase } from 'vitest/node';

/**
 * Lets each test's result through once. When a run is cancelled (Ctrl-C), vitest 4 reports every test
 * of a suite it then marks skipped a second time, the finished ones included, so a reporter that adds
 * up what it is told would count each finished check twice.
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
