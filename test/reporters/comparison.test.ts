import { describe, expect, test } from 'vitest';
import type { RuleStatus } from '../../lib/results/outcome.ts';
import {
  CHANGE_KINDS,
  type ChangeKind,
  checkComparable,
  classifyChange,
  compareReports,
  COMPARISON_FORMAT,
  COMPARISON_VERSION,
} from '../../lib/results/comparison.ts';
import type { RuleResult, RunReport } from '../../lib/results/report.ts';
import {
  ANALYTICS_RULE,
  ISOLATION_READ,
  KEY_SCOPE,
  PAST_LAST,
  TAG_200,
  TAG_404,
  error,
  evidence,
  fail,
  outcome,
  pass,
  report,
  rules,
  skip,
} from './fixtures.ts';

const RATE = 'CORE-RATE-60';
const MISSING = 'CORE-AUTH-MISSING-401';

/**
 * Two runs in which one rule moves each way the comparison names, one rule stays, one leaves the
 * catalogue and one joins it. TAG_404 is judged by two checks, so check matching shows on it.
 */
const before = report(
  [
    outcome('tags', [pass(TAG_404), fail(TAG_200, 'expected 200, got 500', evidence(500, '{"error":"boom"}'))]),
    outcome('tags-again', [pass(TAG_404)]),
    outcome('paging', [pass(PAST_LAST)]),
    outcome('scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
    outcome('isolation', [pass(ISOLATION_READ)]),
    outcome('rate', [skip(RATE, 'needs CC_EFFECTS to include budget')]),
    outcome('auth', [pass(MISSING)]),
  ],
  { rules: rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, ISOLATION_READ, RATE, MISSING), runId: 'before01' },
);
const after = report(
  [
    outcome('tags', [fail(TAG_404, 'expected 404, got 200', evidence(200)), pass(TAG_200)]),
    outcome('tags-again', [pass(TAG_404)]),
    outcome('paging', [skip(PAST_LAST, 'needs CC_KEY2_ID')]),
    outcome('scope', [pass(KEY_SCOPE)]),
    outcome('rate', [error(RATE, 'CC_ERR_TIMEOUT: no answer in 15000 ms')]),
    outcome('auth', [pass(MISSING)]),
    outcome('analytics', [fail(ANALYTICS_RULE.id, 'expected 200, got 404')], { surface: 'analytics' }),
  ],
  { rules: [...rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, RATE, MISSING), ANALYTICS_RULE], runId: 'after002' },
);

/** The same report with its rules, each rule's checks and the run's checks in another order, as concurrent lanes can leave them. */
function reordered(r: RunReport): RunReport {
  const rotate = <T>(items: readonly T[]): T[] => [...items.slice(2), ...items.slice(0, 2)].reverse();
  return { ...r, rules: rotate(r.rules).map((rule) => ({ ...rule, checks: [...rule.checks].reverse() })), checks: rotate(r.checks) };
}

const compared = (b: RunReport, a: RunReport) => compareReports({ path: 'before.json', report: b }, { path: 'after.json', report: a });

describe('classifyChange', () => {
  // Every pair of statuses, a missing side included: the whole table, so no pair is left to chance.
  const TABLE: Readonly<Record<string, Readonly<Record<string, ChangeKind | undefined>>>> = {
    pass: { pass: undefined, fail: 'new-failure', skipped: 'newly-skipped', error: 'newly-skipped', disabled: 'newly-skipped', absent: 'removed' },
    fail: { pass: 'fixed', fail: undefined, skipped: 'newly-skipped', error: 'newly-skipped', disabled: 'newly-skipped', absent: 'removed' },
    skipped: { pass: 'newly-judged', fail: 'new-failure', skipped: undefined, error: 'other', disabled: 'other', absent: 'removed' },
    error: { pass: 'newly-judged', fail: 'new-failure', skipped: 'other', error: undefined, disabled: 'other', absent: 'removed' },
    disabled: { pass: 'newly-judged', fail: 'new-failure', skipped: 'other', error: 'other', disabled: undefined, absent: 'removed' },
    absent: { pass: 'added', fail: 'added', skipped: 'added', error: 'added', disabled: 'added', absent: undefined },
  };
  const side = (s: string) => (s === 'absent' ? undefined : (s as RuleStatus));
  test.each(Object.entries(TABLE).flatMap(([b, row]) => Object.entries(row).map(([a, kind]) => [b, a, kind] as const)))('%s → %s is %s', (b, a, kind) => {
    expect(classifyChange(side(b), side(a))).toBe(kind);
  });
});

describe('compareReports', () => {
  const doc = compared(before, after);

  test('each rule lands in the kind its two statuses make; the unchanged one is counted, not listed', () => {
    expect(doc.changes.map((c) => [c.change, c.id, c.before?.status, c.after?.status])).toEqual([
      ['new-failure', TAG_404, 'pass', 'fail'],
      ['fixed', TAG_200, 'fail', 'pass'],
      ['newly-skipped', PAST_LAST, 'pass', 'skipped'],
      ['newly-judged', KEY_SCOPE, 'skipped', 'pass'],
      // Failing, yet a catalogue change rather than a regression: the older run could not have judged it.
      ['added', ANALYTICS_RULE.id, undefined, 'fail'],
      ['removed', ISOLATION_READ, 'pass', undefined],
      ['other', RATE, 'skipped', 'error'],
    ]);
    expect(doc.summary).toEqual({ changed: 7, unchanged: 1, byChange: Object.fromEntries(CHANGE_KINDS.map((k) => [k, 1])) });
    expect(doc.verdict).toBe('regression');
  });

  test('the document is versioned and names both reports', () => {
    expect(doc.format).toBe(COMPARISON_FORMAT);
    expect(doc.version).toBe(COMPARISON_VERSION);
    expect(doc.before).toEqual({
      path: 'before.json',
      runId: 'before01',
      startedAt: '2025-03-04T05:06:07.000Z',
      seed: 424242,
      baseUrl: 'https://127.0.0.1:7443/api',
      bundledMock: true,
      dialerRelease: 'latest',
      verdict: 'fail',
      interrupted: false,
    });
    expect(doc.after.runId).toBe('after002');
  });

  test('each side keeps its status, detail and evidence: request, response status and curl line', () => {
    const tag = doc.changes.find((c) => c.id === TAG_404);
    expect(tag).toMatchObject({ surface: 'core', statement: rules(TAG_404)[0]?.statement, section: 'Endpoints > Core API > Delete a tag' });
    expect(tag?.before).toEqual({ status: 'pass' });
    expect(tag?.after).toEqual({
      status: 'fail',
      detail: 'expected 404, got 200',
      evidence: { request: { method: 'DELETE', url: 'https://127.0.0.1:7443/api/tags/delete/999999.json' }, response: { status: 200 }, curl: evidence().curl },
    });
    expect(doc.changes.find((c) => c.id === TAG_200)?.before?.evidence?.response.status).toBe(500);
  });

  test('the checks that judged a changed rule are matched by id, each with its status on either side', () => {
    expect(doc.changes.find((c) => c.id === TAG_404)?.checks).toEqual([
      { check: 'tags', before: 'pass', after: 'fail' },
      { check: 'tags-again', before: 'pass', after: 'pass' },
    ]);
    expect(doc.changes.find((c) => c.id === ISOLATION_READ)?.checks).toEqual([{ check: 'isolation', before: 'pass' }]);
    expect(doc.changes.find((c) => c.id === ANALYTICS_RULE.id)?.checks).toEqual([{ check: 'analytics', after: 'fail' }]);
  });

  test('rules and checks are matched by id: reordering either report changes nothing', () => {
    expect(reordered(after).rules.map((r) => r.id)).not.toEqual(after.rules.map((r) => r.id));
    expect(compared(reordered(before), reordered(after))).toEqual(doc);
    expect(compared(reordered(before), before)).toMatchObject({
      verdict: 'no-regression',
      changes: [],
      summary: { changed: 0, unchanged: before.rules.length },
    });
  });

  test('a report compared with itself: nothing changed, no regression', () => {
    const same = compared(after, after);
    expect(same.changes).toEqual([]);
    expect(same.summary).toEqual({ changed: 0, unchanged: after.rules.length, byChange: Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) });
    expect(same.verdict).toBe('no-regression');
  });

  test('fixes, skips and catalogue changes alone are no regression', () => {
    const back = compared(after, before);
    expect(back.changes.map((c) => [c.change, c.id])).toEqual([
      ['new-failure', TAG_200],
      ['fixed', TAG_404],
      ['newly-skipped', KEY_SCOPE],
      ['newly-judged', PAST_LAST],
      ['added', ISOLATION_READ],
      ['removed', ANALYTICS_RULE.id],
      ['other', RATE],
    ]);
    const withoutTag200 = (r: RunReport): RunReport => ({ ...r, rules: r.rules.filter((x) => x.id !== TAG_200) });
    expect(compared(withoutTag200(after), withoutTag200(before)).verdict).toBe('no-regression');
  });

  test("a rule's expectation is shown beside its side, and the status alone classifies it", () => {
    const expectation = { expect: 'fail', reason: 'vendor ticket 4711', entry: 'entries[0]' } as RuleResult['expectation'];
    const expecting = (r: RunReport): RunReport => ({ ...r, rules: r.rules.map((x) => (x.id === TAG_404 ? { ...x, expectation } : x)) });
    const tag = compared(before, expecting(after)).changes.find((c) => c.id === TAG_404);
    expect(tag?.change).toBe('new-failure');
    expect(tag?.after?.expectation).toEqual(expectation);
    expect(tag?.before?.expectation).toBeUndefined();
  });
});

describe('checkComparable', () => {
  // The format and version are checked as the file is read (lib/results/report-file.ts, shared with --rerun-failed).
  const plain = JSON.parse(JSON.stringify(before)) as RunReport;

  test('a report whose rules each have an id, a known status and one entry passes', () => {
    expect(checkComparable(plain, 'a.json')).toBeUndefined();
  });

  test.each([
    ['no target', { ...plain, target: null }, 'old.json has no target'],
    ['a rule without an id', { ...plain, rules: [{ status: 'pass' }] }, 'old.json: rule 1 has no id'],
    [
      'an unknown status',
      { ...plain, rules: [{ id: TAG_404, status: 'passed' }] },
      `old.json: rule ${TAG_404} has status "passed", not one of pass, fail, blocked, skipped, error, disabled`,
    ],
    [
      'a rule listed twice, which matching by id cannot place',
      {
        ...plain,
        rules: [
          { id: TAG_404, status: 'pass' },
          { id: TAG_404, status: 'fail' },
        ],
      },
      `old.json lists rule ${TAG_404} twice`,
    ],
  ])('refuses %s with one line naming the file', (_what, doc, message) => {
    let thrown: Error | undefined;
    try {
      checkComparable(doc as unknown as RunReport, 'old.json');
    } catch (err) {
      thrown = err as Error;
    }
    expect(thrown?.message).toBe(message);
    expect((thrown as { code?: string } | undefined)?.code).toBe('CC_ERR_CONFIG');
  });
});
