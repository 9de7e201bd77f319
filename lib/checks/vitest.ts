import { appendFileSync } from 'node:fs';
import { describe, inject, test } from 'vitest';
import { harEntry } from '../http/har.ts';
import { targetFromSettings } from '../config/load.ts';
import type { ApiPart } from '../contract/vocabulary.ts';
import type { CheckOutcome, RuleVerdict } from '../results/outcome.ts';
import type { RunIdentity } from '../ledger/run-id.ts';
import { allowanceOn, type CheckDefinition } from './define.ts';
import { LANE_MEANING, LANES, type Lane, LAST } from './lanes.ts';
import { timeLimitMs } from './pace.ts';
import { type PacedSend, type PacerWait, RUN_CHANNEL, type RunMessage, type WidenMockWindow } from './run-channel.ts';
import { chooseDrawers, countSharers, interruptedBefore, runCheck } from './runner.ts';
import { inRunOrder } from './run-order.ts';
import { Session } from './session.ts';
import { laneEndOutcome, laneEndStep } from './lane-end.ts';

/** The end step of a lane whose checks made nothing to delete at its end after all (each skipped, say). */
const NOTHING_LEFT = { requests: 0, allowance: 0, durationMs: 0, leftovers: [] } as const;
/** The budget a lane's step is reported under when it made nothing: the lane's own (the AI host's for the hosts lane). */
const LANE_METER: Readonly<Record<Lane, ApiPart>> = { core: 'core', dialer: 'dialer', hosts: 'ai' };

/** What the conformance command hands to the suites through vitest's `provide`/`inject`. */
export interface RunPayload {
  /** The CC_* settings of the target, secrets included; they stay in memory and are never printed. */
  readonly settings: Readonly<Record<string, string>>;
  readonly seed: number;
  readonly bundledMock: boolean;
  readonly cwd: string;
  /** The run's id, name prefix and ledger file, chosen by the command so it can read the ledger afterwards. */
  readonly run?: RunIdentity;
  /** Rule IDs selected for this run; absent means all. */
  readonly rules?: readonly string[];
  /**
   * The run's wrong secret for the primary key ID, drawn by the command so that its last scrub of every
   * output knows it as well as the suites' redactor does; absent without a primary key.
   */
  readonly wrongSecret?: string;
  /** A file the worker appends each exchange to as a HAR entry, a JSON line each (`run --har`); the command writes the HAR from it. */
  readonly harEntries?: string;
}

/** Metadata every conformance test carries; reporters read it, the runner fills in the outcome. */
export interface CheckMeta {
  readonly check: string;
  readonly rules: readonly string[];
  /** A step of the run that is not a check (a lane's shared records deleted): its requests count, it does not. */
  readonly step?: true;
  outcome?: CheckOutcome;
}

declare module 'vitest' {
  export interface ProvidedContext {
    ccRun: RunPayload;
  }
}

declare module '@vitest/runner' {
  interface TaskMeta {
    cc?: CheckMeta;
    /** The lane of a lane's suite, and of each test in it (vitest hands a suite's meta down). */
    ccLane?: Lane | typeof LAST;
  }
}

// One session per worker: the conformance run uses a single worker without isolation, so every
// suite file shares this session and its pacer keeps the whole run inside the target's budget.
let shared: Session | undefined;
/**
 * Aborted when the command says the run was interrupted. vitest's own cancellation is not used: it stops
 * waiting for a running test at once, so the command would close the worker while that check's cleanup
 * was still deleting what it made. This way each running check ends as itself, cleanups and outcome
 * included, and each later check ends at once as not run.
 */
const interrupt = new AbortController();

function session(payload: RunPayload): Session {
  if (!shared) {
    shared = new Session(targetFromSettings({ ...payload.settings }, payload.cwd, payload.bundledMock), payload.seed, payload.run, payload.wrongSecret);
    // The command shows how long a lane waits for its next window and how much of each budget the run has
    // spent, and says when the run is interrupted;
    // the channel must not keep the worker alive.
    const channel = new BroadcastChannel(RUN_CHANNEL);
    (channel as unknown as { unref?: () => void }).unref?.();
    channel.onmessage = (event) => {
      if ((event as { data: RunMessage }).data.kind === 'interrupt' && !interrupt.signal.aborted)
        interrupt.abort(new Error('the run was interrupted by the user'));
    };
    shared.pacer.watchWaits((bucket, until) => channel.postMessage({ kind: 'wait', bucket, until } satisfies PacerWait));
    shared.pacer.watchSends((bucket) => channel.postMessage({ kind: 'sent', bucket } satisfies PacedSend));
    if (payload.bundledMock) shared.widenMockWindow = (windowMs) => askToWiden(channel, windowMs);
    const harEntries = payload.harEntries;
    // Written as each exchange ends, so an interrupted run keeps what it sent.
    if (harEntries !== undefined) shared.watchExchanges((ex) => appendFileSync(harEntries, `${JSON.stringify(harEntry(ex))}\n`));
  }
  return shared;
}

/** How long the budget check waits for the command to answer a widening: it answers at once, or not at all. */
const WIDEN_ANSWER_MS = 5000;

/** Asks the command to widen the bundled mock's window; its answer, or undefined when none comes. */
function askToWiden(channel: InstanceType<typeof BroadcastChannel>, windowMs: number): Promise<number | undefined> {
  // A channel of its own hears the answer: a BroadcastChannel does not hear what it posts, nor needs to.
  const answers = new BroadcastChannel(RUN_CHANNEL);
  return new Promise((resolve) => {
    const done = (widened: number | undefined) => {
      clearTimeout(timer);
      answers.close();
      resolve(widened);
    };
    const timer = setTimeout(() => done(undefined), WIDEN_ANSWER_MS);
    answers.onmessage = (event) => {
      const message = (event as { data: RunMessage }).data;
      if (message.kind === 'mock-window-widened' && message.windowMs === windowMs) done(message.windowMs);
    };
    channel.postMessage({ kind: 'widen-mock-window', windowMs } satisfies WidenMockWindow);
  });
}

function summarise(verdicts: readonly RuleVerdict[]): string {
  return verdicts
    .filter((v) => v.status === 'fail' || v.status === 'error')
    .map((v) => `${v.rule} ${v.status}: ${v.detail ?? ''}`)
    .join('\n');
}

/** Beyond its own time limit, what vitest allows a test before it gives up on it: room for the cleanups. */
const CLEANUP_ROOM_MS = 5 * 60_000;

/**
 * Registers the run: the lanes side by side (concurrent suites, so vitest runs them together), each lane's
 * checks one after another in catalogue order, then the budget checks alone once every lane has finished.
 * One test per check, carrying its rule IDs as metadata. A test fails when the target broke a rule or the
 * harness broke; it is skipped, with the reason, when none of its rules could be judged.
 */
export function registerRun(lanes: Readonly<Record<Lane, readonly CheckDefinition[]>>, last: readonly CheckDefinition[]): void {
  const payload = inject('ccRun');
  for (const lane of LANES) registerLane(payload, lane, `${lane} lane (${LANE_MEANING[lane]})`, lanes[lane], true);
  registerLane(payload, LAST, 'request budgets, after every lane', last, false);
}

function registerLane(payload: RunPayload, lane: Lane | typeof LAST, title: string, checks: readonly CheckDefinition[], sideBySide: boolean): void {
  const selected = payload.rules ? new Set(payload.rules) : undefined;
  const chosen = inRunOrder(checks.filter((check) => !selected || check.rules.some((r) => selected.has(r))));
  const run = session(payload);
  countSharers(run, chosen);
  if (lane !== LAST) chooseDrawers(run, lane, chosen);
  const pace = { perWindow: run.pacer.perWindow, windowMs: run.pacer.windowMs };
  describe(title, { concurrent: sideBySide, meta: { ccLane: lane } }, () => {
    // vitest calls an empty suite a problem; a --rule run that selects none of this lane is not one.
    if (chosen.length === 0) test.skip(`${title}: no check of this lane judges a selected rule`, { concurrent: false });
    for (const check of chosen) {
      const meta: CheckMeta = { check: check.id, rules: [...check.rules] };
      // The check's own time limit (runner.ts) stops it; vitest's timeout only catches a cleanup that never ends.
      const timeout =
        timeLimitMs({ allowance: allowanceOn(check, run.target), lastsWindows: check.cost.lastsWindows }, pace, run.target.timeoutMs) + CLEANUP_ROOM_MS;
      // An interrupt (Ctrl-C reaches the command, which tells the worker) aborts the running check's signal:
      // it sends nothing more, runs its cleanups and still hands its outcome over; a later check does not start.
      // vitest aborts its own `signal` when the test overruns vitest's timeout.
      test(`${check.title} [${check.rules.join(', ')}]`, { meta: { cc: meta }, concurrent: false, timeout }, async ({ task, skip, signal }) => {
        const outcome = interrupt.signal.aborted
          ? interruptedBefore(run, check)
          : await runCheck(run, check, { signal: AbortSignal.any([signal, interrupt.signal]), ...(lane !== LAST ? { lane } : {}) });
        (task.meta.cc as CheckMeta).outcome = { ...outcome, lane };
        const broken = summarise(outcome.verdicts);
        if (broken) throw new Error(broken);
        if (outcome.verdicts.length === 0) skip(`its rules are not part of Dialer release ${payload.settings.CC_DIALER_RELEASE ?? 'latest'}`);
        if (outcome.verdicts.every((v) => v.status === 'skipped')) skip(outcome.verdicts[0]?.detail ?? 'skipped');
      });
    }
    // Once the lane's checks have all ended, interrupted or not, the records they shared or left to the
    // lane's end are deleted.
    if (lane !== LAST && chosen.some((check) => (check.records?.shares ?? []).length > 0 || (check.records?.batched ?? []).length > 0)) {
      const meta: CheckMeta = { check: laneEndStep(lane), rules: [], step: true };
      // What could not be deleted is listed with the step's leftovers and in the ledger's, like a check's.
      test(`the ${lane} lane's shared and batched records deleted`, { meta: { cc: meta }, concurrent: false, timeout: CLEANUP_ROOM_MS }, async ({ task }) => {
        (task.meta.cc as CheckMeta).outcome = (await run.endLane(lane)) ?? laneEndOutcome(lane, LANE_METER[lane], NOTHING_LEFT);
      });
    }
  });
}
