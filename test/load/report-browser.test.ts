/**
 * The load report page in a real browser: it renders, every chart draws, nothing errs and nothing
 * leaves the machine. Needs Chromium at /usr/bin/chromium; without it the test is skipped, except in
 * CI, where a missing browser is a failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { drawnCharts, launchChromium, loadReportPage, newReportPage } from '../../load/report/browser.ts';
import { chartSpecs } from '../../load/report/charts.ts';
import { writeLoadReports } from '../../load/report/files.ts';
import { VERDICT_COLORS } from '../../load/report/html.ts';
import { buildLoadReport } from '../../load/report/build.ts';
import type { LoadReport } from '../../load/report/report-model.ts';
import { budgetFlood } from '../../load/scenarios/index.ts';
import { inputFor, playScenario, reportOf } from './fixtures-report.ts';
import { needChromium, paintedColor, watchPage } from './browser-test.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The minimum of a 2D canvas the pixel count needs; the project compiles without the DOM's types. */
interface PixelCanvas {
  readonly width: number;
  readonly height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}

/** How many pixels of the canvas are within a small distance of one of the colours (`#rrggbb`). */
function inkOf(canvas: unknown, colors: readonly string[]): number {
  const c = canvas as PixelCanvas;
  const rgb = colors.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] as number) < 128) continue;
    if (rgb.some(([r, g, b]) => Math.abs((data[i] as number) - r!) + Math.abs((data[i + 1] as number) - g!) + Math.abs((data[i + 2] as number) - b!) < 60))
      ink++;
  }
  return ink;
}

describe('the load report page in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-load-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const report = reportOf(budgetFlood, { lateMs: (_, i) => (i % 40 === 0 ? 250 : 0), answer: (_, i) => (i === 11 ? { status: 503 } : undefined) });
  const written = writeLoadReports(report, dir, 'flood', (t) => t);

  test('renders the verdict and draws every chart, with no console error and no request but the page itself', async ({ skip }) => {
    needChromium(skip);
    const browser = await launchChromium();
    try {
      const page = await newReportPage(browser);
      const { problems, requests } = watchPage(page);
      await loadReportPage(page, written.html);

      expect(await page.title()).toBe('cc-load budget: incomplete · budget-flood');
      expect(await page.locator('h1').innerText()).toContain('INCOMPLETE');

      const specs = chartSpecs(report);
      const charts = await drawnCharts(page);
      expect(charts?.map((c) => c.id)).toEqual(specs.map((s) => s.id));
      for (const chart of charts ?? []) {
        expect(chart.points, chart.id).toBeGreaterThan(0);
        expect(chart.drawn, chart.id).toBe(true);
      }
      // Each chart's canvas carries the colour of a measured line (reference lines do not count).
      for (const spec of specs) {
        const colors = spec.lines.filter((l) => !l.reference).map((l) => l.color);
        const ink = await page.locator(`[id="${spec.id}"] canvas`).evaluate(inkOf, colors);
        expect(ink, spec.id).toBeGreaterThan(50);
      }

      expect(problems).toEqual([]);
      expect(new Set(requests)).toEqual(new Set([pathToFileURL(written.html).href]));
    } finally {
      await browser.close();
    }
  });

  test('the headline of a passed, a failed and an interrupted run says the verdict, in its colour', async ({ skip }) => {
    needChromium(skip);
    const never = { limit: Number.POSITIVE_INFINITY };
    // Interrupted 0.4 s into a flood of a target that never limits: had it run on, it would have failed.
    const early = playScenario(budgetFlood, never).filter((r) => r.startedMs <= 400);
    const runs: [string, LoadReport][] = [
      ['passed', reportOf(budgetFlood)],
      ['failed', reportOf(budgetFlood, never)],
      ['interrupted', buildLoadReport(inputFor(budgetFlood, early, { interrupted: true, interruptedAtMs: 400, notSent: 720 - early.length }))],
    ];
    expect(runs.map(([, r]) => r.verdict)).toEqual(['pass', 'fail', 'incomplete']);
    const browser = await launchChromium();
    try {
      for (const [name, run] of runs) {
        const page = await newReportPage(browser);
        const { problems } = watchPage(page);
        await loadReportPage(page, writeLoadReports(run, dir, `headline-${name}`, (t) => t).html);
        const headline = page.locator('h1');
        const mark = headline.locator('span');
        expect(await headline.innerText(), name).toBe(`cc-load budget: ${run.verdict.toUpperCase()} · budget-flood`);
        expect(await page.title(), name).toBe(`cc-load budget: ${run.verdict} · budget-flood`);
        expect(await mark.getAttribute('class'), name).toBe(run.verdict);
        // The colour as painted, against the page's colour for that verdict.
        const hex = VERDICT_COLORS[run.verdict];
        const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
        expect(await mark.evaluate(paintedColor), name).toBe(rgb);
        // The verdict row of the table says the same.
        const row = page.locator('tr', { has: page.locator('th', { hasText: /^verdict$/ }) }).locator('td span');
        expect([await row.innerText(), await row.getAttribute('class')], name).toEqual([run.verdict, run.verdict]);
        expect(problems, name).toEqual([]);
        await page.context().close();
      }
    } finally {
      await browser.close();
    }
  });

  test('npm run screenshot writes a full-page PNG of the page', ({ skip }) => {
    needChromium(skip);
    const png = join(dir, 'flood.png');
    const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['cli/screenshot.ts', written.html, png, '--width', '900'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(png);
    expect([...readFileSync(png).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });
});

describe('npm run screenshot without a page', () => {
  test('a missing file is one clear line and exit code 2', () => {
    const missing = join(tmpdir(), 'cc-no-such-report.html');
    const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['cli/screenshot.ts', missing, join(tmpdir(), 'cc-never.png')], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`screenshot: no such file: ${missing}\n`);
  });
});
