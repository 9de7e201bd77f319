/**
 * The load report of a run of the Node engine. Every Node run hands the builder the same things (its
 * records and counts, the window, the target's addresses), so its report is built here once, given
 * only the kind of run (load, budget, capacity probe) and its notes.
 */
import type { Target } from '../../lib/config/target.ts';
import type { LoadRunResult } from '../node/run.ts';
import type { LoadScenario } from '../shared/scenario-model.ts';
import { buildLoadReport } from './build.ts';
import type { LoadKind, LoadReport } from './report-model.ts';

export interface NodeRunContext {
  readonly scenario: LoadScenario;
  readonly target: Pick<Target, 'rateWindowMs' | 'bundledMock' | 'urls'>;
  readonly kind: LoadKind;
  readonly notes: readonly string[];
}

export function nodeRunReport(result: LoadRunResult, { scenario, target, kind, notes }: NodeRunContext): LoadReport {
  return buildLoadReport({
    records: result.records,
    scenario,
    windowMs: target.rateWindowMs,
    engine: 'node',
    kind,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    interrupted: result.interrupted,
    ...(result.interruptedAtMs !== undefined ? { interruptedAtMs: result.interruptedAtMs } : {}),
    missed: result.missed,
    notSent: result.notSent,
    target: { bundledMock: target.bundledMock, urls: target.urls },
    notes,
  });
}
