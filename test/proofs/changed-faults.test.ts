import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { RULES } from '../../lib/rules/index.ts';
import { FAULTS } from '../../mock/faults/registry.ts';
import { diffSinceMain, readFrom, touchedBy } from '../../tools/changed-proofs.ts';
import { isBudgetFault, proofSuite } from './prove.ts';

/**
 * `npm test` proves the faults a change touches (against the main branch, or the working tree on main);
 * `npm run test:faults` proves every fault, as a CI step of its own. Budget faults are test:parity's.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NAMES = { faults: FAULTS.map((f) => f.name), rules: RULES.map((r) => r.id) };
const touched = touchedBy(diffSinceMain(ROOT), NAMES, readFrom(ROOT));
const CHANGED = FAULTS.filter((f) => !isBudgetFault(f) && (touched.faults.includes(f.name) || touched.rules.includes(f.breaks)));

describe('which faults a change touches', () => {
  const diff = [
    'diff --git a/mock/faults/core.ts b/mock/faults/core.ts',
    '--- a/mock/faults/core.ts',
    '+++ b/mock/faults/core.ts',
    "+  f('tag-delete-unknown-200', 'CORE-TAG-DELETE-404', 'an unknown tag answers 200'),",
    ' unchanged CORE-AUTH-MISSING-401 line',
    'diff --git a/suites/core/authentication/keys.ts b/suites/core/authentication/keys.ts',
    '--- a/suites/core/authentication/keys.ts',
    '+++ b/suites/core/authentication/keys.ts',
    '-    const old = 1;',
  ].join('\n');
  const names = {
    faults: ['tag-delete-unknown-200', 'auth-missing-accepted', 'other-fault'],
    rules: ['CORE-TAG-DELETE-404', 'CORE-AUTH-REVOKED-401', 'CORE-X'],
  };
  const files: Record<string, string> = { 'suites/core/authentication/keys.ts': "rules: ['CORE-AUTH-REVOKED-401']" };

  test('a fault or rule named on a changed line, and every rule a changed check file names; not one on an unchanged line', () => {
    expect(touchedBy(diff, names, (file) => files[file] ?? '')).toEqual({
      faults: ['tag-delete-unknown-200'],
      rules: ['CORE-TAG-DELETE-404', 'CORE-AUTH-REVOKED-401'],
    });
  });

  test('no diff touches nothing', () => {
    expect(touchedBy('', names, () => '')).toEqual({ faults: [], rules: [] });
  });
});

// On a clean main nothing is touched: no suite at all, since vitest refuses an empty one.
if (CHANGED.length > 0) proofSuite(`the ${CHANGED.length} faults this change touches make the suite report their rules failed`, CHANGED);
