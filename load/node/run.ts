/**
 * A load run with the Node engine: the scenario's timetable sent open-model against the target,
 * bounded in count and time, every request recorded as a LoadRecord. Sends that were due but not
 * sent (too many in flight, or the time bound came first) are counted as missed, never silently
 * delayed; sends not yet due when the run was interrupted are counted apart, as not sent.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Target } from '../../lib/config/target.ts';
import { ConfigError } from '../../lib/errors.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { SETUP_STREAM } from '../report/report-model.ts';
import { type LoadScenario, scenarioWindows } from '../shared/scenario-model.ts';
import type { LoadRecord } from '../shared/records.ts';
import { planSends, type PlannedSend } from './timetable.ts';
import { runSchedule } from './scheduler.ts';
import { type PreparedStream, prepareStreams } from './streams.ts';
import { type LoadProgress, LoadTally } from './tally.ts';
import { type Answer, type InFlight, LoadTransport } from './transport.ts';

export type { LoadProgress } from './tally.ts';

export interface RunLoadOptions {
  readonly scenario: LoadScenario;
  readonly target: Target;
  /** The target's rate window: the scenario's rates are per window. */
  readonly windowMs: number;
  /** At most this many sends (the first by intended start); default: the whole scenario. */
  readonly maxRequests?: number;
  /** The run ends this long after its start whatever is left; default: the scenario, two windows and the request timeout. */
  readonly maxDurationMs?: number;
  /** Aborting stops new sends, gives requests in flight a short grace, then cancels them. */
  readonly signal?: AbortSignal;
  /** Called about every PROGRESS_EVERY_MS, and once at the end. */
  readonly onProgress?: (progress: LoadProgress) => void;
  /** Above this many requests in flight a due send is missed instead of sent. */
  readonly maxInFlight?: number;
  /**
   * One read per host before the schedule, as k6's setup() does (the commands ask for it): connections
   * open, so the schedule's first requests do not wait on handshakes the later ones skip. Recorded as
   * setup's requests, before the run's time 0, and judged with the budget they spend.
   */
  readonly warmUp?: boolean;
}

export interface LoadRunResult {
  /** One per request sent, ordered by intended start. */
  readonly records: LoadRecord[];
  /** Sends that were due while the run ran but never went out. */
  readonly missed: number;
  /** Sends not yet due when the signal ended the run: the run stopped before their time, nothing fell behind. */
  readonly notSent: number;
  /** The signal ended the run. */
  readonly interrupted: boolean;
  /** When the signal came, ms after the start; absent when it did not. */
  readonly interruptedAtMs?: number;
  readonly startedAt: Date;
  readonly durationMs: number;
  /** Epoch ms of the latest believable core reset announced by a 429. */
  readonly lastResetAt?: number;
}

export const DEFAULT_MAX_IN_FLIGHT = 256;
export const PROGRESS_EVERY_MS = 250;
/** After an abort, requests in flight get at most this long to answer (and never more than the request timeout). */
export const ABORT_GRACE_MS = 2_000;
/** After the time bound, requests in flight get at most this long to answer (and never more than the request timeout). */
export const BOUND_GRACE_MS = 5_000;

/** The default time bound: the scenario's length, two windows of slack, and one request timeout for the last answers. */
export function defaultMaxDurationMs(scenario: LoadScenario, windowMs: number, timeoutMs: number): number {
  return scenarioWindows(scenario) * windowMs + 2 * windowMs + timeoutMs;
}

function positive(name: string, value: number | undefined, integer: boolean): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value < (integer ? 0 : Number.MIN_VALUE) || (integer && !Number.isInteger(value))) {
    throw new ConfigError(`${name}: must be ${integer ? 'a non-negative integer' : 'a positive number'}, got ${value}`);
  }
}

export async function runLoad(options: RunLoadOptions): Promise<LoadRunResult> {
  const { scenario, target, windowMs, signal, onProgress } = options;
  positive('windowMs', windowMs, false);
  positive('maxRequests', options.maxRequests, true);
  positive('maxDurationMs', options.maxDurationMs, false);
  positive('maxInFlight', options.maxInFlight, true);
  const maxInFlight = Math.max(1, options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
  const prepared = prepareStreams(scenario, target);
  const plan = planSends(scenario, windowMs, (_stream, index) => prepared[index] as PreparedStream, options.maxRequests);
  const maxDurationMs = options.maxDurationMs ?? defaultMaxDurationMs(scenario, windowMs, target.timeoutMs);
  const totalMs = Math.min(plan.endMs, maxDurationMs);

  const tally = new LoadTally(windowMs);
  const records: LoadRecord[] = [];
  // Each request in flight, with the promise that settles once its record is written.
  const inFlight = new Map<InFlight, Promise<void>>();
  const startedAt = new Date();

  if (signal?.aborted) {
    return { records, missed: 0, notSent: plan.sends.length, interrupted: true, interruptedAtMs: 0, startedAt, durationMs: 0 };
  }
  const transport = new LoadTransport({
    ...(target.ca !== undefined ? { ca: target.ca } : {}),
    timeoutMs: target.timeoutMs,
    redactor: new Redactor(target),
    connections: maxInFlight,
  });
  // As k6's setup() does: one read per host before the schedule, so the schedule's first requests do not
  // wait on a TLS handshake the later ones skip (a first request answered late would open the server's
  // window late and crowd more than the budget into it). Recorded as setup's, before the run's time 0.
  const warmUp = options.warmUp ? await warmUpHosts(prepared, transport, signal) : [];
  const t0 = performance.now();
  const clock = () => performance.now() - t0;
  const report = () => onProgress?.(tally.snapshot(clock(), totalMs, Date.now()));
  for (const w of warmUp) {
    // Sent and answered already: counted without ever being in flight.
    tally.sent++;
    tally.inFlight++;
    tally.answered(w.answer.status);
    records.push({
      stream: SETUP_STREAM,
      surface: w.prepared.stream.surface,
      company: w.prepared.company,
      intendedMs: w.startedAt - t0,
      startedMs: w.startedAt - t0,
      endedMs: w.endedAt - t0,
      status: w.answer.status,
      ...(w.answer.error !== undefined ? { error: w.answer.error } : {}),
    });
  }
  // Taken in the signal's own event, before the schedule's loop sees it: the line between sends that
  // were due (missed if not sent) and sends the interrupt spared (not sent).
  let interruptedAtMs: number | undefined;
  const noteInterrupt = () => (interruptedAtMs = clock());
  signal?.addEventListener('abort', noteInterrupt, { once: true });

  // Wakes whoever waits for the last answer in flight.
  let onDrained: (() => void) | undefined;

  const dispatch = (send: PlannedSend<PreparedStream>, nowMs: number) => {
    if (inFlight.size >= maxInFlight) {
      tally.missed++;
      return;
    }
    const { stream, company } = send.item;
    const request = transport.send(send.item);
    tally.sent++;
    tally.inFlight++;
    inFlight.set(
      request,
      request.answer.then((answer: Answer) => {
        const endedMs = clock();
        inFlight.delete(request);
        tally.answered(answer.status);
        if (answer.resetHeader !== undefined && stream.surface === 'core') tally.noteReset(answer.resetHeader, Date.now());
        records.push({
          stream: stream.name,
          surface: stream.surface,
          company,
          intendedMs: send.atMs,
          startedMs: nowMs,
          endedMs,
          status: answer.status,
          ...(answer.error !== undefined ? { error: answer.error } : {}),
        });
        if (inFlight.size === 0) onDrained?.();
      }),
    );
  };

  const ticker = setInterval(report, PROGRESS_EVERY_MS);
  try {
    const schedule = await runSchedule({ sends: plan.sends, dispatch, now: clock, deadlineMs: maxDurationMs, ...(signal ? { signal } : {}) });
    const left = plan.sends.slice(schedule.dispatched);
    const stoppedAt = schedule.endedBy === 'abort' ? interruptedAtMs : undefined;
    const spared = stoppedAt === undefined ? 0 : left.filter((s) => s.atMs > stoppedAt).length;
    tally.notSent += spared;
    tally.missed += left.length - spared;
    await drain({ inFlight, clock, maxDurationMs, timeoutMs: target.timeoutMs, setDrained: (fn) => (onDrained = fn), ...(signal ? { signal } : {}) });
    const why = signal?.aborted ? 'the run was interrupted before the answer came' : 'the run reached its time bound before the answer came';
    for (const request of inFlight.keys()) request.cancel(why);
    await Promise.all(inFlight.values());
  } finally {
    clearInterval(ticker);
    signal?.removeEventListener('abort', noteInterrupt);
    await transport.close(true);
  }
  report();
  // A signal after the last answer still counts: the command was asked to stop.
  if (signal?.aborted && interruptedAtMs === undefined) interruptedAtMs = clock();
  records.sort((a, b) => a.intendedMs - b.intendedMs || a.startedMs - b.startedMs);
  return {
    records,
    missed: tally.missed,
    notSent: tally.notSent,
    interrupted: signal?.aborted ?? false,
    ...(interruptedAtMs !== undefined ? { interruptedAtMs } : {}),
    startedAt,
    durationMs: clock(),
    ...(tally.lastResetAt !== undefined ? { lastResetAt: tally.lastResetAt } : {}),
  };
}

/** One request per host the scenario sends to (with the first stream there), one after another. */
async function warmUpHosts(
  prepared: readonly PreparedStream[],
  transport: LoadTransport,
  signal: AbortSignal | undefined,
): Promise<{ prepared: PreparedStream; answer: Answer; startedAt: number; endedAt: number }[]> {
  const byHost = new Map<string, PreparedStream>();
  for (const p of prepared) {
    const host = new URL(p.url).host;
    if (!byHost.has(host)) byHost.set(host, p);
  }
  const done: { prepared: PreparedStream; answer: Answer; startedAt: number; endedAt: number }[] = [];
  for (const p of byHost.values()) {
    if (signal?.aborted) break;
    const startedAt = performance.now();
    const answer = await transport.send(p).answer;
    done.push({ prepared: p, answer, startedAt, endedAt: performance.now() });
  }
  return done;
}

interface DrainOptions {
  readonly inFlight: ReadonlyMap<InFlight, unknown>;
  readonly clock: () => number;
  readonly maxDurationMs: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly setDrained: (wake: () => void) => void;
}

/**
 * Waits for the answers still in flight: until the time bound, then a grace period after it; an abort
 * shortens the wait to a grace period from the abort. Returns when nothing is in flight or the wait ends.
 */
async function drain(options: DrainOptions): Promise<void> {
  const { inFlight, clock, maxDurationMs, timeoutMs, signal } = options;
  const boundGraceEnd = maxDurationMs + Math.min(BOUND_GRACE_MS, timeoutMs);
  let abortedAt: number | undefined = signal?.aborted ? clock() : undefined;
  while (inFlight.size > 0) {
    if (abortedAt === undefined && signal?.aborted) abortedAt = clock();
    const end = Math.min(boundGraceEnd, abortedAt === undefined ? Number.POSITIVE_INFINITY : abortedAt + Math.min(ABORT_GRACE_MS, timeoutMs));
    const left = end - clock();
    if (left <= 0) return;
    const wake = new AbortController();
    options.setDrained(() => wake.abort());
    const onAbort = () => wake.abort();
    if (abortedAt === undefined) signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await sleep(left, undefined, { signal: wake.signal });
    } catch {
      // Woken early: the last answer came, or the signal fired; the loop decides which.
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
