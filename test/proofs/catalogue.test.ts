import { describe, expect, test } from 'vitest';
import { GAPS, RULES } from '../../lib/rules/index.js';
import { FAULTS } from '../../mock/faults/registry.js';
import { ALL_CHECKS } from '../../suites/index.js';

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
      expect(check.rules.filter((id) => !ruleIds.has(id)), check.id).toEqual([]);
      expect(check.maxRequests, check.id).toBeGreaterThan(0);
    }
  });

  test('every rule is judged by at least one check', () => {
    const judged = new Set(ALL_CHECKS.flatMap((c) => c.rules));
    expect(RULES.filter((r) => !judged.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  test('every required rule has a fault that kills it, and faults only break required rules', () => {
    const killed = new Set(FAULTS.map((f) => f.breaks));
    expect(RULES.filter((r) => r.level === 'required' && !killed.has(r.id)).map((r) => r.id)).toEqual([]);
    const observed = new Set(RULES.filter((r) => r.level === 'observed').map((r) => r.id));
    expect(FAULTS.filter((f) => !ruleIds.has(f.breaks) || observed.has(f.breaks)).map((f) => f.name)).toEqual([]);
  });

  test('every rule points at a spec section, and vendor-reference rules say so', () => {
    for (const rule of RULES) {
      expect(rule.section.length, rule.id).toBeGreaterThan(0);
      expect(rule.statement.endsWith('.'), `${rule.id}: a statement is one sentence`).toBe(true);
      expect(['spec', 'vendor-reference']).toContain(rule.source);
    }
  });
});
