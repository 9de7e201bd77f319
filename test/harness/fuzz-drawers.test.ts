import { afterAll, describe, expect, test } from 'vitest';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { chooseDrawers, runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import type { Target } from '../../lib/config/target.ts';
import { literalTarget } from './support.ts';

const RULE = 'CORE-PAGE-PAST-LAST';

/** A fuzzed check that sends nothing and writes down how many random values the run granted it. */
function fuzzed(id: string, granted: Map<string, number>, overrides: Partial<CheckDefinition> = {}): CheckDefinition {
  return defineCheck({
    id,
    title: id,
    surface: 'core',
    lane: 'core',
    rules: [RULE],
    cost: {
      requests: 1,
      randomValues: { count: 1, requestsEach: 1 },
    },
    async run(t) {
      granted.set(id, t.randomValues().granted);
      t.observe(RULE, 'drew');
    },
    ...overrides,
  });
}

const sessions: Session[] = [];
afterAll(async () => {
  for (const s of sessions) await s.close();
});

/** The checks granted a random value when the run chose among `checks` with `seed`. */
async function drawing(target: Target, seed: number, checks: (granted: Map<string, number>) => CheckDefinition[]): Promise<string[]> {
  const session = new Session(target, seed);
  sessions.push(session);
  const granted = new Map<string, number>();
  const defs = checks(granted);
  chooseDrawers(session, 'core', defs);
  for (const def of defs) await runCheck(session, def, { lane: 'core' });
  return [...granted].filter(([, n]) => n > 0).map(([id]) => id);
}

const six = (granted: Map<string, number>) => ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => fuzzed(`harness.fuzz-${x}`, granted));

describe('the fuzzed checks of a lane that draw random values (CC_FUZZ_CHECKS)', () => {
  test('that many of them draw, the others send their boundaries only; the same seed chooses the same, other seeds others', async () => {
    const target = literalTarget({ fuzzRandomCap: 1, fuzzChecksPerLane: 2 });
    const first = await drawing(target, 5, six);
    expect(first).toHaveLength(2);
    expect(await drawing(target, 5, six)).toEqual(first);
    const chosen = new Set<string>();
    for (const seed of [6, 7, 8, 9, 10, 11]) {
      const drawn = await drawing(target, seed, six);
      expect(drawn).toHaveLength(2);
      for (const id of drawn) chosen.add(id);
    }
    expect(chosen.size).toBeGreaterThan(2);
  });

  test('a check that cannot run takes no place among them, and without the variable every check draws', async () => {
    // Four of the six need a host the target lacks: the two others are the only ones that can draw.
    const lacking = (granted: Map<string, number>) => six(granted).map((c, i) => (i < 4 ? { ...c, needs: { surfaces: ['analytics' as const] } } : c));
    expect(await drawing(literalTarget({ fuzzRandomCap: 1, fuzzChecksPerLane: 2 }), 5, lacking)).toEqual(['harness.fuzz-e', 'harness.fuzz-f']);
    expect(await drawing(literalTarget({ fuzzRandomCap: 1 }), 5, six)).toHaveLength(6);
  });
});
