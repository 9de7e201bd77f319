import type { RuleResult, RunReport } from '../lib/results/report.js';

/**
 * JUnit XML for CI dashboards: one testsuite per surface, one testcase per rule that took part in the
 * run. Failures, errors and skips map to JUnit's own elements. JUnit knows no "disabled" test: a rule
 * left out of the run (not selected, or of another Dialer release) is no testcase, so no dashboard counts
 * it as skipped or passed; each testsuite counts such rules in its `disabled` attribute (the attribute
 * the Ant/Jenkins JUnit schema has for it). Gaps are not testcases; they are listed in the JSON report.
 */
function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

/** `Endpoints > Core API > Delete a tag` as `endpoints.core-api.delete-a-tag`: no spaces or `>`, which tools split or choke on. */
function slug(section: string): string {
  return section
    .split('>')
    .map((part) => part.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter((part) => part !== '')
    .join('.');
}

/** The dotted class name of a rule: `cc.<surface>.<section>`, which dashboards group as packages. */
export function classNameOf(rule: Pick<RuleResult, 'surface' | 'section'>): string {
  return ['cc', rule.surface, slug(rule.section)].filter((part) => part !== '').join('.');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function detail(rule: RuleResult): string {
  const parts = [rule.detail ?? '', `spec: ${rule.section}`];
  if (rule.evidence) {
    const { request, response } = rule.evidence;
    parts.push(`request: ${request.method} ${request.url} (${request.credentials})`, `response: ${response.status} ${response.body}`);
  }
  return parts.join('\n');
}

function testcase(rule: RuleResult, durationOf: (checks: readonly string[]) => number): string {
  const time = seconds(durationOf(rule.checks.map((c) => c.check)));
  const open = `    <testcase classname="${xml(classNameOf(rule))}" name="${xml(`${rule.id}: ${rule.statement}`)}" time="${time}">`;
  switch (rule.status) {
    case 'pass':
      return `${open}</testcase>`;
    case 'fail':
      return `${open}\n      <failure message="${xml(rule.detail ?? 'failed')}">${xml(detail(rule))}</failure>\n    </testcase>`;
    case 'error':
      return `${open}\n      <error message="${xml(rule.detail ?? 'error')}">${xml(detail(rule))}</error>\n    </testcase>`;
    default:
      return `${open}\n      <skipped message="${xml(rule.detail ?? rule.status)}"/>\n    </testcase>`;
  }
}

export function renderJunit(report: RunReport): string {
  const checkMs = new Map(report.checks.map((c) => [c.check, c.durationMs]));
  // A check that judged several rules took its time for each of them, as its requests count for each.
  const durationOf = (checks: readonly string[]) => [...new Set(checks)].reduce((ms, check) => ms + (checkMs.get(check) ?? 0), 0);
  const count = (rules: readonly RuleResult[], status: RuleResult['status']) => rules.filter((r) => r.status === status).length;
  const ran = report.rules.filter((r) => r.status !== 'disabled');
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  const suites = surfaces.map((surface) => {
    const all = report.rules.filter((r) => r.surface === surface);
    const rules = all.filter((r) => r.status !== 'disabled');
    const time = seconds(durationOf(rules.flatMap((r) => r.checks.map((c) => c.check))));
    return [
      `  <testsuite name="${xml(surface)}" tests="${rules.length}" failures="${count(rules, 'fail')}" errors="${count(rules, 'error')}" skipped="${count(rules, 'skipped')}" disabled="${count(all, 'disabled')}" time="${time}" timestamp="${report.startedAt}">`,
      ...rules.map((r) => testcase(r, durationOf)),
      '  </testsuite>',
    ].join('\n');
  });
  const { fail, error, skipped, disabled } = report.summary.byStatus;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cc-conformance" tests="${ran.length}" failures="${fail}" errors="${error}" skipped="${skipped}" disabled="${disabled}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
