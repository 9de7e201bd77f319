/**
 * The capacity plan as HTML: sections placed above the probe's charts on the load report's page, or,
 * without a probe, one self-contained page of its own. Every value is escaped: profile texts are the
 * user's, not trusted markup.
 */
import { esc } from '../report/escape.ts';
import type { LoadHtmlSection } from '../report/html.ts';
import { BUDGET_PER_WINDOW } from '../shared/model.ts';
import type { CapacityDocument } from './document.ts';
import type { ProbeFindings } from './findings.ts';
import { bottleneckText, type CampaignLoad, type CapacityPlan, NO_BUDGET } from './plan.ts';
import { SURFACE_LABEL } from './render-text.ts';
import { formatDuration } from './time.ts';

const NUMERIC = ' class="n"';

function tableHtml(head: readonly string[], rows: readonly (readonly string[])[], numeric: ReadonlySet<number>): string {
  const th = head.map((h, i) => `<th${numeric.has(i) ? NUMERIC : ''}>${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td${numeric.has(i) ? NUMERIC : ''}>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table><tr>${th}</tr>\n${body}</table>`;
}

function verdictHtml(doc: CapacityDocument): string {
  const v = doc.verdict;
  const plan = doc.plan;
  const cls = v.go ? 'pass' : 'fail';
  const rows: [string, string][] = [
    ['verdict', `<span class="${cls}">${v.go ? 'GO' : 'NO-GO'}</span>: ${esc(v.reason)}`],
    ['resting on', esc(v.basis === 'plan' ? 'the plan alone (no probe ran)' : 'the plan and the probe measured below')],
    ['with every batch', `<span class="${doc.verdictWithBatches.go ? 'pass' : 'fail'}">${doc.verdictWithBatches.go ? 'GO' : 'NO-GO'}</span>: ${esc(doc.verdictWithBatches.reason)}`],
    ['campaign', `${esc(plan.contacts)} contacts, profile <code>${esc(plan.profile)}</code> (${esc(doc.profileFile)})`],
    ['window', `${esc(plan.windowMs)} ms (${esc(doc.windowFrom)}); core and Dialer each allow ${esc(plan.budgetPerWindow)} requests per window per company`],
    ['shares', `core ${esc(plan.shares.core)}, Dialer ${esc(plan.shares.dialer)}`],
    ['deadline', plan.deadline ? `${esc(plan.deadline.given)}: ${esc(plan.deadline.at)}` : 'none given'],
    ['planned at', esc(doc.plannedAt)],
  ];
  if (doc.interrupted) rows.push(['interrupted', '<span class="incomplete">yes: the probe was stopped before its schedule ended</span>']);
  return `<table>${rows.map(([k, val]) => `<tr><th>${esc(k)}</th><td>${val}</td></tr>`).join('')}</table>`;
}

function loadHtml(load: CampaignLoad, windowMs: number): string {
  const rows: string[][] = load.metered.map((m) => [
    esc(m.surface),
    `${esc(m.share)} (${esc(m.perWindow)} of ${esc(BUDGET_PER_WINDOW)} per window)`,
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
  const rows = plan.steps.map((s) => [`<code>${esc(s.id)}</code>`, esc(s.what), esc(s.kind), esc(s.surface), esc(s.requests), `<code>${esc(s.operation)}</code>`, esc(s.source)]);
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

/** The plan's sections, in reading order; the probe's findings last, just above its charts. */
export function planSections(doc: CapacityDocument): LoadHtmlSection[] {
  const sections: LoadHtmlSection[] = [
    { title: 'Capacity verdict', html: verdictHtml(doc) },
    { title: 'Capacity plan: requests and minimum wall time, as profiled', html: loadHtml(doc.plan.asProfiled, doc.plan.windowMs) },
    { title: 'Capacity plan: requests per step', html: stepsHtml(doc.plan) },
    { title: 'Capacity plan: batch operations', html: batchesHtml(doc.plan) },
  ];
  if (doc.probe) sections.push({ title: 'Measured by the probe', html: findingsHtml(doc.probe.findings) });
  return sections;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2327}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:#1a7f37;font-weight:600}.fail{color:#cf222e;font-weight:600}.incomplete{color:#9a6700;font-weight:600}small{color:#57606a}`;

/** The plan alone, when no probe ran: one page with no script and nothing fetched. */
export function renderPlanPage(doc: CapacityDocument): string {
  const title = `cc-capacity: ${doc.verdict.go ? 'GO' : 'NO-GO'} · ${doc.plan.contacts} contacts`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>${STYLE}</style></head>
<body>
<h1>cc-capacity: <span class="${doc.verdict.go ? 'pass' : 'fail'}">${doc.verdict.go ? 'GO' : 'NO-GO'}</span> · ${esc(doc.plan.contacts)} contacts</h1>
${planSections(doc)
  .map((s) => `<section><h2>${esc(s.title)}</h2>\n${s.html}\n</section>`)
  .join('\n')}
</body></html>
`;
}
