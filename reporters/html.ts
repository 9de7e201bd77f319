import type { RuleResult, RunReport } from '../lib/results/report.js';

/**
 * A single self-contained HTML page of the run report for people who open it after a CI run: the
 * verdict and totals, one table per surface with every rule, and the failures with their request and
 * response. A view like the others: it renders the report and computes nothing.
 */
function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2327}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.pass{color:#1a7f37}.fail{color:#cf222e;font-weight:600}.error{color:#8250df;font-weight:600}.skipped{color:#9a6700}.disabled{color:#6e7781}
pre{background:#f6f8fa;padding:.5rem;white-space:pre-wrap;word-break:break-all;margin:.25rem 0}small{color:#57606a}`;

function ruleRow(r: RuleResult): string {
  const why = r.status === 'pass' ? r.notes.join('; ') : (r.detail ?? '');
  const level = r.level === 'observed' ? ' <small>(observed)</small>' : '';
  return `<tr id="${esc(r.id)}"><td class="${r.status}">${r.status}</td><td><code>${esc(r.id)}</code>${level}</td><td>${esc(r.statement)}<br><small>${esc(r.section)}${r.source === 'spec' ? '' : ` · ${r.source}`}${r.since ? ` · since ${esc(r.since)}` : ''}${r.until ? ` · until ${esc(r.until)}` : ''}</small></td><td>${esc(why)}</td><td>${r.requests}</td></tr>`;
}

function failure(r: RuleResult): string {
  const parts = [`<h3 class="${r.status}">${esc(r.id)}</h3>`, `<p>${esc(r.statement)}<br><small>spec: ${esc(r.section)}</small></p>`];
  if (r.reading) parts.push(`<p><small>reading: ${esc(r.reading)}</small></p>`);
  parts.push(`<p>${r.status === 'fail' ? 'violation' : 'harness error'}: ${esc(r.detail ?? '')}</p>`);
  if (r.evidence) {
    const { request, response } = r.evidence;
    parts.push(`<pre>${esc(`${request.method} ${request.url} (${request.credentials})${request.body ? `\n\n${request.body}` : ''}`)}</pre>`);
    const headers = Object.entries(response.headers).map(([k, v]) => `${k}: ${v}`).join('\n');
    parts.push(`<pre>${esc(`${response.status}\n${headers}${response.body ? `\n\n${response.body}` : ''}`)}</pre>`);
  }
  return parts.join('\n');
}

export function renderHtml(report: RunReport): string {
  const s = report.summary;
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  const broken = report.rules.filter((r) => r.status === 'fail' || r.status === 'error');
  const counts = Object.entries(s.byStatus).map(([k, v]) => `${v} ${k}`).join(', ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cc-conformance: ${esc(report.verdict)}</title><style>${STYLE}</style></head>
<body>
<h1>cc-conformance: <span class="${report.verdict === 'pass' ? 'pass' : 'fail'}">${esc(report.verdict.toUpperCase())}</span>${report.interrupted ? ' <span class="fail">INTERRUPTED</span>' : ''}</h1>
<p>${esc(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · seed ${report.seed} · ${report.target.bundledMock ? 'bundled mock' : esc(Object.values(report.target.urls).join(', '))} · Dialer release ${esc(report.target.dialerRelease)}</p>
<p>rules: ${esc(counts)} · requests ${s.requests} · unplanned 429s ${s.unplanned429} · 503s retried ${s.retried503} · leftovers ${s.leftovers} · gaps ${s.gaps}</p>
${broken.length > 0 ? `<h2>Failures and errors</h2>\n${broken.map(failure).join('\n')}` : ''}
${report.problems.length > 0 ? `<h2>Harness problems</h2><ul>${report.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : ''}
${surfaces
  .map((surface) => `<h2>${esc(surface)}</h2>\n<table><tr><th>status</th><th>rule</th><th>statement</th><th>detail</th><th>requests</th></tr>\n${report.rules.filter((r) => r.surface === surface).map(ruleRow).join('\n')}\n</table>`)
  .join('\n')}
<h2>Gaps: what the spec does not show</h2>
<table><tr><th>gap</th><th>section</th><th>statement</th><th>reason</th></tr>
${report.gaps.map((g) => `<tr><td><code>${esc(g.id)}</code></td><td>${esc(g.section)}</td><td>${esc(g.statement)}</td><td>${esc(g.reason)}</td></tr>`).join('\n')}
</table>
</body></html>
`;
}
