import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { COMPARISON_FORMAT, COMPARISON_VERSION, type Comparison } from '../../lib/results/comparison.ts';
import { READABLE_VERSIONS } from '../../lib/results/report-file.ts';
import { SECRET, TAG_200, TAG_404, evidence, fail, outcome, pass, report, rules } from '../reporters/fixtures.ts';
import { command, type CommandRun } from './conformance-run.ts';

/**
 * `npm run compare` as a user runs it, on small report files built here: the exit code says whether a
 * rule newly fails (0, 1) or the input is bad (2, one line on stderr), and the three files are written.
 */

/** `npm run compare -- ARGS`, with no CC_* variable inherited from this process. */
const compare = (args: readonly string[], env: Record<string, string> = {}): Promise<CommandRun> => command('cli/compare.ts', args, env);

const dir = mkdtempSync(join(tmpdir(), 'cc-compare-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(name: string, doc: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return path;
}

const catalogue = rules(TAG_404, TAG_200);
const good = written('good.json', report([outcome('tags', [pass(TAG_404), pass(TAG_200)])], { rules: catalogue }));
const broken = written('broken.json', report([outcome('tags', [fail(TAG_404, 'expected 404, got 200', evidence(200)), pass(TAG_200)])], { rules: catalogue }));

describe('npm run compare', () => {
  test('a rule newly failing: exit 1, the headline first, and compare.json, compare-junit.xml and compare.html written', async () => {
    const reports = join(dir, 'out-regression');
    const run = await compare([good, broken, '--reports', reports]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')[0]).toBe('1 rule changed: 1 new failure — REGRESSION');
    expect(run.stdout).toContain(`  ${TAG_404} [core] pass → fail: `);
    expect(run.stdout).toContain(`comparison: ${join(reports, 'compare.json')}, ${join(reports, 'compare-junit.xml')}, ${join(reports, 'compare.html')}\n`);
    const doc = JSON.parse(readFileSync(join(reports, 'compare.json'), 'utf8')) as Comparison;
    expect([doc.format, doc.version, doc.verdict, doc.before.path, doc.after.path]).toEqual([
      COMPARISON_FORMAT,
      COMPARISON_VERSION,
      'regression',
      good,
      broken,
    ]);
    expect(readFileSync(join(reports, 'compare-junit.xml'), 'utf8')).toContain('<testsuites name="cc-conformance-comparison" tests="1" failures="1"');
    expect(readFileSync(join(reports, 'compare.html'), 'utf8')).toContain('1 rule changed: 1 new failure — REGRESSION</h1>');
  });

  test('a fix only: exit 0; --verbose adds the request and its replay line', async () => {
    const reports = join(dir, 'out-fixed');
    const run = await compare([broken, good, '--reports', reports, '--verbose']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('1 rule changed: 0 new failures, 1 fixed — no regression');
    expect(run.stdout).toContain('          request: DELETE https://127.0.0.1:7443/api/tags/delete/999999.json → 200');
    expect(run.stdout).toContain(`          replay: ${evidence().curl}`);
    expect(existsSync(join(reports, 'compare.html'))).toBe(true);
  });

  test('a report against itself: exit 0, nothing changed', async () => {
    const run = await compare([broken, broken, '--reports', join(dir, 'out-same')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('no rule changed — no regression');
  });

  test("with a target configured, its credentials are scrubbed from the console and every file, as in a run's reports", async () => {
    const leaky = written('leaky.json', report([outcome('tags', [fail(TAG_404, `the body echoed ${SECRET}`), pass(TAG_200)])], { rules: catalogue }));
    const reports = join(dir, 'out-scrubbed');
    const run = await compare([good, leaky, '--reports', reports], {
      CC_BASE_URL: 'https://127.0.0.1:7443/api',
      CC_KEY_ID: 'key-id-primary',
      CC_KEY_SECRET: SECRET,
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('the body echoed [redacted]');
    for (const file of ['compare.json', 'compare-junit.xml', 'compare.html']) {
      const text = readFileSync(join(reports, file), 'utf8');
      expect(text, file).toContain('the body echoed [redacted]');
      expect(text, file).not.toContain(SECRET);
    }
    expect(run.stdout).not.toContain(SECRET);
  });

  test("it sends nothing, so a CA file that is gone (a stopped mock's) or a bad URL does not stop it; the key pairs are still scrubbed", async () => {
    const leaky = written('leaky-ca.json', report([outcome('tags', [fail(TAG_404, `the body echoed ${SECRET}`), pass(TAG_200)])], { rules: catalogue }));
    const reports = join(dir, 'out-no-ca');
    const run = await compare([good, leaky, '--reports', reports], {
      CC_BASE_URL: 'http://127.0.0.1:7443/api',
      CC_CA_FILE: join(dir, 'gone', 'ca.pem'),
      CC_KEY_ID: 'key-id-primary',
      CC_KEY_SECRET: SECRET,
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('the body echoed [redacted]');
    expect(readFileSync(join(reports, 'compare.json'), 'utf8')).not.toContain(SECRET);
  });

  const foreign = written('foreign.json', { format: COMPARISON_FORMAT, version: COMPARISON_VERSION, changes: [] });
  const missing = join(dir, 'nothing-here.json');
  // Each reading failure of a report file is proven once in the unit tests (readRunReport, checkComparable);
  // here the command turns one of each kind into one line and exit 2.
  test.each([
    ['a missing file', [good, missing], `cc-compare: CC_ERR_CONFIG: AFTER: no report at ${missing}`],
    [
      'another format',
      [good, foreign],
      `cc-compare: CC_ERR_CONFIG: AFTER: ${foreign} is not a conformance report; this version reads format cc-conformance-report version ${READABLE_VERSIONS.join(' or ')} only`,
    ],
    ['one report only', [good], 'cc-compare: give two reports, BEFORE.json AFTER.json; got 1 (see --help)'],
  ])('%s: exit 2, one line on stderr naming it, no file written', async (_what, args, line) => {
    const reports = join(dir, `out-bad-${args.length}-${args.at(-1)?.replace(/\W/g, '')}`);
    const run = await compare([...args, '--reports', reports]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(line);
    expect(existsSync(reports)).toBe(false);
  });
});
