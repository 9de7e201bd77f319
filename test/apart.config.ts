import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests `npm test` leaves out, each a step of its own in CI because it takes minutes of real time:
 * - `npm run test:package` (test/package/tarball.test.ts) packs the project, installs the tarball with its
 *   dependencies from the npm registry into a folder outside the repository and runs the gate from there;
 * - `npm run test:k6` (test/load/k6-cli.test.ts) runs `npm run k6` as a user does, the budget probe over
 *   whole rate windows included;
 * - `npm run test:parity` (test/proofs/budget-parity.test.ts) runs every budget fault, and each conforming
 *   way of counting the minute, under both engines and requires the same verdict per rule;
 * - `npm run test:variants` (test/proofs/dialect.test.ts, test/proofs/release-matrix.test.ts) runs the whole
 *   suite against the variant dialect and every mock Dialer release against every expected one: several
 *   whole conformance runs, which would take `npm test` past five minutes on two cores;
 * - `npm run test:faults` (test/proofs/faults.test.ts, test/proofs/fuzz-boundaries.test.ts, and the stateful one) switches on every
 *   fault of the mock, one mock each, and requires its rule reported failed, then every fault of a fuzzed
 *   rule again with no sample or random value, then each fault a stateful check judges for its shrunk sequence
 *   and its replay (test/proofs/stateful-sequences.test.ts), then the faults a failure used to hide or a sample
 *   to miss against the mock as a configured target with a live target's defaults (test/proofs/live-defaults.test.ts),
 *   then every fault of a rule observable from traffic, observed in the HAR of a run against it
 *   (test/proofs/observed-faults.test.ts): hundreds of short runs, a tenth of `npm test`'s CPU;
 * - `npm run test:budget-window` (test/proofs/budget-window.test.ts) runs the budget rules at a conformance
 *   run's default mock window beside busy threads on every core: it loads the machine on purpose;
 * - `npm run test:guest` (test/e2e/cleanup-cli.test.ts, test/e2e/no-credential-output.test.ts) holds a run
 *   to what a guest on a live account owes: runs killed at random points leave nothing the cleanup does not
 *   delete, and no output of a run prints a credential in any form; whole conformance runs, a sixth of
 *   `npm test`'s CPU.
 */
export const APART = [
  'test/package/tarball.test.ts',
  'test/load/k6-cli.test.ts',
  'test/proofs/budget-parity.test.ts',
  'test/proofs/dialect.test.ts',
  'test/proofs/release-matrix.test.ts',
  'test/proofs/faults.test.ts',
  'test/proofs/fuzz-boundaries.test.ts',
  'test/proofs/stateful-sequences.test.ts',
  'test/proofs/live-defaults.test.ts',
  'test/proofs/observed-faults.test.ts',
  'test/proofs/budget-window.test.ts',
  'test/e2e/cleanup-cli.test.ts',
  'test/e2e/no-credential-output.test.ts',
];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: APART,
    // Generous: the install fetches every dependency, and CI's registry or disk may be slow.
    hookTimeout: 600_000,
    testTimeout: 300_000,
  },
});
