import type { MeasuredUse } from '../budget/measured-use.ts';
import type { Target } from '../config/target.ts';
import { toolCommand } from '../invocation.ts';
import { notApplicableReason, type Release } from '../dialer/releases.ts';
import { GAPS, RULES } from '../rules/index.ts';
import type { Gap, Rule } from '../rules/types.ts';
import { expectationOf, type Gate, type GateOptions, judgeGate, type RuleExpectation, type RuleStanding, standingOf } from './gate.ts';
import { type CheckOutcome, type Evidence, type RuleStatus, escalate, type RuleVerdict } from './outcome.ts';
import { EXIT_CODE } from '../exit-codes.ts';

/**
 * The run report: one document, versioned, that every reporter renders. Its shape is documented in
 * `docs/reference/reports.md`; bump REPORT_VERSION on any change a consumer could notice.
 */
export const REPORT_FORMAT = 'cc-conformance-report';
export const REPORT_VERSION = 9;

export interface RuleResult extends Rule {
  readonly status: RuleStatus;
  /** Failure message, skip reason, blocking or error of the deciding check. */
  readonly detail?: string;
  /** On `blocked`: the rule whose failure kept this one from being judged. */
  readonly blockedBy?: string;
  /**
   * With an expectations file, on a rule out of scope that a check still judged (it judges rules in scope
   * too): the failure its check saw, set aside by the file but never unsaid.
   */
  readonly setAside?: string;
  readonly evidence?: Evidence;
  readonly notes: readonly string[];
  /** Each check that spoke of the rule, with what it found. */
  readonly checks: readonly { readonly check: string; readonly status: RuleVerdict['status']; readonly detail?: string }[];
  /** Requests of the checks that judge this rule (a check judging two rules counts for both). */
  readonly requests: number;
  /** On a `fail` or `error`: how to see it again (the request alone is `evidence.curl`). */
  readonly reproduce?: Reproduce;
  /** With an expectations file: the entry that names the rule. */
  readonly expectation?: RuleExpectation;
  /** With an expectations file: where the rule stands against it (absent when the file has nothing to say of it). */
  readonly standing?: RuleStanding;
}

export interface Reproduce {
  /** The run seed, which replays the run's random choices. */
  readonly seed: number;
  /** The command that runs this rule's checks again with that seed. */
  readonly rerun: string;
}

/**
 * The command line that judges one rule again with the run's seed, written as the user called the tool:
 * `npm run conformance -- …` in a checkout, `cc-conformance run …` where it is installed.
 */
export function rerunCommand(ruleId: string, seed: number): string {
  return toolCommand('run', `--seed ${seed} --rule ${ruleId}`);
}

/**
 * A record the run created and left on the target, as its ledger shows: one it had not deleted by its end
 * (to clean up with the cleanup command), one the API gives no way to delete, or one the API keeps when
 * deleted (a Dialer campaign stays with status `deleted`).
 */
export interface LeftoverRecord {
  /** What it is, in words: `contact`, `Dialer campaign`, `voice agent`. */
  readonly kind: string;
  /** The part of the API that holds it, as rules are grouped: `dialer` for a Dialer record, never its host `ai`. */
  readonly surface: string;
  /** The target's id of the record, when its create answered one. */
  readonly id?: string;
  /** The name the run gave it; it starts with the run's prefix. */
  readonly name?: string;
  /** The check that created it. */
  readonly check: string;
  readonly deletable: boolean;
  /** How to delete it (method and path), or why the API cannot. */
  readonly how: string;
}

export interface RunSummary {
  readonly rules: number;
  readonly byStatus: Readonly<Record<RuleStatus, number>>;
  readonly required: Readonly<Record<RuleStatus, number>>;
  readonly gaps: number;
  readonly checks: number;
  readonly requests: number;
  readonly unplanned429: number;
  readonly retried503: number;
  readonly leftovers: number;
}

/** A check as the report lists it: what it sent, against its allowance, and how many of its rules it judged. */
export interface CheckEconomy extends Omit<CheckOutcome, 'verdicts'> {
  /** Its rules judged in this run (pass or fail); a rule skipped, in error or of another release is not. */
  readonly judged: number;
}

export interface LaneCost {
  readonly lane: string;
  /** Every request of the lane's checks, retries and cleanup included. */
  readonly requests: number;
  /** Its ten checks that sent the most, the most first. */
  readonly checks: readonly { readonly check: string; readonly requests: number; readonly allowance: number; readonly judged: number }[];
}

/** Each lane's total and its ten costliest checks, lanes in the order their checks ran. */
function costliest(checks: readonly CheckEconomy[]): LaneCost[] {
  const lanes = [...new Set(checks.flatMap((c) => (c.lane === undefined ? [] : [c.lane])))];
  return lanes.map((lane) => {
    const own = checks.filter((c) => c.lane === lane);
    return {
      lane,
      requests: own.reduce((n, c) => n + c.requests, 0),
      checks: [...own]
        .sort((a, b) => b.requests - a.requests)
        .slice(0, 10)
        .map(({ check, requests, allowance, judged }) => ({ check, requests, allowance, judged })),
    };
  });
}

export interface RunReport {
  readonly format: typeof REPORT_FORMAT;
  readonly version: typeof REPORT_VERSION;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  /** The run's id; every name the run creates starts with `prefix`, which carries it. */
  readonly runId: string;
  readonly prefix: string;
  /** The ledger file of the run, listing every record it created as it did; there once the checks start, even if they send nothing. */
  readonly ledger?: string;
  readonly target: {
    readonly bundledMock: boolean;
    readonly urls: Readonly<Record<string, string>>;
    /** Key slots configured; never the IDs or secrets. */
    readonly keySlots: readonly string[];
    readonly rateWindowMs: number;
    readonly effects: readonly string[];
    /** The Dialer release the run checked; rules of other releases are reported disabled. */
    readonly dialerRelease: string;
  };
  readonly summary: RunSummary;
  readonly verdict: 'pass' | 'fail' | 'incomplete';
  /** The run was stopped (Ctrl-C, SIGTERM) before every check ran: what ran is reported, the rest is not judged. */
  readonly interrupted: boolean;
  readonly rules: readonly RuleResult[];
  readonly gaps: readonly Gap[];
  readonly checks: readonly CheckEconomy[];
  /** Each lane's ten checks that sent the most, so the cost of a run can be watched from one report to the next. */
  readonly costliest: readonly LaneCost[];
  /** Harness problems: errors that ended a check (transport, timeout, allowance) and those that belong to no rule (a crashed suite file). */
  readonly problems: readonly string[];
  /** Every record the run created and left on the target, deletable or not. */
  readonly leftovers: readonly LeftoverRecord[];
  /** With an expectations file: the run judged against it, which then decides the headline and the exit code. */
  readonly gate?: Gate;
  /** A report of traffic the tool observed (`observe`) rather than sent: what the capture held. */
  readonly traffic?: TrafficSummary;
}

/** What a report says of the traffic it judged: how much, over how long, whose, and where it went. */
export interface TrafficSummary {
  /** Entries read, every host's. */
  readonly entries: number;
  /** Exchanges with one of the target's hosts: the ones judged. */
  readonly exchanges: number;
  /** Entries for addresses that are none of the target's hosts: counted and skipped. */
  readonly otherHosts: number;
  readonly from?: string;
  readonly to?: string;
  readonly durationMs: number;
  readonly byPart: Readonly<Partial<Record<string, number>>>;
  /** Exchanges per company (a salted hash of its key ID, never the key), `unauthenticated` or `credentials-unreadable`. */
  readonly byCompany: Readonly<Record<string, number>>;
  /** Each rule judged, with how many exchanges its judge read. */
  readonly judged: readonly { readonly rule: string; readonly exchanges: number }[];
  /** Rules the catalogue marks not observable from traffic. */
  readonly notObservable: number;
  /**
   * The core and Dialer budgets as the capture spent them: per company, requests per window of the target's
   * length (median, p95, peak) and the 429s met. `capacity --baseline` plans a campaign in what is left.
   */
  readonly budgetUse: MeasuredUse;
  /**
   * What the server answered past the budget: per company and budget, the requests beyond the 60th of a window
   * (windows of the target's length from the capture's first exchange, not the server's own) and how many of
   * them were served. A figure, not a verdict: two windows of the server's may meet in one of the capture's.
   */
  readonly pastBudget: readonly {
    readonly company: string;
    readonly budget: string;
    readonly windows: number;
    readonly requests: number;
    readonly served: number;
  }[];
}

export interface ReportInput {
  readonly outcomes: readonly CheckOutcome[];
  readonly target: Target;
  readonly seed: number;
  readonly startedAt: Date;
  readonly durationMs: number;
  /** Rules this run selected; the rest are reported disabled. Undefined selects all. */
  readonly selected?: ReadonlySet<string>;
  readonly problems?: readonly string[];
  readonly rules?: readonly Rule[];
  readonly interrupted?: boolean;
  readonly runId?: string;
  readonly prefix?: string;
  readonly ledger?: string;
  readonly leftovers?: readonly LeftoverRecord[];
  /** The expectations applied to this run: its rules out of scope are set aside, and the gate is judged. */
  readonly gate?: GateOptions;
  /** Why a rule left out of `selected` is not judged; "not selected in this run" when not given. */
  readonly unselectedReason?: (ruleId: string) => string;
  readonly traffic?: TrafficSummary;
}

function zeroCounts(): Record<RuleStatus, number> {
  return { pass: 0, fail: 0, blocked: 0, skipped: 0, error: 0, disabled: 0 };
}

/** A rule the expectations put out of scope: not judged here, and what its checks found kept as a note. */
function outOfScope(judged: RuleResult, reason: string): RuleResult {
  const found =
    judged.status === 'disabled' ? [] : [`its checks found it ${judged.status}${judged.detail ? ` (${judged.detail.split('\n')[0]})` : ''}; set aside`];
  const { blockedBy: _blockedBy, ...rest } = judged;
  return {
    ...rest,
    status: 'disabled',
    detail: `out of scope: ${reason}`,
    ...(judged.status === 'fail' ? { setAside: (judged.detail ?? '').split('\n')[0] } : {}),
    notes: [...judged.notes, ...found],
    checks: judged.checks,
    requests: judged.requests,
    evidence: undefined,
    reproduce: undefined,
  };
}

function ruleResult(
  rule: Rule,
  outcomes: readonly CheckOutcome[],
  selected: ReadonlySet<string> | undefined,
  release: Release,
  seed: number,
  unselectedReason: (ruleId: string) => string = () => 'not selected in this run',
): RuleResult {
  if (selected && !selected.has(rule.id)) {
    return { ...rule, status: 'disabled', detail: unselectedReason(rule.id), notes: [], checks: [], requests: 0 };
  }
  const otherRelease = notApplicableReason(rule, release);
  if (otherRelease) return { ...rule, status: 'disabled', detail: otherRelease, notes: [], checks: [], requests: 0 };
  const checks: RuleResult['checks'][number][] = [];
  const notes: string[] = [];
  let requests = 0;
  let deciding: RuleVerdict | undefined;
  for (const outcome of outcomes) {
    for (const verdict of outcome.verdicts) {
      if (verdict.rule !== rule.id) continue;
      checks.push({ check: outcome.check, status: verdict.status, ...(verdict.detail ? { detail: verdict.detail } : {}) });
      notes.push(...verdict.notes);
      requests += outcome.requests;
      if (!deciding || escalate(deciding.status, verdict.status) !== deciding.status) deciding = verdict;
    }
  }
  if (!deciding) {
    return {
      ...rule,
      status: 'error',
      detail: 'no check in this run judges this rule',
      notes,
      checks,
      requests,
      reproduce: { seed, rerun: rerunCommand(rule.id, seed) },
    };
  }
  const skippedChecks = checks.filter((c) => c.status === 'skipped');
  if (deciding.status === 'pass' && skippedChecks.length > 0) {
    notes.push(...skippedChecks.map((c) => `check ${c.check} skipped: ${c.detail ?? ''}`));
  }
  return {
    ...rule,
    status: deciding.status,
    ...(deciding.detail ? { detail: deciding.detail } : {}),
    ...(deciding.blockedBy !== undefined ? { blockedBy: deciding.blockedBy } : {}),
    ...(deciding.evidence ? { evidence: deciding.evidence } : {}),
    notes,
    checks,
    requests,
    // A stateful check's failure replays its shortest failing sequence first, not a fresh exploration.
    ...(deciding.status === 'fail' || deciding.status === 'error'
      ? { reproduce: { seed, rerun: deciding.evidence?.sequence?.replay ?? rerunCommand(rule.id, seed) } }
      : {}),
  };
}

export function buildReport(input: ReportInput): RunReport {
  const checks: CheckEconomy[] = input.outcomes.map(({ verdicts, ...rest }) => ({
    ...rest,
    judged: verdicts.filter((v) => v.status === 'pass' || v.status === 'fail').length,
  }));
  const catalogue = input.rules ?? RULES;
  const scope = input.gate?.scope;
  const rules = catalogue.map((rule) => {
    const judged = ruleResult(rule, input.outcomes, input.selected, input.target.dialer.release, input.seed, input.unselectedReason);
    const outside = scope?.outOfScope.get(rule.id);
    const result = outside ? outOfScope(judged, outside.reason) : judged;
    const expectation = scope ? expectationOf(result, scope) : undefined;
    const standing = scope ? standingOf(result, scope) : undefined;
    return { ...result, ...(expectation ? { expectation } : {}), ...(standing ? { standing } : {}) };
  });
  const byStatus = zeroCounts();
  const required = zeroCounts();
  for (const r of rules) {
    byStatus[r.status] += 1;
    if (r.level === 'required') required[r.status] += 1;
  }
  const problems = [...input.outcomes.flatMap((o) => o.problems ?? []), ...(input.problems ?? [])];
  const activeRequired = required.pass + required.fail + required.blocked + required.skipped + required.error;
  let verdict: RunReport['verdict'];
  if (required.fail > 0) verdict = 'fail';
  else if (required.pass === activeRequired && activeRequired > 0 && problems.length === 0 && !input.interrupted) verdict = 'pass';
  else verdict = 'incomplete';
  const urls: Record<string, string> = {};
  for (const [surface, url] of Object.entries(input.target.urls)) if (url) urls[surface] = url;
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    seed: input.seed,
    runId: input.runId ?? 'unnamed',
    prefix: input.prefix ?? 'cc-conformance',
    ...(input.ledger !== undefined ? { ledger: input.ledger } : {}),
    target: {
      bundledMock: input.target.bundledMock,
      urls,
      keySlots: Object.keys(input.target.keys),
      rateWindowMs: input.target.rateWindowMs,
      effects: [...input.target.effects],
      dialerRelease: input.target.dialer.release,
    },
    summary: {
      rules: rules.length,
      byStatus,
      required,
      gaps: GAPS.length,
      checks: input.outcomes.filter((o) => o.step !== true).length,
      requests: input.outcomes.reduce((n, o) => n + o.requests, 0),
      unplanned429: input.outcomes.reduce((n, o) => n + o.unplanned429, 0),
      retried503: input.outcomes.reduce((n, o) => n + o.retried503, 0),
      leftovers: input.leftovers?.length ?? 0,
    },
    verdict,
    rules,
    gaps: GAPS,
    checks,
    costliest: costliest(checks),
    problems,
    interrupted: input.interrupted ?? false,
    leftovers: input.leftovers ?? [],
    ...(input.gate ? { gate: judgeGate(rules, problems, input.gate) } : {}),
    ...(input.traffic ? { traffic: input.traffic } : {}),
  };
}

/**
 * The run's one verdict, which every headline, colour and exit code shows: the gate's outcome when an
 * expectations file was applied, else the conformance verdict; an interrupted run is that, whatever else.
 */
export interface RunOutcome {
  /** The headline word: `PASS`, `FAIL`, `INCOMPLETE`, `AS EXPECTED`, `UNEXPECTED FAILURE`, `STALE EXPECTATIONS`, `INTERRUPTED`. */
  readonly headline: string;
  /** Green or red. */
  readonly ok: boolean;
  /** 0 pass (or as expected), 1 fail (an unexpected failure), 3 incomplete, 4 stale expectations, 130 interrupted. */
  readonly exitCode: number;
}

export function outcomeOf(report: RunReport): RunOutcome {
  if (report.interrupted) return { headline: 'INTERRUPTED', ok: false, exitCode: EXIT_CODE.interrupted };
  if (report.gate) return { headline: report.gate.outcome.replace('-', ' ').toUpperCase(), ok: report.gate.exitCode === 0, exitCode: report.gate.exitCode };
  // The verdicts are named as their exit codes: pass 0, fail 1, incomplete 3.
  return { headline: report.verdict.toUpperCase(), ok: report.verdict === 'pass', exitCode: EXIT_CODE[report.verdict] };
}

/** What the headline adds when the gate lets a failure stand that kept other rules from being judged. */
export function notJudgedPhrase(report: RunReport): string {
  const blocked = report.gate?.notJudged ?? [];
  if (blocked.length === 0) return '';
  return `; not judged, blocked by a failure the expectations allow: ${blocked.map((b) => `${b.rule} (by ${b.blockedBy})`).join(', ')}`;
}

/** Process exit code of a run: its outcome's. */
export function exitCodeOf(report: RunReport): number {
  return outcomeOf(report).exitCode;
}
