/**
 * Synthetic load runs for the report's tests: each stream's schedule played against a pretend target
 * with a fixed-window limiter per budget, so the records look like an engine's without any network.
 */
import { buildLoadReport, type LoadReportInput } from '../../load/report/build.ts';
import type { LoadReport } from '../../load/report/report-model.ts';
import { BUDGET_PER_WINDOW, COMPANY_OF_SLOT, isMetered } from '../../lib/contract/vocabulary.ts';
import { arrivalOffsetsMs, type LoadScenario } from '../../load/shared/scenario-model.ts';
import type { LoadRecord } from '../../load/shared/records.ts';

export const WINDOW_MS = 1000;

export interface PretendTarget {
  /** Served requests per window per budget; Infinity for a target that never limits. */
  readonly limit?: number;
  /** How the pretend limiter counts its window: fixed windows from the run's start (default), or a sliding log. */
  readonly algorithm?: 'fixed' | 'sliding';
  readonly latencyMs?: number;
  /** Overrides the answer of chosen requests: a status, or 0 with the error text. */
  readonly answer?: (record: LoadRecord, index: number) => { status: number; error?: string } | undefined;
  /** How late each request went out after it was due. */
  readonly lateMs?: (record: Pick<LoadRecord, 'stream' | 'intendedMs'>, index: number) => number;
}

export function playScenario(scenario: LoadScenario, target: PretendTarget = {}, windowMs = WINDOW_MS): LoadRecord[] {
  const limit = target.limit ?? BUDGET_PER_WINDOW;
  const latencyMs = target.latencyMs ?? 20;
  const due = scenario.streams
    .flatMap((stream) => arrivalOffsetsMs(stream, windowMs).map((intendedMs) => ({ stream, intendedMs })))
    .map(({ stream, intendedMs }, index) => ({
      stream,
      intendedMs,
      startedMs: intendedMs + (target.lateMs?.({ stream: stream.name, intendedMs }, index) ?? 0),
    }))
    .sort((a, b) => a.startedMs - b.startedMs);
  const servedPerWindow = new Map<string, number>();
  const servedAt = new Map<string, number[]>();
  return due.map(({ stream, intendedMs, startedMs }, index) => {
    const company = COMPANY_OF_SLOT[stream.key];
    let limited: boolean;
    if (target.algorithm === 'sliding') {
      const log = (servedAt.get(`${stream.surface}:${company}`) ?? []).filter((t) => t > startedMs - windowMs);
      limited = isMetered(stream.surface) && log.length >= limit;
      if (!limited) log.push(startedMs);
      servedAt.set(`${stream.surface}:${company}`, log);
    } else {
      const counter = `${stream.surface}:${company}:${Math.floor(startedMs / windowMs)}`;
      const servedSoFar = servedPerWindow.get(counter) ?? 0;
      limited = isMetered(stream.surface) && servedSoFar >= limit;
      if (!limited) servedPerWindow.set(counter, servedSoFar + 1);
    }
    const record: LoadRecord = {
      stream: stream.name,
      surface: stream.surface,
      company,
      intendedMs,
      startedMs,
      endedMs: startedMs + latencyMs,
      status: limited ? 429 : 200,
    };
    const override = target.answer?.(record, index);
    return override ? { ...record, ...override } : record;
  });
}

export function inputFor(scenario: LoadScenario, records: readonly LoadRecord[], overrides: Partial<LoadReportInput> = {}): LoadReportInput {
  const durationMs = records.reduce((end, r) => Math.max(end, r.endedMs), 0);
  return {
    records,
    scenario,
    windowMs: WINDOW_MS,
    engine: 'node',
    kind: 'budget',
    startedAt: new Date('2026-09-10T08:00:00.000Z'),
    durationMs,
    interrupted: false,
    missed: 0,
    notSent: 0,
    target: { bundledMock: true, urls: { core: 'https://127.0.0.1:7443/api', ai: 'https://127.0.0.1:7444/v1' } },
    ...overrides,
  };
}

export function reportOf(scenario: LoadScenario, target: PretendTarget = {}, overrides: Partial<LoadReportInput> = {}): LoadReport {
  return buildLoadReport(inputFor(scenario, playScenario(scenario, target), overrides));
}
