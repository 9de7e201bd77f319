import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { TARGET_VARIABLES, targetFromSettings } from '../../lib/config/load.ts';
import { BUNDLED_MOCK_USE, VARIABLES } from '../../lib/config/variables.ts';
import { EFFECTS } from '../../lib/config/target.ts';
import { HARNESS_ERROR_CODES } from '../../lib/errors.ts';
import { readExpectations } from '../../lib/expectations/expectations-file.ts';
import { scopeOf } from '../../lib/expectations/scope.ts';
import { RULES } from '../../lib/rules/index.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { planRun } from '../../cli/run-plan.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

describe('the docs match the code', () => {
  test('docs/reference/variables.md lists every variable with its meaning and default, and no other', () => {
    const rows = read('docs/reference/variables.md')
      .split('\n')
      .filter((line) => /^\| `CC_[A-Z0-9_]+` \|/.test(line));
    expect(rows.map((row) => /`(CC_[A-Z0-9_]+)`/.exec(row)?.[1])).toEqual(VARIABLES.map((v) => v.name));
    for (const v of VARIABLES) {
      const row = rows.find((r) => r.startsWith(`| \`${v.name}\` |`)) as string;
      expect(row, v.name).toContain(v.meaning);
      if ('default' in v && v.default !== '') expect(row, v.name).toContain(`\`${v.default}\``);
      // The last column says what the variable does when the bundled mock stands in, as the loader reads it.
      expect(row.split('|').at(-2)?.trim(), v.name).toBe(BUNDLED_MOCK_USE[v.bundledMock]);
    }
  });

  test('the README says exactly which variables choose a target, which start the bundled mock when none is set', () => {
    const sentence = /`npm run conformance` with no target variable set \(none of ([^)]*)\)/.exec(readme.replace(/\n/g, ' '))?.[1] ?? '';
    expect([...sentence.matchAll(/`(CC_[A-Z0-9_]+)`/g)].map((m) => m[1])).toEqual([...TARGET_VARIABLES]);
  });

  test('docs/contributing.md names every npm script, and the README starts with the two commands CI and users run', () => {
    const contributing = read('docs/contributing.md');
    for (const name of Object.keys(pkg.scripts))
      expect(contributing, name).toContain(name.startsWith('test:') ? name : `npm run ${name}`.replace('npm run test', 'npm test'));
    expect(readme).toContain('npm ci && npm run conformance');
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });

  test('the example expectations file of docs/ci-gate.md is of the schema and names only rules and checks the catalogue has', () => {
    const page = read('docs/ci-gate.md');
    const section = page.slice(page.indexOf('## The expectations file'));
    const example = /```json\n([\s\S]*?)```/.exec(section)?.[1] as string;
    const file = join(mkdtempSync(join(tmpdir(), 'cc-docs-')), 'cc-expectations.json');
    writeFileSync(file, example);
    const scope = scopeOf(readExpectations(file), { rules: RULES.map((r) => r.id), checks: ALL_CHECKS, release: 'latest' });
    expect(scope.unknown).toEqual([]);
    expect(scope.outOfScope.size + scope.expectedToFail.size).toBeGreaterThan(2);
  });

  test('docs/live-account.md lists every effect of CC_EFFECTS, and no other, in the order the code has them', () => {
    const rows = read('docs/live-account.md')
      .split('\n')
      .map((line) => /^\| `([a-z-]+)` \|/.exec(line)?.[1])
      .filter((name) => name !== undefined);
    expect(rows).toEqual([...EFFECTS]);
  });

  test("docs/contributing.md's example of a rule end to end is code the tree holds, line by line", () => {
    const blocks = [...read('docs/contributing.md').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThan(2);
    const sources = ['lib/rules/core.ts', 'suites/core/groups/groups-and-tags.ts', 'mock/faults/core.ts', 'mock/hosts/core/groups-tags.ts']
      .map(read)
      .join('\n');
    const lines = blocks.flatMap((block) => block.split('\n').map((line) => line.trim()));
    const missing = lines.filter((line) => line !== '' && !line.startsWith('//') && !sources.includes(line));
    expect(missing).toEqual([]);
  });

  test('every harness error code is defined by an error class', () => {
    const source = read('lib/errors.ts');
    // A class names its code to its base, or, below a base whose code it refines (the transport errors), overrides it.
    for (const code of HARNESS_ERROR_CODES) expect(source.match(new RegExp(`(super\\(|override readonly code = )'${code}'`, 'g'))?.length, code).toBe(1);
  });
  test('the campaigns docs/live-account.md says a run leaves are those the plan prints for every host, one key pair and no effects', () => {
    const target = targetFromSettings({
      CC_BASE_URL: 'https://core.example.test/api',
      CC_ANALYTICS_URL: 'https://analytics.example.test/api',
      CC_AI_URL: 'https://ai.example.test/v1',
      CC_CUECARD_URL: 'https://cuecard.example.test/api',
      CC_KEY_ID: 'KEYID0001',
      CC_KEY_SECRET: 'not-a-secret-of-anyone',
    });
    expect(read('docs/live-account.md').replace(/\s+/g, ' ')).toContain(
      `run leaves: at most ${planRun(target, ALL_CHECKS).campaignsLeft} Dialer campaigns\` with every host, one key pair and no \`CC_EFFECTS\``,
    );
  });
});
