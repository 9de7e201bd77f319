import { describe, expect, test } from 'vitest';
import { buildLoadReport } from '../../load/report/build.ts';
import { LOAD_REPORT_FORMAT, LOAD_REPORT_VERSION, SETUP_STREAM } from '../../load/report/report-model.ts';
import { MIN_STEP_MS, stepMsFor } from '../../load/report/series.ts';
import { CORE_READ, budgetFlood, budgetSeparate, DIALER_READ, pacedShare, scenarioNamed, smoke } from '../../load/scenarios/index.ts';
import type { LoadScenario } from '../../load/shared/scenario-model.ts';
import type { LoadRecord } from '../../load/shared/records.ts';
import { analyseWindows } from '../../load/shared/windows.ts';
import { WINDOW_MS, inputFor, playScenario, reportOf } from './fixtures-report.ts';

function expectation(report: ReturnType<typeof reportOf>, kind: string, subject: string) {
  const found = report.expectations.find((e) => e.kind === kind && e.subject === subject);
  if (!found) throw new Error(`no ${kind} expectation for ${subject}`);
  return found;
}

describe('buildLoadReport: expectations and verdict', () => {
  test('a smoke run served in full passes, with every stream counted', () => {
    const report = reportOf(smoke);
    expect(report).toMatchObject({
      format: LOAD_REPORT_FORMAT,
      version: LOAD_REPORT_VERSION,
      verdict: 'pass',
      kind: 'budget',
      engine: 'node',
      windowMs: WINDOW_MS,
      startedAt: '2026-09-10T08:00:00.000Z',
    });
    expect(report.expectations.map((e) => [e.kind, e.subject, e.status])).toEqual([
      ['must-serve', 'core-primary', 'pass'],
      ['must-serve', 'dialer-primary', 'pass'],
    ]);
    expect(report.totals.streams.map((s) => [s.stream, s.planned, s.sent, s.served, s.limited, s.errors])).toEqual([
      ['core-primary', 60, 60, 60, 0, 0],
      ['dialer-primary', 60, 60, 60, 0, 0],
    ]);
    expect(report.totals.all).toEqual({ sent: 120, served: 120, limited: 0, errors: 0 });
    expect(report.notes).toEqual([]);
  });

  test('a flood against a limiter of 60 per window passes: 429s appear, the other company is served', () => {
    const report = reportOf(budgetFlood);
    expect(report.verdict).toBe('pass');
    expect(report.expectations.every((e) => e.status === 'pass')).toBe(true);
    expect(report.totals.budgets.find((b) => b.budget === 'core:self')).toMatchObject({ sent: 360, served: 180, limited: 180, errors: 0 });
    expect(report.totals.budgets.find((b) => b.budget === 'core:other')).toMatchObject({ sent: 90, served: 90, limited: 0 });
    expect(expectation(report, 'limit-enforced', 'dialer:self').detail).toBe('180 of 360 requests got 429');
  });

  test('a flooded budget that never answers 429 fails: the limit was not enforced', () => {
    const report = reportOf(budgetFlood, { limit: Number.POSITIVE_INFINITY });
    expect(report.verdict).toBe('fail');
    const enforced = expectation(report, 'limit-enforced', 'core:self');
    expect(enforced.status).toBe('fail');
    expect(enforced.detail).toBe('the limit was not enforced: 360 requests sent, 360 served, none got 429');
  });

  test('a limiter that lets more than twice the budget through in one window span fails the bound', () => {
    const scenario: LoadScenario = {
      name: 'heavy',
      description: 'core at 200 per window',
      streams: [{ name: 'core-heavy', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 200, startWindow: 0, windows: 2 }],
      limited: [{ company: 'self', surface: 'core' }],
    };
    const report = reportOf(scenario, { limit: 150 });
    expect(expectation(report, 'limit-enforced', 'core:self').status).toBe('pass');
    const bounded = expectation(report, 'limit-bounded', 'core:self');
    expect(bounded.status).toBe('fail');
    expect(bounded.detail).toMatch(/^at most 150 served within one window after a 429 .*: more than 60 in one window of the server's own$/);
    expect(report.verdict).toBe('fail');
  });

  const flood: LoadScenario = {
    name: 'flood',
    description: 'core at 90 per window for four windows',
    streams: [{ name: 'core-flood', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 90, startWindow: 0, windows: 4 }],
    limited: [{ company: 'self', surface: 'core' }],
  };

  for (const algorithm of ['fixed', 'sliding'] as const) {
    test(`a ${algorithm} limiter of exactly 60 passes the bound; one of 61 fails it, however it counts its minute`, () => {
      const exact = expectation(reportOf(flood, { limit: 60, algorithm }), 'limit-bounded', 'core:self');
      expect(exact.status, exact.detail).toBe('pass');
      expect(exact.detail).toMatch(/^at most 60 served within one window after a 429/);
      const lenient = expectation(reportOf(flood, { limit: 61, algorithm }), 'limit-bounded', 'core:self');
      expect(lenient.status, lenient.detail).toBe('fail');
    });
  }

  test('where no 429 has a whole window after it, the bound is not judged: incomplete, never a pass', () => {
    const short: LoadScenario = { ...flood, streams: [{ ...flood.streams[0]!, windows: 1 }] };
    const report = reportOf(short, { limit: 60 });
    const bounded = expectation(report, 'limit-bounded', 'core:self');
    expect(bounded.status).toBe('incomplete');
    expect(bounded.detail).toMatch(/^no 429 had a whole window after it within the run/);
    expect(report.verdict).toBe('incomplete');
  });

  test('a 429 on a must-serve stream fails, naming how many were not served and the first status', () => {
    const other = playScenario(budgetFlood).filter((r) => r.stream === 'core-other');
    const answers = new Map([
      [other[4]!.intendedMs, 503],
      [other[9]!.intendedMs, 429],
    ]);
    const report = reportOf(budgetFlood, {
      answer: (r) => (r.stream === 'core-other' && answers.has(r.intendedMs) ? { status: answers.get(r.intendedMs)! } : undefined),
    });
    const served = expectation(report, 'must-serve', 'core-other');
    expect(served.status).toBe('fail');
    expect(served.detail).toBe(
      `2 of 90 requests were not served (429 ×1, 503 ×1); the first not served got 503, sent at ${(other[4]!.startedMs / 1000).toFixed(3)} s; the 429 sent at ${(other[9]!.startedMs / 1000).toFixed(3)} s came with at most 9 of the company's requests to core:other in any window with it, itself included`,
    );
    expect(report.verdict).toBe('fail');
  });

  test('a budget held over time: one 429 among 58 a window fails, unless our own sends may have put more than 60 in its window', () => {
    const steady = scenarioNamed('budget-steady')!;
    const played = playScenario(steady);
    const victim = played.filter((r) => r.stream === 'dialer-steady')[100]!;
    const answer = (r: LoadRecord) => (r === victim || (r.stream === victim.stream && r.intendedMs === victim.intendedMs) ? { status: 429 } : undefined);
    const failed = expectation(reportOf(steady, { answer, latencyMs: 2 }), 'must-serve', 'dialer-steady');
    expect(failed.status).toBe('fail');
    expect(failed.detail).toMatch(/came with at most (59|60) of the company's requests to dialer:self in any window with it/);
    // Answers that took 600 ms leave each request's moment at the server that uncertain: the window may have held more than 60.
    const slow = expectation(reportOf(steady, { answer, latencyMs: 600 }), 'must-serve', 'dialer-steady');
    expect(slow.status).toBe('incomplete');
    expect(slow.detail).toMatch(/up to \d+ of the company's requests to dialer:self may have been counted in one window with each 429 \(the sends bunched\)/);
  });

  test('errors alone never fail an expectation: the run is incomplete, with a note', () => {
    const report = reportOf(smoke, { answer: (_, i) => (i === 3 ? { status: 503 } : i === 8 ? { status: 0, error: 'ECONNRESET' } : undefined) });
    expect(report.verdict).toBe('incomplete');
    expect(report.expectations.some((e) => e.status === 'fail')).toBe(false);
    expect(report.expectations.filter((e) => e.status === 'incomplete').map((e) => e.detail)).toEqual([
      expect.stringMatching(/^1 of 60 requests were not served \((503|no answer) ×1\).*none was limited/),
      expect.stringMatching(/^1 of 60 requests were not served \((503|no answer) ×1\).*none was limited/),
    ]);
    expect(report.notes).toContain(
      '2 requests got no answer or a status other than 2xx and 429 (no answer ×1, 503 ×1): the run is incomplete unless an expectation failed',
    );
    expect(report.totals.all).toEqual({ sent: 120, served: 118, limited: 0, errors: 2 });
    const withError = report.totals.streams.find((s) => s.firstError !== null);
    expect(withError?.firstError).toBe('ECONNRESET');
  });

  test('a flooded budget with errors and no 429 is left open, not failed', () => {
    const report = reportOf(budgetFlood, {
      limit: Number.POSITIVE_INFINITY,
      answer: (r, i) => (r.stream === 'core-primary' && i % 7 === 0 ? { status: 502 } : undefined),
    });
    expect(expectation(report, 'limit-enforced', 'core:self').status).toBe('incomplete');
    expect(expectation(report, 'limit-enforced', 'dialer:self').status).toBe('fail');
  });

  test('an expectation that failed outweighs errors; an interrupted run is incomplete at best', () => {
    const failedWithErrors = reportOf(budgetFlood, { limit: Number.POSITIVE_INFINITY, answer: (_, i) => (i === 0 ? { status: 500 } : undefined) });
    expect(failedWithErrors.verdict).toBe('fail');
    const records = playScenario(smoke);
    expect(buildLoadReport(inputFor(smoke, records, { interrupted: true })).verdict).toBe('incomplete');
    // Interrupted once the whole flood was sent: the missing 429 is a finding of what was sent.
    const flood = playScenario(budgetFlood, { limit: Number.POSITIVE_INFINITY });
    const failedAndInterrupted = buildLoadReport(inputFor(budgetFlood, flood, { interrupted: true, interruptedAtMs: 3 * WINDOW_MS }));
    expect(failedAndInterrupted.verdict).toBe('fail');
    expect(failedAndInterrupted.notes).toContain('the run was interrupted at 3.0 s before its schedule ended, so the verdict is incomplete at best');
  });

  test('an interrupt: when it came, the sends it spared apart from missed ones, and any request that started after it', () => {
    const records = playScenario(smoke).filter((r) => r.startedMs <= 1500);
    const plain = buildLoadReport(inputFor(smoke, records, { interrupted: true, interruptedAtMs: 1500, notSent: 120 - records.length }));
    expect(plain).toMatchObject({
      interrupted: true,
      interruptedAtMs: 1500,
      sentAfterInterrupt: 0,
      missed: 0,
      notSent: 120 - records.length,
      verdict: 'incomplete',
    });
    expect(plain.notes).toEqual([
      'the run was interrupted at 1.5 s before its schedule ended, so the verdict is incomplete at best',
      `${120 - records.length} scheduled sends not yet due at the interrupt were not sent (not counted as missed)`,
    ]);
    // An engine that took the signal late: what it started after the interrupt is counted and said.
    const late = buildLoadReport(inputFor(smoke, records, { interrupted: true, interruptedAtMs: 1400, notSent: null }));
    const after = records.filter((r) => r.startedMs > 1400).length;
    expect(after).toBeGreaterThan(0);
    expect(late).toMatchObject({ sentAfterInterrupt: after, notSent: null });
    expect(late.notes).toContain(`${after} requests went out after the interrupt: the engine was already starting them when the signal reached it`);
    // Not interrupted: no time, nothing spared, whatever the engine passed.
    expect(buildLoadReport(inputFor(smoke, playScenario(smoke)))).toMatchObject({
      interrupted: false,
      interruptedAtMs: null,
      sentAfterInterrupt: 0,
      notSent: 0,
    });
  });

  test('an interrupt before a flood was sent in full leaves its limit-enforced open, never failed, even against a target that never limits', () => {
    const never = { limit: Number.POSITIVE_INFINITY };
    // budget-flood floods both budgets from the start for 3 windows: stopped after 0.4 of a window.
    const early = playScenario(budgetFlood, never).filter((r) => r.startedMs <= 400);
    const stopped = buildLoadReport(inputFor(budgetFlood, early, { interrupted: true, interruptedAtMs: 400, notSent: 360 * 2 - early.length }));
    expect(stopped.verdict).toBe('incomplete');
    expect(stopped.expectations.filter((e) => e.status === 'fail')).toEqual([]);
    for (const budget of ['core:self', 'dialer:self']) {
      const enforced = expectation(stopped, 'limit-enforced', budget);
      expect(enforced.status).toBe('incomplete');
      const sent = stopped.totals.budgets.find((b) => b.budget === budget)!.sent;
      expect(enforced.detail).toBe(
        `not judged: the run was interrupted at 0.400 s, before the schedule had flooded ${budget} in full (until 3.000 s); ${sent} requests sent by then, 0 got 429`,
      );
    }
    // The same records, not interrupted, fail: only the interrupt opens the judgement.
    expect(buildLoadReport(inputFor(budgetFlood, early)).verdict).toBe('fail');
  });

  test('each budget is judged against its own part of the schedule: a flood sent in full fails, one not yet begun is open', () => {
    // budget-separate floods core in windows 0-2 and the Dialer in windows 3-5; stopped at 2.5 windows.
    const records = playScenario(budgetSeparate, { limit: Number.POSITIVE_INFINITY }).filter((r) => r.startedMs <= 2500);
    const report = buildLoadReport(inputFor(budgetSeparate, records, { interrupted: true, interruptedAtMs: 2500 }));
    expect(expectation(report, 'limit-enforced', 'core:self').status).toBe('fail');
    // The Dialer was only offered its quiet stream by then, which a correct limiter serves in full.
    expect(expectation(report, 'limit-enforced', 'dialer:self')).toMatchObject({
      status: 'incomplete',
      detail: expect.stringMatching(/flooded dialer:self in full \(until 5\.000 s\)/),
    });
    expect(report.verdict).toBe('fail');
  });

  test('what was measured fails an interrupted run whenever it came: a 429 on a must-serve stream', () => {
    const records = playScenario(budgetFlood, { answer: (r) => (r.stream === 'core-other' ? { status: 429 } : undefined) }).filter((r) => r.startedMs <= 400);
    const report = buildLoadReport(inputFor(budgetFlood, records, { interrupted: true, interruptedAtMs: 400 }));
    expect(expectation(report, 'must-serve', 'core-other').status).toBe('fail');
    expect(report.verdict).toBe('fail');
  });

  test('429s nobody asked about are counted only', () => {
    const scenario = pacedShare({ coreShare: 1.5, dialerShare: 0.5, windows: 2 });
    const report = reportOf(scenario);
    expect(report.verdict).toBe('pass');
    expect(report.totals.budgets.find((b) => b.budget === 'core:self')).toMatchObject({ sent: 180, served: 120, limited: 60 });
    expect(report.notes).toEqual(['core:self answered 60 requests with 429, which the scenario neither forbids nor expects there; they are counted only']);
  });

  test('missed sends are reported and noted and leave the run incomplete; a run with no records is incomplete', () => {
    const missed = buildLoadReport(inputFor(smoke, playScenario(smoke), { missed: 3 }));
    expect(missed.missed).toBe(3);
    expect(missed.verdict).toBe('incomplete');
    expect(missed.notes).toContain('3 scheduled sends never went out: the target was offered less than the scenario says');
    const empty = buildLoadReport(inputFor(smoke, [], { durationMs: 2000 }));
    expect(empty.verdict).toBe('incomplete');
    expect(empty.notes).toContain('no request was recorded');
    expect(empty.expectations.map((e) => e.status)).toEqual(['incomplete', 'incomplete']);
  });
});

describe('buildLoadReport: latency', () => {
  test('a request that went out late shows in the corrected latency and not in the uncorrected', () => {
    const report = reportOf(smoke, { latencyMs: 20, lateMs: (r) => (r.stream === 'core-primary' && Math.round(r.intendedMs) === 1000 ? 500 : 0) });
    const core = report.latency.find((l) => l.surface === 'core')!;
    expect(core.uncorrected).toMatchObject({ count: 60, max: 20 });
    expect(core.corrected.count).toBe(60);
    expect(core.corrected.max).toBeCloseTo(520, 0);
    expect(core.corrected.p50).toBeCloseTo(20, 1);
    const dialer = report.latency.find((l) => l.surface === 'dialer')!;
    expect(dialer.corrected.max).toBe(dialer.uncorrected.max);
  });

  test('percentiles of a known spread, within the histogram precision', () => {
    const records: LoadRecord[] = Array.from({ length: 1000 }, (_, i) => ({
      stream: 'core-primary',
      surface: 'core',
      company: 'self',
      intendedMs: i,
      startedMs: i,
      endedMs: i + i + 1,
      status: 200,
    }));
    const { corrected } = buildLoadReport(inputFor(smoke, records)).latency[0]!;
    expect(corrected.count).toBe(1000);
    for (const [got, want] of [
      [corrected.p50, 500],
      [corrected.p90, 900],
      [corrected.p99, 990],
      [corrected.p999, 999],
      [corrected.max, 1000],
    ] as const) {
      expect(Math.abs(got - want) / want).toBeLessThan(0.002);
    }
  });

  test('requests that got no answer are left out of the latency', () => {
    const report = reportOf(smoke, { answer: (r) => (r.stream === 'core-primary' ? { status: 0, error: 'timeout' } : undefined) });
    expect(report.latency.find((l) => l.surface === 'core')?.corrected.count).toBe(0);
    expect(report.series.surfaces.find((s) => s.surface === 'core')?.p50.every((v) => v === null)).toBe(true);
  });
});

describe('buildLoadReport: series and windows', () => {
  test('the step is a twentieth of the window, never under 100 ms, and longer where the run would need more than 600 steps', () => {
    expect(stepMsFor(60_000, 4 * 60_000)).toBe(3000);
    expect(stepMsFor(2000, 6000)).toBe(100);
    // A fast mock's window would give steps of a request or two: the floor holds them at 100 ms.
    expect(stepMsFor(1000, 3000)).toBe(MIN_STEP_MS);
    expect(stepMsFor(200, 1000)).toBe(MIN_STEP_MS);
    expect(stepMsFor(60_000, 60 * 60_000)).toBe(6000);
  });

  test('a steady stream draws a flat line, not a zigzag: every step of smoke holds the same count', () => {
    const report = reportOf(smoke);
    expect(report.series.stepMs).toBe(MIN_STEP_MS);
    for (const s of report.series.surfaces) {
      // 30 per 1000 ms window is 3 per 100 ms step, in every step of the run.
      expect(new Set(s.served), s.surface).toEqual(new Set([3]));
    }
  });

  test('the series adds up to the totals, one value per step', () => {
    const report = reportOf(budgetFlood);
    const { series } = report;
    expect(series.stepMs).toBe(stepMsFor(WINDOW_MS, report.durationMs));
    for (const s of series.surfaces) {
      for (const values of [s.served, s.limited, s.errors, s.p50, s.p90, s.p99]) expect(values).toHaveLength(series.atMs.length);
      const totals = report.totals.budgets.filter((b) => b.surface === s.surface);
      const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(s.served)).toBe(totals.reduce((n, b) => n + b.served, 0));
      expect(sum(s.limited)).toBe(totals.reduce((n, b) => n + b.limited, 0));
    }
  });

  test('a long run gets longer steps', () => {
    const records = playScenario(pacedShare({ coreShare: 0.5, dialerShare: 0.5, windows: 90 }));
    const report = buildLoadReport(inputFor(smoke, records));
    expect(report.series.atMs.length).toBeLessThanOrEqual(600);
    expect(report.series.stepMs).toBeGreaterThan(stepMsFor(WINDOW_MS, 0));
  });

  test('the windowed figures are the shared analysis of the records', () => {
    const records = playScenario(budgetFlood);
    const report = buildLoadReport(inputFor(budgetFlood, records));
    const direct = analyseWindows(records, WINDOW_MS);
    expect(report.windows.budgets.map((b) => [b.company, b.surface, b.sent, b.served, b.maxServedInWindow, b.maxServedCertain])).toEqual(
      direct.budgets.map((b) => [b.company, b.surface, b.sent, b.served, b.maxServedInWindow, b.maxServedCertain]),
    );
    expect(report.windowCeiling).toBe(120);
  });

  test('a span straddling two server windows may hold twice the budget and still passes the bound, once a 429 tells the windows apart', () => {
    const scenario: LoadScenario = {
      name: 'straddle',
      description: '130 per window for one window, starting half-way through the server window',
      streams: [{ name: 'core-burst', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 130, startWindow: 0.5, windows: 1 }],
      limited: [{ company: 'self', surface: 'core' }],
    };
    const report = reportOf(scenario, { latencyMs: 5 });
    const core = report.windows.budgets[0]!;
    expect(core.maxServedInWindow).toBe(120);
    expect(Math.max(...core.series.map((p) => p.count))).toBe(120);
    // The run ends before any 429 had a whole window after it: the server's windows are not told apart.
    expect(expectation(report, 'limit-bounded', 'core:self').status).toBe('incomplete');
    // A window longer, they are, and each served its 60, though a span of one window by send time held 120.
    const longer = reportOf({ ...scenario, streams: [{ ...scenario.streams[0]!, windows: 2 }] }, { latencyMs: 5 });
    expect(longer.windows.budgets[0]!.maxServedInWindow).toBeGreaterThanOrEqual(120);
    expect(expectation(longer, 'limit-bounded', 'core:self').status).toBe('pass');
    expect(longer.verdict).toBe('pass');
  });
});

describe('buildLoadReport: what the report holds', () => {
  test('target addresses lose any user info, query and fragment', () => {
    const report = reportOf(
      smoke,
      {},
      { target: { bundledMock: false, urls: { core: 'https://key:secret@api.example.com/api?token=abc#x', ai: 'not a url' } } },
    );
    expect(report.target).toEqual({ bundledMock: false, urls: { core: 'https://api.example.com/api', ai: '(not a URL)' } });
  });

  test('the scenario is summarised with each stream plan and the engine notes come first', () => {
    const report = reportOf(budgetFlood, {}, { notes: ['k6 v1.0.0'] });
    expect(report.scenario.limited).toEqual(['core:self', 'dialer:self']);
    expect(report.scenario.streams.find((s) => s.name === 'dialer-other')).toEqual({
      name: 'dialer-other',
      surface: 'dialer',
      key: 'other',
      company: 'other',
      budget: 'dialer:other',
      request: 'GET /dialer/campaigns?limit=1',
      perWindow: 30,
      startWindow: 0,
      windows: 3,
      mustServe: true,
      planned: 90,
    });
    expect(report.notes[0]).toBe('k6 v1.0.0');
  });

  test("the engine's setup requests are counted apart from the schedule's, so sent reconciles with planned", () => {
    // As k6 records them: one health read per surface before the schedule, as the stream `setup`.
    const setup: LoadRecord[] = [
      { stream: SETUP_STREAM, surface: 'core', company: 'self', intendedMs: 0, startedMs: 0, endedMs: 12, status: 200 },
      { stream: SETUP_STREAM, surface: 'dialer', company: 'self', intendedMs: 13, startedMs: 13, endedMs: 30, status: 503 },
    ];
    const scheduled = playScenario(smoke).map((r) => ({ ...r, intendedMs: r.intendedMs + 40, startedMs: r.startedMs + 40, endedMs: r.endedMs + 40 }));
    const report = buildLoadReport(inputFor(smoke, [...setup, ...scheduled]));
    expect(report.totals.setup).toEqual({ sent: 2, served: 1, limited: 0, errors: 1 });
    expect(report.totals.all.sent).toBe(122);
    const planned = report.scenario.streams.reduce((n, s) => n + s.planned, 0);
    expect(report.totals.all.sent - report.totals.setup.sent + report.missed + (report.notSent ?? 0)).toBe(planned);
    // The setup row: nothing planned, both requests; the schedule's rows hold only their own.
    expect(report.totals.streams.map((s) => [s.stream, s.planned, s.sent])).toEqual([
      ['core-primary', 60, 60],
      ['dialer-primary', 60, 60],
      ['setup', 0, 2],
    ]);
    // They spend budget like any request.
    expect(report.totals.budgets.find((b) => b.budget === 'core:self')?.sent).toBe(61);
    // An engine with no setup (the Node engine) counts none.
    expect(reportOf(smoke).totals.setup).toEqual({ sent: 0, served: 0, limited: 0, errors: 0 });
  });

  test("a scenario stream named setup keeps its requests: they are the schedule's, not the engine's", () => {
    const scenario: LoadScenario = {
      name: 'named-setup',
      description: 'a stream that happens to be called setup',
      streams: [{ name: SETUP_STREAM, surface: 'dialer', key: 'primary', endpoint: DIALER_READ, perWindow: 10, startWindow: 0, windows: 1 }],
      limited: [],
    };
    const report = reportOf(scenario);
    expect(report.totals.setup.sent).toBe(0);
    expect(report.totals.streams).toMatchObject([{ stream: SETUP_STREAM, planned: 10, sent: 10 }]);
  });

  test('the report survives a JSON round trip unchanged', () => {
    const report = reportOf(budgetFlood, { answer: (_, i) => (i === 2 ? { status: 0, error: 'socket hang up' } : undefined) });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});
