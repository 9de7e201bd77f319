import { describe, expect, test } from 'vitest';
import { GAPS, RULES } from '../../lib/rules/index.ts';
import { readingText } from '../../lib/rules/types.ts';
import { ownRequests, sharedMakes, totalOf } from '../../lib/checks/define.ts';
import { FAULTS } from '../../mock/faults/registry.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { CHANGES } from '../../suites/dialer/versioning/index.ts';
import { appliesTo, type Release, RELEASES } from '../../lib/dialer/releases.ts';
import { projectFiles, readProjectFile } from '../harness/source-tree.ts';

const ruleIds = new Set(RULES.map((r) => r.id));

describe('the rule catalogue holds together', () => {
  test('rule, gap, check and fault identifiers are unique', () => {
    const dupes = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(dupes(RULES.map((r) => r.id))).toEqual([]);
    expect(dupes([...RULES.map((r) => r.id), ...GAPS.map((g) => g.id)])).toEqual([]);
    expect(dupes(ALL_CHECKS.map((c) => c.id))).toEqual([]);
    expect(dupes(FAULTS.map((f) => f.name))).toEqual([]);
  });

  test('every check names only catalogue rules and declares a request allowance', () => {
    for (const check of ALL_CHECKS) {
      expect(check.rules.length, check.id).toBeGreaterThan(0);
      expect(
        check.rules.filter((id) => !ruleIds.has(id)),
        check.id,
      ).toEqual([]);
      // A stateful check's allowance comes from its step cost and the target's CC_SEQUENCES.
      expect(totalOf(check.cost.sequences?.requestsPerStep ?? 0) + ownRequests(check.cost) + sharedMakes(check), check.id).toBeGreaterThan(0);
    }
  });

  test('every rule is judged by at least one check', () => {
    const judged = new Set(ALL_CHECKS.flatMap((c) => c.rules));
    expect(RULES.filter((r) => !judged.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  test('every required rule has a fault that kills it, or a Dialer release profile that does, and faults only break required rules', () => {
    const killed = new Set(FAULTS.map((f) => f.breaks));
    // A rule of some Dialer releases only fails against a mock profile outside them: the release matrix proves it.
    const releaseScoped = (r: (typeof RULES)[number]) => r.until !== undefined || (r.since !== undefined && r.since !== RELEASES[0]);
    expect(RULES.filter((r) => r.level === 'required' && !killed.has(r.id) && !releaseScoped(r)).map((r) => r.id)).toEqual([]);
    const observed = new Set(RULES.filter((r) => r.level === 'observed').map((r) => r.id));
    expect(FAULTS.filter((f) => !ruleIds.has(f.breaks) || observed.has(f.breaks)).map((f) => f.name)).toEqual([]);
  });

  test('Dialer releases named on rules, faults and change probes exist, and each change pairs a rule of its release with one of the releases before', () => {
    const known = new Set<string>(RELEASES);
    for (const rule of RULES) {
      for (const release of [rule.since, rule.until]) if (release !== undefined) expect(known.has(release), `${rule.id}: ${release}`).toBe(true);
    }
    for (const fault of FAULTS.filter((f) => f.release)) {
      expect(
        appliesTo(RULES.find((r) => r.id === fault.breaks) ?? {}, fault.release as Release),
        `${fault.name} is proved under ${fault.release}, where ${fault.breaks} does not apply`,
      ).toBe(true);
    }
    for (const change of CHANGES) {
      const after = RULES.find((r) => r.id === change.rules.after);
      const before = RULES.find((r) => r.id === change.rules.before);
      expect(after?.since, `${change.id}: ${change.rules.after} must be since ${change.release}`).toBe(change.release);
      expect(before?.until, `${change.id}: ${change.rules.before} must be until ${change.release}`).toBe(change.release);
    }
    expect(new Set(CHANGES.map((c) => c.id)).size).toBe(CHANGES.length);
    expect(RULES.filter((r) => r.surface === 'dialer' && r.since === undefined).map((r) => r.id)).toEqual([]);
  });

  test('every rule points at a spec section, and vendor-reference rules say so', () => {
    for (const rule of RULES) {
      expect(rule.section.length, rule.id).toBeGreaterThan(0);
      expect(rule.statement.endsWith('.'), `${rule.id}: a statement is one sentence`).toBe(true);
      expect(['spec', 'vendor-reference', 'project-reference']).toContain(rule.source);
    }
  });

  test('every reading stands on its own: a full sentence of reasonable length, not a pointer elsewhere', () => {
    const short = RULES.filter((r) => r.reading !== undefined).filter((r) => {
      const text = readingText(r.reading!);
      return text.length < 60 || text.split(/\s+/).length < 10 || !/[.]$/.test(text) || /^(as for|see)\b/i.test(text);
    });
    expect(short.map((r) => `${r.id}: ${readingText(r.reading!)}`)).toEqual([]);
  });

  test('every reading is data a reader can hold: the spec quoted, the reading taken, each sentence under 60 words', () => {
    const words = (sentence: string) => sentence.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
    const problems = RULES.flatMap((rule) => {
      if (rule.reading === undefined) return [];
      const { quote, taken, accepted, method } = rule.reading;
      const empty = Object.entries({ quote, taken })
        .filter(([, text]) => text.trim() === '')
        .map(([field]) => `${rule.id}: no ${field}`);
      const long = [taken, accepted, method]
        .filter((text) => text !== undefined)
        .flatMap((text) => text.split(/(?<=[.!?])\s+(?=[A-Z`'"(])/))
        .filter((sentence) => words(sentence) > 60)
        .map((sentence) => `${rule.id}: ${words(sentence)} words: ${sentence.slice(0, 80)}…`);
      return [...empty, ...long];
    });
    expect(problems).toEqual([]);
  });

  test('the project explains its readings itself: no shipped file points at a document outside the repository', () => {
    // A clone has no notes kept beside the project, so a reading that cites one explains nothing.
    const shipped = projectFiles(['lib', 'suites', 'mock', 'schemas', 'reporters', 'cli', 'load', 'docs', 'README.md', 'ARCHITECTURE.md']);
    expect(shipped.length).toBeGreaterThan(100);
    expect(shipped.filter((path) => /spec-tensions/i.test(readProjectFile(path)))).toEqual([]);
  });
});
