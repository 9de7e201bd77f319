/** Counts per stream, per budget and overall. */
import { budgetName, type LoadScenario, streamRequests } from '../shared/scenario-model.ts';
import { COMPANY_OF_SLOT } from '../../lib/contract/vocabulary.ts';
import { type LoadRecord, outcomeOf } from '../shared/records.ts';
import type { WindowedAnalysis } from '../shared/windows.ts';
import { firstSent } from './format.ts';
import { type BudgetTotals, type LoadTotals, type OutcomeCounts, SETUP_STREAM, type StreamTotals } from './report-model.ts';

export function countOutcomes(records: readonly LoadRecord[]): OutcomeCounts {
  let served = 0;
  let limited = 0;
  let errors = 0;
  for (const r of records) {
    const outcome = outcomeOf(r);
    if (outcome === 'served') served++;
    else if (outcome === 'limited') limited++;
    else errors++;
  }
  return { sent: records.length, served, limited, errors };
}

function errorStatuses(records: readonly LoadRecord[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) if (outcomeOf(r) === 'error') out[String(r.status)] = (out[String(r.status)] ?? 0) + 1;
  return out;
}

/** Every stream of the scenario, sent or not, then any stream the records name that the scenario does not. */
function streamTotals(scenario: LoadScenario, records: readonly LoadRecord[]): StreamTotals[] {
  const byStream = new Map<string, LoadRecord[]>(scenario.streams.map((s) => [s.name, []]));
  for (const r of records) {
    const list = byStream.get(r.stream);
    if (list) list.push(r);
    else byStream.set(r.stream, [r]);
  }
  return [...byStream.entries()].map(([name, mine]) => {
    const stream = scenario.streams.find((s) => s.name === name);
    const first = mine[0];
    return {
      stream: name,
      surface: stream?.surface ?? first!.surface,
      company: stream ? COMPANY_OF_SLOT[stream.key] : first!.company,
      planned: stream ? streamRequests(stream) : 0,
      ...countOutcomes(mine),
      errorStatuses: errorStatuses(mine),
      firstError: firstSent(mine.filter((r) => r.error !== undefined))?.error ?? null,
    };
  });
}

/** The budgets' counts are the windowed analysis's own, so the tables and the charts cannot disagree. */
function budgetTotals(analysis: WindowedAnalysis): BudgetTotals[] {
  return analysis.budgets.map((b) => ({
    budget: budgetName(b.company, b.surface),
    company: b.company,
    surface: b.surface,
    sent: b.sent,
    served: b.served,
    limited: b.limited,
    errors: b.errors,
  }));
}

/** The engine's setup requests: its stream, unless the scenario itself names a stream so, whose records they then are. */
function setupRecords(scenario: LoadScenario, records: readonly LoadRecord[]): LoadRecord[] {
  if (scenario.streams.some((s) => s.name === SETUP_STREAM)) return [];
  return records.filter((r) => r.stream === SETUP_STREAM);
}

export function buildTotals(scenario: LoadScenario, records: readonly LoadRecord[], analysis: WindowedAnalysis): LoadTotals {
  return {
    all: countOutcomes(records),
    setup: countOutcomes(setupRecords(scenario, records)),
    streams: streamTotals(scenario, records),
    budgets: budgetTotals(analysis),
  };
}
