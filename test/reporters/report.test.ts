import { describe, expect, test } from 'vitest';
import { escalate } from '../../lib/results/outcome.ts';
import { REPORT_FORMAT, REPORT_VERSION, buildReport, exitCodeOf } from '../../lib/results/report.ts';
import { GAPS, RULES } from '../../lib/rules/index.ts';
import { KEY_SCOPE, PAST_LAST, STARTED, TAG_200, TAG_404, error, evidence, fail, outcome, pass, report, ruleOf, rules, skip, target } from './fixtures.ts';

describe('status of a rule judged by several checks', () => {
  const statuses = ['skipped', 'pass', 'error', 'fail'] as const;

  test('escalate orders fail > error > pass > skipped whichever comes first', () => {
    for (const [i, a] of statuses.entries()) {
      for (const [j, b] of statuses.entries()) expect(escalate(a, b), `${a} vs ${b}`).toBe(statuses[Math.max(i, j)]);
    }
  });

  // Every order of arrival must give the same answer, or a report would depend on test scheduling.
  test.each([
    ['fail beats error', [error(TAG_404, 'socket hang up'), fail(TAG_404, 'got 200', evidence(200))], 'fail', 'got 200'],
    ['fail beats error, arriving first', [fail(TAG_404, 'got 200', evidence(200)), error(TAG_404, 'socket hang up')], 'fail', 'got 200'],
    ['error beats pass', [pass(TAG_404), error(TAG_404, 'CC_ERR_TIMEOUT: no answer')], 'error', 'CC_ERR_TIMEOUT: no answer'],
    ['pass beats skipped', [skip(TAG_404, 'needs CC_KEY2_ID'), pass(TAG_404)], 'pass', undefined],
    ['skipped alone', [skip(TAG_404, 'needs CC_KEY2_ID')], 'skipped', 'needs CC_KEY2_ID'],
  ] as const)('%s', (_name, verdicts, status, detail) => {
    const r = report(
      verdicts.map((v, i) => outcome(`check-${i}`, [v])),
      { rules: rules(TAG_404) },
    );
    const result = ruleOf(r, TAG_404);
    expect(result.status).toBe(status);
    expect(result.detail).toBe(detail);
    expect(result.checks.map((c) => c.check)).toEqual(verdicts.map((_v, i) => `check-${i}`));
    expect(result.checks.map((c) => c.status)).toEqual(verdicts.map((v) => v.status));
  });

  test('the deciding verdict keeps its own evidence, not that of a weaker or earlier one', () => {
    const first = evidence(500, 'first');
    const deciding = evidence(200, 'deciding');
    const r = report(
      [
        outcome('a', [{ ...error(TAG_404, 'harness'), evidence: first }]),
        outcome('b', [fail(TAG_404, 'expected 404, got 200', deciding)]),
        outcome('c', [fail(TAG_404, 'a later failure', evidence(201, 'later'))]),
      ],
      { rules: rules(TAG_404) },
    );
    const result = ruleOf(r, TAG_404);
    // Among equals the first stays: the earliest failure is the one a reader should chase.
    expect(result.detail).toBe('expected 404, got 200');
    expect(result.evidence).toEqual(deciding);
  });

  test('a pass that also had skipped checks says which were skipped and why', () => {
    const r = report([outcome('with-key2', [skip(TAG_404, 'needs CC_KEY2_ID')]), outcome('plain', [pass(TAG_404, ['target chose 404'])])], {
      rules: rules(TAG_404),
    });
    const result = ruleOf(r, TAG_404);
    expect(result.status).toBe('pass');
    expect(result.detail).toBeUndefined();
    expect(result.notes).toEqual(['target chose 404', 'check with-key2 skipped: needs CC_KEY2_ID']);
  });

  test('notes of every check are kept, even when one of them failed', () => {
    const r = report([outcome('a', [pass(TAG_404, ['note a'])]), outcome('b', [{ ...fail(TAG_404, 'x'), notes: ['note b'] }])], { rules: rules(TAG_404) });
    expect(ruleOf(r, TAG_404).notes).toEqual(['note a', 'note b']);
  });

  test('requests of a rule add up the checks that judge it; a check judging two rules counts for both', () => {
    const r = report(
      [
        outcome('both', [pass(TAG_404), pass(TAG_200)], { requests: 7 }),
        outcome('only-404', [pass(TAG_404)], { requests: 3 }),
        outcome('other', [], { requests: 100 }),
      ],
      { rules: rules(TAG_404, TAG_200) },
    );
    expect(ruleOf(r, TAG_404).requests).toBe(10);
    expect(ruleOf(r, TAG_200).requests).toBe(7);
    expect(r.summary.requests).toBe(110);
  });

  test('a rule judged by no check is an error, never a silent pass', () => {
    const r = report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404, TAG_200) });
    expect(ruleOf(r, TAG_200)).toMatchObject({ status: 'error', detail: 'no check in this run judges this rule', checks: [], requests: 0 });
    expect(r.verdict).toBe('incomplete');
  });

  test('a failed or erring rule says how to see it again: the seed and the command that judges it alone; the others say nothing', () => {
    const r = report(
      [outcome('a', [fail(TAG_404, 'x', evidence(200)), pass(TAG_200)]), outcome('b', [error(PAST_LAST, 'timeout'), skip(KEY_SCOPE, 'needs CC_KEY2_ID')])],
      {
        rules: rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE),
      },
    );
    expect(ruleOf(r, TAG_404).reproduce).toEqual({ seed: 424242, rerun: `npm run conformance -- --seed 424242 --rule ${TAG_404}` });
    expect(ruleOf(r, PAST_LAST).reproduce).toEqual({ seed: 424242, rerun: `npm run conformance -- --seed 424242 --rule ${PAST_LAST}` });
    expect(ruleOf(r, TAG_200).reproduce).toBeUndefined();
    expect(ruleOf(r, KEY_SCOPE).reproduce).toBeUndefined();
    // The request alone replays from the evidence, credentials by variable.
    expect(ruleOf(r, TAG_404).evidence?.curl).toContain('-u "$CC_KEY_ID:$CC_KEY_SECRET"');
  });

  test('rules outside the selection are disabled, whatever a check said of them', () => {
    const r = report([outcome('a', [pass(TAG_404), fail(TAG_200, 'broken')])], { rules: rules(TAG_404, TAG_200), selected: new Set([TAG_404]) });
    expect(ruleOf(r, TAG_200)).toMatchObject({ status: 'disabled', detail: 'not selected in this run', checks: [], requests: 0 });
    expect(ruleOf(r, TAG_404).status).toBe('pass');
    expect(r.summary.byStatus.disabled).toBe(1);
    // A run of chosen rules passes when they pass: the rest are not its business.
    expect(r.verdict).toBe('pass');
  });

  test('each rule result carries its catalogue entry unchanged', () => {
    const [catalogued] = rules(TAG_404);
    const r = report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404) });
    expect(ruleOf(r, TAG_404)).toMatchObject({ ...catalogued });
  });
});

describe('verdict of the run and its exit code', () => {
  const catalogue = rules(TAG_404, TAG_200, PAST_LAST);

  test('pass: every required rule passed and nothing went wrong in the harness', () => {
    const r = report([outcome('a', [pass(TAG_404), pass(TAG_200), pass(PAST_LAST)])], { rules: catalogue });
    expect(r.verdict).toBe('pass');
    expect(exitCodeOf(r)).toBe(0);
  });

  test("a harness error that ended a check is one of the report's problems and keeps the run incomplete", () => {
    const r = report([outcome('a', [pass(TAG_404), pass(TAG_200), pass(PAST_LAST)]), outcome('b', [], { problems: ['b: CC_ERR_TRANSPORT: reset'] })], {
      rules: catalogue,
      problems: ['a suite file failed'],
    });
    expect(r.problems).toEqual(['b: CC_ERR_TRANSPORT: reset', 'a suite file failed']);
    expect(r.verdict).toBe('incomplete');
  });

  test('fail: a required rule failed, even beside skips, errors and problems', () => {
    const r = report([outcome('a', [fail(TAG_404, 'got 200'), skip(TAG_200, 'needs CC_KEY2_ID'), error(PAST_LAST, 'timeout')])], {
      rules: catalogue,
      problems: ['suites/core/x.test.ts: SyntaxError'],
    });
    expect(r.verdict).toBe('fail');
    expect(exitCodeOf(r)).toBe(1);
  });

  test.each([
    ['a required rule skipped', [pass(TAG_404), skip(TAG_200, 'needs CC_KEY2_ID')], []],
    ['a required rule hit a harness error', [pass(TAG_404), error(TAG_200, 'CC_ERR_TRANSPORT')], []],
    ['a harness problem outside any rule', [pass(TAG_404), pass(TAG_200)], ['unhandled: boom']],
  ] as const)('incomplete: %s', (_name, verdicts, problems) => {
    const r = report([outcome('a', [...verdicts])], { rules: rules(TAG_404, TAG_200), problems: [...problems] });
    expect(r.verdict).toBe('incomplete');
    expect(exitCodeOf(r)).toBe(3);
  });

  test('incomplete when no required rule is active: nothing checked is not a pass', () => {
    const r = report([], { rules: catalogue, selected: new Set([PAST_LAST]) });
    expect(r.verdict).toBe('incomplete');
  });

  test('observed rules never decide a failure, nor keep a run from passing', () => {
    for (const observed of [fail(PAST_LAST, 'answered 500'), error(PAST_LAST, 'timeout'), skip(PAST_LAST, 'why')]) {
      const r = report([outcome('a', [pass(TAG_404), pass(TAG_200), observed])], { rules: catalogue });
      expect(ruleOf(r, PAST_LAST).level).toBe('observed');
      expect(r.verdict, observed.status).toBe('pass');
      expect(r.summary.required[observed.status], observed.status).toBe(0);
    }
  });
});

describe('the rest of the document', () => {
  test('summary counts statuses overall and for required rules, and adds up checks', () => {
    const r = report(
      [
        outcome('a', [fail(TAG_404, 'x'), pass(PAST_LAST)], { lane: 'core', requests: 4, unplanned429: 1, retried503: 2, leftovers: ['tag 17'] }),
        outcome('b', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')], { lane: 'core', requests: 0, unplanned429: 2, leftovers: ['contact 3', 'agent 9'] }),
      ],
      {
        rules: rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, 'CORE-RATE-60'),
        selected: new Set([TAG_404, TAG_200, PAST_LAST, KEY_SCOPE]),
        // The ledger's records count, not the failed cleanup steps of the checks.
        leftovers: [
          { kind: 'tag', surface: 'core', id: '17', check: 'a', deletable: true, how: 'DELETE /tags/delete/17.json' },
          { kind: 'contact', surface: 'core', id: '3', check: 'b', deletable: true, how: 'DELETE /contacts/delete/3.json' },
        ],
      },
    );
    expect(r.summary).toEqual({
      rules: 5,
      byStatus: { pass: 1, fail: 1, blocked: 0, skipped: 1, error: 1, disabled: 1 },
      required: { pass: 0, fail: 1, blocked: 0, skipped: 1, error: 1, disabled: 1 },
      gaps: GAPS.length,
      checks: 2,
      requests: 4,
      unplanned429: 3,
      retried503: 2,
      leftovers: 2,
    });
    expect(r.checks).toEqual([
      {
        check: 'a',
        title: 'title of a',
        surface: 'core',
        lane: 'core',
        requests: 4,
        allowance: 5,
        judged: 2,
        unplanned429: 1,
        retried503: 2,
        durationMs: 12.4,
        leftovers: ['tag 17'],
        problems: [],
      },
      {
        check: 'b',
        title: 'title of b',
        surface: 'core',
        lane: 'core',
        requests: 0,
        judged: 0,
        allowance: 5,
        unplanned429: 2,
        retried503: 0,
        durationMs: 12.4,
        leftovers: ['contact 3', 'agent 9'],
        problems: [],
      },
    ]);
    // The lane's cost: every request of its checks, and its costliest checks first.
    expect(r.costliest).toEqual([
      {
        lane: 'core',
        requests: 4,
        checks: [
          { check: 'a', requests: 4, allowance: 5, judged: 2 },
          { check: 'b', requests: 0, allowance: 5, judged: 0 },
        ],
      },
    ]);
  });

  test('costliest: per lane in the order the lanes ran, its ten checks that sent the most; a check no lane ran is in none', () => {
    const dialer = Array.from({ length: 12 }, (_, i) => outcome(`d${i + 1}`, [], { lane: 'dialer', requests: i + 1 }));
    const r = report([outcome('h', [], { lane: 'hosts', requests: 3 }), ...dialer, outcome('loose', [], { requests: 99 })], { rules: rules(TAG_404) });
    expect(r.costliest.map((l) => [l.lane, l.requests, l.checks.map((c) => c.check)])).toEqual([
      ['hosts', 3, ['h']],
      ['dialer', 78, ['d12', 'd11', 'd10', 'd9', 'd8', 'd7', 'd6', 'd5', 'd4', 'd3']],
    ]);
  });

  test('without a catalogue given, every rule of the catalogue is reported, in order', () => {
    const r = buildReport({ outcomes: [], target: target(), seed: 1, startedAt: STARTED, durationMs: 0 });
    expect(r.rules.map((x) => x.id)).toEqual(RULES.map((x) => x.id));
    expect(r.gaps).toEqual(GAPS);
  });

  test('the target is described by slots, URLs and settings, never by key IDs or secrets', () => {
    const t = target({ urls: { core: 'https://core.example/api', ai: 'https://ai.example/v1' }, effects: new Set(['call', 'sms']) });
    const r = buildReport({ outcomes: [], target: t, seed: 1, startedAt: STARTED, durationMs: 0 });
    expect(r.target).toEqual({
      bundledMock: true,
      urls: { core: 'https://core.example/api', ai: 'https://ai.example/v1' },
      keySlots: ['primary', 'second'],
      rateWindowMs: 1000,
      effects: ['call', 'sms'],
      dialerRelease: 'latest',
    });
    const text = JSON.stringify(r);
    for (const pair of Object.values(t.keys)) {
      expect(text).not.toContain(pair.id);
      expect(text).not.toContain(pair.secret);
    }
  });

  test('format, version, start time, rounded duration, seed and problems', () => {
    const r = report([], { rules: rules(TAG_404), problems: ['p1'] });
    expect(r.format).toBe(REPORT_FORMAT);
    expect(r.format).toBe('cc-conformance-report');
    expect(r.version).toBe(REPORT_VERSION);
    expect(r.version).toBe(9);
    expect(r.startedAt).toBe('2025-03-04T05:06:07.000Z');
    expect(r.durationMs).toBe(1235);
    expect(r.seed).toBe(424242);
    expect(r.problems).toEqual(['p1']);
    expect(report([], { rules: rules(TAG_404) }).problems).toEqual([]);
  });

  test('an interrupted run is incomplete whatever passed, and exits 130', () => {
    const r = report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404), interrupted: true });
    expect(r.interrupted).toBe(true);
    expect(r.verdict).toBe('incomplete');
    expect(exitCodeOf(r)).toBe(130);
    expect(report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404) }).interrupted).toBe(false);
  });

  test('the report survives JSON unchanged, as it must to reach a file', () => {
    const r = report([outcome('a', [fail(TAG_404, 'x', evidence(200))])], { rules: rules(TAG_404, TAG_200) });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
