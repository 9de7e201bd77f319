import { trafficHeadline } from './traffic-headline.ts';
import { codeSpan, escapeMarkdown } from '../lib/render/escape-markdown.ts';
import { groupSkipped } from '../lib/results/enablers.ts';
import { outcomeOf, type RuleResult, type RunReport } from '../lib/results/report.ts';

/**
 * `summary.md`: the run in a few lines of Markdown, short enough for a GitHub job summary. The headline and
 * exit code are `outcomeOf`'s; then what needs a person: new failures with one line of evidence, fixed
 * rules, what was not judged and why, the gate's warnings, and the counts. Pure: it renders the report and
 * computes nothing. Every text from the target is escaped; the full story is in `conformance.html`.
 */

/** The most items a list shows; the rest are counted. */
export const SUMMARY_LIST_CAP = 20;

const md = (text: string | number): string => escapeMarkdown(String(text));
const firstLine = (text: string | undefined): string => (text ?? '').split('\n')[0]?.trim() ?? '';

/** A list of at most SUMMARY_LIST_CAP items, then `and N more`. */
function capped(items: readonly string[]): string[] {
  const shown = items.slice(0, SUMMARY_LIST_CAP);
  const more = items.length - shown.length;
  return more > 0 ? [...shown, `- … and ${more} more`] : [...shown];
}

/** A heading counting `count` (by default its items), then the items, capped; nothing when there are none. */
function section(title: string, items: readonly string[], count = items.length): string[] {
  return items.length === 0 ? [] : ['', `### ${title} (${count})`, '', ...capped(items)];
}

/** A rule that newly fails: its id and statement, then how it failed and the request that showed it. */
function failureItem(r: RuleResult): string {
  const lines = [`- ${codeSpan(r.id)}: ${md(r.statement)}`];
  const detail = firstLine(r.detail);
  if (detail) lines.push(`  - ${md(detail)}`);
  if (r.evidence) {
    const { request, response } = r.evidence;
    lines.push(`  - ${codeSpan(`${request.method} ${request.url} → ${response.status}`)}`);
  }
  return lines.join('\n');
}

/** New failures: with an expectations file, the rules no entry expects to fail; without, the required rules that failed. */
function newFailures(report: RunReport): RuleResult[] {
  return report.gate ? report.rules.filter((r) => r.standing === 'new-failure') : report.rules.filter((r) => r.level === 'required' && r.status === 'fail');
}

function notJudgedLines(report: RunReport): string[] {
  const items: string[] = [];
  for (const r of report.rules.filter((x) => x.status === 'blocked')) {
    items.push(`- ${codeSpan(r.id)} blocked by ${r.blockedBy !== undefined ? codeSpan(r.blockedBy) : 'a failure before it'}`);
  }
  for (const group of groupSkipped(report.rules)) {
    const ids = group.rules.map((r) => codeSpan(r.id));
    const shown = ids.slice(0, SUMMARY_LIST_CAP).join(', ');
    const more = ids.length > SUMMARY_LIST_CAP ? ` and ${ids.length - SUMMARY_LIST_CAP} more` : '';
    // `other` has no one remedy: each rule's own reason says what it lacked.
    const why =
      group.key === 'other'
        ? group.rules
            .slice(0, SUMMARY_LIST_CAP)
            .map((r) => `${codeSpan(r.id)}: ${md(firstLine(r.detail))}`)
            .join('; ') + more
        : `${shown}${more}`;
    // The remedy is the project's own words over variable and effect names (enablers.ts), never the target's.
    items.push(`- skipped, ${group.key === 'other' ? 'for their own reasons' : group.enable} (${group.rules.length}): ${why}`);
  }
  for (const r of report.rules.filter((x) => x.status === 'error')) items.push(`- ${codeSpan(r.id)} error: ${md(firstLine(r.detail))}`);
  // Counted in rules: a line of skipped rules holds a whole group.
  return section('Not judged', items, report.summary.byStatus.blocked + report.summary.byStatus.skipped + report.summary.byStatus.error);
}

function gateLines(report: RunReport): string[] {
  const gate = report.gate;
  if (!gate) return [];
  const lines = ['', `Against the expectations of ${codeSpan(gate.file)}.`];
  lines.push(
    ...section(
      'Why the gate is not green',
      gate.reasons.map((reason) => `- ${md(reason)}`),
    ),
  );
  lines.push(
    ...section(
      'Fixed: expected to fail, passed',
      report.rules
        .filter((r) => r.standing === 'fixed')
        .map((r) => `- ${codeSpan(r.id)}: ${md(r.statement)}${r.expectation ? ` (${md(r.expectation.entry)}: ${md(r.expectation.reason)})` : ''}`),
    ),
  );
  lines.push(
    ...section(
      'Not judged, blocked by a failure the expectations allow',
      gate.notJudged.map((b) => `- ${codeSpan(b.rule)} blocked by ${codeSpan(b.blockedBy)}`),
    ),
  );
  lines.push(
    ...section(
      'Warnings',
      gate.warnings.map((warning) => `- ${md(warning)}`),
    ),
  );
  return lines;
}

export function renderSummaryMarkdown(report: RunReport): string {
  const outcome = outcomeOf(report);
  const lines = [
    `## cc-conformance: ${outcome.headline}`,
    '',
    `Exit code ${outcome.exitCode}${report.interrupted ? '; the run was interrupted, the checks not run are not judged' : ''}.`,
  ];
  // A report of observed traffic says what the capture held before anything else.
  const traffic = trafficHeadline(report);
  if (traffic) lines.push('', ...traffic.split('\n').map((line) => `- ${md(line)}`));
  lines.push(...gateLines(report));
  lines.push(...section('New failures', newFailures(report).map(failureItem)));
  lines.push(...notJudgedLines(report));
  lines.push(
    ...section(
      'Harness problems',
      report.problems.map((p) => `- ${md(firstLine(p))}`),
    ),
  );
  const c = report.summary.byStatus;
  const s = report.summary;
  lines.push(
    '',
    `Rules: ${c.pass} pass, ${c.fail} fail, ${c.blocked} blocked, ${c.skipped} skipped, ${c.error} error, ${c.disabled} disabled. ` +
      `Checks ${s.checks}, requests ${s.requests}, records left ${s.leftovers}; seed ${report.seed}, run ${codeSpan(report.runId)}, ${(report.durationMs / 1000).toFixed(1)} s.`,
    '',
    'Every rule, with requests and responses: `conformance.html` in the reports.',
    '',
  );
  return lines.join('\n');
}
