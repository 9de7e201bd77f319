import type { RuleResult, RunReport } from '../lib/results/report.ts';

/**
 * JUnit XML for CI dashboards: one testsuite per surface, one testcase per rule that took part in the
 * run. Failures, errors and skips map to JUnit's own elements. JUnit knows no "disabled" test: a rule
 * left out of the run (not selected, or of another Dialer release) is no testcase, so no dashboard counts
 * it as skipped or passed; each testsuite counts such rules in its `disabled` attribute (the attribute
 * the Ant/Jenkins JUnit schema has for it). Gaps are not testcases; they are listed in the JSON report.
 * With expectations, a rule out of scope is disabled like those, an expected failure is skipped with its
 * entry's reason (JUnit's nearest word, as for pytest's xfail), an expected failure that passed is a failure
 * (unless the gate only warns of it), and an entry out of date is a failure of a testsuite `expectations`.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Characters XML 1.0 cannot carry, even escaped.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  );
}

/** `Endpoints > Core API > Delete a tag` as `endpoints.core-api.delete-a-tag`: no spaces or `>`, which tools split or choke on. */
function slug(section: string): string {
  return section
    .split('>')
    .map((part) =>
      part
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
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

type CaseKind = 'pass' | 'failure' | 'error' | 'skipped';

interface Case {
  readonly kind: CaseKind;
  readonly xml: string;
}

/** What JUnit makes of a rule: its status, or, with expectations, where it stands against them. */
function caseKind(rule: RuleResult, report: RunReport): CaseKind {
  // A known deviation is no failure of the gate; JUnit's nearest word is skipped, as for pytest's xfail.
  if (rule.standing === 'expected-failure') return 'skipped';
  if (rule.standing === 'fixed') return report.gate?.fixedIsRed ? 'failure' : 'pass';
  return rule.status === 'fail' ? 'failure' : rule.status === 'error' ? 'error' : rule.status === 'pass' ? 'pass' : 'skipped';
}

function testcase(rule: RuleResult, report: RunReport, durationOf: (checks: readonly string[]) => number): Case {
  const time = seconds(durationOf(rule.checks.map((c) => c.check)));
  const open = `    <testcase classname="${escapeXml(classNameOf(rule))}" name="${escapeXml(`${rule.id}: ${rule.statement}`)}" time="${time}">`;
  const kind = caseKind(rule, report);
  const entry = rule.expectation ? `${rule.expectation.entry}: ${rule.expectation.reason}` : '';
  const message =
    rule.standing === 'expected-failure'
      ? `expected failure (${entry}): ${rule.detail ?? ''}`
      : rule.standing === 'fixed'
        ? `fixed: expected to fail (${entry}) but passed; remove the entry`
        : (rule.detail ?? rule.status);
  switch (kind) {
    case 'pass':
      return { kind, xml: `${open}</testcase>` };
    case 'failure':
      return { kind, xml: `${open}\n      <failure message="${escapeXml(message)}">${escapeXml(detail(rule))}</failure>\n    </testcase>` };
    case 'error':
      return { kind, xml: `${open}\n      <error message="${escapeXml(message)}">${escapeXml(detail(rule))}</error>\n    </testcase>` };
    default:
      return { kind, xml: `${open}\n      <skipped message="${escapeXml(message)}"/>\n    </testcase>` };
  }
}

/** With expectations, a testsuite for the entries that are out of date themselves, each a failure. */
function expectationsSuite(report: RunReport): { readonly cases: readonly Case[]; readonly xml: string } | undefined {
  const stale = report.gate?.staleEntries ?? [];
  if (stale.length === 0) return undefined;
  const cases = stale.map((s) => ({
    kind: 'failure' as const,
    xml: `    <testcase classname="cc.expectations" name="${escapeXml(s.entry)}" time="0.000">\n      <failure message="${escapeXml(s.message)}"/>\n    </testcase>`,
  }));
  return {
    cases,
    xml: [
      `  <testsuite name="expectations" tests="${cases.length}" failures="${cases.length}" errors="0" skipped="0" time="0.000" timestamp="${report.startedAt}">`,
      ...cases.map((c) => c.xml),
      '  </testsuite>',
    ].join('\n'),
  };
}

const tally = (cases: readonly Case[], kind: CaseKind) => cases.filter((c) => c.kind === kind).length;

export function renderJunit(report: RunReport): string {
  const checkMs = new Map(report.checks.map((c) => [c.check, c.durationMs]));
  // A check that judged several rules took its time for each of them, as its requests count for each.
  const durationOf = (checks: readonly string[]) => [...new Set(checks)].reduce((ms, check) => ms + (checkMs.get(check) ?? 0), 0);
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  const all: Case[] = [];
  const suites = surfaces.map((surface) => {
    const rules = report.rules.filter((r) => r.surface === surface);
    const ran = rules.filter((r) => r.status !== 'disabled');
    const cases = ran.map((r) => testcase(r, report, durationOf));
    all.push(...cases);
    const time = seconds(durationOf(ran.flatMap((r) => r.checks.map((c) => c.check))));
    return [
      `  <testsuite name="${escapeXml(surface)}" tests="${cases.length}" failures="${tally(cases, 'failure')}" errors="${tally(cases, 'error')}" skipped="${tally(cases, 'skipped')}" disabled="${rules.length - ran.length}" time="${time}" timestamp="${report.startedAt}">`,
      ...cases.map((c) => c.xml),
      '  </testsuite>',
    ].join('\n');
  });
  const expectations = expectationsSuite(report);
  if (expectations) all.push(...expectations.cases);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cc-conformance" tests="${all.length}" failures="${tally(all, 'failure')}" errors="${tally(all, 'error')}" skipped="${tally(all, 'skipped')}" disabled="${report.summary.byStatus.disabled}" time="${seconds(report.durationMs)}">`,
    ...suites,
    ...(expectations ? [expectations.xml] : []),
    '</testsuites>',
    '',
  ].join('\n');
}
