import { PART_NAME } from '../lib/contract/vocabulary.ts';
import { toolCommand } from '../lib/invocation.ts';
import { enablerOf, groupSkipped, OTHER } from '../lib/results/enablers.ts';
import { readingText } from '../lib/rules/types.ts';
import type { RuleStanding } from '../lib/results/gate.ts';
import { type LeftoverRecord, notJudgedPhrase, outcomeOf, type RuleResult, type RunReport } from '../lib/results/report.ts';

/**
 * What a person reads after a run: one line per rule grouped by surface, then every failure and
 * error with its spec section, the request and the response (credentials already redacted), then
 * the totals. Pure: it renders the report and computes nothing.
 */
const MARK: Readonly<Record<RuleResult['status'], string>> = { pass: 'PASS', fail: 'FAIL', blocked: 'BLKD', skipped: 'SKIP', error: 'ERR ', disabled: 'OFF ' };

export interface ConsoleOptions {
  /** Print passing rules too (default: only the rest, plus the totals). */
  readonly verbose?: boolean;
  readonly color?: boolean;
}

function paint(text: string, code: number, on: boolean): string {
  return on ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function indent(text: string, by = '      '): string {
  return text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
}

function leftoverLine(l: LeftoverRecord): string {
  const what = [l.id !== undefined ? `id ${l.id}` : undefined, l.name].filter((x) => x !== undefined).join(', ');
  return `  ${l.kind}${what ? ` (${what})` : ''} from ${l.check}: ${l.how}`;
}

/** The records the run left on the target, a line each: those cleanup can delete, then those it cannot. */
function leftoverLines(report: RunReport): string[] {
  // The bundled mock is gone with the run: nothing it held is left anywhere, so no record is listed.
  if (report.target.bundledMock)
    return report.leftovers.length === 0 ? [] : ['', `Records left: none (the bundled mock held ${report.leftovers.length} at the end, and it has stopped).`];
  const deletable = report.leftovers.filter((l) => l.deletable);
  const kept = report.leftovers.filter((l) => !l.deletable);
  const lines: string[] = [];
  if (deletable.length > 0) {
    lines.push('', `Left on the target, deletable (${deletable.length}):`, ...deletable.map(leftoverLine));
    lines.push(`  delete them: ${toolCommand('cleanup', `--ledger ${report.ledger ?? `<ledger>`}`)}   (or --prefix ${report.prefix})`);
  }
  if (kept.length > 0) lines.push('', `Left on the target, not deletable through the API (${kept.length}):`, ...kept.map(leftoverLine));
  return lines;
}

/**
 * An incomplete run says what each group of skipped required rules needs, and how to accept them as they are:
 * the expectations file that makes the gate green on what the target gives today.
 */
function incompleteLines(report: RunReport, verbose: boolean): string[] {
  const incomplete = outcomeOf(report).headline === 'INCOMPLETE';
  // Every skipped rule is here, observed ones too: the rule lists above name only those skipped for a reason of their own.
  const groups = groupSkipped(report.rules);
  if (groups.length === 0) return [];
  const lines = ['', 'Not judged, and what would judge them:'];
  for (const group of groups) {
    const shown = group.rules.slice(0, verbose ? group.rules.length : 6).map((r) => r.id);
    const more = group.rules.length - shown.length;
    const what = group.key === OTHER.key ? 'other reasons (each rule says why above)' : group.enable;
    lines.push(`  ${what} (${group.rules.length}): ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`);
  }
  if (incomplete)
    lines.push(
      `  to gate on what this target gives today: ${toolCommand('run', '--write-expectations cc-expectations.json')}, then run with --expect cc-expectations.json`,
    );
  return lines;
}

/** A skipped rule is listed on its own only with a reason of its own; one a setting would enable is counted in its group. */
const listedAlone = (r: RuleResult) => r.status !== 'skipped' || enablerOf(r.detail ?? '').key === OTHER.key;

/** How the console heads each group of rules the expectations speak of. */
const STANDING_TITLE: Readonly<Record<RuleStanding, string>> = {
  'new-failure': 'New failures, no entry expects them',
  fixed: 'Fixed: expected to fail, passed; remove the entry',
  unconfirmed: 'Expected to fail, but not judged',
  'expected-failure': 'Expected failures',
  'out-of-scope': 'Out of scope',
};

/** The gate's part: the rules by where they stand against the expectations, then why the gate is not green. */
function gateLines(report: RunReport): string[] {
  const gate = report.gate;
  if (!gate) return [];
  const c = gate.counts;
  const lines = [
    '',
    `Expectations ${gate.file}: ${c.entries} entries (${c.otherReleases} for other Dialer releases, not applied); ${c.outOfScope} rules out of scope, ${c.checksNotRun} checks not run`,
  ];
  for (const standing of Object.keys(STANDING_TITLE) as RuleStanding[]) {
    const rules = report.rules.filter((r) => r.standing === standing);
    if (rules.length === 0) continue;
    lines.push(`  ${STANDING_TITLE[standing]} (${rules.length}):`);
    // Out of scope is the longest group and says the least: counted, listed only where something else is said.
    if (standing === 'out-of-scope') continue;
    for (const r of rules) {
      const e = r.expectation;
      const why = e ? `${e.entry}: ${e.reason}${e.link ? ` <${e.link}>` : ''}${e.expires ? ` (until ${e.expires})` : ''}` : (r.detail ?? '').split('\n')[0];
      lines.push(`    ${r.id} — ${why}`);
    }
  }
  if (gate.reasons.length > 0) lines.push('  the gate is not green because:', ...gate.reasons.map((reason) => `    ${reason}`));
  if (gate.warnings.length > 0) lines.push('  warnings:', ...gate.warnings.map((warning) => `    ${warning}`));
  return lines;
}

export function renderConsole(report: RunReport, options: ConsoleOptions = {}): string {
  const color = options.color ?? false;
  const colors: Readonly<Record<RuleResult['status'], number>> = { pass: 32, fail: 31, blocked: 33, skipped: 33, error: 35, disabled: 90 };
  const lines: string[] = [];
  const surfaces = [...new Set(report.rules.map((r) => r.surface))];
  for (const surface of surfaces) {
    const rules = report.rules.filter((r) => r.surface === surface);
    const shown = options.verbose ? rules : rules.filter((r) => r.status !== 'pass' && r.status !== 'disabled' && listedAlone(r));
    const disabled = rules.filter((r) => r.status === 'disabled').length;
    const skipped = rules.filter((r) => r.status === 'skipped').length;
    const aside = [skipped > 0 && `${skipped} skipped`, disabled > 0 && `${disabled} disabled`].filter(Boolean).join(', ');
    lines.push(`${PART_NAME[surface] ?? surface}: ${rules.filter((r) => r.status === 'pass').length}/${rules.length} rules pass${aside ? ` (${aside})` : ''}`);
    for (const r of shown) {
      const level = r.level === 'observed' ? ' (observed)' : '';
      const why = r.status === 'skipped' || r.status === 'blocked' || r.status === 'disabled' ? ` — ${r.detail ?? ''}` : '';
      lines.push(`  ${paint(MARK[r.status], colors[r.status], color)} ${r.id}${level}${why}`);
    }
  }
  const broken = report.rules.filter((r) => r.status === 'fail' || r.status === 'error');
  if (broken.length > 0) lines.push('', 'Failures and errors:');
  for (const r of broken) {
    lines.push('', `${paint(MARK[r.status], colors[r.status], color)} ${r.id}: ${r.statement}`);
    const from =
      r.source === 'vendor-reference'
        ? ' (path or fields from the vendor reference)'
        : r.source === 'project-reference'
          ? " (names or values from this project's reference)"
          : '';
    lines.push(`    spec: ${r.section}${from}`);
    if (r.reading) lines.push(`    reading: ${readingText(r.reading)}`);
    lines.push(`    ${r.status === 'fail' ? 'violation' : 'harness error'}: ${r.detail ?? ''}`);
    if (r.evidence) {
      const { request, response } = r.evidence;
      lines.push(`    request: ${request.method} ${request.url} (${request.credentials})`);
      if (request.body) lines.push(indent(request.body));
      lines.push(
        `    response: ${response.status} ${Object.entries(response.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; ')}`,
      );
      if (response.body) lines.push(indent(response.body));
      if (r.evidence.curl) lines.push(`    replay: ${r.evidence.curl}`);
      const sequence = r.evidence.sequence;
      if (sequence)
        lines.push(
          '    the shortest failing sequence found:',
          ...sequence.steps.map((step) => `      ${step}`),
          '    as a script:',
          indent(sequence.script.trimEnd()),
        );
    }
    if (r.reproduce) lines.push(`    rerun: ${r.reproduce.rerun}`);
  }
  if (report.problems.length > 0) lines.push('', 'Harness problems:', ...report.problems.map((p) => `  ${p}`));
  const failedCleanups = report.checks.flatMap((c) => c.leftovers.map((l) => `${c.check}: ${l}`));
  if (failedCleanups.length > 0) lines.push('', 'Cleanup steps that failed:', ...failedCleanups.map((l) => `  ${l}`));
  lines.push(...leftoverLines(report));
  lines.push(...gateLines(report));
  lines.push(...incompleteLines(report, options.verbose ?? false));
  const s = report.summary;
  const outcome = outcomeOf(report);
  const counts = (c: Readonly<Record<string, number>>) =>
    `${c.pass} pass, ${c.fail} fail, ${c.blocked} blocked, ${c.skipped} skipped, ${c.error} error, ${c.disabled} disabled`;
  lines.push(
    '',
    `rules: ${counts(s.byStatus)} (required: ${counts(s.required)})`,
    `gaps reported: ${s.gaps}; checks: ${s.checks}; requests: ${s.requests}; unplanned 429s: ${s.unplanned429}; 503s retried: ${s.retried503}; records left: ${s.leftovers}; seed: ${report.seed}; run ${report.runId}; ${(report.durationMs / 1000).toFixed(1)} s`,
    `verdict: ${paint(outcome.headline, outcome.ok ? 32 : 31, color)}${report.interrupted ? ' (the checks not run are not judged)' : ''}${report.gate ? ` (exit ${outcome.exitCode}; against the expectations of ${report.gate.file})` : ''}${notJudgedPhrase(report)}`,
  );
  return lines.join('\n');
}
