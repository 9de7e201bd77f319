import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { VARIABLES } from '../../lib/config/variables.js';
import { HARNESS_ERROR_CODES } from '../../lib/errors.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

describe('the docs match the code', () => {
  test('the README lists every variable with its meaning and default, and no other', () => {
    const rows = readme.split('\n').filter((line) => /^\| `CC_[A-Z0-9_]+` \|/.test(line));
    expect(rows.map((row) => /`(CC_[A-Z0-9_]+)`/.exec(row)?.[1])).toEqual(VARIABLES.map((v) => v.name));
    for (const v of VARIABLES) {
      const row = rows.find((r) => r.startsWith(`| \`${v.name}\` |`)) as string;
      expect(row, v.name).toContain(v.meaning);
      if ('default' in v && v.default !== '') expect(row, v.name).toContain(`\`${v.default}\``);
    }
  });

  test('the README names every npm script, and starts with the two commands CI and users run', () => {
    for (const name of Object.keys(pkg.scripts)) expect(readme, name).toContain(name.startsWith('test:') ? name : `npm run ${name}`.replace('npm run test', 'npm test'));
    expect(readme).toContain('npm ci && npm run conformance');
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });

  test('every harness error code is defined by an error class', () => {
    const source = read('lib/errors.ts');
    // A class names its code to its base, or, below a base whose code it refines (the transport errors), overrides it.
    for (const code of HARNESS_ERROR_CODES) expect(source.match(new RegExp(`(super\\(|override readonly code = )'${code}'`, 'g'))?.length, code).toBe(1);
  });
});
