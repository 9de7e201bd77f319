import type { Lane, LAST } from '../checks/lanes.ts';
import { type ApiPart, METERED_SURFACES, type MeteredSurface } from '../contract/vocabulary.ts';
import type { CheckOutcome } from './outcome.ts';

/** What the plan says of a lane, which the time left starts from. */
export interface PlannedLane {
  readonly lane: Lane;
  readonly checks: readonly string[];
  /** Its allowances, all meters together. */
  readonly requests: number;
  readonly ms: number;
}

/** What the plan says of a meter: the most requests the lanes send on it. */
export interface PlannedMeter {
  readonly meter: ApiPart;
  readonly requests: number;
}

/** The core budget, the Dialer's, and the hosts without a stated budget together. */
export type BudgetPart = MeteredSurface | 'unmetered';

/** Paced requests sent on a part so far, and the most the plan said the lanes send on it. */
export interface PartSpend {
  readonly part: BudgetPart;
  readonly requests: number;
  readonly planned: number;
}

/** What the progress line shows; the reporter renders it and computes nothing. */
export interface ProgressFigures {
  readonly done: number;
  readonly total: number;
  /** Since the run set out to start its checks, their loading included. */
  readonly elapsedMs: number;
  /** Of the checks done: their requests, retries and cleanup included. */
  readonly requests: number;
  /** Paced requests sent so far per part, as they go out, beside the plan's figure; a part the run does not use is left out. */
  readonly spent: readonly PartSpend[];
  /** Unplanned 429s met so far. */
  readonly limited: number;
  /** The soonest end of a wait on the pacer, when a lane is waiting for a bucket's next window. */
  readonly waiting?: { readonly bucket: string; readonly ms: number };
  /** Time left, from the plan and what is done. */
  readonly leftMs: number;
}

export interface LaneTally {
  readonly lane: Lane | typeof LAST;
  readonly checks: number;
  readonly requests: number;
}

interface LaneState {
  readonly plannedMs: number;
  readonly allowance: number;
  /** The checks the plan runs in the lane: only theirs count toward its allowance done. */
  readonly planned: ReadonlySet<string>;
  done: number;
  doneAllowance: number;
  requests: number;
  finished: boolean;
}

/** The share of a lane's allowance done from which its speed so far predicts the rest. */
const SPEED_KNOWN_AT = 0.25;

const PARTS: readonly BudgetPart[] = [...METERED_SURFACES, 'unmetered'];

/** The part a meter, or a pacer's bucket (`meter:company`), counts on. */
function partOfMeter(meter: string): BudgetPart {
  return (METERED_SURFACES as readonly string[]).includes(meter) ? (meter as MeteredSurface) : 'unmetered';
}

/**
 * The run's figures as it goes: checks done, requests and 429s from their outcomes, the pacer's waits, and
 * the time left per lane: the plan's time for what is not done, or, where the run goes slower than planned
 * (the target's response time is not in the plan), what is not done at the pace seen so far.
 */
export class RunProgress {
  readonly #now: () => number;
  readonly #started: number;
  readonly #lanes = new Map<Lane | typeof LAST, LaneState>();
  readonly #waits = new Map<string, number>();
  readonly #planned = new Map<BudgetPart, number>();
  readonly #sent = new Map<BudgetPart, number>();
  #done = 0;
  #requests = 0;
  #limited = 0;

  constructor(
    plan: {
      readonly lanes: readonly PlannedLane[];
      readonly budget?: { readonly runs: boolean; readonly ms: number };
      readonly meters?: readonly PlannedMeter[];
    },
    total: number,
    now: () => number = Date.now,
  ) {
    this.#now = now;
    this.#started = now();
    this.total = total;
    for (const { meter, requests } of plan.meters ?? []) this.#planned.set(partOfMeter(meter), (this.#planned.get(partOfMeter(meter)) ?? 0) + requests);
    for (const lane of plan.lanes)
      this.#lanes.set(lane.lane, {
        plannedMs: lane.ms,
        allowance: lane.requests,
        planned: new Set(lane.checks),
        done: 0,
        doneAllowance: 0,
        requests: 0,
        finished: lane.checks.length === 0,
      });
    const budget = plan.budget?.runs ? plan.budget : undefined;
    this.#lanes.set('budget', { plannedMs: budget?.ms ?? 0, allowance: 0, planned: new Set(), done: 0, doneAllowance: 0, requests: 0, finished: !budget });
  }

  readonly total: number;

  /** A check has ended; a step of the run that is not a check (`isCheck` false) adds its requests only. */
  checkDone(lane: Lane | typeof LAST | undefined, outcome: CheckOutcome | undefined, isCheck = true): void {
    if (isCheck) this.#done += 1;
    this.#requests += outcome?.requests ?? 0;
    this.#limited += outcome?.unplanned429 ?? 0;
    const state = lane ? this.#lanes.get(lane) : undefined;
    if (!state) return;
    if (isCheck) state.done += 1;
    // A check the plan skips ends at once with its allowance unspent: counting it would make the lane look done.
    if (outcome && state.planned.has(outcome.check)) state.doneAllowance += outcome.allowance;
    state.requests += outcome?.requests ?? 0;
  }

  /** The lane's suite has ended: its tally, for a line in a log. */
  laneFinished(lane: Lane | typeof LAST): LaneTally {
    const state = this.#lanes.get(lane);
    if (state) state.finished = true;
    return { lane, checks: state?.done ?? 0, requests: state?.requests ?? 0 };
  }

  /** A paced request went out in `bucket` (`meter:company`). */
  sent(bucket: string): void {
    const part = partOfMeter(bucket.split(':')[0] ?? '');
    this.#sent.set(part, (this.#sent.get(part) ?? 0) + 1);
  }

  /** A lane waits on the pacer for `bucket` until `until` (epoch ms). */
  waiting(bucket: string, until: number): void {
    this.#waits.set(bucket, until);
  }

  #leftMs(now: number): number {
    const elapsed = now - this.#started;
    let lanes = 0;
    for (const [name, state] of this.#lanes) {
      if (name === 'budget' || state.finished) continue;
      const share = state.allowance > 0 ? state.doneAllowance / state.allowance : 0;
      const byPlan = state.plannedMs * (1 - Math.min(1, share));
      // The first few checks say little of a lane's speed: its pace is trusted once a quarter is done.
      const bySpeed = share >= SPEED_KNOWN_AT ? (elapsed * (1 - Math.min(1, share))) / share : 0;
      lanes = Math.max(lanes, byPlan, bySpeed);
    }
    const budget = this.#lanes.get('budget');
    return lanes + (budget && !budget.finished ? budget.plannedMs : 0);
  }

  figures(): ProgressFigures {
    const now = this.#now();
    let waiting: ProgressFigures['waiting'];
    for (const [bucket, until] of this.#waits) {
      if (until <= now) this.#waits.delete(bucket);
      else if (!waiting || until - now < waiting.ms) waiting = { bucket, ms: until - now };
    }
    const leftMs = this.#leftMs(now);
    const spent = PARTS.map((part) => ({ part, requests: this.#sent.get(part) ?? 0, planned: this.#planned.get(part) ?? 0 })).filter(
      (p) => p.requests > 0 || p.planned > 0,
    );
    return {
      done: this.#done,
      total: this.total,
      elapsedMs: now - this.#started,
      requests: this.#requests,
      spent,
      limited: this.#limited,
      ...(waiting ? { waiting } : {}),
      leftMs,
    };
  }
}
