import { CHANGE_KINDS, type Comparison, type RuleChange, type RuleSide } from '../lib/results/comparison.ts';
import { comparisonHeadline, evidenceLine, reportLine, sideLine, statusMove } from './comparison-headline.ts';
import { classNameOf, escapeXml as xmlText } from './junit.ts';

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

function testcase(c: RuleChange): string {
  const open = `    <testcase classname="${xmlText(classNameOf(c))}" name="${xmlText(`${c.id}: ${c.statement}`)}">`;
  if (c.change === 'new-failure') {
    const message = `${statusMove(c.before, c.after)}${c.after?.detail ? `: ${c.after.detail}` : ''}`;
    return `${open}\n      <failure message="${xmlText(message)}">${xmlText(changeText(c))}</failure>\n    </testcase>`;
  }
  return `${open}\n      <system-out>${xmlText(changeText(c))}</system-out>\n    </testcase>`;
}

export function renderComparisonJunit(doc: Comparison): string {
  const properties = [
    ['verdict', doc.verdict],
    ['headline', comparisonHeadline(doc)],
    ['before', reportLine(doc.before)],
    ['after', reportLine(doc.after)],
  ].map(([name, value]) => `      <property name="${xmlText(name as string)}" value="${xmlText(value as string)}"/>`);
  const suites = CHANGE_KINDS.flatMap((kind) => {
    const changes = doc.changes.filter((c) => c.change === kind);
    // The new-failure suite is always there, empty or not: it is what a CI gate reads, and it carries the headline.
    if (changes.length === 0 && kind !== 'new-failure') return [];
    const failures = kind === 'new-failure' ? changes.length : 0;
    return [
      `  <testsuite name="${kind}" tests="${changes.length}" failures="${failures}" errors="0" skipped="0" timestamp="${xmlText(doc.after.startedAt)}">`,
      '    <properties>',
      ...properties,
      '    </properties>',
      ...changes.map(testcase),
      '  </testsuite>',
    ];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cc-conformance-comparison" tests="${doc.summary.changed}" failures="${doc.summary.byChange['new-failure']}" errors="0" skipped="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
