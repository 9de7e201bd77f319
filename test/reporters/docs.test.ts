import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { TAG_200, TAG_404, error, evidence, fail, outcome, pass, report, rules } from './fixtures.js';

// The JSON report is a versioned interface; its table in reporters/README.md is what consumers read.
const readme = readFileSync(new URL('../../reporters/README.md', import.meta.url), 'utf8');
const table = readme
  .slice(readme.indexOf('## `conformance.json`'))
  .split('\n')
  .filter((line) => line.startsWith('| `'));
const row = (field: string) => {
  const found = table.find((line) => line.startsWith(`| \`${field}`));
  if (!found) throw new Error(`no row for ${field}`);
  return found;
};
const names = (line: string) => new Set([...line.matchAll(/`([A-Za-z0-9]+)(?:\[\])?`/g)].map((m) => m[1]));

const RULE_RESULT_KEYS = ['id', 'surface', 'statement', 'section', 'level', 'source', 'reading', 'since', 'status', 'detail', 'evidence', 'notes', 'checks', 'requests'];

// Built from real code, with the optional fields present, so a new field shows up here by itself.
const full = report(
  [outcome('a', [fail(TAG_404, 'x', evidence(200))], { leftovers: ['tag 1'] }), outcome('b', [pass(TAG_404), error(TAG_200, 'y')])],
  { rules: [...rules(TAG_404), { ...rules(TAG_200)[0]!, reading: 'a reading', since: '2.1' }], problems: ['p'] },
);

describe('reporters/README.md documents the report it describes', () => {
  test('every top-level key of the report has a row', () => {
    const documented = new Set(table.flatMap((line) => [...names(line.split(' | ')[0] as string)]));
    for (const key of Object.keys(full)) expect(documented.has(key), key).toBe(true);
  });

  test('every key of summary and target is named in its row', () => {
    for (const key of Object.keys(full.summary)) expect(names(row('summary')).has(key), `summary.${key}`).toBe(true);
    for (const key of Object.keys(full.target)) expect(names(row('target')).has(key), `target.${key}`).toBe(true);
  });

  test('every key of a rule result, including its evidence, is named in the rules row', () => {
    const documented = names(row('rules[]'));
    for (const key of RULE_RESULT_KEYS) expect(documented.has(key), key).toBe(true);
    // The list above must not fall behind the code either.
    for (const r of full.rules) for (const key of Object.keys(r)) expect(RULE_RESULT_KEYS, key).toContain(key);
    const withEvidence = full.rules.find((r) => r.evidence);
    for (const key of Object.keys(withEvidence?.evidence ?? {})) expect(documented.has(key), `evidence.${key}`).toBe(true);
  });

  test('every key of a check entry and of a gap is named in its row', () => {
    for (const key of Object.keys(full.checks[0] ?? {})) expect(names(row('checks[]')).has(key), `checks.${key}`).toBe(true);
    for (const key of Object.keys(full.gaps[0] ?? {})) expect(names(row('gaps[]')).has(key), `gaps.${key}`).toBe(true);
  });

  test('the documented format and version are the ones the code writes', () => {
    expect(readme).toContain(`format \`${full.format}\`, version ${full.version}`);
    expect(row('format')).toContain(`\`"${full.format}"\`, \`${full.version}\``);
  });
});
