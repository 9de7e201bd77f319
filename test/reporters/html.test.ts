import { describe, expect, test } from 'vitest';
import { renderHtml } from '../../reporters/html.js';
import { ANALYTICS_RULE, PAST_LAST, TAG_200, TAG_404, evidence, fail, outcome, pass, report, rules, skip } from './fixtures.js';

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

  test('every rule of the report has a row, under its surface, with its status', () => {
    for (const id of [TAG_404, TAG_200, PAST_LAST, ANALYTICS_RULE.id]) expect(html).toContain(`<tr id="${id}">`);
    expect(html).toMatch(/<h2>core<\/h2>[\s\S]*<h2>analytics<\/h2>/);
    expect(html).toContain(`<td class="skipped">skipped</td><td><code>${TAG_200}</code>`);
  });

  test('a failure shows the violation, the request and the response, all escaped', () => {
    expect(html).toContain('violation: expected 404, got &lt;200&gt; &amp; &quot;ok&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  test('the verdict, totals and gaps are on the page', () => {
    expect(html).toContain('<title>cc-conformance: fail</title>');
    expect(html).toMatch(/requests \d+ · unplanned 429s 0/);
    expect(html).toContain('GAP-EVENT-TYPES');
  });
});
