/**
 * The capacity report: the plan, the probe's load report when one ran, what the probe found, and the
 * verdict resting on both. `reports/capacity.json` is this document; `reports/capacity.html` shows it.
 */
import type { LoadReport } from '../report/report-model.ts';
import { type ProbeFindings, verdictAfterProbe } from './findings.ts';
import type { CapacityPlan, Verdict } from './campaign-plan.ts';
import { EXIT_CODE } from '../../lib/exit-codes.ts';
import type { Baseline } from './baseline.ts';
import type { StaffedPlan } from './staffing.ts';

export const CAPACITY_REPORT_FORMAT = 'cc-capacity-report';
// 2: the embedded probe is a load report of version 2 (an interrupt's spared sends are `notSent`, apart from `missed`).
// 3: the embedded probe is a load report of version 3 (the engine's setup requests apart, `totals.setup`).
// 4: `scope`, `baseline` and `staffing`; with staffing, `verdict` answers "N contacts in H hours with A agents".
export const CAPACITY_REPORT_VERSION = 4;

export interface CapacityDocument {
  readonly format: typeof CAPACITY_REPORT_FORMAT;
  readonly version: typeof CAPACITY_REPORT_VERSION;
  /** ISO 8601: when the plan was made; relative deadlines count from here. */
  readonly plannedAt: string;
  readonly profileFile: string;
  /** Where the plan's window length came from. */
  readonly windowFrom: string;
  /** What the plan models and what it does not, in one line. */
  readonly scope: string;
  /**
   * The plan's verdict, turned to no-go when the probe met 429 at the planned share. With staffing, the
   * staffed one (`staffing.asProfiled.verdict`); without, the request budgets' alone.
   */
  readonly verdict: Verdict & { readonly basis: 'plan' | 'plan and probe' };
  /** The same for the campaign with every batch of the profile applied. */
  readonly verdictWithBatches: Verdict;
  /** The probe was stopped before its schedule ended. */
  readonly interrupted: boolean;
  readonly plan: CapacityPlan;
  /** What the company's other integrations already spend, as measured; null without --baseline. */
  readonly baseline: Baseline | null;
  /** The bounds of agents and budgets; null when no staffing was given. */
  readonly staffing: StaffedPlan | null;
  readonly probe: { readonly findings: ProbeFindings; readonly report: LoadReport } | null;
}

/** What the plan models and what it does not, in one line: the page and the console both show it. */
export function scopeLine(baseline: Baseline | null, staffed: StaffedPlan | null): string {
  const models = [
    `the core and Dialer budgets at their shares${baseline ? ", less the baseline's p95 per window" : ''}`,
    ...(staffed ? ["the agents' pace and answer share"] : []),
  ];
  const not = [
    ...(staffed ? [] : ['staffing (give --agents)']),
    ...(baseline ? [] : ["what the company's other integrations spend (give --baseline)"]),
    'retries after 429 or 503',
    'latency',
    'the hosts with no stated budget',
  ];
  return `Models: ${models.join('; ')}. Not modelled: ${not.join(', ')}.`;
}

export function capacityDocument(input: {
  readonly plan: CapacityPlan;
  readonly plannedAt: Date;
  readonly profileFile: string;
  readonly windowFrom: string;
  readonly probe: { readonly findings: ProbeFindings; readonly report: LoadReport } | null;
  readonly baseline?: Baseline | null;
  readonly staffing?: StaffedPlan | null;
}): CapacityDocument {
  const { plan, probe } = input;
  const baseline = input.baseline ?? null;
  const staffing = input.staffing ?? null;
  const verdict = staffing ? staffing.asProfiled.verdict : plan.verdict;
  const verdictWithBatches = staffing ? staffing.withBatches.verdict : plan.verdictWithBatches;
  return {
    format: CAPACITY_REPORT_FORMAT,
    version: CAPACITY_REPORT_VERSION,
    plannedAt: input.plannedAt.toISOString(),
    profileFile: input.profileFile,
    windowFrom: input.windowFrom,
    scope: scopeLine(baseline, staffing),
    verdict: { ...verdictAfterProbe(verdict, probe?.findings ?? null), basis: probe ? 'plan and probe' : 'plan' },
    verdictWithBatches: verdictAfterProbe(verdictWithBatches, probe?.findings ?? null),
    interrupted: probe?.report.interrupted ?? false,
    plan,
    baseline,
    staffing,
    probe,
  };
}

/** What the command exits with, one code per outcome; bad input (2) stops it before there is a document. */
export const CAPACITY_EXIT = { go: EXIT_CODE.pass, noGo: EXIT_CODE.fail, interrupted: EXIT_CODE.interrupted } as const;

/**
 * The run's one outcome, read from the document alone: the page's headline, its colour and the
 * command's exit code all come from here, so none of them can say something another does not.
 * An interrupted probe is its own outcome: its verdict rests on a probe cut short, so it is reported
 * beside the word INTERRUPTED, never as a plain GO or NO-GO.
 */
export interface CapacityOutcome {
  readonly state: 'go' | 'no-go' | 'interrupted';
  /** GO, NO-GO or INTERRUPTED. */
  readonly headline: string;
  /** The verdict the document records, in words: for an interrupted run, what the part that ran gave. */
  readonly verdictText: string;
  readonly exitCode: (typeof CAPACITY_EXIT)[keyof typeof CAPACITY_EXIT];
}

export function capacityOutcome(doc: Pick<CapacityDocument, 'verdict' | 'interrupted'>): CapacityOutcome {
  const word = doc.verdict.go ? 'GO' : 'NO-GO';
  if (doc.interrupted) return { state: 'interrupted', headline: 'INTERRUPTED', verdictText: `verdict so far ${word}`, exitCode: CAPACITY_EXIT.interrupted };
  return doc.verdict.go
    ? { state: 'go', headline: 'GO', verdictText: word, exitCode: CAPACITY_EXIT.go }
    : { state: 'no-go', headline: 'NO-GO', verdictText: word, exitCode: CAPACITY_EXIT.noGo };
}
