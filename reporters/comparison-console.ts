import { CHANGE_KINDS, type Comparison, type RuleChange, type RuleSide } from '../lib/results/comparison.ts';
import { CHANGE_TITLE, comparisonHeadline, evidenceLine, reportLine, sideLine, statusMove } from './comparison-headline.ts';

/**
 * What the terminal shows of a comparison: the headline, the two reports, then each kind of change with
 * a line per rule and its two sides indented below; with `verbose`, each side's request and the curl line
 * that replays it, and the checks that judged the rule on either side. Renders the document, computes nothing.
 */
export interface ComparisonConsoleOptions {
  readonly verbose?: boolean;
  readonly color?: boolean;
}

function paint(text: string, code: number, on: boolean): string {
  return on ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function sideLines(label: string, side: RuleSide | undefined, verbose: boolean): string[] {
  // A multi-line detail (a response body) keeps to its side's column.
  const lines = [
    `      ${label} ${sideLine(side)
      .split('\n')
      .join(`\n${' '.repeat(14)}`)}`,
  ];
  if (!verbose) return lines;
  const request = evidenceLine(side);
  if (request) lines.push(`          request: ${request}`);
  if (side?.evidence?.curl) lines.push(`          replay: ${side.evidence.curl}`);
  return lines;
}

function ruleLines(c: RuleChange, verbose: boolean): string[] {
  const lines = [
    `  ${c.id} [${c.surface}] ${statusMove(c.before, c.after)}: ${c.statement}`,
    ...sideLines('before:', c.before, verbose),
    ...sideLines('after: ', c.after, verbose),
  ];
  if (verbose && c.checks.length > 0) lines.push(`      checks: ${c.checks.map((k) => `${k.check} ${k.before ?? '—'} → ${k.after ?? '—'}`).join('; ')}`);
  return lines;
}

export function renderComparisonConsole(doc: Comparison, options: ComparisonConsoleOptions = {}): string {
  const verbose = options.verbose ?? false;
  const color = options.color ?? false;
  const lines = [
    paint(comparisonHeadline(doc), doc.verdict === 'regression' ? 31 : 32, color),
    `before: ${reportLine(doc.before)}`,
    `after:  ${reportLine(doc.after)}`,
  ];
  for (const kind of CHANGE_KINDS) {
    const changes = doc.changes.filter((c) => c.change === kind);
    if (changes.length === 0) continue;
    lines.push('', paint(`${CHANGE_TITLE[kind]} (${changes.length}):`, kind === 'new-failure' ? 31 : 1, color));
    for (const c of changes) lines.push(...ruleLines(c, verbose));
  }
  const { unchanged } = doc.summary;
  lines.push('', `${unchanged} ${unchanged === 1 ? 'rule' : 'rules'} unchanged`);
  return lines.join('\n');
}
