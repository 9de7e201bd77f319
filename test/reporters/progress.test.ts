import { describe, expect, test } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../../lib/checks/vitest.js';
import { ProgressReporter } from '../../reporters/progress.js';
import { outcome, pass, TAG_404 } from './fixtures.js';

function check(id: string, requests: number, unplanned429 = 0): TestCase {
  const cc: CheckMeta = { check: id, rules: [TAG_404], outcome: outcome(id, [pass(TAG_404)], { requests, unplanned429 }) };
  return { meta: () => ({ cc }) } as unknown as TestCase;
}
const suite = (name: string): TestModule => ({ moduleId: `/repo/suites/${name}/${name}.test.ts` }) as unknown as TestModule;

function run(live: boolean): string {
  let out = '';
  const progress = new ProgressReporter({ totalChecks: 3, write: (text) => (out += text), live });
  progress.onTestCaseResult(check('a', 4));
  progress.onTestCaseResult(check('b', 2, 1));
  progress.onTestModuleEnd(suite('core'));
  progress.onTestCaseResult(check('c', 5));
  progress.onTestModuleEnd(suite('dialer'));
  return out;
}

describe('ProgressReporter', () => {
  test('in a log: one plain line per suite finished, with the running total', () => {
    expect(run(false)).toBe('core: 2 checks done (2/3 in all), 6 requests\ndialer: 1 checks done (3/3 in all), 5 requests\n');
  });

  test('on a terminal: one line rewritten after each check, with requests and unplanned 429s', () => {
    const out = run(true);
    expect(out).toContain('\r\x1b[2K2/3 checks, 6 requests, 1 unplanned 429s');
    expect(out).toContain('\r\x1b[2K3/3 checks, 11 requests, 1 unplanned 429s');
    expect(out.endsWith('dialer: 1 checks done (3/3 in all), 5 requests\n')).toBe(true);
  });
});
