/**
 * The capacity page: one self-contained page whose headline is the capacity verdict (GO, NO-GO, or
 * INTERRUPTED with the verdict so far), then the plan, then what the probe measured with its charts.
 * The probe's load report is shown as the probe's measurement, in a section of its own: its pass or
 * fail judges the probe's requests, never the campaign, so it is never the page's headline. Every
 * value is escaped: profile texts are the user's, not trusted markup.
 */
import { formatDuration } from '../../lib/render/durations.ts';
import { escapeHtml as esc, jsonForScript, scriptText } from '../../lib/render/escape-html.ts';
import { chartAssets } from '../report/assets.ts';
import { type ChartSpec, chartSpecs } from '../report/charts.ts';
import { DRAW_SCRIPT } from '../report/draw-script.ts';
import { VERDICT_COLORS } from '../report/html.ts';
import type { LoadReport, LoadVerdict } from '../report/report-model.ts';
import { type CapacityDocument, type CapacityOutcome, capacityOutcome } from './document.ts';
import type { ProbeFindings } from './findings.ts';
import { bottleneckText, type CampaignLoad, type CapacityPlan, NO_BUDGET } from './campaign-plan.ts';
import { shareText, SURFACE_LABEL, VERDICT_MEANS } from './render-text.ts';
import { BOUND_LABEL, grouped, type StaffedLoad } from './staffing.ts';

interface PageSection {
  readonly title: string;
  /** Trusted markup: whoever builds it escapes what it puts in. */
  readonly html: string;
}

const NUMERIC = ' class="n"';

function tableHtml(head: readonly string[], rows: readonly (readonly string[])[], numeric: ReadonlySet<number>): string {
  const th = head.map((h, i) => `<th${numeric.has(i) ? NUMERIC : ''}>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric.has(i) ? NUMERIC : ''}>${c}</td>`).join('')}</tr>`).join('\n');
  return scrollable(`<table><tr>${th}</tr>\n${body}</table>`);
}

/** A table wider than a narrow window scrolls inside its own box instead of pushing the page sideways. */
function scrollable(table: string): string {
  return `<div class="scroll">${table}</div>`;
}

function keyValueTable(rows: readonly (readonly [string, string])[]): string {
  return scrollable(`<table>${rows.map(([k, val]) => `<tr><th>${esc(k)}</th><td>${val}</td></tr>`).join('')}</table>`);
}

/** The colour of each outcome: the load report's own classes and colours for pass, fail and incomplete. */
const OUTCOME_CLASS: Readonly<Record<CapacityOutcome['state'], string>> = { go: 'pass', 'no-go': 'fail', interrupted: 'incomplete' };

/** `GO · 10000 contacts`, or `INTERRUPTED · verdict so far NO-GO · 10000 contacts`: the title and headline alike. */
function headlineParts(doc: CapacityDocument): { outcome: CapacityOutcome; after: string } {
  const outcome = capacityOutcome(doc);
  const soFar = outcome.state === 'interrupted' ? ` · ${outcome.verdictText}` : '';
  return { outcome, after: `${soFar} · ${doc.plan.contacts} contacts` };
}

function verdictHtml(doc: CapacityDocument): string {
  const v = doc.verdict;
  const plan = doc.plan;
  const cls = v.go ? 'pass' : 'fail';
  const rows: [string, string][] = [
    [doc.interrupted ? 'verdict so far' : 'verdict', `<span class="${cls}">${v.go ? 'GO' : 'NO-GO'}</span>: ${esc(v.reason)}`],
    ['resting on', esc(v.basis === 'plan' ? 'the plan alone (no probe ran)' : 'the plan and the probe measured below')],
    ['models', esc(doc.scope)],
    ...(doc.staffing ? [] : ([['GO means', esc(VERDICT_MEANS)]] as [string, string][])),
    [
      'with every batch',
      `<span class="${doc.verdictWithBatches.go ? 'pass' : 'fail'}">${doc.verdictWithBatches.go ? 'GO' : 'NO-GO'}</span>: ${esc(doc.verdictWithBatches.reason)}`,
    ],
    ['campaign', `${esc(plan.contacts)} contacts, profile <code>${esc(plan.profile)}</code> (${esc(doc.profileFile)})`],
    ['window', `${esc(plan.windowMs)} ms (${esc(doc.windowFrom)}); core and Dialer each allow ${esc(plan.budgetPerWindow)} requests per window per company`],
    ['shares', `core ${esc(plan.shares.core)}, Dialer ${esc(plan.shares.dialer)}`],
    ['deadline', plan.deadline ? `${esc(plan.deadline.given)}: ${esc(plan.deadline.at)}` : 'none given'],
    ['planned at', esc(doc.plannedAt)],
  ];
  if (doc.interrupted)
    rows.push(['interrupted', '<span class="incomplete">yes: the probe was stopped before its schedule ended; the verdict rests on the part that ran</span>']);
  return keyValueTable(rows);
}

function loadHtml(load: CampaignLoad, windowMs: number): string {
  const rows: string[][] = load.metered.map((m) => [
    esc(m.surface),
    esc(shareText(m)),
    esc(m.requests),
    esc(m.windows),
    esc(formatDuration(m.wallMs)),
    load.bottlenecks.includes(m.surface) ? '<strong>bottleneck</strong>' : '',
  ]);
  for (const u of load.unmetered) rows.push([esc(SURFACE_LABEL[u.surface]), esc(NO_BUDGET), esc(u.requests), '-', '-', '']);
  return `${tableHtml(['surface', 'share of budget', 'requests', 'windows', 'minimum wall time', ''], rows, new Set([2, 3]))}
<p>Minimum wall time: <strong>${esc(formatDuration(load.minimumWallMs))}</strong> (${esc(bottleneckText(load, windowMs))}). Core and the Dialer run in parallel; the slower one sets the pace. Requests on surfaces with no stated budget are counted, never a bottleneck.</p>`;
}

function stepsHtml(plan: CapacityPlan): string {
  const rows = plan.steps.map((s) => [
    `<code>${esc(s.id)}</code>`,
    esc(s.what),
    esc(s.kind),
    esc(s.surface),
    esc(s.requests),
    `<code>${esc(s.operation)}</code>`,
    esc(s.source),
  ]);
  return tableHtml(['step', 'what', 'kind', 'surface', 'requests', 'operation', 'source'], rows, new Set([4]));
}

function batchesHtml(plan: CapacityPlan): string {
  if (plan.batches.length === 0) return '<p>The profile names no batch operation.</p>';
  const rows = plan.batches.map((b) => [
    `<code>${esc(b.step)}</code>`,
    `<code>${esc(b.operation)}</code>`,
    `<code>${esc(b.batchOperation)}</code>${b.note ? `<br><small>${esc(b.note)}</small>` : ''}`,
    esc(b.batchSurface === b.surface ? b.surface : `${b.surface} -> ${b.batchSurface}`),
    esc(b.itemsPerRequest === 'all' ? 'whole campaign' : b.itemsPerRequest),
    esc(b.source),
    esc(b.requestsBefore),
    esc(b.requestsAfter),
    esc(b.savedRequests),
    esc(formatDuration(b.timeSavedMs)),
  ]);
  const all = `<p>Every batch at once: core ${esc(plan.asProfiled.requests.core)} -> ${esc(plan.withBatches.requests.core)}, Dialer ${esc(plan.asProfiled.requests.dialer)} -> ${esc(plan.withBatches.requests.dialer)} requests; minimum wall time ${esc(formatDuration(plan.asProfiled.minimumWallMs))} -> <strong>${esc(formatDuration(plan.withBatches.minimumWallMs))}</strong>, saving ${esc(formatDuration(plan.batchTimeSavedMs))}. Time saved per batch is what that batch saves alone; together they may save less than the sum, as the bottleneck moves.</p>`;
  return `${tableHtml(['step', 'as profiled', 'batch operation', 'surface', 'items per request', 'source', 'requests before', 'after', 'saved', 'time saved alone'], rows, new Set([6, 7, 8]))}\n${all}`;
}

function findingsHtml(findings: ProbeFindings): string {
  const lat = (p: { p50: number; p99: number } | null) => (p ? `${esc(p.p50.toFixed(1))} / ${esc(p.p99.toFixed(1))}` : '-');
  const rows = findings.surfaces.map((f) => [
    esc(f.surface),
    esc(f.offeredPerWindow),
    esc(f.planned),
    esc(f.served),
    esc(f.limited),
    esc(f.errors),
    f.shareServed ? '<span class="pass">yes</span>' : '<span class="fail">no</span>',
    lat(f.corrected),
    lat(f.uncorrected),
  ]);
  return `<p>A paced load at the plan's shares for ${esc(findings.windows)} windows of ${esc(findings.windowMs)} ms${findings.bundledMock ? ' against the bundled mock' : ''}. Latency in ms, p50 / p99; corrected counts from when a request was due, uncorrected from when it went out.</p>
${tableHtml(['surface', 'per window', 'planned', 'served', '429', 'errors', 'share served', 'corrected p50 / p99', 'uncorrected p50 / p99'], rows, new Set([1, 2, 3, 4, 5]))}
<ul>${findings.statements.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>`;
}

/** What the load report's verdict says of the probe's own run (see load/report/build.ts). */
const PROBE_VERDICT_MEANS: Readonly<Record<LoadVerdict, string>> = {
  pass: 'every request the probe sent was answered, 2xx or 429',
  fail: "an expectation of the probe's scenario failed",
  incomplete: 'the probe was interrupted, missed sends, or got errors or no answer, so its figures are partial',
};

/** The probe's load report, labelled as the probe's measurement: its verdict is about the probe's run, not the campaign. */
function probeRunHtml(report: LoadReport): string {
  const all = report.totals.all;
  const target = report.target.bundledMock
    ? 'bundled mock'
    : Object.entries(report.target.urls)
        .map(([name, url]) => `${name}: ${url}`)
        .join(', ');
  const interrupted = report.interrupted
    ? `<span class="incomplete">yes</span>${report.interruptedAtMs === null ? '' : ` at ${esc((report.interruptedAtMs / 1000).toFixed(1))} s`}${report.notSent === null ? '' : `; ${esc(report.notSent)} scheduled sends not yet due were not sent`}`
    : 'no';
  const rows: [string, string][] = [
    [
      "the probe's load verdict",
      `<span class="${esc(report.verdict)}">${esc(report.verdict)}</span>: ${esc(PROBE_VERDICT_MEANS[report.verdict])}. It judges the probe's own run, not the campaign: the capacity verdict is the page's headline, and a 429 counts there.`,
    ],
    ['run', `${esc(report.engine)} engine, started ${esc(report.startedAt)}, ${esc((report.durationMs / 1000).toFixed(1))} s, target ${esc(target)}`],
    [
      'requests',
      `sent ${esc(all.sent)} · served (2xx) ${esc(all.served)} · limited (429) ${esc(all.limited)} · errors ${esc(all.errors)} · missed sends ${esc(report.missed)}`,
    ],
    ['interrupted', interrupted],
    ['notes', report.notes.length === 0 ? 'none' : `<ul>${report.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`],
  ];
  return `${keyValueTable(rows)}
<p><small>The whole load report of the probe (every stream, budget and latency percentile) is <code>probe.report</code> in capacity.json.</small></p>`;
}

function chartBlocks(specs: readonly ChartSpec[], group: ChartSpec['group'], none: string): string {
  const blocks = specs.filter((s) => s.group === group).map((s) => `<h3>${esc(s.title)}</h3><div class="chart" id="${esc(s.id)}"></div>`);
  return blocks.length > 0 ? blocks.join('\n') : `<p>${esc(none)}</p>`;
}

function probeChartSections(report: LoadReport, specs: readonly ChartSpec[]): PageSection[] {
  const budget = report.windows.budget;
  return [
    { title: 'Probe: served, 429 and errors over time', html: chartBlocks(specs, 'outcomes', 'No request was recorded.') },
    { title: 'Probe: latency over time', html: chartBlocks(specs, 'latency', 'No answer came, so there is no latency to draw.') },
    {
      title: 'Probe: served per window, per budget',
      html: `<p>Served requests in the trailing window (${esc(report.windows.windowMs)} ms) against the budget, ${esc(budget)} per window, and twice the budget, ${esc(report.windowCeiling)}: a trailing window straddling two of the server's windows may hold up to twice the budget.</p>
${chartBlocks(specs, 'windows', 'No request went to a metered surface (core or Dialer).')}`,
    },
  ];
}

function baselineHtml(doc: CapacityDocument): string {
  const b = doc.baseline;
  if (!b) return '';
  const rows = doc.plan.asProfiled.metered.map((m) => {
    const use = b[m.surface];
    const left = m.baseline?.left ?? 0;
    return [
      esc(m.surface),
      esc(left + use.p95),
      esc(use.median),
      esc(use.p95),
      esc(use.peak),
      esc(use.refused),
      esc(use.requests),
      left > 0 ? esc(left) : '<span class="fail">none</span>',
    ];
  });
  return `<p>What the company's other integrations already send per window: ${esc(b.kind === 'har' ? 'HAR capture' : 'observe report')} <code>${esc(b.file)}</code>, ${esc(b.from)} to ${esc(b.to)}, ${esc(b.core.windows)} windows of ${esc(formatDuration(b.windowMs))}. Company <code>${esc(b.company)}</code> (${esc(b.chosen)}${b.companies.length > 1 ? `, of ${esc(b.companies.length)}` : ''}).</p>
${tableHtml(['budget', 'share allows', 'median', 'p95', 'peak', 'refused (429)', 'requests', 'left for the campaign'], rows, new Set([1, 2, 3, 4, 5, 6, 7]))}
<p>The plan takes the p95 off each share: the campaign gets what is left in 19 windows of 20.</p>`;
}

function boundsHtml(load: StaffedLoad): string {
  const rows = load.bounds.map((b) => [
    esc(BOUND_LABEL[b.bound]),
    esc(b.contactsPerHour === null ? 'no limit' : grouped(Math.floor(b.contactsPerHour))),
    esc(b.reaches === null ? '-' : grouped(b.reaches)),
    esc(b.text),
    load.binding.includes(b.bound) ? '<strong>binds</strong>' : '',
  ]);
  return tableHtml(['bound', 'contacts an hour', 'reaches', 'how', ''], rows, new Set([1, 2]));
}

function staffingHtml(doc: CapacityDocument): string {
  const st = doc.staffing;
  if (!st) return '';
  const hours =
    st.hoursMs === null ? 'no hours or deadline given' : `${formatDuration(st.hoursMs)} (${st.hoursFrom === 'hours' ? '--hours' : 'until the deadline'})`;
  return `<p>${esc(grouped(st.staffing.agents))} agents, ${esc(grouped(st.staffing.callsPerAgentHour))} answered calls an agent-hour, answer share ${esc(st.staffing.answerShare)}; working time ${esc(hours)}. The slowest bound binds.</p>
<h3>As profiled</h3>
${boundsHtml(st.asProfiled)}
${doc.plan.batches.length > 0 ? `<h3>With every batch</h3>\n${boundsHtml(st.withBatches)}` : ''}`;
}

/** The verdict and the plan, in reading order; then, after a probe, what it measured and its own run, just above its charts. */
function planSections(doc: CapacityDocument): PageSection[] {
  const sections: PageSection[] = [
    { title: 'Capacity verdict', html: verdictHtml(doc) },
    ...(doc.staffing ? [{ title: 'Staffing and budgets: the bound that binds', html: staffingHtml(doc) }] : []),
    ...(doc.baseline ? [{ title: 'Baseline: what the company already sends', html: baselineHtml(doc) }] : []),
    { title: 'Capacity plan: requests and minimum wall time, as profiled', html: loadHtml(doc.plan.asProfiled, doc.plan.windowMs) },
    { title: 'Capacity plan: requests per step', html: stepsHtml(doc.plan) },
    { title: 'Capacity plan: batch operations', html: batchesHtml(doc.plan) },
  ];
  if (doc.probe) {
    sections.push({ title: 'Measured by the probe', html: findingsHtml(doc.probe.findings) });
    sections.push({ title: "The probe's load report: its own measurement, not the capacity verdict", html: probeRunHtml(doc.probe.report) });
  }
  return sections;
}

// `code` breaks anywhere: operations and query strings have no spaces, and unbroken they set a column's
// minimum width, which pushed the batch table past a 1280 px window.
const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2327}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}code{overflow-wrap:anywhere}.scroll{overflow-x:auto}
.pass{color:${VERDICT_COLORS.pass};font-weight:600}.fail{color:${VERDICT_COLORS.fail};font-weight:600}.incomplete{color:${VERDICT_COLORS.incomplete};font-weight:600}small{color:#57606a}
.chart{margin:.25rem 0 1.5rem;max-width:1100px}td ul{margin:0;padding-left:1.2rem}`;

/**
 * The whole page. Without a probe it holds no script and fetches nothing; with one, uPlot and the
 * chart data are inlined, so it still needs no network.
 */
export function renderCapacityPage(doc: CapacityDocument): string {
  const { outcome, after } = headlineParts(doc);
  const specs = doc.probe ? chartSpecs(doc.probe.report) : [];
  const sections = [...planSections(doc), ...(doc.probe ? probeChartSections(doc.probe.report, specs) : [])];
  const assets = doc.probe ? chartAssets() : undefined;
  const scripts = assets
    ? `<script type="application/json" id="cc-chart-data">${jsonForScript(specs)}</script>
<script>${scriptText(assets.script)}</script>
<script>${DRAW_SCRIPT}</script>
`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(`cc-capacity: ${outcome.headline}${after}`)}</title>
${assets ? `<style>${assets.style}</style>\n` : ''}<style>${STYLE}</style></head>
<body>
<h1>cc-capacity: <span class="${OUTCOME_CLASS[outcome.state]}">${esc(outcome.headline)}</span>${esc(after)}</h1>
${sections.map((s) => `<section><h2>${esc(s.title)}</h2>\n${s.html}\n</section>`).join('\n')}
${scripts}</body></html>
`;
}
