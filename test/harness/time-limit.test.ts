import { afterAll, describe, expect, test } from 'vitest';
import type { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { plannedMs, timeLimitMs } from '../../lib/checks/pace.ts';
import { runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { perWindowAt } from '../../lib/http/pacer.ts';
import { literalTarget } from './support.ts';

const DELETE_404 = 'CORE-TAG-DELETE-404';
const DELETE_200 = 'CORE-TAG-DELETE-200';

function check(def: Partial<CheckDefinition> & Pick<CheckDefinition, 'run'>): CheckDefinition {
  return defineCheck({
    id: 'harness.slow',
    title: 'a check that takes too long',
    surface: 'core',
    cost: { requests: 0 },
    rules: [DELETE_404, DELETE_200],
    ...def,
  });
}

describe('the time limit of a check', () => {
  // A 100 ms window and request timeout: an allowance of 0 gets 2 × (0 + 100) + 3 × 100 = 500 ms.
  const session = new Session(literalTarget({ rateWindowMs: 100, timeoutMs: 100 }), 1);
  afterAll(() => session.close());

  /** Runs a check that registers a cleanup, then does `body`; whether the cleanup ran, and how long it all took. */
  async function timed(body: (t: CheckContext) => Promise<unknown>, timeLimitMs?: number) {
    let cleaned = false;
    const started = Date.now();
    const def = check({
      async run(t) {
        t.cleanup('undo the record', async () => {
          cleaned = true;
        });
        await body(t);
      },
    });
    const outcome = await runCheck(session, def, timeLimitMs === undefined ? {} : { timeLimitMs });
    return { outcome, cleaned, tookMs: Date.now() - started };
  }

  test('a check that sleeps past its limit is stopped: its cleanups run, a rule declared done keeps its pass, the rest are CC_ERR_TIME_LIMIT', async () => {
    const { outcome, cleaned, tookMs } = await timed(async (t) => {
      t.pass(DELETE_404);
      t.done(DELETE_404);
      t.pass(DELETE_200);
      await t.sleep(60_000);
    });
    expect(tookMs).toBeLessThan(5_000);
    expect(cleaned).toBe(true);
    expect(outcome.verdicts.find((v) => v.rule === DELETE_404)?.status).toBe('pass');
    const cut = outcome.verdicts.find((v) => v.rule === DELETE_200);
    expect(cut?.status).toBe('error');
    expect(cut?.detail).toMatch(
      /^CC_ERR_TIME_LIMIT: harness\.slow overran its time limit of 0.5 s \(planned 0 s: 0 requests at 58 per 100 ms window\) and was stopped$/,
    );
    expect(cut?.notes).toContain('1 assertion held before the check ended; the rest were not judged');
    expect(outcome.problems).toEqual([expect.stringMatching(/^harness\.slow: CC_ERR_TIME_LIMIT: /)]);
  });

  test('a check that does not listen to its signal is abandoned soon after its limit, and still cleaned up', async () => {
    const { outcome, cleaned, tookMs } = await timed(() => new Promise((resolve) => setTimeout(resolve, 30_000).unref()), 50);
    expect(tookMs).toBeLessThan(10_000);
    expect(cleaned).toBe(true);
    expect(outcome.verdicts.map((v) => v.status)).toEqual(['error', 'error']);
    expect(outcome.verdicts[0]?.detail).toMatch(/^CC_ERR_TIME_LIMIT: /);
  });

  test('a check that finishes in time is not touched by its limit', async () => {
    const outcome = await runCheck(
      session,
      check({
        async run(t) {
          await t.sleep(20);
          t.pass(DELETE_404);
          t.pass(DELETE_200);
        },
      }),
    );
    expect(outcome.verdicts.map((v) => v.status)).toEqual(['pass', 'pass']);
  });
});

describe('the time limit comes from the allowance at the pace', () => {
  const live = { perWindow: perWindowAt(0.5), windowMs: 60_000 };

  test('31 requests at 30 per minute: one window of pacing; the limit doubles it with a window more, plus a request timeout and slack', () => {
    expect(plannedMs({ allowance: 30 }, live)).toBe(0);
    expect(plannedMs({ allowance: 31 }, live)).toBe(60_000);
    expect(timeLimitMs({ allowance: 31 }, live, 15_000)).toBe(2 * (60_000 + 60_000) + 3 * 15_000 + 31 * 250);
    // The budget check lasts its windows, whatever its allowance.
    expect(plannedMs({ allowance: 848, lastsWindows: 6 }, live)).toBe(360_000);
  });
});
