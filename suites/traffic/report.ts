import type { Target } from '../../lib/config/target.ts';
import type { Redactor } from '../../lib/http/redact.ts';
import type { GateOptions } from '../../lib/results/gate.ts';
import { buildReport, type RunReport } from '../../lib/results/report.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { notObservableReason } from '../../lib/rules/traffic.ts';
import { captureOf } from '../../lib/traffic/capture.ts';
import type { RecordedExchange } from '../../lib/traffic/har-reader.ts';
import { TrafficObserver } from '../../lib/traffic/observer.ts';
import { TRAFFIC_JUDGES } from './index.ts';

/** Every rule a judge of traffic judges: the others are reported not observable. */
export const OBSERVED_RULES: ReadonlySet<string> = new Set(TRAFFIC_JUDGES.flatMap((judge) => judge.rules));

export interface ObservedCapture {
  readonly report: RunReport;
  /** Entries read, and those with one of the target's hosts. */
  readonly entries: number;
  readonly exchanges: number;
}

/**
 * The report of a capture judged by the judges of traffic, as a run's report: the same rules, statuses,
 * expectations and reporters. `exchanges` is the capture, in time order (the HAR files' `captureOf`, or the
 * recording proxy's queue).
 */
export async function observedReport(
  exchanges: AsyncIterable<RecordedExchange> | Iterable<RecordedExchange>,
  target: Target,
  options: ObservedOptions,
): Promise<ObservedCapture> {
  const started = options.startedAt ?? new Date();
  const observer = trafficObserver(target, options);
  for await (const recorded of exchanges) observer.add(recorded);
  return reportOfObserver(observer, target, { ...options, startedAt: started });
}

export interface ObservedOptions {
  readonly redactor: Redactor;
  readonly salt: string;
  readonly gate?: GateOptions;
  readonly startedAt?: Date;
}

/** An observer with the judges of traffic, fed one exchange at a time (the recording proxy's). */
export function trafficObserver(target: Target, options: Pick<ObservedOptions, 'redactor' | 'salt'>): TrafficObserver {
  return new TrafficObserver(TRAFFIC_JUDGES, target, options.redactor, options.salt);
}

/** The report of what `observer` has judged; it finishes the observer. */
export function reportOfObserver(observer: TrafficObserver, target: Target, options: ObservedOptions): ObservedCapture {
  const started = options.startedAt ?? new Date();
  const { outcomes, summary } = observer.finish();
  const report = buildReport({
    outcomes,
    target,
    seed: 0,
    startedAt: started,
    durationMs: Date.now() - started.getTime(),
    selected: OBSERVED_RULES,
    unselectedReason: (id) => `not observable from traffic: ${notObservableReason(id as RuleId) ?? 'no judge of traffic reads it'}`,
    runId: 'observed',
    prefix: 'cc-conformance',
    traffic: summary,
    ...(options.gate ? { gate: options.gate } : {}),
  });
  return { report, entries: observer.entries, exchanges: observer.exchanges };
}

/** The report of the HAR files given, read as one capture in time order. */
export function observedFiles(files: readonly string[], target: Target, options: Parameters<typeof observedReport>[2]): Promise<ObservedCapture> {
  return observedReport(captureOf(files), target, options);
}
