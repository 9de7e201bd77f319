import { afterEach, describe, expect, test, vi } from 'vitest';
import type { TestCase, TestSuite } from 'vitest/node';
import type { CheckMeta } from '../../lib/checks/vitest.ts';
import { RunProgress } from '../../lib/results/run-progress.ts';
import { PROGRESS_LOG_EVERY_MS, ProgressReporter, progressLine, progressLogLine } from '../../reporters/progress.ts';
import { outcome, pass, TAG_404 } from './fixtures.ts';

function check(id: string, lane: string, requests: number, unplanned429 = 0): TestCase {
  const cc: CheckMeta = { check: id, rules: [TAG_404], outcome: { ...outcome(id, [pass(TAG_404)], { requests, unplanned429 }), allowance: 10 } };
  return { id, meta: () => ({ cc, ccLane: lane }) } as unknown as TestCase;
}
const lane = (name: string): TestSuite => ({ meta: () => ({ ccLane: name }) }) as unknown as TestSuite;

/**
 * Two lanes of two checks each (20 requests allowed, 60 s planned), and a budget check of 30 s after them;
 * their requests planned on the core budget, the Dialer's and two hosts without one.
 */
function setup(live: boolean, logEveryMs?: number) {
  let now = 0;
  let out = '';
  let log = '';
  const progress = new RunProgress(
    {
      lanes: [
        { lane: 'core', checks: ['a', 'b'], requests: 20, ms: 60_000 },
        { lane: 'dialer', checks: ['c', 'd'], requests: 20, ms: 60_000 },
      ],
      budget: { runs: true, ms: 30_000 },
      meters: [
        { meter: 'core', requests: 18 },
        { meter: 'dialer', requests: 16 },
        { meter: 'analytics', requests: 0 },
        { meter: 'ai', requests: 4 },
        { meter: 'cuecard', requests: 2 },
      ],
    },
    5,
    () => now,
  );
  const reporter = new ProgressReporter({
    progress,
    write: (text) => (out += text),
    live,
    log: (text) => (log += text),
    ...(logEveryMs !== undefined ? { logEveryMs } : {}),
  });
  return { progress, reporter, output: () => out, logged: () => log, at: (ms: number) => (now = ms) };
}

const PLANNED = [
  { part: 'core', requests: 0, planned: 18 },
  { part: 'dialer', requests: 0, planned: 16 },
  { part: 'unmetered', requests: 0, planned: 6 },
];

describe('RunProgress: the figures of the progress line', () => {
  test('time left: the plan for what is not done, or the pace seen so far when the run goes slower, plus the budget checks', () => {
    const { progress, at } = setup(false);
    expect(progress.figures()).toEqual({ done: 0, total: 5, elapsedMs: 0, requests: 0, spent: PLANNED, limited: 0, leftMs: 90_000 });
    at(10_000);
    progress.checkDone('core', { ...outcome('a', [pass(TAG_404)], { requests: 4, unplanned429: 1 }), allowance: 10 });
    // core: half done by allowance, 30 s left by the plan; dialer: nothing done, 60 s by the plan.
    expect(progress.figures()).toMatchObject({ done: 1, requests: 4, limited: 1, leftMs: 60_000 + 30_000 });
    at(100_000);
    progress.checkDone('dialer', { ...outcome('c', [pass(TAG_404)], { requests: 9 }), allowance: 10 });
    // 100 s for half of each lane: slower than planned, so another 100 s at that pace.
    expect(progress.figures().leftMs).toBe(100_000 + 30_000);
  });

  test("a check the plan skips ends at once: it is a check done, but its allowance does not shorten the lane's time left", () => {
    const { progress, at } = setup(false);
    at(10_000);
    progress.checkDone('dialer', { ...outcome('c', [pass(TAG_404)], { requests: 9 }), allowance: 10 });
    // 'x' is not among the core lane's planned checks: a missing key pair or effect skipped it.
    progress.checkDone('core', { ...outcome('x', [], { requests: 0 }), allowance: 20 });
    expect(progress.figures()).toMatchObject({ done: 2, leftMs: 60_000 + 30_000 });
  });

  test("a step of the run that is not a check (a lane's shared records deleted) adds its requests, not a check done", () => {
    const { progress } = setup(false);
    progress.checkDone('core', { ...outcome('a', [pass(TAG_404)], { requests: 4 }), allowance: 10 });
    progress.checkDone('core', { ...outcome('core.lane-end', [], { requests: 2 }), allowance: 2 }, false);
    expect(progress.figures()).toMatchObject({ done: 1, total: 5, requests: 6 });
  });

  test("each paced request counts on its bucket's budget as it goes out, the hosts without one together, beside the plan's figure", () => {
    const { progress, at } = setup(false);
    for (const bucket of ['core:self', 'core:other', 'dialer:self', 'ai:self', 'cuecard:anonymous']) progress.sent(bucket);
    at(42_000);
    expect(progress.figures()).toMatchObject({
      elapsedMs: 42_000,
      // Counted as they go out, not as checks end: no check is done yet.
      requests: 0,
      spent: [
        { part: 'core', requests: 2, planned: 18 },
        { part: 'dialer', requests: 1, planned: 16 },
        { part: 'unmetered', requests: 2, planned: 6 },
      ],
    });
  });

  test('a part the plan sends nothing on is left out until a request goes there', () => {
    const progress = new RunProgress({ lanes: [{ lane: 'core', checks: ['a'], requests: 3, ms: 0 }], meters: [{ meter: 'core', requests: 3 }] }, 1);
    expect(progress.figures().spent).toEqual([{ part: 'core', requests: 0, planned: 3 }]);
    progress.sent('dialer:self');
    expect(progress.figures().spent).toEqual([
      { part: 'core', requests: 0, planned: 3 },
      { part: 'dialer', requests: 1, planned: 0 },
    ]);
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
    expect(
      progressLine({ done: 7, total: 9, elapsedMs: 0, requests: 120, spent: [], limited: 2, leftMs: 61_400, waiting: { bucket: 'core:self', ms: 400 } }),
    ).toBe('7/9 checks, 120 requests, 2 unplanned 429s, core window in 1 s, about 1 min 2 s left');
  });
});

describe('ProgressReporter: the log gets a line at least once a minute, terminal or not', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test.each([false, true])('live %s: a line on the log every minute while the checks run, none after they end', (live) => {
    vi.useFakeTimers();
    const { reporter, progress, logged, at } = setup(live);
    expect(PROGRESS_LOG_EVERY_MS).toBe(60_000);
    reporter.onTestRunStart();
    vi.advanceTimersByTime(59_999);
    expect(logged()).toBe('');
    reporter.onTestCaseResult(check('a', 'core', 4));
    for (const bucket of ['core:self', 'core:self', 'dialer:self']) reporter.sent(bucket);
    at(60_000);
    vi.advanceTimersByTime(1);
    expect(logged()).toBe('progress: 1 of 5 checks, 1 min in, about 1 min 30 s left; requests: core 2/18, Dialer 1/16, other hosts 0/6\n');
    progress.checkDone('dialer', { ...outcome('c', [pass(TAG_404)], { requests: 9, unplanned429: 1 }), allowance: 10 });
    at(120_000);
    vi.advanceTimersByTime(60_000);
    expect(logged().split('\n')[1]).toBe(
      'progress: 2 of 5 checks, 2 min in, about 2 min 30 s left, 1 unplanned 429s; requests: core 2/18, Dialer 1/16, other hosts 0/6',
    );
    reporter.onTestRunEnd();
    vi.advanceTimersByTime(10 * 60_000);
    expect(logged().split('\n')).toHaveLength(3);
  });

  test("the interval is the caller's to choose", () => {
    vi.useFakeTimers();
    const { reporter, logged } = setup(false, 5_000);
    reporter.onTestRunStart();
    vi.advanceTimersByTime(15_000);
    reporter.onTestRunEnd();
    expect(logged().match(/^progress: /gm)).toHaveLength(3);
  });

  test('on a terminal the updating line is cleared before the log line and drawn again after it', () => {
    vi.useFakeTimers();
    const { reporter, output, logged } = setup(true);
    reporter.onTestRunStart();
    vi.advanceTimersByTime(60_000);
    expect(logged()).toMatch(/^progress: 0 of 5 checks/);
    // The terminal line was redrawn each second; the log line came between a clear and a redraw.
    expect(output().endsWith('\r\x1b[2K0/5 checks, 0 requests, 0 unplanned 429s, about 1 min 30 s left')).toBe(true);
    reporter.onTestRunEnd();
  });

  test('without a log, no line and no timer', () => {
    vi.useFakeTimers();
    const progress = new RunProgress({ lanes: [] }, 0);
    const reporter = new ProgressReporter({ progress, write: () => undefined, live: false });
    reporter.onTestRunStart();
    expect(vi.getTimerCount()).toBe(0);
    reporter.onTestRunEnd();
  });

  test('the line names the budgets, the Dialer as itself, and shows a part the plan did not count without a figure', () => {
    const line = progressLogLine({
      done: 41,
      total: 298,
      elapsedMs: 130_000,
      requests: 96,
      spent: [
        { part: 'core', requests: 55, planned: 209 },
        { part: 'dialer', requests: 41, planned: 196 },
        { part: 'unmetered', requests: 3, planned: 0 },
      ],
      limited: 0,
      leftMs: 250_000,
    });
    expect(line).toBe('progress: 41 of 298 checks, 2 min 10 s in, about 4 min 10 s left; requests: core 55/209, Dialer 41/196, other hosts 3');
    expect(line).not.toMatch(/\bai\b/);
  });
});
