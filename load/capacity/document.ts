/**
 * The capacity report: the plan, the probe's load report when one ran, what the probe found, and the
 * verdict resting on both. `reports/capacity.json` is this document; `reports/capacity.html` shows it.
 */
import type { LoadReport } from '../report/report-model.ts';
import { type ProbeFindings, verdictAfterProbe } from './findings.ts';
import type { CapacityPlan, Verdict } from './campaign-plan.ts';
import { EXIT_CODE } from '../../lib/exit-codes.ts';

export const CAPACITY_REPORT_FORMAT = 'cc-capacity-report';
// 2: the embedded probe is a load report of version 2 (an interrupt's spared sends are `notSent`, apart from `missed`).
// 3: the embedded probe is a load report of version 3 (the engine's setup requests apart, `totals.setup`).
export const CAPACITY_REPORT_VERSION = 3;

export interface CapacityDocument {
  readonly format: typeof CAPACITY_REPORT_FORMAT;
  readonly version: typeof CAPACITY_REPORT_VERSION;
  /** ISO 8601: when the plan was made; relative deadlines count from here. */
  readonly plannedAt: string;
  readonly profileFile: string;
  /** Where the plan's window length came from. */
  readonly windowFrom: string;
  /** The plan's verdict, turned to no-go when the probe met 429 at the planned share. */
  readonly verdict: Verdict & { readonly basis: 'plan' | 'plan and probe' };
  /** The same for the campaign with every batch of the profile applied. */
  readonly verdictWithBatches: Verdict;
  /** The probe was stopped before its schedule ended. */
  readonly interrupted: boolean;
  readonly plan: CapacityPlan;
  readonly probe: { readonly findings: ProbeFindings; readonly report: LoadReport } | null;
}

export function capacityDocument(input: {
  readonly plan: CapacityPlan;
  readonly plannedAt: Date;
  readonly profileFile: string;
  readonly windowFrom: string;
  readonly probe: { readonly findings: ProbeFindings; readonly report: LoadReport } | null;
}): CapacityDocument {
  const { plan, probe } = input;
  return {
    format: CAPACITY_REPORT_FORMAT,
    version: CAPACITY_REPORT_VERSION,
    plannedAt: input.plannedAt.toISOString(),
    profileFile: input.profileFile,
    windowFrom: input.windowFrom,
    verdict: { ...verdictAfterProbe(plan.verdict, probe?.findings ?? null), basis: probe ? 'plan and probe' : 'plan' },
    verdictWithBatches: verdictAfterProbe(plan.verdictWithBatches, probe?.findings ?? null),
    interrupted: probe?.report.interrupted ?? false,
    plan,
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
