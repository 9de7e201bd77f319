import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Evidence, SequenceStory } from '../../lib/results/outcome.ts';
import type { Gate, RuleExpectation } from '../../lib/results/gate.ts';
import type { CheckEconomy, LaneCost, LeftoverRecord, RuleResult, RunReport, RunSummary } from '../../lib/results/report.ts';
import { scopeOf } from '../../lib/expectations/scope.ts';
import type { Gap } from '../../lib/rules/types.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { TAG_404, evidence, fail, outcome, report, rules, target } from './fixtures.ts';

// The JSON report is a versioned interface; its table in docs/reference/reports.md is what consumers read.
const page = readFileSync(new URL('../../docs/reference/reports.md', import.meta.url), 'utf8');
const reportSection = page.slice(page.indexOf('## `conformance.json`'), page.indexOf('\n## ', page.indexOf('## `conformance.json`') + 1));
const table = reportSection.split('\n').filter((line) => line.startsWith('| `'));
/** A key's row of the table, and the subsection below the table that the row's "see below" points to, if any. */
const row = (field: string) => {
  const found = table.find((line) => line.startsWith(`| \`${field}`));
  if (!found) throw new Error(`no row for ${field}`);
  const heading = reportSection.indexOf(`\n### \`${field}`);
  if (heading === -1) return found;
  const end = reportSection.indexOf('\n### ', heading + 1);
  return `${found}\n${reportSection.slice(heading, end === -1 ? undefined : end)}`;
};
const names = (line: string) => new Set([...line.matchAll(/`([A-Za-z0-9]+)(?:\[\])?`/g)].map((m) => m[1]));

/** The list is `K` only when it names every key of `T`: otherwise the type is `never` and the list does not compile. */
type Every<T, K extends readonly PropertyKey[]> = [Exclude<keyof T, K[number]>] extends [never] ? K : never;

// Every key of each report type, optional ones included; the compiler refuses a list that falls behind its type.
const REPORT_KEYS = [
  'format',
  'version',
  'startedAt',
  'durationMs',
  'seed',
  'runId',
  'prefix',
  'ledger',
  'target',
  'summary',
  'verdict',
  'interrupted',
  'rules',
  'gaps',
  'checks',
  'costliest',
  'problems',
  'leftovers',
  'gate',
  'traffic',
] as const satisfies readonly (keyof RunReport)[];
const TARGET_KEYS = ['bundledMock', 'urls', 'keySlots', 'rateWindowMs', 'effects', 'dialerRelease'] as const satisfies readonly (keyof RunReport['target'])[];
const SUMMARY_KEYS = [
  'rules',
  'byStatus',
  'required',
  'gaps',
  'checks',
  'requests',
  'unplanned429',
  'retried503',
  'leftovers',
] as const satisfies readonly (keyof RunSummary)[];
const RULE_RESULT_KEYS = [
  'id',
  'surface',
  'statement',
  'section',
  'level',
  'source',
  'reading',
  'since',
  'until',
  'status',
  'detail',
  'evidence',
  'notes',
  'checks',
  'requests',
  'reproduce',
  'expectation',
  'standing',
  'blockedBy',
  'setAside',
] as const satisfies readonly (keyof RuleResult)[];
const EVIDENCE_KEYS = ['request', 'response', 'curl', 'sequence'] as const satisfies readonly (keyof Evidence)[];
const SEQUENCE_KEYS = ['steps', 'replay', 'script'] as const satisfies readonly (keyof SequenceStory)[];
const CHECK_KEYS = [
  'check',
  'title',
  'surface',
  'lane',
  'step',
  'requests',
  'allowance',
  'judged',
  'unplanned429',
  'retried503',
  'durationMs',
  'leftovers',
  'problems',
] as const satisfies readonly (keyof CheckEconomy)[];
const COST_KEYS = ['lane', 'requests', 'checks'] as const satisfies readonly (keyof LaneCost)[];
const GAP_KEYS = ['id', 'surface', 'section', 'statement', 'reason'] as const satisfies readonly (keyof Gap)[];
const LEFTOVER_KEYS = ['kind', 'surface', 'id', 'name', 'check', 'deletable', 'how'] as const satisfies readonly (keyof LeftoverRecord)[];
const GATE_KEYS = [
  'file',
  'outcome',
  'exitCode',
  'reasons',
  'warnings',
  'notJudged',
  'fixedIsRed',
  'staleEntries',
  'counts',
] as const satisfies readonly (keyof Gate)[];
const GATE_COUNT_KEYS = [
  'entries',
  'otherReleases',
  'outOfScope',
  'checksNotRun',
  'expectedFailures',
  'fixed',
  'newFailures',
  'unconfirmed',
  'unlistedSkips',
  'errors',
  'expired',
  'unknown',
  'hidden',
  'failingAnew',
] as const satisfies readonly (keyof Gate['counts'])[];
const EXPECTATION_KEYS = ['expect', 'reason', 'link', 'expires', 'releases', 'failure', 'entry', 'check'] as const satisfies readonly (keyof RuleExpectation)[];

const KEYS = {
  report: REPORT_KEYS satisfies Every<RunReport, typeof REPORT_KEYS>,
  target: TARGET_KEYS satisfies Every<RunReport['target'], typeof TARGET_KEYS>,
  summary: SUMMARY_KEYS satisfies Every<RunSummary, typeof SUMMARY_KEYS>,
  rule: RULE_RESULT_KEYS satisfies Every<RuleResult, typeof RULE_RESULT_KEYS>,
  evidence: EVIDENCE_KEYS satisfies Every<Evidence, typeof EVIDENCE_KEYS>,
  sequence: SEQUENCE_KEYS satisfies Every<SequenceStory, typeof SEQUENCE_KEYS>,
  check: CHECK_KEYS satisfies Every<CheckEconomy, typeof CHECK_KEYS>,
  cost: COST_KEYS satisfies Every<LaneCost, typeof COST_KEYS>,
  gap: GAP_KEYS satisfies Every<Gap, typeof GAP_KEYS>,
  leftover: LEFTOVER_KEYS satisfies Every<LeftoverRecord, typeof LEFTOVER_KEYS>,
  gate: GATE_KEYS satisfies Every<Gate, typeof GATE_KEYS>,
  gateCounts: GATE_COUNT_KEYS satisfies Every<Gate['counts'], typeof GATE_COUNT_KEYS>,
  expectation: EXPECTATION_KEYS satisfies Every<RuleExpectation, typeof EXPECTATION_KEYS>,
};

// Built from real code, with the optional fields present (a release the rule holds in), so the lists above are checked at run time too.
const full = report([outcome('a', [fail(TAG_404, 'x', evidence(200))], { leftovers: ['tag 1'] })], {
  rules: [{ ...rules(TAG_404)[0]!, reading: { quote: 'q', taken: 'a reading', accepted: 'either', method: 'how' }, since: '1.0.21', until: 'next' }],
  target: target({ dialer: { release: '1.0.22', routes: DIALER_ROUTES } }),
  problems: ['p'],
  runId: 'r1',
  prefix: 'cc-conformance-r1',
  ledger: 'reports/ledger-r1.jsonl',
  leftovers: [{ kind: 'contact', surface: 'core', id: '7', name: 'cc-conformance-r1-1', check: 'a', deletable: true, how: 'DELETE /contacts/delete/7.json' }],
  // An expectations file whose one entry, with every optional field, expects the rule to fail.
  gate: {
    scope: scopeOf(
      {
        path: '/ci/expectations.json',
        entries: [
          {
            index: 0,
            rule: TAG_404,
            expect: 'fail',
            reason: 'ticket 7',
            link: 'https://tickets.example/7',
            expires: '2099-01-01',
            releases: ['1.0.22'],
            failure: 'x',
          },
        ],
      },
      { rules: [TAG_404], checks: [{ id: 'a', rules: [TAG_404] }], release: '1.0.22' },
    ),
    today: '2026-11-26',
  },
});

describe('docs/reference/reports.md documents the report it describes', () => {
  test('every top-level key of the report has a row', () => {
    const documented = new Set(table.flatMap((line) => [...names(line.split(' | ')[0] as string)]));
    for (const key of KEYS.report) expect(documented.has(key), key).toBe(true);
  });

  test('every key of summary and target is named in its row', () => {
    for (const key of KEYS.summary) expect(names(row('summary')).has(key), `summary.${key}`).toBe(true);
    for (const key of KEYS.target) expect(names(row('target')).has(key), `target.${key}`).toBe(true);
  });

  test('every key of a rule result (the rule, until included, and its verdict) and of its evidence is named in the rules row', () => {
    const documented = names(row('rules[]'));
    for (const key of [...KEYS.rule, ...KEYS.evidence, ...KEYS.sequence]) expect(documented.has(key), key).toBe(true);
  });

  test("every key of the gate and of a rule's expectation is named in its row", () => {
    for (const key of [...KEYS.gate, ...KEYS.gateCounts]) expect(names(row('gate')).has(key), `gate.${key}`).toBe(true);
    for (const key of KEYS.expectation) expect(names(row('rules[]')).has(key), `expectation.${key}`).toBe(true);
  });

  test('every key of a check entry (its outcome without the verdicts) and of a gap is named in its row', () => {
    for (const key of KEYS.check) expect(names(row('checks[]')).has(key), `checks.${key}`).toBe(true);
    for (const key of KEYS.cost) expect(names(row('costliest[]')).has(key), `costliest.${key}`).toBe(true);
    for (const key of KEYS.gap) expect(names(row('gaps[]')).has(key), `gaps.${key}`).toBe(true);
    for (const key of KEYS.leftover) expect(names(row('leftovers[]')).has(key), `leftovers.${key}`).toBe(true);
  });

  test('the key lists hold what a built report holds, so they name real fields', () => {
    const listed = (keys: readonly string[], object: object) => expect(Object.keys(object).filter((k) => !keys.includes(k))).toEqual([]);
    listed(KEYS.report, full);
    listed(KEYS.target, full.target);
    listed(KEYS.summary, full.summary);
    listed(KEYS.rule, full.rules[0] ?? {});
    listed(KEYS.evidence, full.rules[0]?.evidence ?? {});
    listed(KEYS.check, full.checks[0] ?? {});
    listed(KEYS.gap, full.gaps[0] ?? {});
    listed(KEYS.leftover, full.leftovers[0] ?? {});
    listed(KEYS.gate, full.gate ?? {});
    listed(KEYS.gateCounts, full.gate?.counts ?? {});
    listed(KEYS.expectation, full.rules[0]?.expectation ?? {});
    expect(Object.keys(full.gate ?? {}).sort()).toEqual([...KEYS.gate].sort());
    expect(Object.keys(full.rules[0]?.expectation ?? {}).sort()).toEqual(KEYS.expectation.filter((k) => k !== 'check').sort());
    // A failed rule carries every key but those of a blocked rule and of a failure set aside out of scope.
    expect(Object.keys(full.rules[0] ?? {}).sort()).toEqual(KEYS.rule.filter((k) => k !== 'blockedBy' && k !== 'setAside').sort());
  });

  test("every file of reporters/ is named in the folder's note, and every view's file on the page", () => {
    const note = readFileSync(new URL('../../reporters/README.md', import.meta.url), 'utf8');
    expect(note).toContain('(../docs/reference/reports.md)');
    const files = readdirSync(new URL('../../reporters/', import.meta.url)).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(note, file).toContain(`\`${file}\``);
    // A view's file is named beside what it shows; the collector, the filter and the shared words show nothing.
    const views = files.filter((f) => !['collector.ts', 'once-per-test.ts', 'comparison-headline.ts', 'comparison-files.ts'].includes(f));
    for (const file of views) expect(page, file).toContain(`\`reporters/${file}\``);
  });

  test('no sentence of the page runs over 60 words', () => {
    // Wrapped lines join into paragraphs and list items; a table cell stands alone.
    const blocks = page
      .split(/\n(?=\s*\n|\s*- |#|\|)/)
      .flatMap((block) => (block.trimStart().startsWith('|') ? block.split(/(?<!\\)\|/) : [block]))
      .map((block) => block.replace(/\s+/g, ' '));
    const long = blocks.flatMap((block) => block.split(/(?<=[.!?])\s/)).filter((sentence) => sentence.split(' ').filter(Boolean).length > 60);
    expect(long).toEqual([]);
  });

  test('the documented format and version are the ones the code writes', () => {
    expect(page).toContain(`format \`${full.format}\`, version ${full.version}`);
    expect(row('format')).toContain(`\`"${full.format}"\`, \`${full.version}\``);
  });
});
