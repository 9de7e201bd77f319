import { trafficHeadline } from './traffic-headline.ts';
import { type ApiPart, PART_NAME } from '../lib/contract/vocabulary.ts';
import { toolCommand } from '../lib/invocation.ts';
import { escapeHtml } from '../lib/render/escape-html.ts';
import { readingText } from '../lib/rules/types.ts';
import { groupSkipped, type SkipGroup } from '../lib/results/enablers.ts';
import type { RuleStatus } from '../lib/results/outcome.ts';
import type { RuleStanding } from '../lib/results/gate.ts';
import { type LeftoverRecord, notJudgedPhrase, outcomeOf, type RuleResult, type RunReport } from '../lib/results/report.ts';

/**
 * A single self-contained HTML page of the run report for people who open it after a CI run: the
 * verdict and totals, filters by status and surface and a search box, the failures with their request,
 * response and the curl line that replays it, the skipped rules by what would enable them, the records
 * left on the target, one table per surface with every rule, and the gaps. A view like the others: it
 * renders the report (the skip groups come from a pure helper) and computes nothing; its one script only
 * shows and hides what is already on the page, and nothing reaches the network.
 */

const STATUSES: readonly RuleStatus[] = ['fail', 'error', 'blocked', 'skipped', 'pass', 'disabled'];

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2327}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.pass{color:#1a7f37}.fail{color:#cf222e;font-weight:600}.error{color:#8250df;font-weight:600}.skipped,.blocked{color:#9a6700}.disabled{color:#6e7781}
pre{background:#f6f8fa;padding:.5rem;white-space:pre-wrap;word-break:break-all;margin:.25rem 0}small{color:#57606a}
#filters{position:sticky;top:0;background:#fff;padding:.5rem 0;border-bottom:1px solid #ddd;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:center}
#filters fieldset{border:0;margin:0;padding:0}#filters legend{float:left;margin-right:.4rem;font-weight:600}#search{min-width:18rem}
[hidden]{display:none!important}`;

/**
 * Shows a rule (a table row or a failure) when its status and surface are ticked and the search words
 * occur in its ID, statement or detail; a surface whose rules are all hidden hides its heading too.
 */
const SCRIPT = `(() => {
  const ticked = (name) => new Set([...document.querySelectorAll('#filters input[name="' + name + '"]:checked')].map((i) => i.value));
  const apply = () => {
    const statuses = ticked('status');
    const surfaces = ticked('surface');
    const words = document.getElementById('search').value.toLowerCase().split(/\\s+/).filter(Boolean);
    let shown = 0;
    for (const el of document.querySelectorAll('[data-rule]')) {
      const text = (el.dataset.rule + ' ' + el.dataset.statement + ' ' + el.dataset.detail).toLowerCase();
      const visible = statuses.has(el.dataset.status) && surfaces.has(el.dataset.surface) && words.every((w) => text.includes(w));
      el.hidden = !visible;
      if (visible && el.tagName === 'TR') shown += 1;
    }
    for (const section of document.querySelectorAll('[data-section]')) section.hidden = section.querySelector('[data-rule]:not([hidden])') === null;
    document.getElementById('shown').textContent = String(shown);
  };
  document.getElementById('filters').addEventListener('input', apply);
  apply();
})();`;

/** The attributes the filters and the search read. */
function ruleData(r: RuleResult): string {
  return `data-rule="${escapeHtml(r.id)}" data-status="${r.status}" data-surface="${escapeHtml(r.surface)}" data-statement="${escapeHtml(r.statement)}" data-detail="${escapeHtml(r.detail ?? '')}"`;
}

function ruleRow(r: RuleResult): string {
  const why = r.status === 'pass' ? r.notes.join('; ') : (r.detail ?? '');
  const level = r.level === 'observed' ? ' <small>(observed)</small>' : '';
  return `<tr id="${escapeHtml(r.id)}" ${ruleData(r)}><td class="${r.status}">${r.status}</td><td><code>${escapeHtml(r.id)}</code>${level}</td><td>${escapeHtml(r.statement)}<br><small>${escapeHtml(r.section)}${r.source === 'spec' ? '' : ` · ${r.source}`}${r.since ? ` · since ${escapeHtml(r.since)}` : ''}${r.until ? ` · until ${escapeHtml(r.until)}` : ''}</small></td><td>${escapeHtml(why)}</td><td>${r.requests}</td></tr>`;
}

function failure(r: RuleResult): string {
  const parts = [`<h3 class="${r.status}">${escapeHtml(r.id)}</h3>`, `<p>${escapeHtml(r.statement)}<br><small>spec: ${escapeHtml(r.section)}</small></p>`];
  if (r.reading) parts.push(`<p><small>reading: ${escapeHtml(readingText(r.reading))}</small></p>`);
  parts.push(`<p>${r.status === 'fail' ? 'violation' : 'harness error'}: ${escapeHtml(r.detail ?? '')}</p>`);
  if (r.evidence) {
    const { request, response } = r.evidence;
    parts.push(`<pre>${escapeHtml(`${request.method} ${request.url} (${request.credentials})${request.body ? `\n\n${request.body}` : ''}`)}</pre>`);
    const headers = Object.entries(response.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    parts.push(`<pre>${escapeHtml(`${response.status}\n${headers}${response.body ? `\n\n${response.body}` : ''}`)}</pre>`);
    if (r.evidence.curl) parts.push(`<p><small>replay the request:</small></p><pre class="curl">${escapeHtml(r.evidence.curl)}</pre>`);
    const sequence = r.evidence.sequence;
    if (sequence)
      parts.push(
        `<p><small>the shortest failing sequence found:</small></p><ol class="sequence">${sequence.steps.map((step) => `<li>${escapeHtml(step.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>`,
        `<p><small>as a script:</small></p><pre class="curl">${escapeHtml(sequence.script)}</pre>`,
      );
  }
  if (r.reproduce) parts.push(`<p><small>judge the rule again with the run's seed:</small></p><pre class="rerun">${escapeHtml(r.reproduce.rerun)}</pre>`);
  return `<section class="failure" ${ruleData(r)}>\n${parts.join('\n')}\n</section>`;
}

function skipGroup(g: SkipGroup): string {
  const items = g.rules
    .map((r) => `<li><code>${escapeHtml(r.id)}</code> <small>${escapeHtml(PART_NAME[r.surface] ?? r.surface)} · ${escapeHtml(r.detail ?? '')}</small></li>`)
    .join('');
  return `<h3>${escapeHtml(g.enable)} <small>(${g.rules.length})</small></h3><ul data-enabler="${escapeHtml(g.key)}">${items}</ul>`;
}

function leftoverRow(l: LeftoverRecord): string {
  return `<tr><td>${escapeHtml(l.kind)}</td><td>${escapeHtml(PART_NAME[l.surface as ApiPart] ?? l.surface)}</td><td>${escapeHtml(l.id ?? '')}</td><td>${escapeHtml(l.name ?? '')}</td><td><code>${escapeHtml(l.check)}</code></td><td>${l.deletable ? 'yes' : '<span class="fail">no</span>'}</td><td>${escapeHtml(l.how)}</td></tr>`;
}

function leftovers(report: RunReport): string {
  if (report.leftovers.length === 0) return '<h2>Left on the target</h2>\n<p id="leftovers">nothing: every record the run created was deleted</p>';
  // The bundled mock stopped with the run: what it held is left nowhere.
  if (report.target.bundledMock)
    return `<h2>Left on the target</h2>\n<p id="leftovers">nothing: the bundled mock held ${report.leftovers.length} record(s) at the end, and it has stopped</p>`;
  return `<h2>Left on the target</h2>
<p id="leftovers">${report.leftovers.length} record(s) the run created and had not deleted by its end. <code>${escapeHtml(toolCommand('cleanup', `--prefix ${report.prefix}`))}</code> deletes the deletable ones; the others stay on the account.</p>
<table><tr><th>kind</th><th>surface</th><th>id</th><th>name</th><th>check</th><th>deletable</th><th>how</th></tr>
${report.leftovers.map(leftoverRow).join('\n')}
</table>`;
}

function filters(report: RunReport, surfaces: readonly string[]): string {
  const box = (name: string, value: string, label: string) =>
    `<label><input type="checkbox" name="${name}" value="${escapeHtml(value)}" checked> ${label}</label>`;
  return `<form id="filters" onsubmit="return false">
<fieldset><legend>status</legend>${STATUSES.map((s) => box('status', s, `<span class="${s}">${s}</span> (${report.summary.byStatus[s]})`)).join(' ')}</fieldset>
<fieldset><legend>surface</legend>${surfaces.map((s) => box('surface', s, escapeHtml(PART_NAME[s as ApiPart] ?? s))).join(' ')}</fieldset>
<label><input type="search" id="search" placeholder="search rule ID, statement, detail"></label>
<span><span id="shown">${report.rules.length}</span> of ${report.rules.length} rules shown</span>
</form>`;
}

const STANDING_TITLE: Readonly<Record<RuleStanding, string>> = {
  'new-failure': 'New failures: no entry expects them',
  fixed: 'Fixed: expected to fail, passed; remove the entry',
  unconfirmed: 'Expected to fail, but not judged',
  'expected-failure': 'Expected failures',
  'out-of-scope': 'Out of scope',
};

/** The rules by where they stand against the expectations, and why the gate is not green. */
function gateSection(report: RunReport): string {
  const gate = report.gate;
  if (!gate) return '';
  const c = gate.counts;
  const groups = (Object.keys(STANDING_TITLE) as RuleStanding[]).flatMap((standing) => {
    const rules = report.rules.filter((r) => r.standing === standing);
    if (rules.length === 0) return [];
    const item = (r: RuleResult) => {
      const e = r.expectation;
      const why = e ? `${e.entry}: ${e.reason}${e.expires ? ` (until ${e.expires})` : ''}` : (r.detail ?? '');
      return `<li><a href="#${escapeHtml(r.id)}"><code>${escapeHtml(r.id)}</code></a> <small>${escapeHtml(why)}</small>${e?.link ? ` <a href="${escapeHtml(e.link)}">${escapeHtml(e.link)}</a>` : ''}</li>`;
    };
    return [
      `<h3 data-standing="${standing}">${escapeHtml(STANDING_TITLE[standing])} <small>(${rules.length})</small></h3><ul>${rules.map(item).join('')}</ul>`,
    ];
  });
  const reasons =
    gate.reasons.length > 0
      ? `<h3>The gate is not green because</h3><ul id="gate-reasons">${gate.reasons.map((r) => `<li class="fail">${escapeHtml(r)}</li>`).join('')}</ul>`
      : '';
  const warnings = gate.warnings.length > 0 ? `<h3>Warnings</h3><ul>${gate.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>` : '';
  return `<div id="gate"><h2>Against the expectations</h2>
<p><code>${escapeHtml(gate.file)}</code>: ${c.entries} entries (${c.otherReleases} for other Dialer releases, not applied) · ${c.outOfScope} rules out of scope, ${c.checksNotRun} checks not run</p>
${reasons}${warnings}${groups.join('\n')}</div>`;
}

export function renderHtml(report: RunReport): string {
  const s = report.summary;
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  const broken = report.rules.filter((r) => r.status === 'fail' || r.status === 'error');
  const skipped = groupSkipped(report.rules);
  const counts = Object.entries(s.byStatus)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  const outcome = outcomeOf(report);
  const notJudged = notJudgedPhrase(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cc-conformance: ${escapeHtml(outcome.headline)}</title><style>${STYLE}</style></head>
<body>
<h1>cc-conformance: <span id="verdict" class="${outcome.ok ? 'pass' : 'fail'}">${escapeHtml(outcome.headline)}</span> <small>exit ${outcome.exitCode}</small></h1>
${notJudged ? `<p id="not-judged" class="blocked">${escapeHtml(notJudged.replace(/^; /, ''))}</p>` : ''}
${
  report.traffic
    ? `<div id="traffic">${trafficHeadline(report)
        .split('\n')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')}</div>`
    : ''
}
<p>${escapeHtml(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · seed ${report.seed} · ${report.target.bundledMock ? 'bundled mock' : escapeHtml(Object.values(report.target.urls).join(', '))} · Dialer release ${escapeHtml(report.target.dialerRelease)}</p>
<p>rules: ${escapeHtml(counts)} · requests ${s.requests} · unplanned 429s ${s.unplanned429} · 503s retried ${s.retried503} · leftovers ${s.leftovers} · gaps ${s.gaps}</p>
${filters(report, surfaces)}
${broken.length > 0 ? `<div data-section="failures"><h2>Failures and errors</h2>\n${broken.map(failure).join('\n')}</div>` : ''}
${gateSection(report)}
${report.problems.length > 0 ? `<h2>Harness problems</h2><ul>${report.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` : ''}
${skipped.length > 0 ? `<h2>Skipped: what would enable them</h2>\n<div id="skipped">${skipped.map(skipGroup).join('\n')}</div>` : ''}
${surfaces
  .map(
    (surface) =>
      `<div data-section="${escapeHtml(surface)}"><h2>${escapeHtml(PART_NAME[surface] ?? surface)}</h2>\n<table><tr><th>status</th><th>rule</th><th>statement</th><th>detail</th><th>requests</th></tr>\n${report.rules
        .filter((r) => r.surface === surface)
        .map(ruleRow)
        .join('\n')}\n</table></div>`,
  )
  .join('\n')}
${leftovers(report)}
<h2>Gaps: what the spec does not show</h2>
<table><tr><th>gap</th><th>section</th><th>statement</th><th>reason</th></tr>
${report.gaps.map((g) => `<tr><td><code>${escapeHtml(g.id)}</code></td><td>${escapeHtml(g.section)}</td><td>${escapeHtml(g.statement)}</td><td>${escapeHtml(g.reason)}</td></tr>`).join('\n')}
</table>
<script>${SCRIPT}</script>
</body></html>
`;
}
