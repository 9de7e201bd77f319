import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DIAGNOSTIC_FAULTS, FAULTS } from '../../mock/faults/registry.ts';

const MOCK = new URL('../../mock/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every fault name the mock's code asks about, as a literal. */
const asked = new Set(
  sources(MOCK)
    .filter((file) => !file.includes('/faults/'))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/faults\.on\(\s*'([a-z0-9_-]+)'\s*\)/g)].map((m) => m[1] as string)),
);

describe('faults are wired both ways', () => {
  // The other way round, a name the mock asks about but nobody registered, is a compile error (FaultName).
  test('every registered fault is asked about somewhere in the mock', () => {
    // The plain-HTTP faults are consulted through a table of host to fault name, not a literal call.
    const viaTable = new Set(['ai-plain-http-served', 'analytics-plain-http-served', 'cuecard-plain-http-served', 'https-plain-http-served']);
    expect([...FAULTS, ...DIAGNOSTIC_FAULTS].map((f) => f.name).filter((name) => !asked.has(name) && !viaTable.has(name))).toEqual([]);
  });
});
