import { escapeHtml as esc } from '../lib/render/escape-html.ts';
import { CHANGE_KINDS, type ComparedReport, type Comparison, type RuleChange, type RuleSide } from '../lib/results/comparison.ts';
import { CHANGE_TITLE, comparisonHeadline, evidenceLine } from './comparison-headline.ts';

/**
 * `compare.html`, one self-contained page for people: the headline, the two reports, the counts, then a
 * table per kind of change with each side's status, detail and expectation and the request that showed
 * it, with the curl line that replays it. No script and no request leaves it: everything is on the page.
 * Renders the document, computes nothing.
 */
const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2327}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.pass,.no-regression{color:#1a7f37}.fail,.regression{color:#cf222e;font-weight:600}.error{color:#8250df;font-weight:600}.skipped{color:#9a6700}.disabled,.absent{color:#6e7781}
pre{background:#f6f8fa;padding:.5rem;white-space:pre-wrap;word-break:break-all;margin:.25rem 0}small{color:#57606a}td code{overflow-wrap:anywhere}
.changes{table-layout:fixed}.changes th:nth-child(1){width:18%}.changes th:nth-child(2),.changes th:nth-child(3){width:22%}.changes th:nth-child(4){width:26%}`;

function reportRow(label: string, r: ComparedReport): string {
  const target = r.bundledMock ? `bundled mock at ${r.baseUrl}` : r.baseUrl;
  return `<tr data-side="${label}"><th>${label}</th><td><code>${esc(r.path)}</code></td><td>${esc(r.runId)}</td><td>${esc(r.startedAt)}</td><td>${esc(target)}</td><td>${esc(r.dialerRelease)}</td><td>${r.seed}</td><td class="${esc(r.verdict)}">${esc(r.verdict)}${r.interrupted ? ' (interrupted)' : ''}</td></tr>`;
}

function sideCell(side: RuleSide | undefined): string {
  if (!side) return '<td class="absent">not in this report</td>';
  const parts = [`<span class="${side.status}">${side.status}</span>`];
  if (side.detail) parts.push(esc(side.detail));
  if (side.expectation)
    parts.push(`<small>expected: ${esc(side.expectation.expect)}${side.expectation.reason ? ` — ${esc(side.expectation.reason)}` : ''}</small>`);
  return `<td>${parts.join('<br>')}</td>`;
}

function evidenceOf(label: string, side: RuleSide | undefined): string {
  const request = evidenceLine(side);
  if (!request) return '';
  const curl = side?.evidence?.curl ? `<pre class="curl">${esc(side.evidence.curl)}</pre>` : '';
  return `<p><small>${label}:</small> <code>${esc(request)}</code></p>${curl}`;
}

function changeRow(c: RuleChange): string {
  const checks = c.checks.map((k) => `<code>${esc(k.check)}</code> ${k.before ?? '—'} → ${k.after ?? '—'}`).join('<br>');
  return `<tr data-rule="${esc(c.id)}" data-change="${c.change}"><td><code>${esc(c.id)}</code> <small>${esc(c.surface)}</small><br>${esc(c.statement)}<br><small>${esc(c.section)}</small></td>${sideCell(c.before)}${sideCell(c.after)}<td>${evidenceOf('before', c.before)}${evidenceOf('after', c.after)}</td><td>${checks}</td></tr>`;
}

export function renderComparisonHtml(doc: Comparison): string {
  const headline = comparisonHeadline(doc);
  const counts = CHANGE_KINDS.map((k) => `<li data-change="${k}">${esc(CHANGE_TITLE[k])}: <span class="count">${doc.summary.byChange[k]}</span></li>`);
  const sections = CHANGE_KINDS.flatMap((kind) => {
    const changes = doc.changes.filter((c) => c.change === kind);
    if (changes.length === 0) return [];
    return [
      `<section id="${kind}" data-change="${kind}"><h2>${esc(CHANGE_TITLE[kind])} (${changes.length})</h2>
<table class="changes"><thead><tr><th>rule</th><th>before</th><th>after</th><th>evidence</th><th>checks</th></tr></thead><tbody>
${changes.map(changeRow).join('\n')}
</tbody></table></section>`,
    ];
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cc-conformance comparison: ${esc(headline)}</title><style>${STYLE}</style></head>
<body>
<h1 id="headline" class="${doc.verdict}" data-verdict="${doc.verdict}">${esc(headline)}</h1>
<table id="reports"><tr><th></th><th>report</th><th>run</th><th>started</th><th>target</th><th>Dialer release</th><th>seed</th><th>verdict</th></tr>
${reportRow('before', doc.before)}
${reportRow('after', doc.after)}
</table>
<ul id="counts">${counts.join('')}<li data-change="unchanged">Unchanged: <span class="count">${doc.summary.unchanged}</span></li></ul>
${sections.length > 0 ? sections.join('\n') : '<p id="nothing-changed">No rule changed status.</p>'}
</body></html>
`;
}
