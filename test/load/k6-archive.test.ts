/**
 * A `k6 archive` keeps the options its script built (executors, thresholds), while the script's code runs
 * again with the environment of the run: an environment naming another scenario or window must be
 * refused before anything is sent, never run one test's schedule against another's thresholds. Needs k6
 * (`npm run k6:install`); skipped without it, except in CI. A plain `k6 run` of the source files without
 * its reports folder stops in setup() instead of exiting 0 without its summary.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type TestContext } from 'vitest';
import { findK6 } from '../../cli/k6-process.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const K6 = findK6(ROOT);
const MISSING = 'k6 not installed: npm run k6:install';

function requireK6(ctx: TestContext): string {
  if (K6) return K6;
  if (process.env.CI === 'true') throw new Error(MISSING);
  return ctx.skip(MISSING);
}

/** Runs k6 with only the variables given: no target, so a run that got past setup() would fail at once. */
function k6(binary: string, args: string[], env: Record<string, string>, cwd: string) {
  const run = spawnSync(binary, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', K6_NO_USAGE_REPORT: 'true', ...env },
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

test('an archive refuses an environment naming another scenario or window than it was built with, before any request', { timeout: 60_000 }, (ctx) => {
  const binary = requireK6(ctx);
  const dir = mkdtempSync(join(tmpdir(), 'cc-k6-archive-'));
  const reports = { CC_K6_REPORTS: dir };
  const flood = join(dir, 'flood.tar');
  expect(k6(binary, ['archive', '-q', '-e', 'CC_SCENARIO=budget-flood', '-O', flood, join(ROOT, 'load/k6/scenario.ts')], {}, dir).code).toBe(0);
  const otherScenario = k6(binary, ['run', '-q', flood], { ...reports, CC_SCENARIO: 'smoke' }, dir);
  expect(otherScenario.code, otherScenario.output).not.toBe(0);
  expect(otherScenario.output).toContain('this test was built (k6 archive) with CC_SCENARIO=budget-flood, but its environment says CC_SCENARIO=smoke');
  expect(otherScenario.output).toContain('the run stopped before any load');

  const budget = join(dir, 'budget.tar');
  expect(k6(binary, ['archive', '-q', '-O', budget, join(ROOT, 'load/k6/budget-probe.ts')], {}, dir).code).toBe(0);
  const otherWindow = k6(binary, ['run', '-q', budget], { ...reports, CC_RATE_WINDOW_MS: '2000' }, dir);
  expect(otherWindow.code, otherWindow.output).not.toBe(0);
  expect(otherWindow.output).toContain('built (k6 archive) with CC_RATE_WINDOW_MS=60000, but its environment says CC_RATE_WINDOW_MS=2000');

  // The values it was built with pass the check: the run goes on to setup()'s target checks, which stop it
  // for want of a target, naming what is missing instead.
  const same = k6(binary, ['run', '-q', flood], reports, dir);
  expect(same.output).not.toContain('this test was built');
  expect(same.output).toMatch(/cannot run: CC_BASE_URL is not set/);
});

test(
  'plain k6 run of a script without its reports folder stops in setup() with one line, never exits 0 naming files it never wrote',
  { timeout: 60_000 },
  (ctx) => {
    const binary = requireK6(ctx);
    const dir = mkdtempSync(join(tmpdir(), 'cc-k6-noreports-'));
    for (const script of ['scenario.ts', 'budget-probe.ts']) {
      // PWD as a shell sets it: the folder is looked for where the summary would be written.
      const run = k6(binary, ['run', '-q', join(ROOT, 'load/k6', script)], { PWD: dir }, dir);
      expect(run.code, run.output).toBe(108);
      const errors = run.output.split('\n').filter((line) => line.includes('level=error'));
      expect(errors, run.output).toHaveLength(1);
      expect(errors[0]).toContain(
        'the reports folder reports does not exist (k6 makes no folder for its summary): mkdir -p reports, or set CC_K6_REPORTS to an existing folder',
      );
    }
    // With the folder there, the run goes on to setup()'s target checks.
    mkdirSync(join(dir, 'reports'));
    const withFolder = k6(binary, ['run', '-q', join(ROOT, 'load/k6/scenario.ts')], { PWD: dir }, dir);
    expect(withFolder.output).not.toContain('reports folder');
    expect(withFolder.output).toMatch(/cannot run: CC_BASE_URL is not set/);
  },
);
