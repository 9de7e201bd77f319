import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { launchChromium, loadReportPage, newReportPage } from '../../load/report/browser.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { CHANGE_KINDS, type Comparison, compareReports } from '../../lib/results/comparison.ts';
import type { RunReport } from '../../lib/results/report.ts';
import { renderComparisonConsole } from '../../reporters/comparison-console.ts';
import { writeComparisonFiles } from '../../reporters/comparison-files.ts';
import { comparisonHeadline } from '../../reporters/comparison-headline.ts';
import { renderComparisonHtml } from '../../reporters/comparison-html.ts';
import { renderComparisonJunit } from '../../reporters/comparison-junit.ts';
import { needChromium, watchPage } from '../load/browser-test.ts';
import {
  ANALYTICS_RULE,
  ISOLATION_READ,
  KEY_SCOPE,
  PAST_LAST,
  SECRET,
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
  target,
} from './fixtures.ts';
import { type XmlElement, parseXml } from './xml.ts';

const RATE = 'CORE-RATE-60';

/** A rule moving each way the comparison names (TAG_404 newly fails, TAG_200 is fixed), and one that does not move. */
const before = report(
  [
    outcome('tags', [pass(TAG_404), fail(TAG_200, 'expected 200, got 500', evidence(500))]),
    outcome('paging', [pass(PAST_LAST)]),
    outcome('scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
    outcome('isolation', [pass(ISOLATION_READ)]),
    outcome('rate', [skip(RATE, 'needs CC_EFFECTS to include budget')]),
  ],
  { rules: rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, ISOLATION_READ, RATE), runId: 'before01' },
);
const after = report(
  [
    outcome('tags', [fail(TAG_404, 'expected 404, got <200> & "ok"', evidence(200)), pass(TAG_200)]),
    outcome('paging', [skip(PAST_LAST, 'needs CC_KEY2_ID')]),
    outcome('scope', [pass(KEY_SCOPE)]),
    outcome('rate', [error(RATE, 'CC_ERR_TIMEOUT: no answer in 15000 ms')]),
    outcome('analytics', [pass(ANALYTICS_RULE.id)], { surface: 'analytics' }),
  ],
  { rules: [...rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, RATE), ANALYTICS_RULE], runId: 'after002' },
);
const doc = compareReports({ path: 'reports/before.json', report: before }, { path: 'reports/after.json', report: after });
const same = compareReports({ path: 'a.json', report: after }, { path: 'b.json', report: after });

const HEADLINE = '7 rules changed: 1 new failure, 1 fixed, 1 newly skipped, 1 newly judged, 1 added, 1 removed, 1 other — REGRESSION';

describe('the headline every view shows', () => {
  test('the count of changed rules, new failures always, the other kinds that occur, and the verdict', () => {
    expect(comparisonHeadline(doc)).toBe(HEADLINE);
    expect(comparisonHeadline(same)).toBe('no rule changed — no regression');
    const fixedOnly = compareReports(
      { path: 'a', report: before },
      { path: 'b', report: { ...before, rules: before.rules.map((r) => (r.id === TAG_200 ? { ...r, status: 'pass' as const } : r)) } },
    );
    expect(comparisonHeadline(fixedOnly)).toBe('1 rule changed: 0 new failures, 1 fixed — no regression');
  });

  test("the verdict word is the document's, never worked out again from the counts", () => {
    const claimed: Comparison = { ...doc, verdict: 'no-regression' };
    expect(comparisonHeadline(claimed)).toMatch(/1 new failure.* — no regression$/);
    expect(renderComparisonConsole(claimed).split('\n')[0]).toBe(comparisonHeadline(claimed));
    expect(parseXml(renderComparisonJunit(claimed)).children[0]?.children[0]?.children.find((p) => p.attrs.name === 'verdict')?.attrs.value).toBe(
      'no-regression',
    );
    expect(renderComparisonHtml(claimed)).toContain('<h1 id="headline" class="no-regression" data-verdict="no-regression">');
  });
});

describe('renderComparisonConsole', () => {
  test('the headline, both reports, then a group per kind with a line per rule and its two sides below', () => {
    const text = renderComparisonConsole(doc);
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      HEADLINE,
      'before: reports/before.json · run before01 · 2025-03-04T05:06:07.000Z · bundled mock at https://127.0.0.1:7443/api · Dialer release latest · seed 424242 · verdict fail',
      'after:  reports/after.json · run after002 · 2025-03-04T05:06:07.000Z · bundled mock at https://127.0.0.1:7443/api · Dialer release latest · seed 424242 · verdict fail',
    ]);
    expect(lines.filter((l) => /^[A-Z].*\(\d+\):$/.test(l))).toEqual([
      'New failures (1):',
      'Fixed (1):',
      'Newly skipped (judged before, not judged now) (1):',
      'Newly judged (not judged before) (1):',
      'Added (only in the newer report: a catalogue change) (1):',
      'Removed (only in the older report) (1):',
      'Other status changes (1):',
    ]);
    const at = lines.indexOf('New failures (1):');
    expect(lines.slice(at + 1, at + 4)).toEqual([
      `  ${TAG_404} [core] pass → fail: ${rules(TAG_404)[0]?.statement}`,
      '      before: pass',
      '      after:  fail — expected 404, got <200> & "ok"',
    ]);
    expect(text).toContain(`  ${ISOLATION_READ} [core] pass → —: `);
    expect(text).toContain('      after:  not in this report');
    expect(lines.at(-1)).toBe('0 rules unchanged');
  });

  test('the requests, replay lines and checks only with verbose', () => {
    expect(renderComparisonConsole(doc)).not.toMatch(/request:|replay:|checks:/);
    const verbose = renderComparisonConsole(doc, { verbose: true }).split('\n');
    const at = verbose.indexOf('      after:  fail — expected 404, got <200> & "ok"');
    expect(verbose.slice(at + 1, at + 4)).toEqual([
      '          request: DELETE https://127.0.0.1:7443/api/tags/delete/999999.json → 200',
      `          replay: ${evidence().curl}`,
      '      checks: tags pass → fail',
    ]);
  });

  test("a detail of several lines keeps to its side's column", () => {
    const multi = report([outcome('tags', [fail(TAG_404, 'expected 404\n{"ok":true}')])], { rules: rules(TAG_404) });
    const lines = renderComparisonConsole(
      compareReports({ path: 'a', report: report([outcome('tags', [pass(TAG_404)])], { rules: rules(TAG_404) }) }, { path: 'b', report: multi }),
    ).split('\n');
    const at = lines.indexOf('      after:  fail — expected 404');
    expect(lines[at + 1]).toBe('              {"ok":true}');
  });

  test('two equal reports: the headline, the reports and the unchanged count', () => {
    expect(renderComparisonConsole(same).split('\n')).toEqual([
      'no rule changed — no regression',
      expect.stringMatching(/^before: a\.json · /),
      expect.stringMatching(/^after:  b\.json · /),
      '',
      `${after.rules.length} rules unchanged`,
    ]);
  });
});

const named = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);

describe('renderComparisonJunit', () => {
  const root = parseXml(renderComparisonJunit(doc));
  const suites = named(root, 'testsuite');
  const cases = suites.flatMap((s) => named(s, 'testcase'));

  test('one testsuite per kind of change, one testcase per changed rule, named and classed as in junit.xml', () => {
    expect(root.attrs).toEqual({ name: 'cc-conformance-comparison', tests: '7', failures: '1', errors: '0', skipped: '0' });
    expect(suites.map((s) => [s.attrs.name, s.attrs.tests])).toEqual(CHANGE_KINDS.map((k) => [k, '1']));
    expect(cases.map((c) => c.attrs.name?.split(':')[0])).toEqual(doc.changes.map((c) => c.id));
    expect(cases[0]?.attrs.classname).toBe('cc.core.endpoints.core-api.delete-a-tag');
  });

  test('only the new failure is a failure; every other change passes with the change in system-out', () => {
    const failures = cases.filter((c) => named(c, 'failure').length > 0);
    expect(failures.map((c) => c.attrs.name?.split(':')[0])).toEqual([TAG_404]);
    const failure = named(failures[0] as XmlElement, 'failure')[0] as XmlElement;
    expect(failure.attrs.message).toBe('pass → fail: expected 404, got <200> & "ok"');
    expect(failure.text.split('\n').slice(0, 5)).toEqual([
      'new-failure: pass → fail',
      'before: pass',
      'after:  fail — expected 404, got <200> & "ok"',
      '  request: DELETE https://127.0.0.1:7443/api/tags/delete/999999.json → 200',
      `  replay: ${evidence().curl}`,
    ]);
    for (const c of cases.filter((x) => x !== failures[0]))
      expect(named(c, 'system-out').map((o) => o.text.split('\n')[0])).toEqual([expect.stringMatching(/^[a-z-]+: \S+ → \S+$/)]);
    for (const s of suites) expect(Number(s.attrs.failures), s.attrs.name).toBe(named(s, 'testcase').filter((c) => named(c, 'failure').length > 0).length);
  });

  test('each testsuite carries the verdict, headline and both reports as properties', () => {
    const properties = named(suites[0] as XmlElement, 'properties')[0] as XmlElement;
    expect(Object.fromEntries(properties.children.map((p) => [p.attrs.name, p.attrs.value]))).toMatchObject({ verdict: 'regression', headline: HEADLINE });
  });

  test('with nothing changed, the new-failure testsuite is there, empty, with the headline', () => {
    const empty = parseXml(renderComparisonJunit(same));
    expect(empty.attrs).toMatchObject({ tests: '0', failures: '0' });
    expect(named(empty, 'testsuite').map((s) => [s.attrs.name, s.attrs.tests, named(s, 'testcase').length])).toEqual([['new-failure', '0', 0]]);
  });

  test('characters XML cannot carry, in a detail, leave the document well-formed', () => {
    const nasty = 'a & b < c "d" \'e\' \u0000\u001b[31m\ufffe end';
    const broken = report([outcome('tags', [fail(TAG_404, nasty, evidence(200, nasty))])], { rules: rules(TAG_404) });
    const xml = renderComparisonJunit(
      compareReports(
        { path: 'a<b>.json', report: report([outcome('tags', [pass(TAG_404)])], { rules: rules(TAG_404) }) },
        { path: 'c&d.json', report: broken },
      ),
    );
    expect(named(named(parseXml(xml), 'testsuite')[0] as XmlElement, 'testcase')).toHaveLength(1);
  });
});

describe('renderComparisonHtml', () => {
  const html = renderComparisonHtml(doc);

  test('self-contained: no script, no stylesheet or image to fetch, no link off the page', () => {
    expect(html).not.toMatch(/<script|<link|<img|src=|href=|@import|url\(/i);
  });

  test('the headline, the two reports, a table per kind of change; what a report said is escaped', () => {
    expect(html).toContain(`<h1 id="headline" class="regression" data-verdict="regression">${HEADLINE}</h1>`);
    expect(html).toContain('<tr data-side="before"><th>before</th><td><code>reports/before.json</code></td><td>before01</td>');
    expect(html.match(/<section id="[a-z-]+" data-change="[a-z-]+">/g)).toHaveLength(CHANGE_KINDS.length);
    expect(html).toContain('expected 404, got &lt;200&gt; &amp; &quot;ok&quot;');
    expect(html).not.toContain('<200>');
    expect(html).toContain(
      `<pre class="curl">${evidence().curl?.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}</pre>`,
    );
  });

  test('two equal reports: the headline and a line saying nothing changed, no table', () => {
    const page = renderComparisonHtml(same);
    expect(page).toContain('no rule changed — no regression</h1>');
    expect(page).toContain('<p id="nothing-changed">');
    expect(page).not.toContain('<section');
  });
});

describe('writeComparisonFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-compare-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('compare.json, compare-junit.xml and compare.html, each through the scrub the run reports use', () => {
    // A report written without the scrub (by hand, or by an older build) that carries the target's secret.
    const leaky: RunReport = { ...after, rules: after.rules.map((r) => (r.id === TAG_404 ? { ...r, detail: `sent ${SECRET} in the clear` } : r)) };
    const leakyDoc = compareReports({ path: 'a.json', report: before }, { path: 'b.json', report: leaky });
    const written = writeComparisonFiles(leakyDoc, join(dir, 'nested'), (text) => new Redactor(target()).text(text));
    expect(written).toEqual({
      json: join(dir, 'nested', 'compare.json'),
      junit: join(dir, 'nested', 'compare-junit.xml'),
      html: join(dir, 'nested', 'compare.html'),
    });
    for (const file of Object.values(written)) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(SECRET);
      expect(text, file).toContain('sent [redacted] in the clear');
    }
    const json = JSON.parse(readFileSync(written.json, 'utf8')) as Comparison;
    expect(json.format).toBe('cc-conformance-comparison');
    expect(json.changes.map((c) => c.id)).toEqual(leakyDoc.changes.map((c) => c.id));
  });
});

describe('compare.html in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-compare-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const html = writeComparisonFiles(doc, dir, (t) => t).html;

  test('shows the headline, a row per changed rule in the table of its kind, errs nowhere and requests nothing but itself', async ({ skip: skipTest }) => {
    needChromium(skipTest);
    const browser = await launchChromium();
    try {
      const page = await newReportPage(browser);
      const { problems, requests } = watchPage(page);
      await loadReportPage(page, html);
      expect(await page.locator('#headline').innerText()).toBe(HEADLINE);
      expect(await page.locator('tr[data-rule]:visible').count()).toBe(doc.summary.changed);
      for (const kind of CHANGE_KINDS) {
        expect(await page.locator(`section#${kind} tbody tr`).count(), kind).toBe(doc.summary.byChange[kind]);
        expect(await page.locator(`#counts li[data-change="${kind}"] .count`).innerText(), kind).toBe(String(doc.summary.byChange[kind]));
      }
      expect(await page.locator(`section#new-failure tr[data-rule="${TAG_404}"] td`).nth(2).innerText()).toBe('fail\nexpected 404, got <200> & "ok"');
      expect(problems).toEqual([]);
      expect(new Set(requests)).toEqual(new Set([pathToFileURL(html).href]));
    } finally {
      await browser.close();
    }
  });
});
