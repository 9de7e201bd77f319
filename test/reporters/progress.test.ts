import { describe, expect, test } from 'vitest';
import type { TestCase, TestSuite } from 'vitest/node';
import type { CheckMeta } from '../../lib/checks/vitest.ts';
import { RunProgress } from '../../lib/results/run-progress.ts';
import { ProgressReporter, progressLine } from '../../reporters/progress.ts';
import { outcome, pass, TAG_404 } from './fixtures.ts';

function check(id: string, lane: string, requests: number, unplanned429 = 0): TestCase {
  const cc: CheckMeta = { check: id, rules: [TAG_404], outcome: { ...outcome(id, [pass(TAG_404)], { requests, unplanned429 }), allowance: 10 } };
  return { id, meta: () => ({ cc, ccLane: lane }) } as unknown as TestCase;
}
const lane = (name: string): TestSuite => ({ meta: () => ({ ccLane: name }) }) as unknown as TestSuite;

/** Two lanes of two checks each (20 requests allowed, 60 s planned), and a budget check of 30 s after them. */
function setup(live: boolean) {
  let now = 0;
  let out = '';
  const progress = new RunProgress(
    {
      lanes: [
        { lane: 'core', checks: ['a', 'b'], requests: 20, ms: 60_000 },
        { lane: 'dialer', checks: ['c', 'd'], requests: 20, ms: 60_000 },
      ],
      budget: { runs: true, ms: 30_000 },
    },
    5,
    () => now,
  );
  const reporter = new ProgressReporter({ progress, write: (text) => (out += text), live });
  return { progress, reporter, output: () => out, at: (ms: number) => (now = ms) };
}

describe('RunProgress: the figures of the progress line', () => {
  test('time left: the plan for what is not done, or the pace seen so far when the run goes slower, plus the budget checks', () => {
    const { progress, at } = setup(false);
    expect(progress.figures()).toEqual({ done: 0, total: 5, requests: 0, limited: 0, leftMs: 90_000 });
    at(10_000);
    progress.checkDone('core', { ...outcome('a', [pass(TAG_404)], { requests: 4, unplanned429: 1 }), allowance: 10 });
    // core: half done by allowance, 30 s left by the plan; dialer: nothing done, 60 s by the plan.
    expect(progress.figures()).toMatchObject({ done: 1, requests: 4, limited: 1, leftMs: 60_000 + 30_000 });
    at(100_000);
    progress.checkDone('dialer', { ...outcome('c', [pass(TAG_404)], { requests: 9 }), allowance: 10 });
    // 100 s for half of each lane: slower than planned, so another 100 s at that pace.
    expect(progress.figures().leftMs).toBe(100_000 + 30_000);
  });

  test("a step of the run that is not a check (a lane's shared records deleted) adds its requests, not a check done", () => {
    const { progress } = setup(false);
    progress.checkDone('core', { ...outcome('a', [pass(TAG_404)], { requests: 4 }), allowance: 10 });
    progress.checkDone('core', { ...outcome('core.lane-end', [], { requests: 2 }), allowance: 2 }, false);
    expect(progress.figures()).toMatchObject({ done: 1, total: 5, requests: 6 });
  });

  test('a wait on the pacer shows until its window opens, the soonest first', () => {
    const { progress, at } = setup(false);
    at(1_000);
    progress.waiting('core:self', 21_000);
    progress.waiting('dialer:self', 6_000);
    expect(progress.figures().waiting).toEqual({ bucket: 'dialer:self', ms: 5_000 });
    at(7_000);
    expect(progress.figures().waiting).toEqual({ bucket: 'core:self', ms: 14_000 });
    at(30_000);
    expect(progress.figures().waiting).toBeUndefined();
  });
});

describe('ProgressReporter', () => {
  test('in a log: one plain line per lane finished, with the running total', () => {
    const { reporter, output } = setup(false);
    reporter.onTestCaseResult(check('a', 'core', 4));
    reporter.onTestCaseResult(check('c', 'dialer', 2, 1));
    reporter.onTestCaseResult(check('b', 'core', 3));
    reporter.onTestSuiteResult(lane('core'));
    reporter.onTestCaseResult(check('d', 'dialer', 5));
    reporter.onTestSuiteResult(lane('dialer'));
    expect(output()).toBe('lane core finished: 2 checks, 7 requests (3/5 checks in all)\nlane dialer finished: 2 checks, 7 requests (4/5 checks in all)\n');
  });

  test("a check vitest reports twice (it reports a skipped suite's tests again as the suite ends) counts once", () => {
    const { reporter, output } = setup(false);
    const a = check('a', 'core', 4);
    reporter.onTestCaseResult(a);
    reporter.onTestCaseResult(check('b', 'core', 3));
    reporter.onTestCaseResult(a);
    reporter.onTestSuiteResult(lane('core'));
    expect(output()).toBe('lane core finished: 2 checks, 7 requests (2/5 checks in all)\n');
  });

  test('on a terminal: one line rewritten after each check and each wait, cleared at the end', () => {
    const { reporter, output, at } = setup(true);
    reporter.onTestCaseResult(check('a', 'core', 4));
    at(2_000);
    reporter.wait('core:self', 25_000);
    expect(output()).toContain('\r\x1b[2K1/5 checks, 4 requests, 0 unplanned 429s, about 1 min 30 s left');
    expect(output()).toContain('\r\x1b[2K1/5 checks, 4 requests, 0 unplanned 429s, core window in 23 s, about 1 min 30 s left');
    reporter.onTestRunEnd();
    expect(output().endsWith('\r\x1b[2K')).toBe(true);
  });

  test('the line says what the figures say', () => {
    expect(progressLine({ done: 7, total: 9, requests: 120, limited: 2, leftMs: 61_400, waiting: { bucket: 'core:self', ms: 400 } })).toBe(
      '7/9 checks, 120 requests, 2 unplanned 429s, core window in 1 s, about 1 min 2 s left',
    );
  });
});
