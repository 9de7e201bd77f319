import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { chartSpecs } from '../../load/report/charts.ts';
import { writeLoadReports } from '../../load/report/files.ts';
import { renderLoadHtml } from '../../load/report/html.ts';
import { buildLoadReport } from '../../load/report/build.ts';
import { type LoadReport, SETUP_STREAM } from '../../load/report/report-model.ts';
import { budgetFlood, CORE_READ, smoke } from '../../load/scenarios/index.ts';
import type { LoadScenario } from '../../load/shared/scenario-model.ts';
import type { LoadRecord } from '../../load/shared/records.ts';
import { inputFor, playScenario, reportOf } from './fixtures-report.ts';

const HOSTILE = `x"><img src=x onerror=alert(1)>`;
const SCRIPT_END = '</script><script>alert(2)</script>';

/** A flood whose names, description, notes and errors all try to break out of the page. */
const hostile: LoadScenario = {
  ...budgetFlood,
  description: `flood ${SCRIPT_END} & 'more'`,
  streams: budgetFlood.streams.map((s, i) => (i === 0 ? { ...s, name: HOSTILE } : s)),
};

function hostileReport(): LoadReport {
  return reportOf(
    hostile,
    { answer: (r, i) => (i === 5 ? { status: 0, error: `reset ${SCRIPT_END}` } : undefined) },
    {
      notes: [`engine said <b>${SCRIPT_END}</b>`],
      target: { bundledMock: false, urls: { core: 'https://api.example.com/api', ai: 'https://ai.example.com/v1' } },
    },
  );
}

describe('renderLoadHtml', () => {
  const report = hostileReport();
  const html = renderLoadHtml(report, { sections: [{ title: 'Capacity <plan>', html: '<p id="plan">the plan</p>' }] });

  test('the verdict, expectations, totals, percentiles, missed sends and notes are on the page', () => {
    expect(html).toContain(`<title>cc-load budget: ${report.verdict} · budget-flood</title>`);
    expect(report.verdict).toBe('incomplete');
    for (const heading of ['Expectations', 'Totals per stream', 'Totals per budget', 'Latency percentiles', 'Missed sends', 'Notes'])
      expect(html).toContain(`<h2>${heading}</h2>`);
    expect(html).toContain('180 of 360 requests got 429');
    for (const surface of ['core', 'dialer']) {
      expect(html).toMatch(new RegExp(`<tr><td>${surface}</td><td>corrected</td><td class="n">\\d+</td>(<td class="n">[\\d.]+</td>){5}</tr>`));
      expect(html).toMatch(new RegExp(`<tr><td>${surface}</td><td>uncorrected</td><td class="n">\\d+</td>`));
    }
  });

  test('an interrupted run says when, and how many sends it spared', () => {
    const interrupted = renderLoadHtml(reportOf(budgetFlood, {}, { interrupted: true, interruptedAtMs: 2500, notSent: 40 }));
    expect(interrupted).toContain(
      '<tr><th>interrupted</th><td><span class="incomplete">yes</span> at 2.5 s; 40 scheduled sends not yet due were not sent</td></tr>',
    );
    expect(html).toContain('<tr><th>interrupted</th><td>no</td></tr>');
  });

  test("the engine's setup requests are named apart from the schedule's, in the totals and in their own stream row", () => {
    const setup: LoadRecord[] = [
      { stream: SETUP_STREAM, surface: 'core', company: 'self', intendedMs: 0, startedMs: 0, endedMs: 10, status: 200 },
      { stream: SETUP_STREAM, surface: 'dialer', company: 'self', intendedMs: 10, startedMs: 10, endedMs: 20, status: 200 },
    ];
    const withSetup = renderLoadHtml(buildLoadReport(inputFor(smoke, [...setup, ...playScenario(smoke)])));
    expect(withSetup).toContain(
      "<tr><th>requests</th><td>sent 122 <small>(2 by the engine's setup before the schedule, 120 on the schedule)</small> · served (2xx) 122",
    );
    expect(withSetup).toMatch(
      /<tr><td><code>setup<\/code><\/td><td>core \/ self<\/td><td><small>the engine's setup, before the schedule<\/small><\/td><td class="n"><\/td><td class="n">0<\/td><td class="n">2<\/td>/,
    );
    // A run with no setup request says nothing about one.
    expect(html).not.toContain("engine's setup");
  });

  test('everything taken from the report is escaped, in the markup and in the chart data', () => {
    expect(html).not.toContain('<img');
    expect(html).not.toContain('alert(2)</script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('engine said &lt;b&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;/b&gt;');
    expect(html).toContain('reset &lt;/script&gt;');
    // Exactly the page's three scripts: the chart data, uPlot and the drawing code.
    expect(html.match(/<script\b/gi)).toHaveLength(3);
    expect(html.match(/<\/script>/gi)).toHaveLength(3);
  });

  test('the chart data parses back to the charts the report gives', () => {
    const data = /<script type="application\/json" id="cc-chart-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(data).toBeDefined();
    const specs = JSON.parse(data!) as ReturnType<typeof chartSpecs>;
    expect(specs).toEqual(JSON.parse(JSON.stringify(chartSpecs(report))));
    expect(specs.map((s) => s.id)).toEqual([
      'outcomes-core',
      'outcomes-dialer',
      'latency-core',
      'latency-dialer',
      'windows-core-self',
      'windows-dialer-self',
      'windows-core-other',
      'windows-dialer-other',
    ]);
    for (const spec of specs) expect(html).toContain(`<div class="chart" id="${spec.id}"></div>`);
  });

  test('the page is self-contained: nothing is fetched from anywhere', () => {
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/<script\b[^>]*\bsrc\s*=/i);
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(\s*["']?(?:https?:)?\/\//i);
    expect(html).toContain('uPlot');
  });

  test('the windowed charts say what their lines mean', () => {
    const legend = html.slice(html.indexOf('<h2>Served per window, per budget</h2>'), html.indexOf('<div class="chart" id="windows-core-self">'));
    expect(legend).toContain('the budget, 60 per window');
    expect(legend).toContain(
      "twice the budget, 120: a span of one window that straddles two windows of the server's own may hold up to 120 served requests under a window-based limiter",
    );
  });

  test('extra sections come before the charts, their title escaped and their markup kept', () => {
    expect(html).toContain('<h2>Capacity &lt;plan&gt;</h2>');
    expect(html.indexOf('<p id="plan">the plan</p>')).toBeLessThan(html.indexOf('<h2>Served, limited and errors over time</h2>'));
    expect(html.indexOf('<h2>Expectations</h2>')).toBeLessThan(html.indexOf('<p id="plan">'));
  });

  test('a live target is named by its base addresses', () => {
    expect(html).toContain('core: https://api.example.com/api, ai: https://ai.example.com/v1');
  });
});

describe('writeLoadReports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-load-report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('writes <basename>.json and <basename>.html, both passed through the scrubber', () => {
    const secret = 'S3cr3t-Key-0042';
    const report = reportOf(
      budgetFlood,
      { answer: (_, i) => (i === 1 ? { status: 0, error: `refused for ${secret}` } : undefined) },
      { notes: [`run with ${secret}`] },
    );
    const written = writeLoadReports(report, join(dir, 'nested'), 'flood', (text) => text.split(secret).join('[redacted]'));
    expect(written).toEqual({ json: join(dir, 'nested', 'flood.json'), html: join(dir, 'nested', 'flood.html') });
    const json = readFileSync(written.json, 'utf8');
    const html = readFileSync(written.html, 'utf8');
    for (const text of [json, html]) {
      expect(text).not.toContain(secret);
      expect(text).toContain('[redacted]');
    }
    expect(JSON.parse(json)).toMatchObject({ format: 'cc-load-report', version: 3, verdict: 'incomplete', notes: ['run with [redacted]', expect.any(String)] });
    expect(html).toMatch(/^<!doctype html>/);
  });

  test('extra sections reach the written page', () => {
    const scenario: LoadScenario = {
      name: 'tiny',
      description: 'one core stream',
      streams: [{ name: 'core-one', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: 10, startWindow: 0, windows: 1 }],
      limited: [],
    };
    const written = writeLoadReports(reportOf(scenario), dir, 'tiny', (t) => t, { sections: [{ title: 'Plan', html: '<p>plan body</p>' }] });
    expect(readFileSync(written.html, 'utf8')).toContain('<h2>Plan</h2>\n<p>plan body</p>');
  });
});
