import { describe, expect, test } from 'vitest';
import { renderHtml } from '../../reporters/html.ts';
import { ANALYTICS_RULE, PAST_LAST, TAG_200, TAG_404, evidence, fail, outcome, pass, report, rules, skip, target } from './fixtures.ts';

const mixed = () =>
  report(
    [
      outcome('a', [fail(TAG_404, 'expected 404, got <200> & "ok"', evidence(200, '<script>alert(1)</script>')), pass(PAST_LAST, ['target chose 404'])]),
      outcome('b', [skip(TAG_200, 'needs CC_KEY2_ID'), pass(ANALYTICS_RULE.id)]),
    ],
    { rules: [...rules(TAG_404, TAG_200, PAST_LAST), ANALYTICS_RULE] },
  );

describe('renderHtml', () => {
  const html = renderHtml(mixed());

  test('every rule of the report has a row, under its surface, with its status and what the filters read', () => {
    for (const id of [TAG_404, TAG_200, PAST_LAST, ANALYTICS_RULE.id]) expect(html).toContain(`<tr id="${id}" data-rule="${id}"`);
    expect(html).toMatch(/<h2>core API<\/h2>[\s\S]*<h2>analytics<\/h2>/);
    expect(html).toContain(`data-status="skipped" data-surface="core"`);
    expect(html).toContain(`<td class="skipped">skipped</td><td><code>${TAG_200}</code>`);
  });

  test('a failure shows the violation, the request, the response, the curl line and the rerun, all escaped', () => {
    expect(html).toContain('violation: expected 404, got &lt;200&gt; &amp; &quot;ok&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The page's own script is the only one.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(`<pre class="curl">curl -sS -i -X DELETE`);
    expect(html).toContain(`-u &quot;$CC_KEY_ID:$CC_KEY_SECRET&quot;`);
    expect(html).toContain(`<pre class="rerun">npm run conformance -- --seed 424242 --rule ${TAG_404}</pre>`);
  });

  test('skipped rules are grouped by what would enable them', () => {
    expect(html).toContain('<h3>set CC_KEY2_ID and CC_KEY2_SECRET <small>(1)</small></h3><ul data-enabler="vars:CC_KEY2_ID">');
  });

  test('the verdict, totals and gaps are on the page, and nothing it loads comes from elsewhere', () => {
    expect(html).toContain('<title>cc-conformance: FAIL</title>');
    expect(html).toMatch(/requests \d+ · unplanned 429s 0/);
    expect(html).toContain('GAP-EVENT-TYPES');
    expect(html).not.toMatch(/<(link|img|iframe)\b|src=|https?:\/\/(?!127\.0\.0\.1)/);
  });

  test('records left on the target are listed with how to delete them, after the results; none on a run that left none or on the stopped bundled mock', () => {
    const leftovers = [{ kind: 'contact', surface: 'core', id: '7', check: 'core.contacts', deletable: true, how: 'DELETE /contacts/delete/7.json' }] as const;
    const bundled = renderHtml(report([outcome('a', [pass(TAG_404)])], { rules: rules(TAG_404), leftovers }));
    expect(bundled).toContain('nothing: the bundled mock held 1 record(s) at the end, and it has stopped');
    expect(bundled).not.toContain('<th>deletable</th>');
    const left = renderHtml(
      report([outcome('a', [pass(TAG_404)])], {
        rules: rules(TAG_404),
        target: target({ bundledMock: false }),
        prefix: 'cc-conformance-r9',
        leftovers: [
          {
            kind: 'contact',
            surface: 'core',
            id: '7',
            name: 'cc-conformance-r9-1',
            check: 'core.contacts',
            deletable: true,
            how: 'DELETE /contacts/delete/7.json',
          },
          { kind: 'voice agent', surface: 'ai', id: 'va-1', check: 'ai.va.create', deletable: false, how: 'the API gives no way to delete a voice agent' },
        ],
      }),
    );
    expect(left).toContain('<code>npm run cleanup -- --prefix cc-conformance-r9</code>');
    expect(left).toContain(
      '<td>contact</td><td>core API</td><td>7</td><td>cc-conformance-r9-1</td><td><code>core.contacts</code></td><td>yes</td><td>DELETE /contacts/delete/7.json</td>',
    );
    expect(left).toContain('<td>voice agent</td><td>AI host</td><td>va-1</td><td></td><td><code>ai.va.create</code></td><td><span class="fail">no</span></td>');
    expect(html).toContain('nothing: every record the run created was deleted');
    // The results come first: what is left is read after the verdicts.
    expect(left.indexOf('<h2>Left on the target</h2>')).toBeGreaterThan(left.indexOf(`id="${TAG_404}"`));
  });
});
