import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RELEASES } from '../../lib/dialer/releases.ts';
import { ConfigError } from '../../lib/errors.ts';
import { type ExpectationEntry, readExpectations } from '../../lib/expectations/expectations-file.ts';
import { expectationsFromReport } from '../../lib/expectations/from-report.ts';
import { scopeOf } from '../../lib/expectations/scope.ts';
import { exitCodeOf, outcomeOf, type RunReport } from '../../lib/results/report.ts';
import { SCHEMA_DIR } from '../../lib/schemas/registry.ts';
import { renderConsole } from '../../reporters/console.ts';
import { renderHtml } from '../../reporters/html.ts';
import { renderJunit } from '../../reporters/junit.ts';
import { blocked, error, fail, KEY_SCOPE, outcome, pass, PAST_LAST, report, rules, skip, TAG_200, TAG_404 } from './fixtures.ts';
import { parseXml, type XmlElement } from './xml.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function fileWith(document: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-expect-'));
  dirs.push(dir);
  const path = join(dir, 'expectations.json');
  writeFileSync(path, typeof document === 'string' ? document : JSON.stringify(document));
  return path;
}

const doc = (entries: readonly ExpectationEntry[]) => ({ format: 'cc-conformance-expectations', version: 1, entries });

/** The catalogue the scope sees here: three rules in two checks. */
const CATALOGUE = {
  rules: [TAG_404, TAG_200, KEY_SCOPE, PAST_LAST],
  checks: [
    { id: 'core.tags.delete', rules: [TAG_404, TAG_200] },
    { id: 'core.auth.key-scope', rules: [KEY_SCOPE] },
    { id: 'core.pages.past-last', rules: [PAST_LAST] },
  ],
  release: 'latest' as const,
};

/** A report of `outcomes` over the catalogue's rules, judged against `entries` on `today`. */
function gated(
  outcomes: Parameters<typeof report>[0],
  entries: readonly ExpectationEntry[],
  options: { today?: string; fixedWarns?: boolean } = {},
): RunReport {
  const scope = scopeOf(readExpectations(fileWith(doc(entries))), CATALOGUE);
  return report(outcomes, {
    rules: rules(...CATALOGUE.rules),
    gate: { scope, today: options.today ?? '2026-11-26', ...(options.fixedWarns ? { fixedWarns: true } : {}) },
  });
}

function configError(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('the expectations file', () => {
  test('a file of the schema is read, each entry numbered', () => {
    const file = readExpectations(
      fileWith(
        doc([
          { rule: TAG_404, expect: 'fail', reason: 'ticket 1' },
          { check: 'core.auth.key-scope', expect: 'out-of-scope', reason: 'no second key' },
        ]),
      ),
    );
    expect(file.entries.map((e) => [e.index, e.rule ?? e.check])).toEqual([
      [0, TAG_404],
      [1, 'core.auth.key-scope'],
    ]);
  });

  test('a bad file is one line naming the file and the entry; missing, not JSON, or not of the schema', () => {
    expect(configError(() => readExpectations('/nowhere/expectations.json'))).toBe('expectations: no file at /nowhere/expectations.json');
    expect(configError(() => readExpectations(fileWith('{"entries": [')))).toMatch(/is not valid JSON/);
    const noReason = configError(() => readExpectations(fileWith(doc([{ rule: TAG_404, expect: 'fail' } as ExpectationEntry]))));
    expect(noReason).toMatch(/: entries\[0\] \(CORE-TAG-DELETE-404\): must have required property 'reason'$/);
    // A known deviation is one rule: an entry for a whole check may only put it out of scope.
    expect(configError(() => readExpectations(fileWith(doc([{ check: 'core.tags.delete', expect: 'fail', reason: 'x' }]))))).toMatch(
      /entries\[0\] \(check core\.tags\.delete\) expect: must be "out-of-scope"/,
    );
    expect(configError(() => readExpectations(fileWith(doc([{ rule: TAG_404, check: 'core.tags.delete', expect: 'out-of-scope', reason: 'x' }]))))).toMatch(
      /entries\[0\]/,
    );
    expect(configError(() => readExpectations(fileWith(doc([{ rule: TAG_404, expect: 'fail', reason: 'x', expires: '26/11/2026' }]))))).toMatch(
      /entries\[0\] \(CORE-TAG-DELETE-404\) expires: must match format "date"/,
    );
    expect(configError(() => readExpectations(fileWith({ format: 'other', version: 1, entries: [] })))).toMatch(
      /format: must be "cc-conformance-expectations"/,
    );
    for (const message of [noReason]) expect(message).not.toMatch(/\n/);
  });

  test('the releases an entry may name are the Dialer releases the suite knows', async () => {
    const schema = (await import(join(SCHEMA_DIR, 'gate/expectations.json'), { with: { type: 'json' } })).default as {
      $defs: { entry: { properties: { releases: { items: { enum: string[] } } } } };
    };
    expect(schema.$defs.entry.properties.releases.items.enum).toEqual([...RELEASES]);
  });
});

describe('the scope of a run', () => {
  test('a check entry stands for its rules; a check with every rule out of scope does not run, a check with rules in scope does', () => {
    const scope = scopeOf(
      readExpectations(
        fileWith(
          doc([
            { check: 'core.auth.key-scope', expect: 'out-of-scope', reason: 'no second key' },
            { rule: TAG_200, expect: 'out-of-scope', reason: 'not here' },
          ]),
        ),
      ),
      CATALOGUE,
    );
    expect([...scope.outOfScope.keys()]).toEqual([KEY_SCOPE, TAG_200]);
    expect(scope.checksNotRun).toEqual(['core.auth.key-scope']);
  });

  test('entries for other Dialer releases are not applied; names the catalogue lacks are set apart', () => {
    const scope = scopeOf(
      readExpectations(
        fileWith(
          doc([
            { rule: TAG_404, expect: 'fail', reason: 'x', releases: ['1.0.21'] },
            { rule: 'CORE-RENAMED-RULE', expect: 'fail', reason: 'y' },
            { check: 'core.gone', expect: 'out-of-scope', reason: 'z' },
          ]),
        ),
      ),
      CATALOGUE,
    );
    expect(scope.expectedToFail.size).toBe(0);
    expect(scope.otherReleases.map((e) => e.index)).toEqual([0]);
    expect(scope.unknown.map((e) => e.index)).toEqual([1, 2]);
  });
});

describe('the gate', () => {
  test('an expected failure is as expected: exit 0, and the rule stays a failure of the target', () => {
    const r = gated(
      [outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), pass(TAG_200)]), outcome('core.auth.key-scope', [pass(KEY_SCOPE)])],
      [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1' }],
    );
    expect(r.rules.find((x) => x.id === TAG_404)).toMatchObject({
      status: 'fail',
      standing: 'expected-failure',
      expectation: { expect: 'fail', reason: 'ticket 1', entry: 'entries[0]' },
    });
    expect(r.verdict).toBe('fail');
    expect(r.gate).toMatchObject({ outcome: 'as-expected', exitCode: 0, reasons: [] });
    expect(outcomeOf(r)).toEqual({ headline: 'AS EXPECTED', ok: true, exitCode: 0 });
  });

  test('a failure no entry expects turns it red, exit 1, and names only that rule', () => {
    const r = gated(
      [outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), fail(TAG_200, 'answered 500')]), outcome('core.auth.key-scope', [pass(KEY_SCOPE)])],
      [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1' }],
    );
    expect(r.gate?.outcome).toBe('unexpected-failure');
    expect(exitCodeOf(r)).toBe(1);
    expect(r.gate?.reasons).toEqual([`${TAG_200} failed, and no entry expects it to: answered 500`]);
    expect(r.rules.find((x) => x.id === TAG_200)?.standing).toBe('new-failure');
  });

  test('an expected failure that passed is exit 4 (fixed: remove the entry), or a warning with fixedWarns', () => {
    const outcomes = () => [outcome('core.tags.delete', [pass(TAG_404), pass(TAG_200)]), outcome('core.auth.key-scope', [pass(KEY_SCOPE)])];
    const strict = gated(outcomes(), [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1' }]);
    expect(strict.gate).toMatchObject({
      outcome: 'stale-expectations',
      exitCode: 4,
      reasons: [`${TAG_404} passed, but entries[0] (${TAG_404}) expects it to fail: fixed, remove the entry`],
    });
    const lenient = gated(outcomes(), [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1' }], { fixedWarns: true });
    expect(lenient.gate).toMatchObject({
      outcome: 'as-expected',
      exitCode: 0,
      warnings: [`${TAG_404} passed, but entries[0] (${TAG_404}) expects it to fail: fixed, remove the entry`],
    });
  });

  test('an expired entry is exit 4 and says since when; an entry naming a lost rule is exit 4', () => {
    const outcomes = () => [outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), pass(TAG_200)]), outcome('core.auth.key-scope', [pass(KEY_SCOPE)])];
    const expired = gated(outcomes(), [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1', expires: '2026-11-20' }]);
    expect(expired.gate?.reasons).toEqual([`entries[0] (${TAG_404}) expired on 2026-11-20, 6 days ago: renew it or remove it`]);
    expect(exitCodeOf(expired)).toBe(4);
    // The last day an entry holds is its expiry date itself.
    expect(exitCodeOf(gated(outcomes(), [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1', expires: '2026-11-26' }]))).toBe(0);
    const lost = gated(outcomes(), [
      { rule: TAG_404, expect: 'fail', reason: 'ticket 1' },
      { rule: 'CORE-RENAMED-RULE', expect: 'out-of-scope', reason: 'x' },
    ]);
    expect(lost.gate?.reasons).toEqual([
      'entries[1] (CORE-RENAMED-RULE) names a rule the catalogue does not have (renamed or removed): rename or remove the entry',
    ]);
    expect(exitCodeOf(lost)).toBe(4);
  });

  test('a skip no entry lists, or an error, is exit 3; out of scope is set aside as disabled, never incomplete', () => {
    const outcomes = () => [outcome('core.tags.delete', [pass(TAG_404), pass(TAG_200)]), outcome('core.auth.key-scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')])];
    const unlisted = gated(outcomes(), []);
    expect(unlisted.gate).toMatchObject({
      outcome: 'incomplete',
      exitCode: 3,
      reasons: [`${KEY_SCOPE} was skipped, and no entry puts it out of scope: needs CC_KEY2_ID`],
    });
    const listed = gated(outcomes(), [{ rule: KEY_SCOPE, expect: 'out-of-scope', reason: 'no second key pair here' }]);
    expect(listed.rules.find((x) => x.id === KEY_SCOPE)).toMatchObject({
      status: 'disabled',
      detail: 'out of scope: no second key pair here',
      standing: 'out-of-scope',
    });
    expect(listed.gate?.exitCode).toBe(0);
    // A rule out of scope whose check ran anyway: its verdict is set aside, what the check found kept as a note.
    const judged = gated(
      [outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), pass(TAG_200)]), outcome('core.auth.key-scope', [pass(KEY_SCOPE)])],
      [{ rule: TAG_404, expect: 'out-of-scope', reason: 'not ours' }],
    );
    expect(judged.rules.find((x) => x.id === TAG_404)).toMatchObject({ status: 'disabled', notes: ['its checks found it fail (answered 200); set aside'] });
    expect(judged.gate?.exitCode).toBe(0);
    const erred = gated(
      [outcome('core.tags.delete', [pass(TAG_404), error(TAG_200, 'CC_ERR_TIMEOUT: no answer')]), outcome('core.auth.key-scope', [pass(KEY_SCOPE)])],
      [],
    );
    expect(erred.gate?.reasons).toEqual([`${TAG_200} is in error: CC_ERR_TIMEOUT: no answer`]);
  });

  test('when several hold, an unexpected failure (1) wins over a stale file (4), which wins over incomplete (3)', () => {
    const outcomes = () => [
      outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), pass(TAG_200)]),
      outcome('core.auth.key-scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
    ];
    expect(exitCodeOf(gated(outcomes(), [{ rule: TAG_200, expect: 'fail', reason: 'x' }]))).toBe(1);
    expect(
      exitCodeOf(
        gated(outcomes(), [
          { rule: TAG_404, expect: 'fail', reason: 'x' },
          { rule: TAG_200, expect: 'fail', reason: 'y' },
        ]),
      ),
    ).toBe(4);
    expect(exitCodeOf(gated(outcomes(), [{ rule: TAG_404, expect: 'fail', reason: 'x' }]))).toBe(3);
    // An interrupted run is that, whatever the expectations say.
    const stopped = report([outcome('core.tags.delete', [pass(TAG_404), pass(TAG_200)])], {
      rules: rules(TAG_404, TAG_200),
      interrupted: true,
      gate: { scope: scopeOf(readExpectations(fileWith(doc([]))), CATALOGUE), today: '2026-11-26' },
    });
    expect(outcomeOf(stopped)).toEqual({ headline: 'INTERRUPTED', ok: false, exitCode: 130 });
  });
});

describe("the views show expected failures, fixed ones and new ones apart, under the gate's headline", () => {
  const r = gated(
    [
      outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), fail(TAG_200, 'answered 500')]),
      outcome('core.auth.key-scope', [pass(KEY_SCOPE)]),
      outcome('core.pages.past-last', [pass(PAST_LAST)]),
    ],
    [
      { rule: TAG_404, expect: 'fail', reason: 'ticket 1', link: 'https://tickets.example/1' },
      { rule: KEY_SCOPE, expect: 'fail', reason: 'ticket 2' },
      { rule: 'CORE-RENAMED-RULE', expect: 'fail', reason: 'ticket 3' },
    ],
  );

  test('console: a group per standing, the reasons, and the headline with its exit code', () => {
    const text = renderConsole(r);
    expect(text).toContain(`  New failures, no entry expects them (1):\n    ${TAG_200} — answered 500`);
    expect(text).toContain(`  Fixed: expected to fail, passed; remove the entry (1):\n    ${KEY_SCOPE} — entries[1]: ticket 2`);
    expect(text).toContain(`  Expected failures (1):\n    ${TAG_404} — entries[0]: ticket 1 <https://tickets.example/1>`);
    expect(text).toContain('    entries[2] (CORE-RENAMED-RULE) names a rule the catalogue does not have');
    expect(text.split('\n').at(-1)).toMatch(/^verdict: UNEXPECTED FAILURE \(exit 1; against the expectations of .*expectations\.json\)$/);
  });

  test('JUnit: the expected failure skipped with its entry, the fixed one and the new one failures, the stale entry a failure of its own suite', () => {
    const root = parseXml(renderJunit(r));
    const walk = (e: XmlElement): XmlElement[] => [e, ...e.children.flatMap(walk)];
    const cases = walk(root)
      .filter((e) => e.name === 'testcase')
      .map((e) => {
        const child = (name: string) => e.children.find((c) => c.name === name)?.attrs.message;
        return { name: e.attrs.name as string, failure: child('failure'), skipped: child('skipped') };
      });
    const of = (id: string) => cases.find((c) => c.name.startsWith(`${id}:`));
    expect(of(TAG_404)).toMatchObject({ skipped: expect.stringContaining('expected failure (entries[0]: ticket 1)') });
    expect(of(KEY_SCOPE)).toMatchObject({ failure: expect.stringContaining('fixed: expected to fail (entries[1]: ticket 2) but passed') });
    expect(of(TAG_200)?.failure).toBe('answered 500');
    expect(cases.find((c) => c.name === 'entries[2] (CORE-RENAMED-RULE)')?.failure).toMatch(/catalogue does not have/);
    expect(root.attrs).toMatchObject({ tests: '5', failures: '3', skipped: '1' });
  });

  test("HTML: the gate's headline and a group per standing", () => {
    const html = renderHtml(r);
    expect(html).toContain('<span id="verdict" class="fail">UNEXPECTED FAILURE</span> <small>exit 1</small>');
    for (const standing of ['new-failure', 'fixed', 'expected-failure']) expect(html).toContain(`data-standing="${standing}"`);
    expect(html).toContain('<ul id="gate-reasons">');
  });
});

describe('expectations written from a report', () => {
  test('each failed required rule expected to fail, each skipped one out of scope, with a reason naming the run; applied entries kept, fixed ones dropped', () => {
    const plain = report(
      [
        outcome('core.tags.delete', [fail(TAG_404, 'answered 200\nmore'), pass(TAG_200)]),
        outcome('core.auth.key-scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
      ],
      { rules: rules(TAG_404, TAG_200, KEY_SCOPE), runId: 'r1' },
    );
    const written = expectationsFromReport(plain);
    expect(written.entries).toEqual([
      {
        rule: TAG_404,
        expect: 'fail',
        reason: 'failed in run r1 of 2025-03-04 against the bundled mock, Dialer release latest: answered 200',
        failure: 'answered 200',
      },
      { rule: KEY_SCOPE, expect: 'out-of-scope', reason: 'skipped in run r1 of 2025-03-04 against the bundled mock, Dialer release latest: needs CC_KEY2_ID' },
    ]);
    // Written, then applied to the same outcomes: as expected.
    const again = gated(
      [
        outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), pass(TAG_200)]),
        outcome('core.auth.key-scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
        outcome('core.pages.past-last', [pass(PAST_LAST)]),
      ],
      written.entries,
    );
    expect(again.gate?.outcome).toBe('as-expected');
    // An applied entry is kept as it was (a check entry once); a fixed one is dropped.
    const applied = gated(
      [outcome('core.tags.delete', [pass(TAG_404), pass(TAG_200)]), outcome('core.pages.past-last', [pass(PAST_LAST)])],
      [
        { rule: TAG_404, expect: 'fail', reason: 'ticket 1', expires: '2027-01-01' },
        { check: 'core.auth.key-scope', expect: 'out-of-scope', reason: 'no second key pair' },
      ],
    );
    expect(expectationsFromReport(applied).entries).toEqual([{ check: 'core.auth.key-scope', expect: 'out-of-scope', reason: 'no second key pair' }]);
  });
});

describe('a gate never hides a violation seen, nor turns what a failure hid into scope', () => {
  const junitCase = (xml: string, id: string): XmlElement | undefined => {
    const walk = (e: XmlElement): XmlElement[] => [e, ...e.children.flatMap(walk)];
    return walk(parseXml(xml)).find((e) => e.name === 'testcase' && (e.attrs.name as string).startsWith(`${id}:`));
  };

  test('a blocked rule gets no entry when expectations are written; its blocker gets one that records the failure', () => {
    const plain = report([outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), blocked(TAG_200, TAG_404)])], {
      rules: rules(TAG_404, TAG_200),
      runId: 'r1',
    });
    expect(expectationsFromReport(plain).entries.map((e) => [e.rule, e.expect, e.failure])).toEqual([[TAG_404, 'fail', 'answered 200']]);
  });

  test('a rule blocked by an expected failure is as expected, and the headline of every view names it as not judged', () => {
    const r = gated(
      [
        outcome('core.tags.delete', [fail(TAG_404, 'answered 200'), blocked(TAG_200, TAG_404)]),
        outcome('core.auth.key-scope', [pass(KEY_SCOPE)]),
        outcome('core.pages.past-last', [pass(PAST_LAST)]),
      ],
      [{ rule: TAG_404, expect: 'fail', reason: 'ticket 1', failure: 'answered 200' }],
    );
    expect(r.gate).toMatchObject({ outcome: 'as-expected', notJudged: [{ rule: TAG_200, blockedBy: TAG_404 }] });
    expect(r.rules.find((x) => x.id === TAG_200)).toMatchObject({ status: 'blocked', blockedBy: TAG_404 });
    const phrase = `not judged, blocked by a failure the expectations allow: ${TAG_200} (by ${TAG_404})`;
    expect(renderConsole(r).split('\n').at(-1)).toContain(phrase);
    expect(renderHtml(r)).toContain(`<p id="not-judged" class="blocked">${phrase}</p>`);
    expect(junitCase(renderJunit(r), TAG_200)?.children.find((c) => c.name === 'skipped')?.attrs.message).toMatch(/^blocked by CORE-TAG-DELETE-404/);
  });

  test('an out-of-scope entry written where a failure hid the rule is not applied: the rule is judged, a breach exits 1, and the entry is out of date', () => {
    const hidden = {
      rule: TAG_200,
      expect: 'out-of-scope' as const,
      reason: `skipped in run r1 of 2026-12-01 against the bundled mock, Dialer release latest: not judged in full: ${TAG_404} failed first in this check`,
    };
    const breach = gated(
      [
        outcome('core.tags.delete', [pass(TAG_404), fail(TAG_200, 'expected HTTP 200, got 401')]),
        outcome('core.auth.key-scope', [pass(KEY_SCOPE)]),
        outcome('core.pages.past-last', [pass(PAST_LAST)]),
      ],
      [hidden],
    );
    expect(breach.gate?.outcome).toBe('unexpected-failure');
    expect(breach.gate?.reasons[0]).toBe(`${TAG_200} failed, and no entry expects it to: expected HTTP 200, got 401`);
    expect(breach.gate?.reasons[1]).toMatch(/^entries\[0\] \(CORE-TAG-DELETE-200\) puts CORE-TAG-DELETE-200 out of scope because another rule failed first/);
    expect(breach.gate?.counts.hidden).toBe(1);
    const held = gated(
      [
        outcome('core.tags.delete', [pass(TAG_404), pass(TAG_200)]),
        outcome('core.auth.key-scope', [pass(KEY_SCOPE)]),
        outcome('core.pages.past-last', [pass(PAST_LAST)]),
      ],
      [hidden],
    );
    expect(held.rules.find((x) => x.id === TAG_200)?.status).toBe('pass');
    expect(held.gate?.outcome).toBe('stale-expectations');
  });

  test('a rule out of scope that its check saw fail is a warning in the console, the HTML and JUnit (system-out)', () => {
    const r = gated(
      [
        outcome('core.tags.delete', [pass(TAG_404), fail(TAG_200, 'answered 500')]),
        outcome('core.auth.key-scope', [pass(KEY_SCOPE)]),
        outcome('core.pages.past-last', [pass(PAST_LAST)]),
      ],
      [{ rule: TAG_200, expect: 'out-of-scope', reason: 'no tags here' }],
    );
    const warning = `${TAG_200} is out of scope (entries[0] (${TAG_200})), but its check saw it fail: answered 500`;
    expect(r.gate).toMatchObject({ outcome: 'as-expected', warnings: [warning] });
    expect(r.rules.find((x) => x.id === TAG_200)).toMatchObject({ status: 'disabled', setAside: 'answered 500' });
    expect(renderConsole(r)).toContain(`  warnings:\n    ${warning}`);
    expect(renderHtml(r)).toContain(`<li>${warning}</li>`);
    const testcase = junitCase(renderJunit(r), TAG_200);
    expect(testcase?.children.find((c) => c.name === 'system-out')?.text).toBe(`warning: ${warning}`);
    expect(testcase?.children.find((c) => c.name === 'skipped')?.attrs.message).toBe('out of scope: no tags here');
  });

  test('an expected failure that fails in a new way is a warning; the same failure with other ids and names is not', () => {
    const entry = { rule: TAG_404, expect: 'fail' as const, reason: 'ticket 1', failure: 'tag 48213 (cc-conformance-ab12cd34-0007) answered 200' };
    const others = [outcome('core.auth.key-scope', [pass(KEY_SCOPE)]), outcome('core.pages.past-last', [pass(PAST_LAST)])];
    const same = gated(
      [outcome('core.tags.delete', [fail(TAG_404, 'tag 51990 (cc-conformance-zz99yy88-0012) answered 200'), pass(TAG_200)]), ...others],
      [entry],
    );
    expect(same.gate?.warnings).toEqual([]);
    const anew = gated(
      [outcome('core.tags.delete', [fail(TAG_404, 'tag 51990 (cc-conformance-zz99yy88-0012) answered 500'), pass(TAG_200)]), ...others],
      [entry],
    );
    expect(anew.gate?.outcome).toBe('as-expected');
    expect(anew.gate?.warnings).toEqual([
      `${TAG_404} fails in a new way: entries[0] (${TAG_404}) expects "tag 48213 (cc-conformance-ab12cd34-0007) answered 200", this run saw: tag 51990 (cc-conformance-zz99yy88-0012) answered 500`,
    ]);
    expect(junitCase(renderJunit(anew), TAG_404)?.children.find((c) => c.name === 'system-out')?.text).toMatch(
      /^warning: CORE-TAG-DELETE-404 fails in a new way/,
    );
  });
});
