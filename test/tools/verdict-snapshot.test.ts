import { describe, expect, test } from 'vitest';
import { differences } from '../../tools/verdict-snapshot.ts';

const run = (status: string, requests: number) => ({ rules: { 'CORE-A': 'pass', 'CORE-B': status }, requests: { 'core.a': 3, 'core.b': requests } });

describe('npm run snapshot -- compare', () => {
  test('two equal snapshots differ in nothing', () => {
    const snap = { runs: { seed7: run('pass', 2) }, plans: { live: { lanes: [1, 2] } } };
    expect(differences(snap, structuredClone(snap))).toEqual([]);
  });

  test('a status, a request count, a run and a plan figure that changed are each named by id', () => {
    const before = { runs: { seed7: run('pass', 2), seed11: run('pass', 2) }, plans: { live: { lanes: [1, 2] } } };
    const after = { runs: { seed7: run('fail', 3) }, plans: { live: { lanes: [1, 3] } } };
    expect(differences(before, after)).toEqual([
      'seed11: only before',
      'seed7: rule CORE-B: pass -> fail',
      'seed7: check core.b: 2 -> 3 requests',
      'plan live: its figures differ',
    ]);
  });
});
