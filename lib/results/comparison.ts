import { ConfigError } from '../errors.ts';
import type { ApiPart } from '../contract/vocabulary.ts';
import { escalate, type RuleStatus, type RuleVerdict } from './outcome.ts';
import type { RuleResult, RunReport } from './report.ts';
import { EXIT_CODE } from '../exit-codes.ts';

/**
 * Two run reports side by side (two runs, two targets, two Dialer releases): every rule whose status
 * changed, with what each side said of it. One document, versioned like the report, that every
 * comparison view renders; bump COMPARISON_VERSION on any change a consumer could notice. Pure: reading
 * the files is the command's job.
 */
export const COMPARISON_FORMAT = 'cc-conformance-comparison';
export const COMPARISON_VERSION = 1;

/** In the order the views list them: what breaks a build first. */
export const CHANGE_KINDS = ['new-failure', 'fixed', 'newly-skipped', 'newly-judged', 'added', 'removed', 'other'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The statuses that are a judgement of the target; the others say it was not judged (skipped, error, disabled). */
const JUDGED: ReadonlySet<RuleStatus> = new Set(['pass', 'fail']);
const STATUSES: ReadonlySet<string> = new Set<RuleStatus>(['pass', 'fail', 'blocked', 'skipped', 'error', 'disabled']);

/** Which report a side is, enough to tell two runs apart and find them again. */
export interface ComparedReport {
  /** The file it was read from, or a label for a report built in memory. */
  readonly path: string;
  readonly runId: string;
  readonly startedAt: string;
  readonly seed: number;
  /** The core host's URL (the first one named when a report has no core host). */
  readonly baseUrl: string;
  readonly bundledMock: boolean;
  /** The Dialer release the run checked. */
  readonly dialerRelease: string;
  readonly verdict: RunReport['verdict'];
  readonly interrupted: boolean;
}

/** The request that showed the verdict, in short: enough to recognise it and the line that replays it. */
export interface SideEvidence {
  readonly request: { readonly method: string; readonly url: string };
  readonly response: { readonly status: number };
  readonly curl?: string;
}

/** What one report said of a rule. */
export interface RuleSide {
  readonly status: RuleStatus;
  readonly detail?: string;
  readonly evidence?: SideEvidence;
  /**
   * What the report's expectations file said of the rule (`out-of-scope`, `fail`) and why, shown beside
   * its side. The classification reads the status only: an expected failure that appears is still new.
   */
  readonly expectation?: RuleResult['expectation'];
}

/** A check that judged the rule on either side, matched by its id; a side it did not run on is absent. */
export interface CheckChange {
  readonly check: string;
  readonly before?: RuleVerdict['status'];
  readonly after?: RuleVerdict['status'];
}

export interface RuleChange {
  readonly id: string;
  readonly surface: ApiPart;
  /** As the newer report words it (the older one for a removed rule). */
  readonly statement: string;
  readonly section: string;
  readonly change: ChangeKind;
  /** Absent for an added rule. */
  readonly before?: RuleSide;
  /** Absent for a removed rule. */
  readonly after?: RuleSide;
  /** Sorted by check id: the reports list them in the order the lanes finished, which varies. */
  readonly checks: readonly CheckChange[];
}

export interface Comparison {
  readonly format: typeof COMPARISON_FORMAT;
  readonly version: typeof COMPARISON_VERSION;
  /** `regression` when a rule newly fails; every view's headline says this, none works it out again. */
  readonly verdict: 'regression' | 'no-regression';
  readonly before: ComparedReport;
  readonly after: ComparedReport;
  readonly summary: {
    /** Rules of either report whose status changed, added and removed ones included. */
    readonly changed: number;
    /** Rules in both reports with the same status. */
    readonly unchanged: number;
    readonly byChange: Readonly<Record<ChangeKind, number>>;
  };
  /** Grouped by change in CHANGE_KINDS order, by rule id within a group, whatever order the reports had. */
  readonly changes: readonly RuleChange[];
}

/** A report and where it came from. */
export interface LabelledReport {
  readonly path: string;
  readonly report: RunReport;
}

/** How a rule's status moved; undefined when it did not. A side without the rule is `undefined`. */
export function classifyChange(before: RuleStatus | undefined, after: RuleStatus | undefined): ChangeKind | undefined {
  if (before === undefined && after === undefined) return undefined;
  if (before === undefined) return 'added';
  if (after === undefined) return 'removed';
  if (before === after) return undefined;
  if (after === 'fail') return 'new-failure';
  if (before === 'fail' && after === 'pass') return 'fixed';
  if (JUDGED.has(before) && !JUDGED.has(after)) return 'newly-skipped';
  if (!JUDGED.has(before) && JUDGED.has(after)) return 'newly-judged';
  return 'other';
}

function identity({ path, report }: LabelledReport): ComparedReport {
  const urls = report.target.urls;
  return {
    path,
    runId: report.runId,
    startedAt: report.startedAt,
    seed: report.seed,
    baseUrl: urls.core ?? Object.values(urls)[0] ?? '',
    bundledMock: report.target.bundledMock,
    dialerRelease: report.target.dialerRelease,
    verdict: report.verdict,
    interrupted: report.interrupted,
  };
}

/** The expectation a rule carries, when the file holds one that can be shown; reports without an expectations file have none. */
function shownExpectation(rule: RuleResult): RuleResult['expectation'] {
  const raw: unknown = rule.expectation;
  if (typeof raw !== 'object' || raw === null || typeof (raw as { expect?: unknown }).expect !== 'string') return undefined;
  return rule.expectation;
}

function sideOf(rule: RuleResult): RuleSide {
  const ev = rule.evidence;
  const expectation = shownExpectation(rule);
  return {
    status: rule.status,
    ...(rule.detail !== undefined ? { detail: rule.detail } : {}),
    ...(ev
      ? {
          evidence: {
            request: { method: ev.request.method, url: ev.request.url },
            response: { status: ev.response.status },
            ...(ev.curl !== undefined ? { curl: ev.curl } : {}),
          },
        }
      : {}),
    ...(expectation ? { expectation } : {}),
  };
}

/** A rule's checks by id; a check that spoke of the rule twice counts with its stronger status. */
function checksById(rule: RuleResult | undefined): Map<string, RuleVerdict['status']> {
  const out = new Map<string, RuleVerdict['status']>();
  for (const c of rule?.checks ?? []) {
    const seen = out.get(c.check);
    out.set(c.check, seen === undefined ? c.status : escalate(seen, c.status));
  }
  return out;
}

function checkChanges(before: RuleResult | undefined, after: RuleResult | undefined): CheckChange[] {
  const b = checksById(before);
  const a = checksById(after);
  return [...new Set([...b.keys(), ...a.keys()])].sort(byText).map((check) => {
    const was = b.get(check);
    const is = a.get(check);
    return { check, ...(was !== undefined ? { before: was } : {}), ...(is !== undefined ? { after: is } : {}) };
  });
}

/** Plain code-unit order: the same on every machine, unlike a locale's. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function rulesById(report: RunReport): Map<string, RuleResult> {
  return new Map(report.rules.map((r) => [r.id, r]));
}

/** Every rule whose status differs between the two reports, matched by rule id and never by position. */
export function compareReports(before: LabelledReport, after: LabelledReport): Comparison {
  const was = rulesById(before.report);
  const is = rulesById(after.report);
  const byChange = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  const changes: RuleChange[] = [];
  let unchanged = 0;
  for (const id of new Set([...was.keys(), ...is.keys()])) {
    const b = was.get(id);
    const a = is.get(id);
    const change = classifyChange(b?.status, a?.status);
    if (change === undefined) {
      unchanged += 1;
      continue;
    }
    const shown = (a ?? b) as RuleResult;
    byChange[change] += 1;
    changes.push({
      id,
      surface: shown.surface,
      statement: shown.statement,
      section: shown.section,
      change,
      ...(b ? { before: sideOf(b) } : {}),
      ...(a ? { after: sideOf(a) } : {}),
      checks: checkChanges(b, a),
    });
  }
  changes.sort((x, y) => CHANGE_KINDS.indexOf(x.change) - CHANGE_KINDS.indexOf(y.change) || byText(x.id, y.id));
  return {
    format: COMPARISON_FORMAT,
    version: COMPARISON_VERSION,
    verdict: byChange['new-failure'] > 0 ? 'regression' : 'no-regression',
    before: identity(before),
    after: identity(after),
    summary: { changed: changes.length, unchanged, byChange },
    changes,
  };
}

/** 0 no regression, 1 a rule newly fails (bad input, 2, is the command's). */
export function comparisonExitCode(comparison: Comparison): number {
  return comparison.verdict === 'regression' ? EXIT_CODE.fail : EXIT_CODE.pass;
}

/**
 * Refuses, with a one-line ConfigError naming the file, a report whose rules cannot be matched by id: a
 * rule without an id or a known status, or one listed twice. The format and version are checked as the
 * file is read (`report-file.ts`).
 */
export function checkComparable(report: RunReport, path: string): void {
  if (typeof report.target !== 'object' || report.target === null) throw new ConfigError(`${path} has no target`);
  const seen = new Set<string>();
  for (const [i, r] of (report.rules as readonly unknown[]).entries()) {
    const { id, status } = (typeof r === 'object' && r !== null ? r : {}) as { id?: unknown; status?: unknown };
    if (typeof id !== 'string') throw new ConfigError(`${path}: rule ${i + 1} has no id`);
    if (typeof status !== 'string' || !STATUSES.has(status))
      throw new ConfigError(`${path}: rule ${id} has status ${JSON.stringify(status)}, not one of ${[...STATUSES].join(', ')}`);
    if (seen.has(id)) throw new ConfigError(`${path} lists rule ${id} twice`);
    seen.add(id);
  }
}
