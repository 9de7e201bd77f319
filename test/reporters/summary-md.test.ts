import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readExpectations } from '../../lib/expectations/expectations-file.ts';
import { scopeOf } from '../../lib/expectations/scope.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { codeSpan, escapeMarkdown } from '../../lib/render/escape-markdown.ts';
import { outcomeOf, type RunReport } from '../../lib/results/report.ts';
import { writeReports } from '../../reporters/files.ts';
import { renderSummaryMarkdown, SUMMARY_LIST_CAP } from '../../reporters/summary-md.ts';
import { KEY_SCOPE, PAST_LAST, SECRET, TAG_200, TAG_404, blocked, error, evidence, fail, outcome, pass, report, rules, skip, target } from './fixtures.ts';

const root = mkdtempSync(join(tmpdir(), 'cc-summary-md-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const failing = (): RunReport =>
  report(
    [
      outcome('a', [fail(TAG_404, 'expected 404, got 200\nthe body said more', evidence(200)), blocked(TAG_200, TAG_404)]),
      outcome('b', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
      outcome('c', [pass(PAST_LAST)]),
    ],
    { rules: rules(TAG_404, TAG_200, KEY_SCOPE, PAST_LAST) },
  );

const passing = (): RunReport => report([outcome('a', [pass(TAG_404), pass(TAG_200)])], { rules: rules(TAG_404, TAG_200) });

const incomplete = (): RunReport =>
  report(
    [
      outcome('a', [pass(TAG_404), skip(TAG_200, 'no tag on this account to delete')]),
      outcome('b', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
      outcome('c', [error(PAST_LAST, 'transport: socket hang up')], { problems: ['c: transport: socket hang up'] }),
    ],
    { rules: rules(TAG_404, TAG_200, KEY_SCOPE, PAST_LAST) },
  );

/** The `## …` line and the exit-code line after it. */
const head = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('## ') || line.startsWith('Exit code'));

describe('summary.md', () => {
  test.each([
    ['a failing', failing],
    ['a passing', passing],
    ['an incomplete', incomplete],
  ])('%s run heads the summary with the outcome every view shows, and holds no credential', (_name, build) => {
    const r = build();
    const markdown = renderSummaryMarkdown(r);
    const outcome = outcomeOf(r);
    expect(head(markdown)).toEqual([`## cc-conformance: ${outcome.headline}`, `Exit code ${outcome.exitCode}.`]);
    expect(markdown).toContain(`Rules: ${r.summary.byStatus.pass} pass, ${r.summary.byStatus.fail} fail`);
    expect(markdown).not.toContain(SECRET);
    expect(markdown).not.toContain('key-id-primary');
  });

  test('an interrupted run heads the summary INTERRUPTED, exit 130, whatever its rules say', () => {
    const r = report([outcome('a', [fail(TAG_404, 'expected 404, got 200', evidence(200))])], { rules: rules(TAG_404), interrupted: true });
    expect(outcomeOf(r)).toMatchObject({ headline: 'INTERRUPTED', exitCode: 130 });
    expect(head(renderSummaryMarkdown(r))).toEqual([
      '## cc-conformance: INTERRUPTED',
      'Exit code 130; the run was interrupted, the checks not run are not judged.',
    ]);
  });

  test('a failing run lists the new failure with its statement, first line of detail and request', () => {
    const r = failing();
    expect(outcomeOf(r).headline).toBe('FAIL');
    const markdown = renderSummaryMarkdown(r);
    const rule = r.rules.find((x) => x.id === TAG_404);
    expect(markdown).toContain('### New failures (1)');
    expect(markdown).toContain(`- \`${TAG_404}\`: ${escapeMarkdown(rule?.statement ?? '')}`);
    expect(markdown).toContain('  - expected 404, got 200\n');
    expect(markdown).not.toContain('the body said more');
    expect(markdown).toContain('`DELETE https://127.0.0.1:7443/api/tags/delete/999999.json → 200`');
    // What was not judged, and why.
    expect(markdown).toContain('### Not judged (2)');
    expect(markdown).toContain(`- \`${TAG_200}\` blocked by \`${TAG_404}\``);
    expect(markdown).toContain(`- skipped, set CC_KEY2_ID and CC_KEY2_SECRET (1): \`${KEY_SCOPE}\``);
  });

  test('a passing run says nothing but the headline and the counts', () => {
    const markdown = renderSummaryMarkdown(passing());
    expect(markdown).not.toContain('###');
    expect(markdown).toContain('Rules: 2 pass, 0 fail, 0 blocked, 0 skipped, 0 error, 0 disabled.');
  });

  test('an incomplete run lists the skips by what enables them, other reasons each, and the errors', () => {
    const markdown = renderSummaryMarkdown(incomplete());
    expect(head(markdown)[0]).toBe('## cc-conformance: INCOMPLETE');
    expect(markdown).not.toContain('### New failures');
    // Counted in rules, each group of skipped rules one line.
    expect(markdown).toContain('### Not judged (3)');
    expect(markdown).toContain(`- skipped, set CC_KEY2_ID and CC_KEY2_SECRET (1): \`${KEY_SCOPE}\``);
    expect(markdown).toContain(`- skipped, for their own reasons (1): \`${TAG_200}\`: no tag on this account to delete`);
    expect(markdown).toContain(`- \`${PAST_LAST}\` error: transport: socket hang up`);
    expect(markdown).toContain('### Harness problems');
  });

  test('with an expectations file: the gate headline and reasons, fixed rules, warnings', () => {
    const dir = mkdtempSync(join(root, 'gate-'));
    const file = join(dir, 'expectations.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'cc-conformance-expectations',
        version: 1,
        entries: [
          { rule: TAG_200, expect: 'fail', reason: 'ticket 7' },
          { rule: PAST_LAST, expect: 'fail', reason: 'ticket 8', failure: 'an old way' },
        ],
      }),
    );
    const scope = scopeOf(readExpectations(file), {
      rules: [TAG_404, TAG_200, PAST_LAST],
      checks: [{ id: 'a', rules: [TAG_404, TAG_200, PAST_LAST] }],
      release: 'latest',
    });
    const r = report([outcome('a', [fail(TAG_404, 'expected 404', evidence(200)), pass(TAG_200), fail(PAST_LAST, 'a new way')])], {
      rules: rules(TAG_404, TAG_200, PAST_LAST),
      gate: { scope, today: '2026-11-26' },
    });
    const markdown = renderSummaryMarkdown(r);
    expect(head(markdown)).toEqual([`## cc-conformance: ${outcomeOf(r).headline}`, `Exit code ${outcomeOf(r).exitCode}.`]);
    expect(outcomeOf(r).headline).toBe('UNEXPECTED FAILURE');
    expect(markdown).toContain('### Why the gate is not green');
    for (const reason of r.gate?.reasons ?? []) expect(markdown).toContain(`- ${escapeMarkdown(reason)}`);
    expect(markdown).toContain('### New failures (1)');
    expect(markdown).toContain(`- \`${TAG_404}\``);
    expect(markdown).toContain('### Fixed: expected to fail, passed (1)');
    expect(markdown).toContain(`- \`${TAG_200}\``);
    expect(r.gate?.warnings.length).toBeGreaterThan(0);
    for (const warning of r.gate?.warnings ?? []) expect(markdown).toContain(`- ${escapeMarkdown(warning)}`);
  });

  test('text from the target is escaped, and long lists are cut with a count', () => {
    const many = Array.from({ length: SUMMARY_LIST_CAP + 5 }, (_, i) => ({ ...rules(TAG_404)[0]!, id: `CORE-FIXTURE-${i}` }));
    const r = report([outcome('a', [fail(TAG_404, '<img src=x> *bold* [link](http://x) | cell `tick`', evidence(200)), ...many.map((m) => fail(m.id, 'x'))])], {
      rules: [...rules(TAG_404), ...many],
    });
    const markdown = renderSummaryMarkdown(r);
    expect(markdown).toContain('\\<img src=x\\> \\*bold\\* \\[link\\](http://x) \\| cell \\`tick\\`');
    expect(markdown).toContain(`### New failures (${SUMMARY_LIST_CAP + 6})`);
    expect(markdown).toContain('- … and 6 more');
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`x')).toBe('`` `x ``');
  });

  test('written by writeReports beside the other files, a secret spelled with Markdown escapes scrubbed too', () => {
    const secret = 'sec_ret*Value9';
    const leaky = target({ keys: { primary: { id: 'key-id-primary', secret } } });
    const r = report([outcome('a', [fail(TAG_404, `server echoed ${secret}`, evidence(401))])], { rules: rules(TAG_404), target: leaky });
    expect(renderSummaryMarkdown(r)).toContain(escapeMarkdown(secret));
    const written = writeReports(r, join(root, 'scrubbed'), (text) => new Redactor(leaky).text(text));
    const text = readFileSync(written.summary, 'utf8');
    expect(written.summary).toBe(join(root, 'scrubbed', 'summary.md'));
    expect(text).not.toContain(escapeMarkdown(secret));
    expect(text).not.toContain(secret);
    expect(text).toContain('server echoed [redacted]');
  });
});
