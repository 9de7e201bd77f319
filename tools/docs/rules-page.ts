import { notObservableReason, OBSERVABLE_FROM_TRAFFIC } from '../../lib/rules/traffic.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { isReleaseScoped } from '../../lib/dialer/releases.ts';
import { GAPS, RULES } from '../../lib/rules/index.ts';
import type { Gap, Rule, RuleReading } from '../../lib/rules/types.ts';
import { FAULTS, type FaultSpec } from '../../mock/faults/registry.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { anchor, code, page, prose } from './markdown.ts';

/** Items grouped by their spec section, the sections in the order the list first names them. */
function bySection<T extends { readonly section: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item]);
  return groups;
}

/** The levels and sources, explained once at the top; keyed by the type so a new one cannot go unexplained. */
const LEVEL: Readonly<Record<Rule['level'], string>> = {
  required: 'a target that breaks it fails the run.',
  observed: 'the spec leaves it open; the report says what the target did and never fails it.',
};

const SOURCE: Readonly<Record<Rule['source'], string>> = {
  spec: 'a sentence of the spec.',
  'vendor-reference': "paths or fields the spec names without showing them, taken from the vendor's OpenAPI document.",
  'project-reference': "names or values neither shows, taken from this project's reference; such a rule judges a target only where it uses those names.",
};

/** The faults of the mock that make the suite report the rule failed, or what proves it instead. */
function proof(rule: Rule, faults: readonly FaultSpec[]): string {
  const matrix = 'the release matrix (`test/proofs/release-matrix.test.ts`): a mock playing a release outside its span fails it';
  if (faults.length === 0) {
    if (rule.level === 'observed') return '- Proved by: no fault, since an observed rule is never failed.';
    return `- Proved by: ${isReleaseScoped(rule) ? matrix : 'no fault yet'}.`;
  }
  const lines = faults.map((f) => `  - fault ${code(f.name)}: ${prose(f.does)}${f.release ? ` (under Dialer release ${code(f.release)})` : ''}`);
  if (isReleaseScoped(rule)) lines.push(`  - ${matrix}`);
  return ['- Proved by:', ...lines].join('\n');
}

/** A reading: a structured one as the spec's words quoted, then the reading, what is accepted and how; a string as a paragraph. */
export function readingBlock(value: RuleReading | string): string {
  if (typeof value === 'string') return `Reading: ${prose(value)}`;
  return [
    `> ${prose(value.quote)}`,
    `Reading: ${prose(value.taken)}`,
    value.accepted !== undefined && `Accepted: ${prose(value.accepted)}`,
    value.method !== undefined && `How: ${prose(value.method)}`,
  ]
    .filter((block): block is string => typeof block === 'string')
    .join('\n\n');
}

/** Whether `observe` judges the rule from traffic, and what it reads; or why it cannot. */
function fromTraffic(rule: Rule): string {
  const reads = OBSERVABLE_FROM_TRAFFIC[rule.id as RuleId];
  return reads !== undefined ? `observable; its judge reads ${prose(reads)}` : `not observable: ${prose(notObservableReason(rule.id as RuleId) ?? '')}`;
}

function ruleBlock(rule: Rule, faults: readonly FaultSpec[], checks: readonly string[]): string {
  const releases = [rule.since !== undefined && `since ${code(rule.since)}`, rule.until !== undefined && `until ${code(rule.until)}, which changed it`].filter(
    (part): part is string => typeof part === 'string',
  );
  const facts = [
    `- Level: ${rule.level}`,
    `- Source: ${rule.source}`,
    `- Surface: ${rule.surface}`,
    releases.length > 0 && `- Dialer releases: ${releases.join('; ')}`,
    `- Judged by: ${checks.length > 0 ? checks.map(code).join(', ') : 'no check'}`,
    `- From traffic: ${fromTraffic(rule)}`,
    proof(rule, faults),
  ].filter((line): line is string => typeof line === 'string');
  return [`### ${rule.id}`, prose(rule.statement), facts.join('\n'), rule.reading !== undefined && readingBlock(rule.reading)]
    .filter((block): block is string => typeof block === 'string')
    .join('\n\n');
}

function gapLine(gap: Gap): string {
  return `- ${code(gap.id)} (${gap.reason}, ${gap.surface}): ${prose(gap.statement)}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `docs/reference/rules.md`: the catalogue by spec section, each rule with its proof and reading, then the gaps. */
export function rulesPage(): string {
  const faultsOf = new Map<string, FaultSpec[]>();
  for (const f of FAULTS) faultsOf.set(f.breaks, [...(faultsOf.get(f.breaks) ?? []), f]);
  const checksOf = new Map<string, string[]>();
  for (const check of ALL_CHECKS) for (const id of check.rules) checksOf.set(id, [...(checksOf.get(id) ?? []), check.id]);
  const sections = bySection(RULES);
  const gaps = bySection(GAPS);
  const required = RULES.filter((r) => r.level === 'required').length;
  const contents = [
    ...[...sections].map(([section, rules]) => `- [${section}](#${anchor(section)}): ${plural(rules.length, 'rule')}`),
    `- [Gaps: what the spec does not show](#${anchor('Gaps: what the spec does not show')}): ${plural(GAPS.length, 'gap')}`,
  ].join('\n');
  return page([
    '# Rules',
    `This page lists every rule the suite checks, by spec section: its statement, level, source, Dialer releases, the checks that judge it, the mock's faults that prove it, and its reading.`,
    'It is generated from [`lib/rules/`](../../lib/rules/) and [`mock/faults/`](../../mock/faults/) by `npm run docs`: edit those, not this page.',
    "A check's id begins with the name of its host's folder under `suites/`.",
    `The catalogue holds ${plural(RULES.length, 'rule')} (${required} required, ${RULES.length - required} observed) in ${plural(sections.size, 'section')}, and ${plural(GAPS.length, 'gap')}.`,
    'Each rule has a level:',
    (Object.keys(LEVEL) as Rule['level'][]).map((level) => `- ${code(level)}: ${LEVEL[level]}`).join('\n'),
    'And a source:',
    (Object.keys(SOURCE) as Rule['source'][]).map((source) => `- ${code(source)}: ${SOURCE[source]}`).join('\n'),
    'A fault makes the mock break one rule the way a real server might. The proofs in `test/proofs/` run the suite with each fault on and require its rule to fail. A rule of some Dialer releases only is also proved by the release matrix.',
    "A reading is the one the suite chose where the spec is open. It quotes the spec's words, then gives the reading taken, what a target may do and still pass, and how the check reaches the statement.",
    '## Contents',
    contents,
    ...[...sections].flatMap(([section, rules]) => [`## ${section}`, ...rules.map((r) => ruleBlock(r, faultsOf.get(r.id) ?? [], checksOf.get(r.id) ?? []))]),
    '## Gaps: what the spec does not show',
    'Nothing asserts these. The report lists them, so a reader sees what a green run does not cover: what the spec does not show, what no client can provoke, and what is out of scope.',
    ...[...gaps].flatMap(([section, list]) => [`### ${section}`, list.map(gapLine).join('\n')]),
  ]);
}
