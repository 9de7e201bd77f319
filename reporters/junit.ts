import type { RuleResult, RunReport } from '../lib/results/report.js';

/**
 * JUnit XML for CI dashboards: one testsuite per surface, one testcase per rule. Failures, errors and
 * skips map to JUnit's own elements; gaps are not testcases, they are listed in the JSON report.
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

function detail(rule: RuleResult): string {
  const parts = [rule.detail ?? '', `spec: ${rule.section}`];
  if (rule.evidence) {
    const { request, response } = rule.evidence;
    parts.push(`request: ${request.method} ${request.url} (${request.credentials})`, `response: ${response.status} ${response.body}`);
  }
  return parts.join('\n');
}

function testcase(rule: RuleResult): string {
  const open = `    <testcase classname="${xml(`${rule.surface}.${rule.section}`)}" name="${xml(`${rule.id}: ${rule.statement}`)}">`;
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
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  const suites = surfaces.map((surface) => {
    const rules = report.rules.filter((r) => r.surface === surface);
    const count = (status: RuleResult['status']) => rules.filter((r) => r.status === status).length;
    const skipped = count('skipped') + count('disabled');
    return [
      `  <testsuite name="${xml(surface)}" tests="${rules.length}" failures="${count('fail')}" errors="${count('error')}" skipped="${skipped}" timestamp="${report.startedAt}">`,
      ...rules.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  const total = report.rules.length;
  const { fail, error } = report.summary.byStatus;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cc-conformance" tests="${total}" failures="${fail}" errors="${error}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
