/**
 * The load report as one self-contained HTML page: verdict and expectations, extra sections (a
 * capacity plan), the charts, then the tables. A view: it renders the report and computes nothing.
 * uPlot and the chart data are inlined, so the page needs no network.
 */
import { escapeHtml as esc, jsonForScript, scriptText } from '../../lib/render/escape-html.ts';
import { budgetName } from '../shared/scenario-model.ts';
import { chartAssets } from './assets.ts';
import { type ChartSpec, chartSpecs, COLORS } from './charts.ts';
import { DRAW_SCRIPT } from './draw-script.ts';
import { type LatencyPercentiles, type LoadReport, SETUP_STREAM } from './report-model.ts';

export interface LoadHtmlSection {
  readonly title: string;
  /** Trusted markup: the caller escapes whatever it puts in. */
  readonly html: string;
}

export interface LoadHtmlExtra {
  readonly sections?: readonly LoadHtmlSection[];
}

/** The colour of each verdict and status, wherever the page shows one: the headline, the verdict row, each expectation. */
export const VERDICT_COLORS = { pass: '#1a7f37', fail: '#cf222e', incomplete: '#9a6700' } as const;

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2327}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:${VERDICT_COLORS.pass}}.fail{color:${VERDICT_COLORS.fail};font-weight:600}.incomplete{color:${VERDICT_COLORS.incomplete};font-weight:600}
pre{background:#f6f8fa;padding:.5rem;white-space:pre-wrap;word-break:break-all;margin:.25rem 0}small{color:#57606a}
.chart{margin:.25rem 0 1.5rem;max-width:1100px}.key{display:inline-block;width:1.5em;border-top:2px solid;vertical-align:middle;margin-right:.3em}
.key.dashed{border-top-style:dashed}`;

/** Only known states become class names; anything else renders unstyled. */
function stateClass(state: string): string {
  return state === 'pass' || state === 'fail' || state === 'incomplete' ? state : '';
}

function ms(value: number): string {
  return esc(value < 10 ? value.toFixed(2) : value < 1000 ? value.toFixed(1) : value.toFixed(0));
}

function row(cells: readonly string[], numeric: ReadonlySet<number> = new Set()): string {
  return `<tr>${cells.map((c, i) => `<td${numeric.has(i) ? ' class="n"' : ''}>${c}</td>`).join('')}</tr>`;
}

function head(cells: readonly string[], numeric: ReadonlySet<number> = new Set()): string {
  return `<tr>${cells.map((c, i) => `<th${numeric.has(i) ? ' class="n"' : ''}>${esc(c)}</th>`).join('')}</tr>`;
}

function interruptedCell(report: LoadReport): string {
  if (!report.interrupted) return 'no';
  const at = report.interruptedAtMs === null ? '' : ` at ${esc((report.interruptedAtMs / 1000).toFixed(1))} s`;
  const spared = report.notSent === null ? '' : `; ${esc(report.notSent)} scheduled sends not yet due were not sent`;
  return `<span class="incomplete">yes</span>${at}${spared}`;
}

/** How many of the requests sent were the engine's setup and how many the schedule's, when the engine sent any before it. */
function setupShare(report: LoadReport): string {
  const setup = report.totals.setup.sent;
  if (setup === 0) return '';
  return ` <small>(${esc(setup)} by the engine's setup before the schedule, ${esc(report.totals.all.sent - setup)} on the schedule)</small>`;
}

function verdictTable(report: LoadReport): string {
  const target = report.target.bundledMock
    ? 'bundled mock'
    : Object.entries(report.target.urls)
        .map(([name, url]) => `${name}: ${url}`)
        .join(', ');
  const all = report.totals.all;
  const rows: [string, string][] = [
    ['verdict', `<span class="${stateClass(report.verdict)}">${esc(report.verdict)}</span>`],
    ['scenario', `<code>${esc(report.scenario.name)}</code>: ${esc(report.scenario.description)}`],
    ['run', `${esc(report.kind)} run, ${esc(report.engine)} engine`],
    ['started', esc(report.startedAt)],
    ['duration', `${esc((report.durationMs / 1000).toFixed(1))} s`],
    ['window', `${esc(report.windowMs)} ms, budget ${esc(report.windows.budget)} per window per company on core and Dialer each`],
    ['target', esc(target)],
    [
      'requests',
      `sent ${esc(all.sent)}${setupShare(report)} · served (2xx) ${esc(all.served)} · limited (429) ${esc(all.limited)} · errors ${esc(all.errors)}`,
    ],
    ['missed sends', esc(report.missed)],
    ['interrupted', interruptedCell(report)],
  ];
  return `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${v}</td></tr>`).join('')}</table>`;
}

function expectationsTable(report: LoadReport): string {
  if (report.expectations.length === 0) return '<p>The scenario states no expectation: the run is judged on its answers alone.</p>';
  return `<table>${head(['status', 'expectation', 'subject', 'expected', 'detail'])}
${report.expectations
  .map((e) =>
    row([`<span class="${stateClass(e.status)}">${esc(e.status)}</span>`, esc(e.kind), `<code>${esc(e.subject)}</code>`, esc(e.expected), esc(e.detail)]),
  )
  .join('\n')}</table>`;
}

function extraSections(extra: LoadHtmlExtra | undefined): string {
  return (extra?.sections ?? []).map((s) => `<section><h2>${esc(s.title)}</h2>\n${s.html}\n</section>`).join('\n');
}

function chartBlock(spec: ChartSpec): string {
  return `<h3>${esc(spec.title)}</h3><div class="chart" id="${esc(spec.id)}"></div>`;
}

function windowsLegend(report: LoadReport): string {
  const budget = esc(report.windows.budget);
  const ceiling = esc(report.windowCeiling);
  return `<p><span class="key" style="border-color:${COLORS.windowed}"></span>served requests sent in the trailing window (${esc(report.windows.windowMs)} ms), by send time.
<span class="key" style="border-color:${COLORS.budget}"></span>the budget, ${budget} per window (the spec's ${budget} requests per minute per company, separately on core and the Dialer).
<span class="key dashed" style="border-color:${COLORS.budget}"></span>twice the budget, ${ceiling}: a span of one window that straddles two windows of the server's own may hold up to ${ceiling} served requests under a window-based limiter (a full window's worth at the end of one and again at the start of the next), so the served line may cross ${budget} but never ${ceiling}.</p>`;
}

function chartsSection(report: LoadReport, specs: readonly ChartSpec[]): string {
  const group = (g: ChartSpec['group']) =>
    specs
      .filter((s) => s.group === g)
      .map(chartBlock)
      .join('\n');
  return `<h2>Served, limited and errors over time</h2>
${group('outcomes') || '<p>No request was recorded.</p>'}
<h2>Latency over time</h2>
${group('latency') || '<p>No answer came, so there is no latency to draw.</p>'}
<h2>Served per window, per budget</h2>
${windowsLegend(report)}
${group('windows') || '<p>No request went to a metered surface (core or Dialer).</p>'}`;
}

function streamsTable(report: LoadReport): string {
  const numeric = new Set([3, 4, 5, 6, 7, 8, 9]);
  const plans = new Map(report.scenario.streams.map((s) => [s.name, s]));
  return `<table>${head(['stream', 'surface / company', 'request', 'per window', 'planned', 'sent', 'served', '429', 'errors', 'must serve', 'error statuses'], numeric)}
${report.totals.streams
  .map((t) => {
    const plan = plans.get(t.stream);
    const statuses = Object.entries(t.errorStatuses)
      .map(([status, n]) => `${status === '0' ? 'no answer' : status} ×${n}`)
      .join(', ');
    const firstError = t.firstError === null ? '' : `<br><small>first: ${esc(t.firstError)}</small>`;
    return row(
      [
        `<code>${esc(t.stream)}</code>`,
        `${esc(t.surface)} / ${esc(t.company)}`,
        plan
          ? `<code>${esc(plan.request)}</code>`
          : `<small>${t.stream === SETUP_STREAM ? "the engine's setup, before the schedule" : 'not in the scenario'}</small>`,
        plan
          ? `${esc(plan.perWindow)}${plan.rampToPerWindow !== undefined ? ` → ${esc(plan.rampToPerWindow)}` : ''} <small>from window ${esc(plan.startWindow)} for ${esc(plan.windows)}</small>`
          : '',
        esc(t.planned),
        esc(t.sent),
        esc(t.served),
        esc(t.limited),
        esc(t.errors),
        plan?.mustServe ? 'yes' : 'no',
        `${esc(statuses)}${firstError}`,
      ],
      numeric,
    );
  })
  .join('\n')}</table>`;
}

function budgetsTable(report: LoadReport): string {
  if (report.totals.budgets.length === 0) return '<p>No request went to a metered surface.</p>';
  const numeric = new Set([2, 3, 4, 5, 6, 7]);
  const flooded = new Set(report.scenario.limited);
  return `<table>${head(['budget', 'flooded on purpose', 'sent', 'served', '429', 'errors', 'most served in a window span (by send time)', 'most served in one server window (after a 429)'], numeric)}
${report.totals.budgets
  .map((b) => {
    const w = report.windows.budgets.find((x) => budgetName(x.company, x.surface) === b.budget);
    return row(
      [
        `<code>${esc(b.budget)}</code>`,
        flooded.has(b.budget) ? 'yes' : 'no',
        esc(b.sent),
        esc(b.served),
        esc(b.limited),
        esc(b.errors),
        esc(w?.maxServedInWindow ?? ''),
        esc(w === undefined ? '' : w.afterRefusal.spans > 0 ? w.afterRefusal.maxServed : 'not told'),
      ],
      numeric,
    );
  })
  .join('\n')}</table>`;
}

function latencyRow(surface: string, measure: string, p: LatencyPercentiles): string {
  return row([esc(surface), esc(measure), esc(p.count), ...[p.p50, p.p90, p.p99, p.p999, p.max].map(ms)], new Set([2, 3, 4, 5, 6, 7]));
}

function latencyTable(report: LoadReport): string {
  if (report.latency.length === 0) return '<p>No request was recorded.</p>';
  return `<p><small>Corrected: from when each request was due by the schedule, so a stalled target or sender shows. Uncorrected: from when it went out. In ms, over every answered request (429s included).</small></p>
<table>${head(['surface', 'latency', 'answers', 'p50', 'p90', 'p99', 'p99.9', 'max'], new Set([2, 3, 4, 5, 6, 7]))}
${report.latency.map((l) => `${latencyRow(l.surface, 'corrected', l.corrected)}\n${latencyRow(l.surface, 'uncorrected', l.uncorrected)}`).join('\n')}</table>`;
}

function missedSection(report: LoadReport): string {
  if (report.missed === 0) return '<p>Every scheduled send went out.</p>';
  return `<p class="incomplete">${esc(report.missed)} scheduled sends were never sent; the streams table shows planned against sent.</p>`;
}

function notesSection(report: LoadReport): string {
  if (report.notes.length === 0) return '<p>None.</p>';
  return `<ul>${report.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`;
}

export function renderLoadHtml(report: LoadReport, extra?: LoadHtmlExtra): string {
  const specs = chartSpecs(report);
  const assets = chartAssets();
  const heading = `cc-load ${report.kind}: ${report.verdict} · ${report.scenario.name}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(heading)}</title>
<style>${assets.style}</style>
<style>${STYLE}</style></head>
<body>
<h1>cc-load ${esc(report.kind)}: <span class="${stateClass(report.verdict)}">${esc(report.verdict.toUpperCase())}</span> · <code>${esc(report.scenario.name)}</code></h1>
${verdictTable(report)}
<h2>Expectations</h2>
${expectationsTable(report)}
${extraSections(extra)}
${chartsSection(report, specs)}
<h2>Totals per stream</h2>
${streamsTable(report)}
<h2>Totals per budget</h2>
${budgetsTable(report)}
<h2>Latency percentiles</h2>
${latencyTable(report)}
<h2>Missed sends</h2>
${missedSection(report)}
<h2>Notes</h2>
${notesSection(report)}
<script type="application/json" id="cc-chart-data">${jsonForScript(specs)}</script>
<script>${scriptText(assets.script)}</script>
<script>${DRAW_SCRIPT}</script>
</body></html>
`;
}
