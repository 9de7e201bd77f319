import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { RuleViolation } from '../../lib/checks/signals.ts';
import { integerAround } from '../../lib/fuzz/arbitraries.ts';
import { explore } from '../../lib/fuzz/property.ts';
import { literalTarget } from './support.ts';

const RULE = 'CORE-AGENT-DAILY-LIMIT';
const BOUNDS = integerAround(1, 200);

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((s) => s.close())));

function context(runSeed: number, checkId = 'harness.explore', fuzzRandomCap?: number, declared = 200): CheckContext {
  const session = new Session(literalTarget(fuzzRandomCap === undefined ? {} : { fuzzRandomCap }), runSeed);
  sessions.push(session);
  return new CheckContext(session, {
    id: checkId,
    rules: [RULE],
    cost: {
      requests: 0,
      randomValues: { count: declared, requestsEach: 1 },
    },
  });
}

/** Every value the property was called with, in order. */
async function tried(t: CheckContext, randomRuns = 15): Promise<number[]> {
  const seen: number[] = [];
  await explore(t, { ...BOUNDS, randomRuns, property: async (v) => void seen.push(v) });
  return seen;
}

describe('explore', () => {
  test('tries the boundaries first, in order, then exactly randomRuns random values', async () => {
    const seen = await tried(context(42));
    expect(BOUNDS.boundaries).toEqual([0, 1, 200, 201]);
    expect(seen.slice(0, 4)).toEqual([0, 1, 200, 201]);
    // Each value is a request on a live target: the budget is boundaries + randomRuns, no more.
    expect(seen).toHaveLength(4 + 15);
    for (const v of seen) {
      expect(v).toBeGreaterThanOrEqual(1 - 1000);
      expect(v).toBeLessThanOrEqual(200 + 1000);
    }
  });

  test('with no random runs only the boundaries are tried', async () => {
    expect(await tried(context(42), 0)).toEqual([0, 1, 200, 201]);
  });

  test('a target that caps random values (CC_FUZZ_RANDOM) gets the boundaries all the same and at most its cap, over all the check explores', async () => {
    const t = context(42, 'harness.explore', 2, 5);
    const first = await tried(t, 3);
    expect(first.slice(0, 4)).toEqual([0, 1, 200, 201]);
    expect(first).toHaveLength(4 + 2);
    // The cap is the check's: a second exploration gets what the first left, here nothing.
    expect(await tried(t, 2)).toEqual([0, 1, 200, 201]);
  });

  test('without a cap an exploration that names no number draws every random value the check declares; more than declared is a defect of the check', async () => {
    const seen: number[] = [];
    await explore(context(42, 'harness.explore', undefined, 6), { ...BOUNDS, property: async (v) => void seen.push(v) });
    expect(seen).toHaveLength(4 + 6);
    const t = context(42, 'harness.explore', undefined, 3);
    await expect(tried(t, 4)).rejects.toThrow('harness.explore draws more random fuzz values than the 3 its randomValues declares');
    const session = new Session(literalTarget(), 1);
    sessions.push(session);
    const undeclared = new CheckContext(session, {
      id: 'harness.undeclared',
      rules: [RULE],
      cost: { requests: 0 },
    });
    await expect(tried(undeclared, 1)).rejects.toThrow('harness.undeclared explores without declaring its randomValues');
  });

  test('samples come after the boundaries, each counted as a random value: all of them without a cap, drawn among the random ones under one', async () => {
    const samples = [-50, 500, 999];
    const run = async (t: CheckContext, randomRuns?: number) => {
      const seen: number[] = [];
      await explore(t, { ...BOUNDS, samples, ...(randomRuns === undefined ? {} : { randomRuns }), property: async (v) => void seen.push(v) });
      return seen;
    };
    const all = await run(context(42, 'harness.explore', undefined, 5));
    expect(all.slice(0, 7)).toEqual([0, 1, 200, 201, -50, 500, 999]);
    expect(all).toHaveLength(4 + 3 + 2);
    // Under a cap of 2: the boundaries, then two values drawn among samples and random ones; the same seed draws the same.
    const capped = await run(context(42, 'harness.explore', 2, 5));
    expect(capped.slice(0, 4)).toEqual([0, 1, 200, 201]);
    expect(capped).toHaveLength(4 + 2);
    expect(await run(context(42, 'harness.explore', 2, 5))).toEqual(capped);
    // Over many seeds the draws reach the samples too.
    const drawn = new Set<number>();
    for (let seed = 1; seed <= 40; seed += 1) for (const v of (await run(context(seed, 'harness.explore', 1, 5))).slice(4)) drawn.add(v);
    expect(samples.filter((v) => drawn.has(v)).length).toBeGreaterThan(0);
    // Samples are random values the check declares: fewer declared than samples is a defect of the check.
    await expect(run(context(42, 'harness.explore', undefined, 2))).rejects.toThrow('harness.explore declares fewer random values than its 3 samples');
    await expect(run(context(42, 'harness.explore', undefined, 4), 2)).rejects.toThrow('draws more random fuzz values than the 4 its randomValues declares');
  });

  test('the same run seed replays the same values; another seed or check draws others', async () => {
    const first = await tried(context(42));
    expect(await tried(context(42))).toEqual(first);
    expect((await tried(context(43))).slice(4)).not.toEqual(first.slice(4));
    // The check ID is mixed into the seed, so one check replays alone whatever ran before it.
    expect((await tried(context(42, 'harness.explore-other'))).slice(4)).not.toEqual(first.slice(4));
  });

  test('a violation is recorded on its rule with the counterexample and both seeds, without shrinking, and the check goes on', async () => {
    const t = context(42);
    const seen: number[] = [];
    const evidence = {
      request: { method: 'PUT', url: 'https://127.0.0.1:1/api/agents/add.json', headers: {}, credentials: 'primary key' },
      response: { status: 201, headers: {}, body: '' },
    };
    await explore(t, {
      ...BOUNDS,
      randomRuns: 15,
      property: async (v) => {
        seen.push(v);
        if (v > 200) throw new RuleViolation(RULE, `daily_price_limit ${v} was accepted`, evidence);
      },
    });
    const violation = t.standings.get(RULE)?.failure;
    expect(violation?.rule).toBe(RULE);
    expect(violation?.evidence).toEqual(evidence);
    expect(violation?.message).toBe(`daily_price_limit 201 was accepted (counterexample 201, check seed ${t.seed}, run seed 42)`);
    // Shrinking would call the property again with smaller values; every call is a request.
    expect(seen).toEqual([0, 1, 200, 201]);
  });

  test('inside strictly() the counterexample is thrown, for the property or sequence around it', async () => {
    const t = context(42);
    const run = t.strictly(() =>
      explore(t, {
        ...BOUNDS,
        randomRuns: 15,
        property: async (v) => {
          if (v > 200) throw new RuleViolation(RULE, `daily_price_limit ${v} was accepted`);
        },
      }),
    );
    await expect(run).rejects.toThrow(/^daily_price_limit 201 was accepted \(counterexample 201/);
  });

  test('a random counterexample is reported as found, and its seed finds it again', async () => {
    const property = (seen: number[]) => async (v: number) => {
      seen.push(v);
      if (v > 700) throw new RuleViolation(RULE, `accepted ${v}`);
    };
    const runOnce = async () => {
      const seen: number[] = [];
      const t = context(7);
      await explore(t, { ...BOUNDS, randomRuns: 200, property: property(seen) });
      return { seen, message: t.standings.get(RULE)?.failure?.message };
    };
    const a = await runOnce();
    const last = a.seen.at(-1) as number;
    expect(last).toBeGreaterThan(700);
    expect(a.message).toContain(`accepted ${last} (counterexample ${last}, check seed `);
    expect(a.seen.slice(0, -1).every((v) => v <= 700)).toBe(true);
    expect(await runOnce()).toEqual(a);
  });

  test('any other error is rethrown as it was', async () => {
    const boom = new Error('socket hang up');
    await expect(explore(context(1), { arbitrary: fc.integer(), boundaries: [1], randomRuns: 3, property: async () => Promise.reject(boom) })).rejects.toBe(
      boom,
    );
  });

  test('inside a check, the violation becomes the fail verdict of its rule', async () => {
    const session = new Session(literalTarget(), 9);
    sessions.push(session);
    const outcome = await runCheck(
      session,
      defineCheck({
        id: 'harness.explore-in-check',
        title: 'explore in a check',
        surface: 'core',
        rules: [RULE],
        cost: {
          requests: 0,
          randomValues: { count: 5, requestsEach: 1 },
        },
        async run(t) {
          await explore(t, { ...BOUNDS, randomRuns: 5, property: async (v) => t.check(RULE, v !== 0, `accepted ${v}`) });
        },
      }),
    );
    expect(outcome.verdicts[0]?.status).toBe('fail');
    expect(outcome.verdicts[0]?.detail).toMatch(/^accepted 0 \(counterexample 0, check seed \d+, run seed 9\)$/);
  });
});
