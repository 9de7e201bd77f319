import { defaultExclude, defineConfig } from 'vitest/config';
import { APART } from './test/apart.config.js';
import SlowFirstSequencer from './test/slow-first-sequencer.js';

// The project's own tests. The conformance suites under suites/ run only through `npm run conformance`,
// which hands them a target; they are not part of this configuration.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The tests that take minutes of real time run apart, each a step of its own in CI (test/apart.config.ts).
    exclude: [...defaultExclude, ...APART],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Fault proofs run concurrently in-process; more at once would starve the mocks' timing on two cores.
    maxConcurrency: 6,
    // The longest files wait far more than they compute (rate windows, child processes: the budget proofs,
    // the conformance and k6 runs), so three files at once keep two cores busy without starving them. Four
    // slowed the budget proofs' sequential bursts past their 4 s window: inconclusive where a fault must fail.
    maxWorkers: 3,
    // The files that wait longest start first, so none of them is left to run alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
  },
});
