import { defaultExclude, defineConfig } from 'vitest/config';
import { APART } from './test/apart.config.ts';
import SlowFirstSequencer from './test/slow-first-sequencer.ts';

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
    // Two files at once on two cores: the e2e and load files spawn the commands and mocks they test, so a
    // third file at once only added contention (the same wall time, twice the import time) and pushed the
    // tests with time bounds (a stall ended within a few timeouts, a signal relayed in time) past them.
    maxWorkers: 2,
    // The files that wait longest start first, so none of them is left to run alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
  },
});
