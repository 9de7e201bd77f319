import type { Release } from '../dialer/releases.ts';
import type { ExpectationsFile, NumberedEntry } from './expectations-file.ts';

/** What the scope needs to know of a check: its ID and the rules it judges. */
export interface CheckRules {
  readonly id: string;
  readonly rules: readonly string[];
}

/** What an expectations file means for one run: the entries it applies, and what they do to rules and checks. */
export interface Scope {
  readonly file: string;
  readonly entries: readonly NumberedEntry[];
  /** Entries limited to other Dialer releases than the one the run expects: not applied. */
  readonly otherReleases: readonly NumberedEntry[];
  /** Entries naming a rule or a check the catalogue does not have (renamed or removed): an error of the file. */
  readonly unknown: readonly NumberedEntry[];
  /** Each rule out of scope, with the entry that puts it there. */
  readonly outOfScope: ReadonlyMap<string, NumberedEntry>;
  /** Each rule expected to fail, with its entry; a rule also out of scope is out of scope only. */
  readonly expectedToFail: ReadonlyMap<string, NumberedEntry>;
  /** Checks whose every rule is out of scope: they do not run. */
  readonly checksNotRun: readonly string[];
  /**
   * Out-of-scope entries written from a run where another rule's failure kept the rule from being judged:
   * not applied, since what a failure hid was never chosen out of scope. The rule is judged, and the entry
   * is out of date.
   */
  readonly hidden: readonly NumberedEntry[];
}

/** The reasons `--write-expectations` gave a rule another rule's failure kept from being judged, before `blocked` existed. */
const HIDDEN_BY_FAILURE = /: not (?:judged in full|reached): \S+ failed first in this check|: blocked by \S+/;

/** Whether an out-of-scope entry scopes out what a failure hid rather than what a team chose. */
export function hidesAFailure(entry: Pick<NumberedEntry, 'expect' | 'reason'>): boolean {
  return entry.expect === 'out-of-scope' && HIDDEN_BY_FAILURE.test(entry.reason);
}

/**
 * Applies an expectations file to a run that expects Dialer release `release`. An entry for a check stands
 * for every rule the check judges; a check also judging rules in scope still runs, and only the verdicts of
 * its rules out of scope are set aside.
 */
export function scopeOf(
  file: ExpectationsFile,
  catalogue: { readonly rules: readonly string[]; readonly checks: readonly CheckRules[]; readonly release: Release },
): Scope {
  const rules = new Set(catalogue.rules);
  const checks = new Map(catalogue.checks.map((c) => [c.id, c]));
  const unknown: NumberedEntry[] = [];
  const otherReleases: NumberedEntry[] = [];
  const hidden: NumberedEntry[] = [];
  const outOfScope = new Map<string, NumberedEntry>();
  const expectedToFail = new Map<string, NumberedEntry>();
  for (const entry of file.entries) {
    const named = entry.rule !== undefined ? (rules.has(entry.rule) ? [entry.rule] : undefined) : checks.get(entry.check as string)?.rules;
    if (named === undefined) {
      unknown.push(entry);
      continue;
    }
    if (entry.releases !== undefined && !entry.releases.includes(catalogue.release)) {
      otherReleases.push(entry);
      continue;
    }
    if (hidesAFailure(entry)) {
      hidden.push(entry);
      continue;
    }
    for (const rule of named) (entry.expect === 'out-of-scope' ? outOfScope : expectedToFail).set(rule, entry);
  }
  for (const rule of outOfScope.keys()) expectedToFail.delete(rule);
  const checksNotRun = catalogue.checks.filter((c) => c.rules.length > 0 && c.rules.every((r) => outOfScope.has(r))).map((c) => c.id);
  return { file: file.path, entries: file.entries, otherReleases, unknown, outOfScope, expectedToFail, checksNotRun, hidden };
}
