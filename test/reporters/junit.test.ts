import { describe, expect, test } from 'vitest';
import { classNameOf, renderJunit } from '../../reporters/junit.ts';
import { ANALYTICS_RULE, KEY_SCOPE, PAST_LAST, TAG_200, TAG_404, error, evidence, fail, outcome, pass, report, rules, skip } from './fixtures.ts';
import { type XmlElement, parseXml } from './xml.ts';

const catalogue = [...rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, 'CORE-RATE-60'), ANALYTICS_RULE];

function mixed() {
  return report(
    [
      outcome('tags', [fail(TAG_404, 'expected 404, got 200', evidence(200, '{"ok":true}')), pass(TAG_200)]),
      outcome('paging', [error(PAST_LAST, 'CC_ERR_TIMEOUT: no answer in 15000 ms')]),
      outcome('scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
      outcome('analytics', [pass(ANALYTICS_RULE.id)], { surface: 'analytics' }),
    ],
    { rules: catalogue, selected: new Set([TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, ANALYTICS_RULE.id]) },
  );
}

const named = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
const caseOf = (root: XmlElement, id: string) => {
  const found = named(root, 'testsuite')
    .flatMap((s) => named(s, 'testcase'))
    .find((c) => c.attrs.name?.startsWith(`${id}: `));
  if (!found) throw new Error(`no testcase for ${id}`);
  return found;
};

describe('the strict reader used below', () => {
  // The well-formedness tests are only worth what this reader rejects.
  test.each([
    ['an unescaped ampersand', '<a>x & y</a>'],
    ['an unescaped < in an attribute', '<a b="<"/>'],
    ['an unbalanced tag', '<a><b></a>'],
    ['an unclosed root', '<a>'],
    ['a control character', '<a>\u0001</a>'],
    ['a quote breaking an attribute', '<a b="x"y"/>'],
    ['two roots', '<a/><b/>'],
  ])('rejects %s', (_name, body) => {
    expect(() => parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`)).toThrow();
  });
});

describe('renderJunit', () => {
  test('one testsuite per surface, one testcase per rule of the run, in catalogue order', () => {
    const root = parseXml(renderJunit(mixed()));
    expect(root.name).toBe('testsuites');
    const suites = named(root, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual(['core', 'analytics']);
    expect(suites.flatMap((s) => named(s, 'testcase')).map((c) => c.attrs.name?.split(':')[0])).toEqual(
      catalogue.map((r) => r.id).filter((id) => id !== 'CORE-RATE-60'),
    );
  });

  test('class names are dotted and safe: cc, the surface, then the spec section heading by heading', () => {
    const root = parseXml(renderJunit(mixed()));
    expect(caseOf(root, TAG_404).attrs.classname).toBe('cc.core.endpoints.core-api.delete-a-tag');
    expect(classNameOf({ surface: 'ai', section: 'Errors > Errors on the {ai_url} host' })).toBe('cc.ai.errors.errors-on-the-ai-url-host');
    for (const c of named(root, 'testsuite').flatMap((s) => named(s, 'testcase'))) expect(c.attrs.classname).toMatch(/^cc(\.[a-z0-9]+(-[a-z0-9]+)*)+$/);
  });

  test('each testcase takes the time of the checks that judged its rule; a suite, of its checks once each', () => {
    const r = report([outcome('tags', [fail(TAG_404, 'x'), pass(TAG_200)], { durationMs: 1500 }), outcome('more-tags', [pass(TAG_200)], { durationMs: 250 })], {
      rules: rules(TAG_404, TAG_200),
    });
    const root = parseXml(renderJunit(r));
    expect(caseOf(root, TAG_404).attrs.time).toBe('1.500');
    expect(caseOf(root, TAG_200).attrs.time).toBe('1.750');
    expect(named(root, 'testsuite')[0]?.attrs.time).toBe('1.750');
  });

  test('the counts in the attributes match the testcases they sum up', () => {
    const r = mixed();
    const root = parseXml(renderJunit(r));
    const within = (s: XmlElement, child: string) => named(s, 'testcase').filter((c) => named(c, child).length > 0).length;
    for (const suite of named(root, 'testsuite')) {
      expect(Number(suite.attrs.tests), suite.attrs.name).toBe(named(suite, 'testcase').length);
      expect(Number(suite.attrs.failures), suite.attrs.name).toBe(within(suite, 'failure'));
      expect(Number(suite.attrs.errors), suite.attrs.name).toBe(within(suite, 'error'));
      expect(Number(suite.attrs.skipped), suite.attrs.name).toBe(within(suite, 'skipped'));
      expect(suite.attrs.timestamp).toBe(r.startedAt);
    }
    expect(root.attrs).toEqual({ name: 'cc-conformance', tests: '5', failures: '1', errors: '1', skipped: '1', disabled: '1', time: '1.235' });
    const core = named(root, 'testsuite')[0] as XmlElement;
    expect(core.attrs).toMatchObject({ tests: '4', failures: '1', errors: '1', skipped: '1', disabled: '1' });
  });

  test('a failure carries the violation as message and the spec section, request and response in its text', () => {
    const failure = named(caseOf(parseXml(renderJunit(mixed())), TAG_404), 'failure')[0] as XmlElement;
    expect(failure.attrs.message).toBe('expected 404, got 200');
    expect(failure.text.split('\n')).toEqual([
      'expected 404, got 200',
      'spec: Endpoints > Core API > Delete a tag',
      'request: DELETE https://127.0.0.1:7443/api/tags/delete/999999.json (primary key)',
      'response: 200 {"ok":true}',
    ]);
  });

  test('errors and skips map to their own elements; a passing rule has none', () => {
    const root = parseXml(renderJunit(mixed()));
    const err = caseOf(root, PAST_LAST);
    expect(named(err, 'error')[0]?.attrs.message).toBe('CC_ERR_TIMEOUT: no answer in 15000 ms');
    expect(named(err, 'error')[0]?.text).toContain('spec: Endpoints > Pagination of core collections');
    expect(named(caseOf(root, KEY_SCOPE), 'skipped')[0]?.attrs.message).toBe('needs CC_KEY2_ID');
    expect(caseOf(root, TAG_200).children).toEqual([]);
  });

  test('a disabled rule is no testcase: its suite counts it as disabled, never as skipped or passed', () => {
    const root = parseXml(renderJunit(mixed()));
    expect(() => caseOf(root, 'CORE-RATE-60')).toThrow('no testcase');
    const core = named(root, 'testsuite')[0] as XmlElement;
    expect(core.attrs.disabled).toBe('1');
    expect(core.attrs.skipped).toBe('1');
  });

  test('XML specials are escaped and characters XML cannot carry are replaced by U+FFFD, so the document stays well-formed', () => {
    const nasty = 'a & b < c > d "e" \'f\' ]]> \u0000\u0001\u0008\u000b\u000c\u001b[31m\u001f\ufffe\uffff end\ttab';
    const kept = 'a & b < c > d "e" \'f\' ]]> \ufffd\ufffd\ufffd\ufffd\ufffd\ufffd[31m\ufffd\ufffd\ufffd end\ttab';
    const r = report(
      [
        outcome('x', [
          fail(TAG_404, nasty, { ...evidence(200, `<html>${nasty}</html>`), request: { ...evidence().request, url: 'https://h/api/x.json?a=1&b=<2>' } }),
          error(TAG_200, nasty),
          skip(PAST_LAST, nasty),
        ]),
      ],
      { rules: [...rules(TAG_404, TAG_200, PAST_LAST), { ...ANALYTICS_RULE, statement: `"quoted" & <angled> ${nasty}`, section: 'A & B > "C"' }] },
    );
    const xml = renderJunit(r);
    const root = parseXml(xml);
    expect(named(caseOf(root, TAG_404), 'failure')[0]?.attrs.message).toBe(kept);
    expect(named(caseOf(root, TAG_404), 'failure')[0]?.text).toContain('request: DELETE https://h/api/x.json?a=1&b=<2> (primary key)');
    expect(named(caseOf(root, TAG_404), 'failure')[0]?.text).toContain(`response: 200 <html>${kept}</html>`);
    expect(named(caseOf(root, TAG_200), 'error')[0]?.attrs.message).toBe(kept);
    expect(named(caseOf(root, PAST_LAST), 'skipped')[0]?.attrs.message).toBe(kept);
    const analytics = caseOf(root, ANALYTICS_RULE.id);
    expect(analytics.attrs.name).toBe(`${ANALYTICS_RULE.id}: "quoted" & <angled> ${kept}`);
    expect(analytics.attrs.classname).toBe('cc.analytics.a-b.c');
  });

  test('the document ends with a newline and names no gap', () => {
    const xml = renderJunit(mixed());
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
    expect(xml).not.toContain('GAP-');
  });
});
