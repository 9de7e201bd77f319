import {
  allowanceOn,
  type CheckDefinition,
  type SequenceCost,
  ifBatchRefusedRequests,
  randomStepsAllowance,
  randomValuesDeclared,
  randomValuesOn,
  totalOf,
  sequenceCount,
  sequenceStepRequests,
  sequenceSteps,
  withKeyForgone,
} from '../lib/checks/define.ts';
import { batchRequests, type DeletionBatch } from '../lib/checks/batched-deletions.ts';
import type { MadeTogether, SharedRecord } from '../lib/checks/shared-records.ts';
import { LANES } from '../lib/checks/lanes.ts';
import { API_PARTS, type ApiPart } from '../lib/contract/vocabulary.ts';
import { type Pace, pacedMs, plannedMs } from '../lib/checks/pace.ts';
import { judgedAtRelease, missingPrerequisite } from '../lib/checks/runner.ts';
import type { SequenceSize, Target } from '../lib/config/target.ts';
import type { PlannedLane } from '../lib/results/run-progress.ts';
import { perWindowAt } from '../lib/http/pacer.ts';
import { BUDGET_BLOCKED_WINDOWS } from '../suites/budget/budget-check.ts';
import { laneOf, meterOf } from '../suites/index.ts';

/**
 * What a conformance run will do, worked out from the target's settings alone, before anything is sent:
 * the requests each budget may get, the time each lane takes at the pace, what is skipped and why, and what
 * the budget checks cost the company. Figures come from the checks' allowances (maxima, cleanup included),
 * so they are upper bounds on requests; times count what the pace imposes, not the target's response time.
 */

/** A lane: its checks, their allowances, and what the pace imposes on them one after another. */
export interface LanePlan extends PlannedLane {
  /**
   * Its ten checks besides the stateful ones with the largest allowances, the largest first: where the lane's
   * requests go. `shared`: of the allowance, the makes of records the lane's checks share, which its total counts once.
   */
  readonly costliest: readonly { readonly check: string; readonly requests: number; readonly shared: number }[];
  /**
   * What its stateful checks may spend, among its requests (their shrinking counted once), and the time it takes at the pace: shown apart.
   * `rest`: the lane's requests besides theirs.
   */
  readonly stateful: { readonly checks: number; readonly requests: number; readonly ms: number; readonly rest: number };
}

export interface MeterPlan {
  readonly meter: ApiPart;
  /** Allowances of the checks that run, counted where they say their requests go (`elsewhere`), the rest on their own meter. */
  readonly requests: number;
}

export interface BudgetPlan {
  readonly checks: readonly string[];
  /** Whether they run (the `budget` effect, or the bundled mock); otherwise the skipped list says what enables them. */
  readonly runs: boolean;
  readonly ms: number;
  /** How long each of the company's budgets refuses its other integrations meanwhile. */
  readonly blockedMs: number;
}

export interface RunPlan {
  readonly share: number;
  /** How many checks run: those of the lanes, and the budget checks when they run. */
  readonly checksRun: number;
  /** How many checks will not run for want of a setting: those the skipped list names. */
  readonly checksSkipped: number;
  readonly pace: Pace;
  readonly lanes: readonly LanePlan[];
  readonly meters: readonly MeterPlan[];
  /** The lanes side by side: the slowest lane, or the busiest meter if lanes share one. */
  readonly lanesMs: number;
  readonly budget?: BudgetPlan;
  readonly totalMs: number;
  /** Checks that will not run, grouped by what would enable them. */
  readonly skipped: readonly { readonly reason: string; readonly checks: readonly string[] }[];
  /** Checks none of whose rules belong to the expected Dialer release. */
  readonly disabled: readonly string[];
  /** The most Dialer campaigns the checks that run leave on the account (CheckDefinition `leaves`): the API keeps them deleted. */
  readonly campaignsLeft: number;
  /** Of the checks that run, the most campaigns they make only on a target that takes a create it must refuse (`leaves.ifTaken`). */
  readonly campaignsIfTaken: number;
  /**
   * The records the checks that run leave to their lane's end, deleted there together: what they are, how
   * many at most (a target that refuses the batches costs one delete each beyond them), and the requests it takes.
   */
  readonly batched: { readonly what: readonly string[]; readonly records: number; readonly requests: number };
  /**
   * The makes that serve several checks at once (`SharedRecord.madeTogether`), in the plan's words with their
   * sharers, and what the sharers send beyond the figures above when the target refuses one (`ifBatchRefused`).
   */
  readonly madeTogether: readonly { readonly words: MadeTogether; readonly sharers: number; readonly requests: number }[];
  /** The stateful checks that run, each with its allowance (counted in the lanes above), and the sequences the target gets (CC_SEQUENCES). */
  readonly stateful: {
    readonly checks: readonly {
      readonly check: string;
      readonly requests: number;
      readonly count: number;
      readonly steps: number;
      /** The most requests one sequence's steps send, its closing apart. */
      readonly stepRequests: number;
    }[];
    readonly sequences: SequenceSize;
    /** How many of a lane's stateful checks with closing steps draw random steps (CC_SEQUENCE_CHECKS; absent: every one). */
    readonly perLane?: number;
  };
  /**
   * The random fuzz values of the checks that run: the cap per check (CC_FUZZ_RANDOM; absent: each check's
   * own), how many of a lane's fuzzed checks draw them (CC_FUZZ_CHECKS; absent: every one), and of those that
   * draw the most, the values drawn at most; those stated; the checks that state some.
   */
  readonly fuzz: { readonly cap?: number; readonly perLane?: number; readonly drawn: number; readonly stated: number; readonly checks: number };
}

/** How a check's allowance against the target spreads over the meters, less what it sends only when the target refuses a batch. */
export function requestsByMeter(
  check: CheckDefinition,
  target: Pick<Target, 'fuzzRandomCap' | 'sequences' | 'bundledMock' | 'dialer' | 'keys'>,
): Map<ApiPart, number> {
  const out = new Map<ApiPart, number>();
  let rest = allowanceOn(check, target) - ifBatchRefusedRequests(check);
  const keyless = withKeyForgone(check, target).elsewhere;
  for (const [meter, n] of Object.entries(check.cost.elsewhere ?? {}) as [ApiPart, number][]) {
    const sent = n - (keyless[meter] ?? 0);
    out.set(meter, (out.get(meter) ?? 0) + sent);
    rest -= sent;
  }
  const own = meterOf(check);
  out.set(own, (out.get(own) ?? 0) + Math.max(0, rest));
  return out;
}

/**
 * What sharing changes for a lane's checks, per meter: each shared record is made once, not once a sharer
 * as their allowances count it (any of them may be first), and deleted once when the lane ends.
 */
function sharing(own: readonly CheckDefinition[]): Map<ApiPart, number> {
  const sharers = new Map<SharedRecord<unknown>, number>();
  for (const check of own) for (const record of check.records?.shares ?? []) sharers.set(record, (sharers.get(record) ?? 0) + 1);
  const out = new Map<ApiPart, number>();
  for (const [record, n] of sharers) out.set(record.meter, (out.get(record.meter) ?? 0) - (n - 1) * record.makeRequests + record.removeRequests);
  return out;
}

/**
 * What sharing the shrinking allowance changes for a lane's stateful checks, per meter: each allowance holds it
 * whole (any of them may fail first), but the lane spends it once (lib/checks/shrink-allowances.ts).
 */
function shrinkSharing(own: readonly CheckDefinition[], target: Pick<Target, 'sequences'>): Map<ApiPart, number> {
  const stateful = new Map<ApiPart, number>();
  for (const check of own) if (check.cost.sequences) stateful.set(meterOf(check), (stateful.get(meterOf(check)) ?? 0) + 1);
  return new Map([...stateful].map(([meter, n]) => [meter, -(n - 1) * target.sequences.shrinkRequests]));
}

/**
 * What drawing random steps with only some of a lane's stateful checks (CC_SEQUENCE_CHECKS; runner.ts
 * `chooseDrawers`) changes, per meter: each allowance holds its random steps (any check with closing steps may be
 * chosen), but the lane spends them for that many such checks only, the others their closing steps alone; the
 * plan counts the dearest that many on each meter.
 */
function sequenceDrawSharing(own: readonly CheckDefinition[], target: Pick<Target, 'sequences' | 'keys' | 'sequenceChecksPerLane'>): Map<ApiPart, number> {
  const out = new Map<ApiPart, number>();
  if (target.sequenceChecksPerLane === undefined) return out;
  const costs = new Map<ApiPart, number[]>();
  for (const check of own) {
    const sequences = check.cost.sequences;
    if (!sequences || !totalOf(sequences.closingRequests ?? 0)) continue;
    costs.set(meterOf(check), [...(costs.get(meterOf(check)) ?? []), randomStepsAllowance(sequences, target)]);
  }
  for (const [meter, each] of costs) out.set(meter, largest(each, target.sequenceChecksPerLane) - largest(each, undefined));
  return out;
}

/** The largest `most` of the numbers (all of them when `most` is absent), added up. */
function largest(values: readonly number[], most: number | undefined): number {
  return [...values]
    .sort((a, b) => b - a)
    .slice(0, most)
    .reduce((n, v) => n + v, 0);
}

/**
 * What drawing random values with only some of a lane's fuzzed checks (CC_FUZZ_CHECKS; runner.ts
 * `chooseDrawers`) changes, per meter: each check's allowance holds its random values (any may be
 * chosen), but the lane spends them for that many checks only; the plan counts the dearest that many on each meter.
 */
function fuzzSharing(own: readonly CheckDefinition[], target: Pick<Target, 'fuzzRandomCap' | 'fuzzChecksPerLane'>): Map<ApiPart, number> {
  const out = new Map<ApiPart, number>();
  if (target.fuzzChecksPerLane === undefined) return out;
  const costs = new Map<ApiPart, number[]>();
  for (const check of own) {
    const cost = randomValuesOn(check, target) * (check.cost.randomValues?.requestsEach ?? 0);
    if (cost > 0) costs.set(meterOf(check), [...(costs.get(meterOf(check)) ?? []), cost]);
  }
  for (const [meter, each] of costs) out.set(meter, largest(each, target.fuzzChecksPerLane) - largest(each, undefined));
  return out;
}

/** The records a lane's checks leave to its end, by batch. */
function batchedRecords(own: readonly CheckDefinition[]): Map<DeletionBatch, number> {
  const out = new Map<DeletionBatch, number>();
  for (const check of own) for (const { batch, records } of check.records?.batched ?? []) out.set(batch, (out.get(batch) ?? 0) + records);
  return out;
}

/** What deleting them together at the lane's end costs, per meter. */
function batching(own: readonly CheckDefinition[]): Map<ApiPart, number> {
  const out = new Map<ApiPart, number>();
  for (const [batch, records] of batchedRecords(own)) out.set(batch.meter, (out.get(batch.meter) ?? 0) + batchRequests(batch, records));
  return out;
}

/** The makes that serve several of the running checks at once, each with its sharers' requests should the target refuse it. */
function madeTogether(running: readonly CheckDefinition[]): RunPlan['madeTogether'] {
  const sharers = new Map<SharedRecord<unknown>, CheckDefinition[]>();
  for (const check of running)
    for (const record of check.records?.shares ?? []) if (record.madeTogether) sharers.set(record, [...(sharers.get(record) ?? []), check]);
  return [...sharers].map(([record, checks]) => ({
    words: record.madeTogether as MadeTogether,
    sharers: checks.length,
    requests: checks.reduce((n, c) => n + ifBatchRefusedRequests(c, record), 0),
  }));
}

/** What the checks leave for good: the campaigns each makes itself, and each shared one once, whichever check makes it. */
function campaignsLeft(running: readonly CheckDefinition[], target: Pick<Target, 'sequences'>): number {
  const shared = new Set<SharedRecord<unknown>>();
  let own = 0;
  for (const check of running) {
    own += check.records?.leaves?.campaigns ?? 0;
    // A stateful check's sequences may each leave some.
    if (check.cost.sequences) own += sequenceCount(check.cost.sequences, target) * (check.cost.sequences.campaignsPerSequence ?? 0);
    for (const record of check.records?.shares ?? []) if (record.leftForGood) shared.add(record);
  }
  return own + shared.size;
}

function sum(maps: Iterable<Map<ApiPart, number>>): Map<ApiPart, number> {
  const out = new Map<ApiPart, number>();
  for (const m of maps) for (const [meter, n] of m) out.set(meter, (out.get(meter) ?? 0) + n);
  return out;
}

/** What the pace imposes on a stream of requests spread over meters: each meter's own windows, one after another. */
function streamMs(byMeter: Map<ApiPart, number>, pace: Pace): number {
  let ms = 0;
  for (const n of byMeter.values()) ms += pacedMs(n, pace);
  return ms;
}

export function planRun(target: Target, checks: readonly CheckDefinition[]): RunPlan {
  const pace: Pace = { perWindow: perWindowAt(target.budgetShare), windowMs: target.rateWindowMs };
  const skipped = new Map<string, string[]>();
  const disabled: string[] = [];
  const running: CheckDefinition[] = [];
  const budgetChecks: CheckDefinition[] = [];
  for (const check of checks) {
    const lane = laneOf(check);
    if (lane === 'budget') budgetChecks.push(check);
    const missing = missingPrerequisite(target, check);
    if (missing) skipped.set(missing, [...(skipped.get(missing) ?? []), check.id]);
    else if (!judgedAtRelease(target, check)) disabled.push(check.id);
    else if (lane !== 'budget') running.push(check);
  }
  const lanes: LanePlan[] = LANES.map((lane) => {
    const own = running.filter((c) => laneOf(c) === lane);
    const byMeter = sum([
      ...own.map((c) => requestsByMeter(c, target)),
      sharing(own),
      batching(own),
      shrinkSharing(own, target),
      fuzzSharing(own, target),
      sequenceDrawSharing(own, target),
    ]);
    const stateful = own.filter((c) => c.cost.sequences);
    const statefulByMeter = sum([...stateful.map((c) => requestsByMeter(c, target)), shrinkSharing(stateful, target), sequenceDrawSharing(stateful, target)]);
    const requests = [...byMeter.values()].reduce((n, r) => n + r, 0);
    const statefulRequests = [...statefulByMeter.values()].reduce((n, r) => n + r, 0);
    return {
      lane,
      checks: own.map((c) => c.id),
      requests,
      ms: streamMs(byMeter, pace),
      stateful: { checks: stateful.length, requests: statefulRequests, ms: streamMs(statefulByMeter, pace), rest: requests - statefulRequests },
      costliest: own
        .filter((c) => !c.cost.sequences)
        .map((c) => ({ check: c.id, requests: allowanceOn(c, target), shared: (c.records?.shares ?? []).reduce((n, r) => n + r.makeRequests, 0) }))
        .sort((a, b) => b.requests - a.requests)
        .slice(0, 10),
    };
  });
  const laneChecks = LANES.map((lane) => running.filter((c) => laneOf(c) === lane));
  const byMeter = sum([
    ...running.map((c) => requestsByMeter(c, target)),
    ...laneChecks.map(sharing),
    ...laneChecks.map(batching),
    ...laneChecks.map((own) => shrinkSharing(own, target)),
    ...laneChecks.map((own) => fuzzSharing(own, target)),
    ...laneChecks.map((own) => sequenceDrawSharing(own, target)),
  ]);
  const batches = laneChecks.flatMap((own) => [...batchedRecords(own)]);
  const batchedCount = batches.reduce((n, [, records]) => n + records, 0);
  const batchedRequests = batches.reduce((n, [batch, records]) => n + batchRequests(batch, records), 0);
  const meters = API_PARTS.map((meter) => ({ meter, requests: byMeter.get(meter) ?? 0 }));
  const lanesMs = Math.max(0, ...lanes.map((l) => l.ms), ...meters.map((m) => pacedMs(m.requests, pace)));
  const budgetRuns = budgetChecks.filter((c) => !missingPrerequisite(target, c));
  const budget: BudgetPlan | undefined =
    budgetChecks.length === 0
      ? undefined
      : {
          checks: budgetChecks.map((c) => c.id),
          runs: budgetRuns.length > 0,
          ms: budgetChecks.reduce((n, c) => n + plannedMs({ allowance: allowanceOn(c, target), lastsWindows: c.cost.lastsWindows }, pace), 0),
          blockedMs: BUDGET_BLOCKED_WINDOWS * pace.windowMs,
        };
  return {
    share: target.budgetShare,
    checksRun: lanes.reduce((n, l) => n + l.checks.length, 0) + (budget?.runs ? budget.checks.length : 0),
    checksSkipped: [...skipped.values()].reduce((n, ids) => n + ids.length, 0),
    pace,
    lanes,
    meters,
    lanesMs,
    ...(budget ? { budget } : {}),
    totalMs: lanesMs + (budget?.runs ? budget.ms : 0),
    skipped: [...skipped].map(([reason, ids]) => ({ reason, checks: ids })),
    disabled,
    campaignsLeft: campaignsLeft(running, target),
    campaignsIfTaken: running.reduce((n, c) => n + (c.records?.leaves?.ifTaken ?? 0), 0),
    batched: { what: [...new Set(batches.map(([batch]) => batch.what))], records: batchedCount, requests: batchedRequests },
    madeTogether: madeTogether(running),
    stateful: {
      checks: running
        .filter((c) => c.cost.sequences)
        .map((c) => {
          const stateful = c.cost.sequences as SequenceCost;
          return {
            check: c.id,
            requests: allowanceOn(c, target),
            count: sequenceCount(stateful, target),
            steps: sequenceSteps(stateful, target),
            stepRequests: sequenceStepRequests(stateful, target),
          };
        }),
      sequences: target.sequences,
      ...(target.sequenceChecksPerLane !== undefined ? { perLane: target.sequenceChecksPerLane } : {}),
    },
    fuzz: {
      ...(target.fuzzRandomCap !== undefined ? { cap: target.fuzzRandomCap } : {}),
      ...(target.fuzzChecksPerLane !== undefined ? { perLane: target.fuzzChecksPerLane } : {}),
      drawn: laneChecks.reduce(
        (n, own) =>
          n +
          largest(
            own.map((c) => randomValuesOn(c, target)).filter((v) => v > 0),
            target.fuzzChecksPerLane,
          ),
        0,
      ),
      stated: running.reduce((n, c) => n + randomValuesDeclared(c), 0),
      checks: running.filter((c) => randomValuesDeclared(c) > 0).length,
    },
  };
}
