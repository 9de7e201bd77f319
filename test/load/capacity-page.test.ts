/**
 * The capacity page in Chromium: its one headline and its colour are the document's outcome, the one
 * the command exits with (GO green and 0, NO-GO red and 1, INTERRUPTED amber and 130); the probe's own
 * load verdict is labelled as the probe's and never heads the page; and the page fits a 1280 px
 * window. The documents are made by the same pure functions the command uses, with probe runs played
 * by the load report's fixtures. Needs Chromium at /usr/bin/chromium; without it the browser tests
 * are skipped, except in CI, where a missing browser is a failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { type CapacityDocument, capacityDocument, capacityOutcome } from '../../load/capacity/document.ts';
import { writeCapacityReports } from '../../load/capacity/files.ts';
import { probeFindings } from '../../load/capacity/findings.ts';
import { planCampaign } from '../../load/capacity/campaign-plan.ts';
import { probeScenario } from '../../load/capacity/probe.ts';
import { readCapacityProfile } from '../../load/capacity/profile.ts';
import { renderCapacityPage } from '../../load/capacity/render-html.ts';
import { drawnCharts, launchChromium, loadReportPage, newReportPage } from '../../load/report/browser.ts';
import { buildLoadReport } from '../../load/report/build.ts';
import { chartSpecs } from '../../load/report/charts.ts';
import type { LoadReport } from '../../load/report/report-model.ts';
import { inputFor, type PretendTarget, playScenario, reportOf, WINDOW_MS } from './fixtures-report.ts';
import { needChromium, watchPage } from './browser-test.ts';

const PROFILE_FILE = 'load/capacity/profile.example.json';
const PROFILE = readCapacityProfile(new URL(`../../${PROFILE_FILE}`, import.meta.url).pathname);
const NOW = new Date('2026-09-10T08:00:00Z');
const HALF = { core: 0.5, dialer: 0.5 };
const PROBE_WINDOWS = 2;

/** The colours of the page's classes, as Chromium computes them. */
const GREEN = 'rgb(26, 127, 55)';
const RED = 'rgb(207, 34, 46)';
const AMBER = 'rgb(154, 103, 0)';

type Probe = 'none' | 'served' | 'limited' | 'interrupted';

/** The example campaign needs 16 h 41 min at half of each budget: a 20 h deadline is GO, 1 h is NO-GO. */
function documentOf(deadline: string, probe: Probe): CapacityDocument {
  const plan = planCampaign({ contacts: 10_000, profile: PROFILE, shares: HALF, deadline, now: NOW });
  const report = probe === 'none' ? null : probeReport(probeScenario(plan, PROBE_WINDOWS), probe);
  return capacityDocument({
    plan,
    plannedAt: NOW,
    profileFile: PROFILE_FILE,
    windowFrom: "the spec's minute",
    probe: report ? { findings: probeFindings(plan, report), report } : null,
  });
}

/**
 * A probe run as the command records it. `limited`: a target serving 20 of the 30 offered per window,
 * so 429s at the planned share; `interrupted`: stopped at the end of its first window, the sends of
 * the second never sent.
 */
function probeReport(scenario: ReturnType<typeof probeScenario>, probe: Exclude<Probe, 'none'>): LoadReport {
  const capacity = { kind: 'capacity' as const };
  if (probe === 'served') return reportOf(scenario, {}, capacity);
  if (probe === 'limited') return reportOf(scenario, { limit: 20 } satisfies PretendTarget, capacity);
  const all = playScenario(scenario);
  const ran = all.filter((r) => r.startedMs < WINDOW_MS);
  return buildLoadReport(inputFor(scenario, ran, { ...capacity, interrupted: true, interruptedAtMs: WINDOW_MS, notSent: all.length - ran.length }));
}

interface PageCase {
  readonly name: string;
  readonly doc: CapacityDocument;
  /** What the document records, checked first so each case is the case it claims to be. */
  readonly go: boolean;
  readonly interrupted: boolean;
  /** The probe's own load verdict, where a probe ran. */
  readonly probeVerdict: LoadReport['verdict'] | null;
  readonly headline: string;
  readonly colorClass: string;
  readonly color: string;
  readonly exitCode: number;
}

const CASES: readonly PageCase[] = [
  {
    name: 'GO with a probe',
    doc: documentOf('20h', 'served'),
    go: true,
    interrupted: false,
    probeVerdict: 'pass',
    headline: 'cc-capacity: GO · 10000 contacts',
    colorClass: 'pass',
    color: GREEN,
    exitCode: 0,
  },
  // The reported defect: a probe that passes its own load report under a plan that misses its deadline.
  {
    name: 'NO-GO at the deadline with a probe that passed',
    doc: documentOf('1h', 'served'),
    go: false,
    interrupted: false,
    probeVerdict: 'pass',
    headline: 'cc-capacity: NO-GO · 10000 contacts',
    colorClass: 'fail',
    color: RED,
    exitCode: 1,
  },
  // A 429 is an answer, so the probe's load report still passes while the 429s turn the verdict to NO-GO.
  {
    name: "NO-GO from the probe's 429s",
    doc: documentOf('20h', 'limited'),
    go: false,
    interrupted: false,
    probeVerdict: 'pass',
    headline: 'cc-capacity: NO-GO · 10000 contacts',
    colorClass: 'fail',
    color: RED,
    exitCode: 1,
  },
  {
    name: 'an interrupted probe',
    doc: documentOf('20h', 'interrupted'),
    go: true,
    interrupted: true,
    probeVerdict: 'incomplete',
    headline: 'cc-capacity: INTERRUPTED · verdict so far GO · 10000 contacts',
    colorClass: 'incomplete',
    color: AMBER,
    exitCode: 130,
  },
  {
    name: 'NO-GO from the plan alone',
    doc: documentOf('1h', 'none'),
    go: false,
    interrupted: false,
    probeVerdict: null,
    headline: 'cc-capacity: NO-GO · 10000 contacts',
    colorClass: 'fail',
    color: RED,
    exitCode: 1,
  },
];

describe('the capacity outcome', () => {
  test.each(CASES)('$name: the document records what the case says, and the outcome gives the exit code', (c) => {
    expect(c.doc.verdict.go).toBe(c.go);
    expect(c.doc.interrupted).toBe(c.interrupted);
    expect(c.doc.probe?.report.verdict ?? null).toBe(c.probeVerdict);
    expect(capacityOutcome(c.doc).exitCode).toBe(c.exitCode);
  });

  test("every headline is the one h1; the probe's pass or fail never appears in it", () => {
    for (const c of CASES) {
      const html = renderCapacityPage(c.doc);
      expect(html.match(/<h1[\s>]/g), c.name).toHaveLength(1);
      const h1 = /<h1>(.*)<\/h1>/.exec(html)?.[1] ?? '';
      expect(h1, c.name).toContain(`<span class="${c.colorClass}">${capacityOutcome(c.doc).headline}</span>`);
      expect(h1.replace(/<[^>]*>/g, ''), c.name).not.toMatch(/\b(pass|fail|incomplete)\b/i);
    }
  });
});

describe('the capacity page in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-capacity-page-'));
  let browser: Browser | undefined;
  const chromium = async (): Promise<Browser> => (browser ??= await launchChromium());
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test.for(CASES)("$name: the headline, its colour, the probe labelled as the probe's, and a fit at 1280 px", async (c, { skip }) => {
    needChromium(skip);
    const written = writeCapacityReports(c.doc, join(dir, c.name.replace(/\W+/g, '-')), (text) => text);
    const page = await newReportPage(await chromium(), 1280);
    const { problems, requests } = watchPage(page);
    await loadReportPage(page, written.html);

    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').innerText()).toBe(c.headline);
    expect(await page.title()).toBe(c.headline);
    const state = (await page.evaluate(`(() => {
      const span = document.querySelector('h1 span');
      return { text: span.textContent, className: span.className, color: getComputedStyle(span).color };
    })()`)) as { text: string; className: string; color: string };
    expect(state).toEqual({ text: capacityOutcome(c.doc).headline, className: c.colorClass, color: c.color });

    if (c.probeVerdict === null) {
      expect(await page.locator('th', { hasText: "the probe's load verdict" }).count()).toBe(0);
    } else {
      // The probe's verdict sits in its own labelled row, under a heading that says whose it is.
      const row = page.locator('tr', { has: page.locator('th', { hasText: "the probe's load verdict" }) });
      expect(await row.locator('td').innerText()).toMatch(new RegExp(`^${c.probeVerdict}: .*It judges the probe's own run, not the campaign`));
      expect(await page.locator('h2', { hasText: "The probe's load report: its own measurement, not the capacity verdict" }).count()).toBe(1);
      const charts = await drawnCharts(page);
      expect(charts?.map((chart) => chart.id)).toEqual(chartSpecs(c.doc.probe!.report).map((spec) => spec.id));
      expect(charts?.every((chart) => chart.drawn)).toBe(true);
    }

    // Nothing reaches past the window's right edge, and the batch table's last column is in view.
    const fit = (await page.evaluate(`(() => {
      const width = document.documentElement.clientWidth;
      const wider = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > width + 0.5);
      return { width, scrollWidth: document.documentElement.scrollWidth, wider: wider.map((e) => e.tagName + ': ' + (e.textContent || '').slice(0, 40)) };
    })()`)) as { width: number; scrollWidth: number; wider: string[] };
    expect(fit.width).toBe(1280);
    expect(fit.wider).toEqual([]);
    expect(fit.scrollWidth).toBe(fit.width);
    const lastBatchColumn = await page.locator('th', { hasText: 'time saved alone' }).boundingBox();
    expect(lastBatchColumn).not.toBeNull();
    expect(lastBatchColumn!.x + lastBatchColumn!.width).toBeLessThanOrEqual(1280);

    expect(problems).toEqual([]);
    expect(new Set(requests)).toEqual(new Set([pathToFileURL(written.html).href]));
  });
});
