import type { TestCase, TestModule } from 'vitest/node';
import { describe, expect, test } from 'vitest';
import type { CheckMeta } from '../../lib/checks/vitest.ts';
import { OutcomeCollector } from '../../reporters/collector.ts';
import { TAG_200, TAG_404, outcome, pass, report, ruleOf, rules } from './fixtures.ts';

/** Only the members the collector reads; the rest of vitest's TestCase is irrelevant here. */
function fakeCase(name: string, cc: CheckMeta | undefined, result: { state: string; errors?: { message: string }[] }): TestCase {
  return { id: name, name, meta: () => (cc ? { cc } : {}), result: () => result } as unknown as TestCase;
}

function fakeModule(moduleId: string, messages: string[]): TestModule {
  return { moduleId, errors: () => messages.map((message) => ({ message })) } as unknown as TestModule;
}

describe('OutcomeCollector', () => {
  test('a test that produced an outcome is collected as it is', () => {
    const collector = new OutcomeCollector();
    const done = outcome('tag-delete', [pass(TAG_404)], { requests: 3 });
    collector.onTestCaseResult(
      fakeCase(
        'Delete a tag [CORE-TAG-DELETE-404]',
        { check: 'tag-delete', rules: [TAG_404], outcome: done },
        { state: 'failed', errors: [{ message: 'ignored' }] },
      ),
    );
    expect(collector.outcomes).toEqual([done]);
    expect(collector.outcomes[0]).toBe(done);
    expect(collector.problems).toEqual([]);
  });

  test("a test vitest reports twice (it reports a skipped suite's tests again as the suite ends) is collected once", () => {
    const collector = new OutcomeCollector();
    const done = outcome('tag-delete', [pass(TAG_404)], { requests: 3 });
    const finished = fakeCase('Delete a tag [CORE-TAG-DELETE-404]', { check: 'tag-delete', rules: [TAG_404], outcome: done }, { state: 'passed' });
    const skipped = fakeCase(
      'Delete a tag twice',
      {
        check: 'tag-delete-twice',
        rules: [TAG_200],
        outcome: outcome('tag-delete-twice', [{ rule: TAG_200, status: 'skipped', detail: 'needs CC_KEY2_ID', notes: [] }], { requests: 0 }),
      },
      { state: 'skipped' },
    );
    for (const testCase of [finished, skipped, finished, skipped]) collector.onTestCaseResult(testCase);
    expect(collector.outcomes.map((o) => o.check)).toEqual(['tag-delete', 'tag-delete-twice']);
    expect(report(collector.outcomes, { rules: rules(TAG_404, TAG_200) }).summary.requests).toBe(3);
  });

  test('a test without a check in its metadata is not a conformance test and is ignored', () => {
    const collector = new OutcomeCollector();
    collector.onTestCaseResult(fakeCase('helper', undefined, { state: 'passed' }));
    expect(collector.outcomes).toEqual([]);
  });

  test('a test that crashed before its outcome turns every rule it lists into a harness error', () => {
    const collector = new OutcomeCollector();
    collector.onTestCaseResult(
      fakeCase(
        'Delete a tag',
        { check: 'tag-delete', rules: [TAG_404, TAG_200] },
        { state: 'failed', errors: [{ message: 'TypeError: x is undefined' }, { message: 'second' }] },
      ),
    );
    expect(collector.outcomes).toEqual([
      {
        check: 'tag-delete',
        title: 'Delete a tag',
        surface: 'unknown',
        verdicts: [
          { rule: TAG_404, status: 'error', detail: 'harness: TypeError: x is undefined; second', notes: [] },
          { rule: TAG_200, status: 'error', detail: 'harness: TypeError: x is undefined; second', notes: [] },
        ],
        requests: 0,
        allowance: 0,
        unplanned429: 0,
        retried503: 0,
        durationMs: 0,
        leftovers: [],
        problems: ['tag-delete: TypeError: x is undefined; second'],
      },
    ]);
    // What the collector holds must make the report call those rules errors, never passes.
    const r = report(collector.outcomes, { rules: rules(TAG_404, TAG_200) });
    expect(ruleOf(r, TAG_404)).toMatchObject({ status: 'error', detail: 'harness: TypeError: x is undefined; second' });
    expect(r.verdict).toBe('incomplete');
  });

  test('without an error message the test state is the message', () => {
    const collector = new OutcomeCollector();
    collector.onTestCaseResult(fakeCase('t', { check: 'd', rules: [TAG_404] }, { state: 'failed', errors: [] }));
    expect(collector.outcomes.map((o) => o.verdicts[0]?.detail)).toEqual(['harness: test failed without an outcome']);
  });

  test('module errors and unhandled errors at the end of the run become problems', () => {
    const collector = new OutcomeCollector();
    collector.onTestRunEnd(
      [fakeModule('/repo/suites/core/tags.test.ts', ['SyntaxError: Unexpected token']), fakeModule('/repo/suites/core/ok.test.ts', [])],
      [{ message: 'boom after the run' }],
    );
    expect(collector.problems).toEqual(['/repo/suites/core/tags.test.ts: SyntaxError: Unexpected token', 'unhandled: boom after the run']);
    // A problem that belongs to no rule must still keep the run from passing.
    const r = report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404), problems: collector.problems });
    expect(r.verdict).toBe('incomplete');
  });
});
