import { type JunitCase, type JunitSuite, toJunitXml } from '../lib/render/junit-xml.ts';
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

function detail(rule: RuleResult): string {
  const parts = [rule.detail ?? '', `spec: ${rule.section}`];
  if (rule.evidence) {
    const { request, response } = rule.evidence;
    parts.push(`request: ${request.method} ${request.url} (${request.credentials})`, `response: ${response.status} ${response.body}`);
    const sequence = rule.evidence.sequence;
    if (sequence) parts.push('the shortest failing sequence found:', ...sequence.steps, `replay: ${sequence.replay}`, 'as a script:', sequence.script);
  }
  return parts.join('\n');
}

/** What JUnit makes of a rule: its status, or, with expectations, where it stands against them. */
function caseKind(rule: RuleResult, report: RunReport): 'pass' | 'failure' | 'error' | 'skipped' {
  // A known deviation is no failure of the gate; JUnit's nearest word is skipped, as for pytest's xfail.
  if (rule.standing === 'expected-failure') return 'skipped';
  if (rule.standing === 'fixed') return report.gate?.fixedIsRed ? 'failure' : 'pass';
  return rule.status === 'fail' ? 'failure' : rule.status === 'error' ? 'error' : rule.status === 'pass' ? 'pass' : 'skipped';
}

function testcase(rule: RuleResult, report: RunReport, durationOf: (checks: readonly string[]) => number): JunitCase {
  const base = { classname: classNameOf(rule), name: `${rule.id}: ${rule.statement}`, timeMs: durationOf(rule.checks.map((c) => c.check)) };
  const entry = rule.expectation ? `${rule.expectation.entry}: ${rule.expectation.reason}` : '';
  const message =
    rule.standing === 'expected-failure'
      ? `expected failure (${entry}): ${rule.detail ?? ''}`
      : rule.standing === 'fixed'
        ? `fixed: expected to fail (${entry}) but passed; remove the entry`
        : (rule.detail ?? rule.status);
  const kind = caseKind(rule, report);
  // A violation the gate lets stand is still said: the gate's warning about the rule, beside its testcase.
  const warned = (report.gate?.warnings ?? []).filter((w) => w.startsWith(`${rule.id} `));
  const said = warned.length > 0 ? { ...base, systemOut: warned.map((w) => `warning: ${w}`).join('\n') } : base;
  switch (kind) {
    case 'pass':
      return said;
    case 'failure':
      return { ...said, failure: { message, text: detail(rule) } };
    case 'error':
      return { ...said, error: { message, text: detail(rule) } };
    case 'skipped':
      return { ...said, skipped: { message } };
  }
}

/** Whether a rule is a testcase: it ran, or it is out of scope yet its check was seen to break it. */
function isCase(rule: RuleResult): boolean {
  return rule.status !== 'disabled' || rule.setAside !== undefined;
}

/** With expectations, a testsuite for the entries that are out of date themselves, each a failure. */
function expectationsSuite(report: RunReport): JunitSuite | undefined {
  const stale = report.gate?.staleEntries ?? [];
  if (stale.length === 0) return undefined;
  return {
    name: 'expectations',
    cases: stale.map((s) => ({ classname: 'cc.expectations', name: s.entry, timeMs: 0, failure: { message: s.message } })),
    timeMs: 0,
    timestamp: report.startedAt,
  };
}

export function renderJunit(report: RunReport): string {
  const checkMs = new Map(report.checks.map((c) => [c.check, c.durationMs]));
  // A check that judged several rules took its time for each of them, as its requests count for each.
  const durationOf = (checks: readonly string[]) => [...new Set(checks)].reduce((ms, check) => ms + (checkMs.get(check) ?? 0), 0);
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  const suites = surfaces.map((surface): JunitSuite => {
    const rules = report.rules.filter((r) => r.surface === surface);
    const ran = rules.filter(isCase);
    return {
      name: surface,
      cases: ran.map((r) => testcase(r, report, durationOf)),
      disabled: rules.length - ran.length,
      timeMs: durationOf(ran.flatMap((r) => r.checks.map((c) => c.check))),
      timestamp: report.startedAt,
    };
  });
  const expectations = expectationsSuite(report);
  return toJunitXml({
    name: 'cc-conformance',
    suites: expectations ? [...suites, expectations] : suites,
    disabled: report.rules.filter((r) => !isCase(r)).length,
    timeMs: report.durationMs,
  });
}
