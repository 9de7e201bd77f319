/**
 * The conformance report page in a real browser: the status and surface filters and the search box
 * show exactly the rules they should, nothing errs and nothing leaves the machine. Needs Chromium at
 * /usr/bin/chromium; without it the tests are skipped, except in CI, where a missing browser fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { launchChromium, loadReportPage, newReportPage } from '../../load/report/browser.ts';
import { writeReports } from '../../reporters/files.ts';
import { needChromium, paintedColor, watchPage } from '../load/browser-test.ts';
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

const doc = report(
  [
    outcome('tags', [fail(TAG_404, 'expected 404, got 200', evidence(200)), pass(TAG_200)]),
    outcome('paging', [error(PAST_LAST, 'CC_ERR_TRANSPORT: socket hang up')]),
    outcome('scope', [skip(KEY_SCOPE, 'needs CC_KEY2_ID')]),
    outcome('analytics', [pass(ANALYTICS_RULE.id)], { surface: 'analytics' }),
  ],
  {
    rules: [...rules(TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, ISOLATION_READ), ANALYTICS_RULE],
    selected: new Set([TAG_404, TAG_200, PAST_LAST, KEY_SCOPE, ANALYTICS_RULE.id]),
  },
);

/** IDs of the rule rows the page shows, in page order. */
const visibleRows = (page: Page): Promise<string[]> =>
  page.locator('tr[data-rule]:visible').evaluateAll((rows) => rows.map((r) => (r as unknown as { id: string }).id));
const visibleFailures = (page: Page): Promise<string[]> =>
  page.locator('section.failure:visible').evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { rule: string } }).dataset.rule));
const shownCount = async (page: Page): Promise<number> => Number(await page.locator('#shown').innerText());

describe('the conformance report page in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-conformance-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const html = writeReports(doc, dir, (t) => t).html;
  const all = doc.rules.map((r) => r.id);

  test('filters by status and surface and searches ID, statement and detail; no console error, no request but the page', async ({ skip: skipTest }) => {
    needChromium(skipTest);
    const browser: Browser = await launchChromium();
    try {
      const page = await newReportPage(browser);
      const { problems, requests } = watchPage(page);
      await loadReportPage(page, html);

      expect(await visibleRows(page)).toEqual(all);
      expect(await shownCount(page)).toBe(all.length);

      // Status: without pass and disabled, the rules that need a look remain.
      await page.getByRole('checkbox', { name: /^pass/ }).uncheck();
      await page.getByRole('checkbox', { name: /^disabled/ }).uncheck();
      expect(await visibleRows(page)).toEqual([TAG_404, PAST_LAST, KEY_SCOPE]);
      expect(await shownCount(page)).toBe(3);
      await page.getByRole('checkbox', { name: /^fail/ }).uncheck();
      expect(await visibleFailures(page)).toEqual([PAST_LAST]);

      // Surface: analytics alone hides every core rule and the core heading; no failure is left, so their heading goes too.
      for (const name of ['pass', 'disabled', 'fail']) await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
      await page.getByRole('checkbox', { name: 'core API', exact: true }).uncheck();
      expect(await visibleRows(page)).toEqual([ANALYTICS_RULE.id]);
      expect(await page.locator('h2', { hasText: /^core API$/ }).isVisible()).toBe(false);
      expect(await page.locator('h2', { hasText: 'Failures and errors' }).isVisible()).toBe(false);
      await page.getByRole('checkbox', { name: 'core API', exact: true }).check();

      // Search: by rule ID (any case), by words of the statement, by the detail.
      await page.locator('#search').fill('tag-delete');
      expect(await visibleRows(page)).toEqual([TAG_404, TAG_200]);
      expect(await visibleFailures(page)).toEqual([TAG_404]);
      await page.locator('#search').fill('unknown tag');
      expect(await visibleRows(page)).toEqual([TAG_404]);
      await page.locator('#search').fill('socket hang');
      expect(await visibleRows(page)).toEqual([PAST_LAST]);
      await page.locator('#search').fill('cc_key2_id');
      expect(await visibleRows(page)).toEqual([KEY_SCOPE]);
      await page.locator('#search').fill('no rule says this');
      expect(await visibleRows(page)).toEqual([]);
      expect(await shownCount(page)).toBe(0);
      await page.locator('#search').fill('');
      expect(await visibleRows(page)).toEqual(all);

      expect(problems).toEqual([]);
      expect(new Set(requests)).toEqual(new Set([pathToFileURL(html).href]));
    } finally {
      await browser.close();
    }
  });

  // The page is a view of the run's one outcome: a pass, a failure and an interrupted run of passing
  // checks each show their own headline, colour and exit code, never a PASS over a run that did not pass.
  test('the headline, its colour and the exit code of a passed, a failed and an interrupted run', async ({ skip: skipTest }) => {
    needChromium(skipTest);
    const passed = [outcome('tags', [pass(TAG_200)])];
    const runs = [
      { name: 'passed', doc: report(passed, { rules: rules(TAG_200) }), shown: 'PASS', colour: 'rgb(26, 127, 55)', exit: 'exit 0' },
      { name: 'failed', doc, shown: 'FAIL', colour: 'rgb(207, 34, 46)', exit: 'exit 1' },
      {
        name: 'interrupted',
        doc: report(passed, { rules: rules(TAG_200), interrupted: true }),
        shown: 'INTERRUPTED',
        colour: 'rgb(207, 34, 46)',
        exit: 'exit 130',
      },
    ];
    const browser: Browser = await launchChromium();
    try {
      const page = await newReportPage(browser);
      for (const run of runs) {
        const runDir = join(dir, run.name);
        const written = writeReports(run.doc, runDir, (t) => t).html;
        await loadReportPage(page, written);
        const verdict = page.locator('#verdict');
        expect(await verdict.innerText(), run.name).toBe(run.shown);
        expect(await verdict.evaluate(paintedColor), run.name).toBe(run.colour);
        expect(await page.locator('h1 small').innerText(), run.name).toBe(run.exit);
        expect(await page.title(), run.name).toBe(`cc-conformance: ${run.shown}`);
      }
    } finally {
      await browser.close();
    }
  });
});
