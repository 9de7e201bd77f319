import { entryName, type NumberedEntry } from '../expectations/expectations-file.ts';
import { sameFailure } from '../expectations/failure-line.ts';
import type { Scope } from '../expectations/scope.ts';
import type { RuleStatus } from './outcome.ts';
import { EXIT_CODE, type ExitCode } from '../exit-codes.ts';

/**
 * The gate: a run judged against the team's expectations file, the run's one verdict when one is given.
 * `as-expected` (exit 0): everything happened as the file says; `unexpected-failure` (1): a required rule
 * failed that no entry expects to fail; `stale-expectations` (4): the file is out of date (an expired entry,
 * an expected failure that passed, an entry naming a rule or check the catalogue lost); `incomplete` (3): a
 * required rule was skipped that no entry puts out of scope, or the harness erred. When several hold, 1 wins
 * over 4, and 4 over 3.
 */
export type GateOutcome = 'as-expected' | 'unexpected-failure' | 'stale-expectations' | 'incomplete';

export const GATE_EXIT: Readonly<Record<GateOutcome, ExitCode>> = {
  'as-expected': EXIT_CODE.pass,
  'unexpected-failure': EXIT_CODE.fail,
  'stale-expectations': EXIT_CODE.stale,
  incomplete: EXIT_CODE.incomplete,
};

/** Where a rule stands against the expectations; absent for a rule the file says nothing of that went as a run would have it. */
export type RuleStanding = 'out-of-scope' | 'expected-failure' | 'fixed' | 'new-failure' | 'unconfirmed';

/** The entry that speaks of a rule, as the report carries it beside the rule. */
export interface RuleExpectation {
  readonly expect: NumberedEntry['expect'];
  readonly reason: string;
  readonly link?: string;
  readonly expires?: string;
  readonly releases?: readonly string[];
  /** On a `fail` entry: how the rule failed in the run that wrote it. */
  readonly failure?: string;
  /** `entries[3]`: where it stands in the file. */
  readonly entry: string;
  /** The check the entry names, when it names one rather than the rule. */
  readonly check?: string;
}

export interface Gate {
  /** The expectations file applied. */
  readonly file: string;
  readonly outcome: GateOutcome;
  readonly exitCode: number;
  /** One line for each finding that keeps the gate from passing, the most serious first. */
  readonly reasons: readonly string[];
  /**
   * Findings that do not turn the gate red, each a violation or a blind spot a person should see: an expected
   * failure that passed (when told to only warn), an expected failure that now fails in a new way, a rule out
   * of scope that its check found failing.
   */
  readonly warnings: readonly string[];
  /**
   * Rules no check could judge because another rule failed first and the gate lets that one fail (an expected
   * failure, or out of scope): named in the headline, since the file cannot make them judged.
   */
  readonly notJudged: readonly { readonly rule: string; readonly blockedBy: string }[];
  /** Whether an expected failure that passed turns the gate red (the default) or only warns. */
  readonly fixedIsRed: boolean;
  /** The findings of entries themselves, not of a rule's result: expired ones, and names the catalogue lost. */
  readonly staleEntries: readonly { readonly entry: string; readonly message: string }[];
  readonly counts: {
    readonly entries: number;
    readonly otherReleases: number;
    readonly outOfScope: number;
    readonly checksNotRun: number;
    readonly expectedFailures: number;
    readonly fixed: number;
    readonly newFailures: number;
    readonly unconfirmed: number;
    readonly unlistedSkips: number;
    readonly errors: number;
    readonly expired: number;
    readonly unknown: number;
    /** Out-of-scope entries written where a failure hid the rule: not applied. */
    readonly hidden: number;
    /** Expected failures that failed in a new way, and out-of-scope rules found failing. */
    readonly failingAnew: number;
  };
}

export interface GateOptions {
  readonly scope: Scope;
  /** The day the run started, `YYYY-MM-DD` (UTC): an entry whose `expires` is before it has expired. */
  readonly today: string;
  /** An expected failure that passed is a warning, not a red gate (pytest's non-strict xfail). */
  readonly fixedWarns?: boolean;
}

/** What the gate reads of a rule's result. */
export interface JudgedRule {
  readonly id: string;
  readonly level: 'required' | 'observed';
  readonly status: RuleStatus;
  readonly detail?: string;
  readonly blockedBy?: string;
  /** Out of scope, yet its check found it failing: what it saw. */
  readonly setAside?: string;
}

/** The standing of one rule, from its status and the entries that name it. */
export function standingOf(rule: JudgedRule, scope: Scope): RuleStanding | undefined {
  if (scope.outOfScope.has(rule.id)) return 'out-of-scope';
  const expectsFail = scope.expectedToFail.has(rule.id);
  if (rule.status === 'fail') return expectsFail ? 'expected-failure' : 'new-failure';
  if (!expectsFail) return undefined;
  if (rule.status === 'pass') return 'fixed';
  return rule.status === 'disabled' ? undefined : 'unconfirmed';
}

/** The entry that names a rule, as the report carries it. */
export function expectationOf(rule: JudgedRule, scope: Scope): RuleExpectation | undefined {
  const entry = scope.outOfScope.get(rule.id) ?? scope.expectedToFail.get(rule.id);
  if (!entry) return undefined;
  return {
    expect: entry.expect,
    reason: entry.reason,
    ...(entry.link !== undefined ? { link: entry.link } : {}),
    ...(entry.expires !== undefined ? { expires: entry.expires } : {}),
    ...(entry.releases !== undefined ? { releases: entry.releases } : {}),
    ...(entry.failure !== undefined ? { failure: entry.failure } : {}),
    entry: `entries[${entry.index}]`,
    ...(entry.check !== undefined ? { check: entry.check } : {}),
  };
}

const DAY_MS = 86_400_000;

/** Judges the rules of a run (out-of-scope ones already set aside as disabled) against the expectations. */
export function judgeGate(rules: readonly JudgedRule[], problems: readonly string[], options: GateOptions): Gate {
  const { scope, today } = options;
  const lines = { failed: [] as string[], stale: [] as string[], incomplete: [] as string[], warnings: [] as string[] };
  const counts = { expectedFailures: 0, fixed: 0, newFailures: 0, unconfirmed: 0, unlistedSkips: 0, errors: 0, failingAnew: 0 };
  const notJudged: { rule: string; blockedBy: string }[] = [];
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  for (const rule of rules) {
    const standing = standingOf(rule, scope);
    const entry = scope.expectedToFail.get(rule.id);
    const said = rule.detail ? `: ${rule.detail.split('\n')[0]}` : '';
    const outside = scope.outOfScope.get(rule.id);
    if (outside && rule.setAside !== undefined) {
      counts.failingAnew += 1;
      lines.warnings.push(`${rule.id} is out of scope (${entryName(outside)}), but its check saw it fail: ${rule.setAside}`);
    }
    if (standing === 'expected-failure') {
      counts.expectedFailures += 1;
      if (entry?.failure !== undefined && !sameFailure(entry.failure, rule.detail)) {
        counts.failingAnew += 1;
        lines.warnings.push(`${rule.id} fails in a new way: ${entryName(entry)} expects "${entry.failure}", this run saw${said}`);
      }
    } else if (standing === 'new-failure') {
      counts.newFailures += 1;
      lines.failed.push(`${rule.id} failed, and no entry expects it to${said}`);
    } else if (standing === 'fixed' && entry) {
      counts.fixed += 1;
      (options.fixedWarns ? lines.warnings : lines.stale).push(`${rule.id} passed, but ${entryName(entry)} expects it to fail: fixed, remove the entry`);
    } else if (standing === 'unconfirmed' && entry && rule.level === 'required') {
      counts.unconfirmed += 1;
      const was = rule.status === 'error' ? 'in error' : rule.status === 'blocked' ? `blocked by ${rule.blockedBy ?? 'another rule'}` : 'skipped';
      lines.incomplete.push(`${rule.id} is expected to fail (${entryName(entry)}) but was ${was}${said}`);
    } else if (standing === undefined && rule.level === 'required' && rule.status === 'skipped') {
      counts.unlistedSkips += 1;
      lines.incomplete.push(`${rule.id} was skipped, and no entry puts it out of scope${said}`);
    } else if (standing === undefined && rule.level === 'required' && rule.status === 'error') {
      counts.errors += 1;
      lines.incomplete.push(`${rule.id} is in error${said}`);
    } else if (standing === undefined && rule.status === 'blocked' && rule.blockedBy !== undefined) {
      // A failure the gate lets pass still kept this rule from being judged; one it does not is red already.
      const blocker = byId.get(rule.blockedBy);
      if (blocker && standingOf(blocker, scope) !== 'new-failure') notJudged.push({ rule: rule.id, blockedBy: rule.blockedBy });
    }
  }
  for (const entry of scope.hidden)
    lines.stale.push(
      `${entryName(entry)} puts ${entry.rule ?? `check ${entry.check}`} out of scope because another rule failed first in the run that wrote it: what a failure hid is never out of scope, so it was judged here; remove the entry`,
    );
  // Every error that ended a check is also a rule in error above; a problem of no rule is its own line.
  if (problems.length > 0 && counts.errors + counts.unconfirmed === 0) lines.incomplete.push(`${problems.length} harness problem(s): ${problems[0]}`);
  const staleEntries: { entry: string; message: string }[] = [];
  for (const entry of scope.entries) {
    if (entry.expires === undefined || entry.expires >= today) continue;
    const days = Math.round((Date.parse(today) - Date.parse(entry.expires)) / DAY_MS);
    staleEntries.push({
      entry: entryName(entry),
      message: `${entryName(entry)} expired on ${entry.expires}, ${days} day${days === 1 ? '' : 's'} ago: renew it or remove it`,
    });
  }
  const expired = staleEntries.length;
  for (const entry of scope.unknown) {
    staleEntries.push({
      entry: entryName(entry),
      message: `${entryName(entry)} names a ${entry.rule !== undefined ? 'rule' : 'check'} the catalogue does not have (renamed or removed): rename or remove the entry`,
    });
  }
  lines.stale.push(...staleEntries.map((s) => s.message));
  const outcome: GateOutcome =
    lines.failed.length > 0 ? 'unexpected-failure' : lines.stale.length > 0 ? 'stale-expectations' : lines.incomplete.length > 0 ? 'incomplete' : 'as-expected';
  return {
    file: scope.file,
    outcome,
    exitCode: GATE_EXIT[outcome],
    reasons: [...lines.failed, ...lines.stale, ...lines.incomplete],
    warnings: lines.warnings,
    notJudged,
    fixedIsRed: !options.fixedWarns,
    staleEntries,
    counts: {
      entries: scope.entries.length,
      otherReleases: scope.otherReleases.length,
      outOfScope: scope.outOfScope.size,
      checksNotRun: scope.checksNotRun.length,
      ...counts,
      expired,
      unknown: scope.unknown.length,
      hidden: scope.hidden.length,
    },
  };
}
