/**
 * One request of a load run as both engines record it (the Node runner directly, k6 through its
 * `--out json` lines), so one analysis and one report serve both. Times are ms after the run's start.
 */
import type { Company, ApiPart } from '../../lib/contract/vocabulary.ts';

export interface LoadRecord {
  readonly stream: string;
  readonly surface: ApiPart;
  readonly company: Company;
  /** When the request was due by the schedule (open model); latency "corrected" is measured from here. */
  readonly intendedMs: number;
  /** When it actually went out; latency "uncorrected" is measured from here. */
  readonly startedMs: number;
  /** When the answer, or the error, came. */
  readonly endedMs: number;
  /** HTTP status, or 0 when no answer came (transport error, timeout). */
  readonly status: number;
  /** Why no answer came, already free of credentials. */
  readonly error?: string;
  /**
   * The statuses that serve this request, when not 2xx alone: the budget probe's refused writes and
   * invalid reads (lib/budget/request-mix.ts) spend the budget as reads do.
   */
  readonly servedAs?: readonly number[];
}

export type RecordOutcome = 'served' | 'limited' | 'error';

/** 2xx (or a status the request names as serving it) is served, 429 is limited; any other status, or none, is an error the report lists. */
export function outcomeOf(record: Pick<LoadRecord, 'status' | 'servedAs'>): RecordOutcome {
  if (record.status === 429) return 'limited';
  if (record.servedAs ? record.servedAs.includes(record.status) : record.status >= 200 && record.status < 300) return 'served';
  return 'error';
}

/** Latency as the open model sees it: from when the request was due, so a stalled target shows. */
export function correctedLatencyMs(record: LoadRecord): number {
  return record.endedMs - record.intendedMs;
}

/** Latency of the exchange alone: from when it went out. */
export function uncorrectedLatencyMs(record: LoadRecord): number {
  return record.endedMs - record.startedMs;
}
