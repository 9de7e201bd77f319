/**
 * The charts of the page as data: which report figures each chart draws, with labels and colours.
 * Only a re-arrangement of the report (ms to s on the x axis, the budget as a flat line); the page's
 * script hands these to uPlot unchanged.
 */
import { budgetName } from '../shared/scenario-model.ts';
import type { LoadReport } from './report-model.ts';

export interface ChartLine {
  readonly label: string;
  readonly color: string;
  readonly values: readonly (number | null)[];
  readonly dash?: readonly number[];
  /** A reference line (the budget), not measured data: not counted as drawn points. */
  readonly reference?: boolean;
}

export interface ChartSpec {
  readonly id: string;
  readonly group: 'outcomes' | 'latency' | 'windows';
  readonly title: string;
  readonly yLabel: string;
  /** Seconds after the run's start. */
  readonly x: readonly number[];
  readonly lines: readonly ChartLine[];
}

export const COLORS = {
  served: '#1a7f37',
  limited: '#bc4c00',
  errors: '#8250df',
  p50: '#0969da',
  p90: '#bf8700',
  p99: '#cf222e',
  windowed: '#0969da',
  budget: '#cf222e',
} as const;

function stepLabel(stepMs: number): string {
  return stepMs % 1000 === 0 ? `${stepMs / 1000} s` : `${stepMs} ms`;
}

export function chartSpecs(report: LoadReport): ChartSpec[] {
  const { series, windows } = report;
  const seconds = series.atMs.map((ms) => ms / 1000);
  const outcomes = series.surfaces.map((s): ChartSpec => ({
    id: `outcomes-${s.surface}`,
    group: 'outcomes',
    title: `${s.surface}: served, 429 and errors per ${stepLabel(series.stepMs)}, by send time`,
    yLabel: 'requests',
    x: seconds,
    lines: [
      { label: 'served (2xx)', color: COLORS.served, values: s.served },
      { label: 'limited (429)', color: COLORS.limited, values: s.limited },
      { label: 'errors', color: COLORS.errors, values: s.errors },
    ],
  }));
  const answered = new Set(report.latency.filter((l) => l.corrected.count > 0).map((l) => l.surface));
  const latency = series.surfaces
    .filter((s) => answered.has(s.surface))
    .map((s): ChartSpec => ({
      id: `latency-${s.surface}`,
      group: 'latency',
      title: `${s.surface}: corrected latency percentiles per ${stepLabel(series.stepMs)} (ms from when each request was due)`,
      yLabel: 'ms',
      x: seconds,
      lines: [
        { label: 'p50', color: COLORS.p50, values: s.p50 },
        { label: 'p90', color: COLORS.p90, values: s.p90 },
        { label: 'p99', color: COLORS.p99, values: s.p99 },
      ],
    }));
  const windowed = windows.budgets.map((b): ChartSpec => {
    const name = budgetName(b.company, b.surface);
    const flat = (value: number) => b.series.map(() => value);
    return {
      id: `windows-${b.surface}-${b.company}`,
      group: 'windows',
      title: `${name}: served in the trailing window (${windows.windowMs} ms)`,
      yLabel: 'served',
      x: b.series.map((p) => p.atMs / 1000),
      // The reference lines first: uPlot draws in order, and the measured line must stay visible where it meets the budget.
      lines: [
        { label: `budget ${windows.budget}`, color: COLORS.budget, values: flat(windows.budget), reference: true },
        { label: `twice the budget ${report.windowCeiling}`, color: COLORS.budget, values: flat(report.windowCeiling), dash: [6, 4], reference: true },
        { label: 'served in the trailing window', color: COLORS.windowed, values: b.series.map((p) => p.count) },
      ],
    };
  });
  return [...outcomes, ...latency, ...windowed];
}
