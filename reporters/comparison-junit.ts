import { type JunitCase, type JunitSuite, toJunitXml } from '../lib/render/junit-xml.ts';
import { CHANGE_KINDS, type Comparison, type RuleChange, type RuleSide } from '../lib/results/comparison.ts';
import { comparisonHeadline, evidenceLine, reportLine, sideLine, statusMove } from './comparison-headline.ts';
import { classNameOf } from './junit.ts';

/**
 * `compare-junit.xml`, for CI dashboards: one testsuite per kind of change that occurs (`new-failure`,
 * `fixed`, ...), one testcase per changed rule, named and classed as in `junit.xml` so a
 * dashboard lines the two up; the `new-failure` testsuite is there even when empty. A new failure is a
 * `failure`, the only one: every other change passes, with the change in `system-out`. Each testsuite
 * carries the document's headline and verdict as properties.
 */
function sideText(label: string, side: RuleSide | undefined): string[] {
  const lines = [`${label} ${sideLine(side)}`];
  const request = evidenceLine(side);
  if (request) lines.push(`  request: ${request}`);
  if (side?.evidence?.curl) lines.push(`  replay: ${side.evidence.curl}`);
  return lines;
}

function changeText(c: RuleChange): string {
  return [`${c.change}: ${statusMove(c.before, c.after)}`, ...sideText('before:', c.before), ...sideText('after: ', c.after), `spec: ${c.section}`].join('\n');
}

function testcase(c: RuleChange): JunitCase {
  const base = { classname: classNameOf(c), name: `${c.id}: ${c.statement}` };
  if (c.change === 'new-failure') {
    const message = `${statusMove(c.before, c.after)}${c.after?.detail ? `: ${c.after.detail}` : ''}`;
    return { ...base, failure: { message, text: changeText(c) } };
  }
  return { ...base, systemOut: changeText(c) };
}

export function renderComparisonJunit(doc: Comparison): string {
  const properties = [
    ['verdict', doc.verdict],
    ['headline', comparisonHeadline(doc)],
    ['before', reportLine(doc.before)],
    ['after', reportLine(doc.after)],
  ] as const;
  const suites = CHANGE_KINDS.flatMap((kind): JunitSuite[] => {
    const changes = doc.changes.filter((c) => c.change === kind);
    // The new-failure suite is always there, empty or not: it is what a CI gate reads, and it carries the headline.
    if (changes.length === 0 && kind !== 'new-failure') return [];
    return [{ name: kind, cases: changes.map(testcase), timestamp: doc.after.startedAt, properties }];
  });
  // The root counts its testcases, as each testsuite does: the summary's figures, as every change is in one testsuite.
  return toJunitXml({ name: 'cc-conformance-comparison', suites });
}
