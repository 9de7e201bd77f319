/**
 * What a capacity probe measured, and what it does to the plan: the plan's arithmetic assumes the
 * share is served at the planned pace; the probe shows whether it was, how long answers took, and
 * whether the company's budget is already busy. Pure: a probe's load report in, findings out.
 */
import { formatDuration } from '../../lib/render/durations.ts';
import { BUDGET_PER_WINDOW, type ApiPart, type MeteredSurface, METERED_SURFACES } from '../../lib/contract/vocabulary.ts';
import { type LatencyPercentiles, type LoadReport, SETUP_STREAM } from '../report/report-model.ts';
import type { CapacityPlan, Verdict } from './campaign-plan.ts';

export interface SurfaceFindings {
  readonly surface: MeteredSurface;
  /** Requests per probe window the probe offered (whole requests: floor of share × 60, at least 1). */
  readonly offeredPerWindow: number;
  readonly planned: number;
  readonly sent: number;
  readonly served: number;
  readonly limited: number;
  readonly errors: number;
  /** Every planned request was sent and served. */
  readonly shareServed: boolean;
  readonly corrected: LatencyPercentiles | null;
  readonly uncorrected: LatencyPercentiles | null;
  /** At the plan's pace a request is due this often: the plan's window over its requests per window. */
  readonly planIntervalMs: number;
}

export interface ProbeFindings {
  readonly windowMs: number;
  readonly windows: number;
  readonly bundledMock: boolean;
  readonly interrupted: boolean;
  readonly missed: number;
  readonly surfaces: readonly SurfaceFindings[];
  /** Answered 429 on a metered surface at the planned share. */
  readonly limited: number;
  /** What the plan rests on, in sentences. */
  readonly statements: readonly string[];
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
}

function surfaceFindings(plan: CapacityPlan, report: LoadReport, surface: MeteredSurface): SurfaceFindings {
  // The probe's own streams: setup's reads (one per host, before the schedule) are not the share.
  const streams = report.totals.streams.filter((s) => s.surface === surface && s.stream !== SETUP_STREAM);
  const sum = (pick: (s: (typeof streams)[number]) => number) => streams.reduce((n, s) => n + pick(s), 0);
  const latency = report.latency.find((l) => l.surface === (surface as ApiPart));
  const offered = report.scenario.streams.filter((s) => s.surface === surface).reduce((n, s) => n + s.perWindow, 0);
  const planned = sum((s) => s.planned);
  const served = sum((s) => s.served);
  const planPerWindow = plan.asProfiled.metered.find((m) => m.surface === surface)?.perWindow ?? offered;
  return {
    surface,
    offeredPerWindow: offered,
    planned,
    sent: sum((s) => s.sent),
    served,
    limited: sum((s) => s.limited),
    errors: sum((s) => s.errors),
    shareServed: planned > 0 && served === planned,
    corrected: latency && latency.corrected.count > 0 ? latency.corrected : null,
    uncorrected: latency && latency.uncorrected.count > 0 ? latency.uncorrected : null,
    planIntervalMs: plan.windowMs / planPerWindow,
  };
}

function statementsFor(f: SurfaceFindings, plan: CapacityPlan): string[] {
  const out: string[] = [];
  const pace = `${f.offeredPerWindow} per window`;
  if (f.shareServed) out.push(`${f.surface}: ${f.served} of ${f.planned} requests served at ${pace}: the share was served`);
  else
    out.push(
      `${f.surface}: ${f.served} of ${f.planned} requests served at ${pace} (${f.limited} answered 429, ${f.errors} failed, ${f.planned - f.sent} not sent): the share was not fully served`,
    );
  if (f.corrected && f.uncorrected) {
    const p99 = f.uncorrected.p99;
    const interval = `a request is due every ${formatDuration(Math.round(f.planIntervalMs))} at the plan's pace (${plan.windowMs} ms / ${plan.asProfiled.metered.find((m) => m.surface === f.surface)?.perWindow})`;
    const keeps =
      p99 <= f.planIntervalMs
        ? 'so a client sending one request at a time keeps the pace'
        : 'so a client sending one request at a time falls behind: keep several requests in flight, or the campaign takes longer than planned';
    out.push(`${f.surface}: p99 latency ${ms(p99)} (${ms(f.corrected.p99)} from when due); ${interval}, ${keeps}`);
  }
  return out;
}

export function probeFindings(plan: CapacityPlan, report: LoadReport): ProbeFindings {
  const surfaces = METERED_SURFACES.map((s) => surfaceFindings(plan, report, s)).filter((f) => f.planned > 0);
  const statements = surfaces.flatMap((f) => statementsFor(f, plan));
  const errors = surfaces.reduce((n, f) => n + f.errors, 0);
  if (errors > 0)
    statements.push(
      `${errors} probe requests failed with a status other than 2xx and 429, or got no answer: the measured figures are partial (see the report's notes)`,
    );
  if (report.missed > 0) statements.push(`${report.missed} probe sends were never sent (the sender fell behind): the probe offered less than the share`);
  if (report.interrupted) statements.push('the probe was interrupted: its figures cover only the part that ran');
  if (report.target.bundledMock) statements.push('measured on the bundled mock, not the live API: the latencies say nothing about the live service');
  return {
    windowMs: report.windowMs,
    windows: Math.max(0, ...report.scenario.streams.map((s) => s.startWindow + s.windows)),
    bundledMock: report.target.bundledMock,
    interrupted: report.interrupted,
    missed: report.missed,
    surfaces,
    limited: surfaces.reduce((n, f) => n + f.limited, 0),
    statements,
  };
}

/**
 * The plan's verdict, unless the probe met 429s: below the whole budget a 429 means the company's
 * other integrations already spend part of it (or the target counts differently), so the pace the
 * plan assumes is not there to be had.
 */
export function verdictAfterProbe(verdict: Verdict, findings: ProbeFindings | null): Verdict {
  if (findings === null || findings.limited === 0) return verdict;
  const where = findings.surfaces
    .filter((f) => f.limited > 0)
    .map((f) => `${f.surface} ${f.limited} at ${f.offeredPerWindow} of ${BUDGET_PER_WINDOW} per window`)
    .join(', ');
  const whole = findings.surfaces.some((f) => f.limited > 0 && f.offeredPerWindow >= BUDGET_PER_WINDOW);
  const why = whole
    ? "at the whole budget a 429 may also come from where the probe's windows fall against the server's; either way the planned pace is not served"
    : "the budget is contended by the company's other integrations";
  return {
    go: false,
    marginMs: verdict.marginMs,
    reason: `the probe got 429 at the planned share (${where}): ${why}, so the plan's figures do not hold`,
  };
}
