/**
 * From one run's records to its report. Pure apart from the histogram library: the same records give
 * the same report, whichever engine recorded them.
 */
import { budgetName, type LimitedBudget, type LoadScenario, type LoadStream, peakOfferedPerWindow, streamRequests } from '../shared/scenario-model.ts';
import { BUDGET_PER_WINDOW, COMPANY_OF_SLOT, isMetered, API_PARTS } from '../../lib/contract/vocabulary.ts';
import { correctedLatencyMs, type LoadRecord, outcomeOf, uncorrectedLatencyMs } from '../shared/records.ts';
import type { ThresholdVerdict } from '../k6/junit.ts';
import { analyseWindows, type WindowedAnalysis } from '../shared/windows.ts';
import { judgeExpectations, limitJudged, windowCeiling } from './expectations.ts';
import { count, seconds, statusCounts } from './format.ts';
import { latencyPercentiles } from './latency.ts';
import { judgeLatencyLimits } from './latency-limits.ts';
import {
  type ExpectationResult,
  LOAD_REPORT_FORMAT,
  LOAD_REPORT_VERSION,
  type LoadEngine,
  type LoadKind,
  type LoadReport,
  type LoadVerdict,
  type ScenarioSummary,
  type StreamSummary,
  type SurfaceLatency,
} from './report-model.ts';
import { buildSeries, windowSampleMsFor } from './series.ts';
import { buildTotals } from './totals.ts';

export type { ExpectationResult, ExpectationKind } from './report-model.ts';

export interface LoadReportInput {
  readonly records: readonly LoadRecord[];
  readonly scenario: LoadScenario;
  readonly windowMs: number;
  readonly engine: LoadEngine;
  readonly kind: LoadKind;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly interrupted: boolean;
  /** When the run took the signal, ms after its start; only when interrupted. */
  readonly interruptedAtMs?: number;
  /** Scheduled sends that were due but never sent. */
  readonly missed: number;
  /** Scheduled sends not yet due when the run was interrupted; null when the engine cannot tell. */
  readonly notSent: number | null;
  /** Base addresses by name (`core`, `CC_BASE_URL`, ...); never key IDs or secrets. */
  readonly target: { readonly bundledMock: boolean; readonly urls: Readonly<Record<string, string>> };
  /** The engine's own remarks, listed before the report's. */
  readonly notes?: readonly string[];
  /** Thresholds the engine judged (k6's, read from its summary): each becomes an expectation of the report. */
  readonly thresholds?: readonly EngineThreshold[];
}

/** A threshold as the engine judged it: k6's, as its summary reads, with the engine's own words on why when it told them. */
export type EngineThreshold = ThresholdVerdict & { readonly reason?: string };

/**
 * An engine's threshold as an expectation: held, crossed, or not measured (never a pass without a sample).
 * On an interrupted run a crossed threshold is not judged: a threshold sees only the run's totals, so it
 * cannot tell a bound the target broke from a count the interrupt left short (a flood never sent).
 */
function thresholdExpectation(t: EngineThreshold, interrupted: boolean): ExpectationResult {
  const base = { kind: 'threshold', subject: t.metric, expected: `${t.expression}${t.meaning ? `: ${t.meaning}` : ''}` } as const;
  const why = t.reason ? ` (${t.reason})` : '';
  if (t.unmeasured) return { ...base, status: 'incomplete', detail: `not measured: no sample reached ${t.metric}${why}` };
  if (!t.ok && interrupted) return { ...base, status: 'incomplete', detail: `crossed on a run the interrupt cut short, so not judged: ${t.observed}${why}` };
  return { ...base, status: t.ok ? 'pass' : 'fail', detail: `${t.ok ? 'held' : 'crossed'}: ${t.observed}${t.ok ? '' : why}` };
}

function describeRequest(stream: LoadStream): string {
  const query = new URLSearchParams(stream.endpoint.query ?? {}).toString();
  return `${stream.endpoint.method} ${stream.endpoint.path}${query ? `?${query}` : ''}`;
}

function summariseScenario(scenario: LoadScenario): ScenarioSummary {
  const streams: StreamSummary[] = scenario.streams.map((s) => ({
    name: s.name,
    surface: s.surface,
    key: s.key,
    company: COMPANY_OF_SLOT[s.key],
    budget: isMetered(s.surface) ? budgetName(COMPANY_OF_SLOT[s.key], s.surface) : null,
    request: describeRequest(s),
    perWindow: s.perWindow,
    ...(s.rampToPerWindow !== undefined ? { rampToPerWindow: s.rampToPerWindow } : {}),
    startWindow: s.startWindow,
    windows: s.windows,
    mustServe: s.mustServe === true,
    planned: streamRequests(s),
  }));
  return { name: scenario.name, description: scenario.description, streams, limited: scenario.limited.map((b) => budgetName(b.company, b.surface)) };
}

/** A base address with any user info, query or fragment dropped: none of these belongs in a report. */
function baseAddress(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return '(not a URL)';
  }
}

function surfaceLatency(records: readonly LoadRecord[]): SurfaceLatency[] {
  // Only answers have a latency: a request with no answer ended at the client's own limit.
  const answered = records.filter((r) => r.status !== 0);
  return API_PARTS.filter((surface) => records.some((r) => r.surface === surface)).map((surface) => {
    const mine = answered.filter((r) => r.surface === surface);
    return { surface, corrected: latencyPercentiles(mine.map(correctedLatencyMs)), uncorrected: latencyPercentiles(mine.map(uncorrectedLatencyMs)) };
  });
}

/** 429s no expectation asked about, per budget or unmetered surface: worth a line, never a verdict. */
function unjudgedLimits(input: LoadReportInput): string[] {
  const bySubject = new Map<string, number>();
  for (const r of input.records) {
    if (outcomeOf(r) !== 'limited' || limitJudged(input.scenario, r)) continue;
    const subject = isMetered(r.surface) ? budgetName(r.company, r.surface) : r.surface;
    bySubject.set(subject, (bySubject.get(subject) ?? 0) + 1);
  }
  return [...bySubject.entries()].map(
    ([subject, n]) => `${subject} answered ${count(n, 'request')} with 429, which the scenario neither forbids nor expects there; they are counted only`,
  );
}

/** Records that started after the interrupt: the engine was already starting them, or it did not stop. */
function sentAfter(input: LoadReportInput): number {
  const at = input.interruptedAtMs;
  return input.interrupted && at !== undefined ? input.records.filter((r) => r.startedMs > at).length : 0;
}

function interruptNotes(input: LoadReportInput): string[] {
  if (!input.interrupted) return [];
  const at = input.interruptedAtMs;
  const notes = [
    `the run was interrupted${at !== undefined ? ` at ${(at / 1000).toFixed(1)} s` : ''} before its schedule ended, so the verdict is incomplete at best`,
  ];
  if (input.notSent !== null && input.notSent > 0)
    notes.push(
      `${count(input.notSent, 'scheduled send')} not yet due at the interrupt ${input.notSent === 1 ? 'was' : 'were'} not sent (not counted as missed)`,
    );
  const after = sentAfter(input);
  if (after > 0)
    notes.push(
      `${count(after, 'request')} went out after the interrupt: the engine was already starting ${after === 1 ? 'it' : 'them'} when the signal reached it`,
    );
  return notes;
}

function runNotes(input: LoadReportInput): string[] {
  const notes: string[] = [];
  if (input.records.length === 0) notes.push('no request was recorded');
  notes.push(...interruptNotes(input));
  if (input.missed > 0) notes.push(`${count(input.missed, 'scheduled send')} never went out: the target was offered less than the scenario says`);
  const errors = input.records.filter((r) => outcomeOf(r) === 'error');
  if (errors.length > 0) {
    notes.push(
      `${count(errors.length, 'request')} got no answer or a status other than 2xx and 429 (${statusCounts(errors)}): the run is incomplete unless an expectation failed`,
    );
  }
  return [...notes, ...unjudgedLimits(input)];
}

/**
 * When the schedule stops offering a budget more than it allows, ms after the start: the end of the
 * last span between its streams' starts and ends in which they add up to more than the budget.
 */
function floodEndMs(scenario: LoadScenario, budget: LimitedBudget, windowMs: number): number {
  const streams = scenario.streams.filter((s) => s.surface === budget.surface && COMPANY_OF_SLOT[s.key] === budget.company);
  const edges = [...new Set(streams.flatMap((s) => [s.startWindow, s.startWindow + s.windows]))].sort((a, b) => a - b);
  let end = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i] as number;
    const to = edges[i + 1] as number;
    if (peakOfferedPerWindow(scenario, budget.company, budget.surface, from, to) > BUDGET_PER_WINDOW) end = to;
  }
  return end * windowMs;
}

/**
 * A missing 429 shows a limit missing only once the schedule has offered the budget its whole flood:
 * a run interrupted before that never sent the load that should have met the limit, so its
 * `limit-enforced` is left open, not failed. A failure found in what was sent (a 429 where there was
 * room, too many served) stands, interrupted or not.
 */
function openWhatTheInterruptCut(input: LoadReportInput, windows: WindowedAnalysis, expectations: readonly ExpectationResult[]): ExpectationResult[] {
  if (!input.interrupted) return [...expectations];
  const at = input.interruptedAtMs;
  return expectations.map((e) => {
    if (e.kind !== 'limit-enforced' || e.status !== 'fail') return e;
    const budget = input.scenario.limited.find((b) => budgetName(b.company, b.surface) === e.subject);
    if (!budget) return e;
    const floodEnd = floodEndMs(input.scenario, budget, input.windowMs);
    if (at !== undefined && at >= floodEnd) return e;
    const measured = windows.budgets.find((b) => b.company === budget.company && b.surface === budget.surface);
    const when = at === undefined ? 'at a moment the engine did not record' : `at ${seconds(at)}`;
    return {
      ...e,
      status: 'incomplete',
      detail:
        `not judged: the run was interrupted ${when}, before the schedule had flooded ${e.subject} in full (until ${seconds(floodEnd)}); ` +
        `${count(measured?.sent ?? 0, 'request')} sent by then, ${measured?.limited ?? 0} got 429`,
    };
  });
}

function verdictOf(input: LoadReportInput, expectations: readonly ExpectationResult[]): LoadVerdict {
  if (expectations.some((e) => e.status === 'fail')) return 'fail';
  // Missed sends mean the scenario's load was not applied as planned, so nothing it found can pass it.
  const open =
    input.interrupted ||
    input.missed > 0 ||
    input.records.length === 0 ||
    expectations.some((e) => e.status === 'incomplete') ||
    input.records.some((r) => outcomeOf(r) === 'error');
  return open ? 'incomplete' : 'pass';
}

export function buildLoadReport(input: LoadReportInput): LoadReport {
  const { records, windowMs } = input;
  const lastEnd = records.reduce((end, r) => Math.max(end, r.endedMs), input.durationMs);
  const windows = analyseWindows(records, windowMs, windowSampleMsFor(windowMs, lastEnd));
  const expectations = [
    ...openWhatTheInterruptCut(input, windows, judgeExpectations(input.scenario, records, windows)),
    ...judgeLatencyLimits(input.scenario.latency ?? {}, records, input.interrupted),
    ...(input.thresholds ?? []).map((t) => thresholdExpectation(t, input.interrupted)),
  ];
  return {
    format: LOAD_REPORT_FORMAT,
    version: LOAD_REPORT_VERSION,
    kind: input.kind,
    engine: input.engine,
    scenario: summariseScenario(input.scenario),
    target: {
      bundledMock: input.target.bundledMock,
      urls: Object.fromEntries(Object.entries(input.target.urls).map(([name, url]) => [name, baseAddress(url)])),
    },
    windowMs,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    interrupted: input.interrupted,
    interruptedAtMs: input.interrupted ? (input.interruptedAtMs ?? null) : null,
    sentAfterInterrupt: sentAfter(input),
    missed: input.missed,
    notSent: input.interrupted ? input.notSent : 0,
    verdict: verdictOf(input, expectations),
    expectations,
    totals: buildTotals(input.scenario, records, windows),
    latency: surfaceLatency(records),
    series: buildSeries(records, windowMs, input.durationMs),
    windows,
    windowCeiling: windowCeiling(windows.budget),
    notes: [...(input.notes ?? []), ...runNotes(input)],
  };
}
