import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The packaging test alone (`npm run test:package`): it packs the project, installs the tarball with its
// dependencies from the npm registry into a folder outside the repository and runs the gate from there.
// That takes a minute or two, so `npm test` leaves it out and CI runs it as a step of its own.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/package/tarball.test.ts'],
    // Generous: the install fetches every dependency, and CI's registry or disk may be slow.
    hookTimeout: 600_000,
    testTimeout: 300_000,
  },
});
