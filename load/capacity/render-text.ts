/**
 * The capacity plan as the console shows it: aligned plain-text tables, no colour, so the output can
 * be pasted into a ticket or diffed.
 */
import { formatDuration } from '../../lib/render/durations.ts';
import { BUDGET_PER_WINDOW, type ApiPart } from '../../lib/contract/vocabulary.ts';
import { type CapacityDocument, capacityOutcome } from './document.ts';
import type { ProbeFindings } from './findings.ts';
import { bottleneckText, type CampaignLoad, type CapacityPlan, type MeteredLoad, NO_BUDGET, type Verdict } from './campaign-plan.ts';
import type { Baseline } from './baseline.ts';
import { type Bound, BOUND_LABEL, grouped, type StaffedLoad, type StaffedPlan } from './staffing.ts';

/** Where a surface's requests go, in the words of the spec's resource groups. */
export const SURFACE_LABEL: Readonly<Record<ApiPart, string>> = {
  core: 'core',
  dialer: 'dialer',
  analytics: 'analytics',
  ai: 'ai (Conversation Intelligence)',
  cuecard: 'cuecard',
};

/** Columns padded to their widest cell; `right` lists the columns holding numbers. */
export function table(rows: readonly (readonly string[])[], right: readonly number[] = [], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) =>
          i === row.length - 1 && !right.includes(i) ? cell : right.includes(i) ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number),
        )
        .join('  ')
        .trimEnd(),
  );
}

const count = (n: number): string => String(n);

/** What GO means without staffing: the request budgets allow it, and no more. */
export const VERDICT_MEANS = 'GO here means the request budgets allow it; whether agents can take the calls is not modelled (give --agents)';

export function verdictLine(verdict: Verdict): string {
  return `${verdict.go ? 'GO' : 'NO-GO'}: ${verdict.reason}`;
}

/** `0.5 (30 of 60 per window)`; with a baseline, what it leaves: `0.5 (21 of 60 per window: 30 less the baseline's p95 of 9)`. */
export function shareText(m: MeteredLoad): string {
  if (!m.baseline) return `${m.share} (${m.perWindow} of ${BUDGET_PER_WINDOW} per window)`;
  const whole = m.baseline.left + m.baseline.p95;
  if (m.baseline.left <= 0) return `${m.share} (${whole} of ${BUDGET_PER_WINDOW} per window, all used by the baseline's p95 of ${m.baseline.p95})`;
  return `${m.share} (${m.perWindow} of ${BUDGET_PER_WINDOW} per window: ${whole} less the baseline's p95 of ${m.baseline.p95})`;
}

export function surfaceRows(load: CampaignLoad): string[] {
  const rows: string[][] = [['surface', 'share of budget', 'requests', 'windows', 'minimum wall time', '']];
  for (const m of load.metered) {
    rows.push([
      m.surface,
      shareText(m),
      count(m.requests),
      count(m.windows),
      formatDuration(m.wallMs),
      load.bottlenecks.includes(m.surface) ? 'bottleneck' : '',
    ]);
  }
  rows.push(['other', NO_BUDGET, count(load.totals.other), '-', '-', '']);
  for (const u of load.unmetered) rows.push([`  ${SURFACE_LABEL[u.surface]}`, '', count(u.requests), '', '', '']);
  return table(rows, [2, 3]);
}

function stepRows(plan: CapacityPlan): string[] {
  const rows: string[][] = [['step', 'kind', 'surface', 'requests', 'operation [source]']];
  for (const s of plan.steps) rows.push([s.id, s.kind, s.surface, count(s.requests), `${s.operation} [${s.source}]`]);
  return table(rows, [3]);
}

function batchRows(plan: CapacityPlan): string[] {
  if (plan.batches.length === 0) return ['  the profile names no batch operation'];
  const rows: string[][] = [['step', 'surface', 'requests', 'saved', 'time saved alone', 'batch operation (items per request, source)']];
  for (const b of plan.batches) {
    const moved = b.batchSurface === b.surface ? '' : ` on ${b.batchSurface}`;
    rows.push([
      b.step,
      b.surface,
      `${b.requestsBefore} -> ${b.requestsAfter}${moved}`,
      count(b.savedRequests),
      formatDuration(b.timeSavedMs),
      `${b.batchOperation} (${b.itemsPerRequest === 'all' ? 'one request for the whole campaign' : `${b.itemsPerRequest} per request`}, ${b.source})`,
    ]);
  }
  return table(rows, [3]);
}

function allBatchesLine(plan: CapacityPlan): string {
  const before = plan.asProfiled;
  const after = plan.withBatches;
  const surfaces = (['core', 'dialer'] as const).map((s) => `${s} ${before.requests[s]} -> ${after.requests[s]}`).join(', ');
  const bottleneck = after.bottlenecks.length === 0 ? 'nothing metered' : after.bottlenecks.join(' and ');
  return `  every batch at once: ${surfaces}; minimum wall time ${formatDuration(before.minimumWallMs)} -> ${formatDuration(after.minimumWallMs)} (${bottleneck}), saves ${formatDuration(plan.batchTimeSavedMs)}`;
}

export interface PlanTextContext {
  /** The profile file as given on the command line. */
  readonly profileFile: string;
  /** Where the window length came from: `the spec's minute`, `CC_RATE_WINDOW_MS of the target`, `--window-ms`. */
  readonly windowFrom: string;
  /** What the plan models and what it does not, in one line (document.ts `scopeLine`). */
  readonly scope?: string;
}

export function renderPlanText(plan: CapacityPlan, context: PlanTextContext): string {
  const lines = [
    `Capacity plan: ${plan.contacts} contacts, profile "${plan.profile}" (${context.profileFile})`,
    `Budget window ${plan.windowMs} ms (${context.windowFrom}); core and Dialer each allow ${plan.budgetPerWindow} requests per window per company`,
    ...(plan.deadline ? [`Deadline ${plan.deadline.given}: ${plan.deadline.at}, ${formatDuration(plan.deadline.availableMs)} from now`] : []),
    ...(context.scope ? [context.scope] : []),
    '',
    'Requests and minimum wall time, as profiled (core and Dialer run in parallel; the slower one sets the pace)',
    ...surfaceRows(plan.asProfiled),
    `  minimum wall time: ${formatDuration(plan.asProfiled.minimumWallMs)} (${bottleneckText(plan.asProfiled, plan.windowMs)})`,
    '',
    'Requests per step, as profiled',
    ...stepRows(plan),
    '',
    'Batch operations (requests before -> after; the campaign time each saves when used alone)',
    ...batchRows(plan),
    ...(plan.batches.length > 0 ? [allBatchesLine(plan)] : []),
  ];
  return lines.join('\n');
}

/** The baseline: where it was measured, the company planned for, and per budget its figures beside the share. */
export function renderBaselineText(baseline: Baseline, plan: CapacityPlan): string {
  const others =
    baseline.companies.length > 1 ? ` of ${baseline.companies.length}: ${baseline.companies.map((c) => `${c.company} ${grouped(c.requests)}`).join(', ')}` : '';
  const rows: string[][] = [['budget', 'share allows', 'median', 'p95', 'peak', 'refused (429)', 'requests', 'left for the campaign (share less p95)']];
  for (const m of plan.asProfiled.metered) {
    const use = baseline[m.surface];
    const b = m.baseline as NonNullable<MeteredLoad['baseline']>;
    const allows = b.left + b.p95;
    rows.push([
      m.surface,
      String(allows),
      String(use.median),
      String(use.p95),
      String(use.peak),
      String(use.refused),
      grouped(use.requests),
      b.left > 0 ? String(b.left) : 'none: NO-GO',
    ]);
  }
  const windows = baseline.core.windows;
  return [
    `Baseline: what the company's other integrations already send, per window (${baseline.kind === 'har' ? 'HAR capture' : 'observe report'} ${baseline.file}, ${baseline.from} to ${baseline.to}, ${windows} windows of ${formatDuration(baseline.windowMs)})`,
    `  company ${baseline.company} (${baseline.chosen}${others})`,
    ...table(rows, [1, 2, 3, 4, 5, 6]),
    '  the plan takes the p95 off each share: the campaign gets what is left in 19 windows of 20; median and peak are shown for judgement',
  ].join('\n');
}

function boundLines(load: StaffedLoad, contacts: number, hoursMs: number | null): string[] {
  const mark = (b: Bound) => (load.binding.includes(b.bound) ? '  <- binds' : '');
  const reach = load.reaches === null ? '' : `; reaches ${grouped(load.reaches)} of ${grouped(contacts)} contacts in ${formatDuration(hoursMs as number)}`;
  return [...load.bounds.map((b) => `  ${b.text}${mark(b)}`), `  binding: ${load.binding.map((b) => BOUND_LABEL[b]).join(' and ')}${reach}`];
}

/** The staffing and the bounds: contacts an hour each lets through, and which binds. */
export function renderStaffingText(staffed: StaffedPlan, plan: CapacityPlan): string {
  const s = staffed.staffing;
  const pace =
    s.handleMinutes === undefined ? `${grouped(s.callsPerAgentHour)} answered calls an agent-hour` : `a call holds an agent ${grouped(s.handleMinutes)} min`;
  const answered = s.answerShareDefault ? 'answer share not given, so 1: every contact takes an agent' : `${s.answerShare} of contacts answered`;
  const hours =
    staffed.hoursMs === null
      ? 'no hours or deadline given'
      : `${formatDuration(staffed.hoursMs)} (${staffed.hoursFrom === 'hours' ? '--hours' : 'until the deadline'})`;
  return [
    `Staffing: ${grouped(s.agents)} agents, ${pace}, ${answered}; working time ${hours}`,
    'Contacts an hour each bound lets through, as profiled (the slowest binds)',
    ...boundLines(staffed.asProfiled, plan.contacts, staffed.hoursMs),
    ...(plan.batches.length > 0 ? ['The same with every batch', ...boundLines(staffed.withBatches, plan.contacts, staffed.hoursMs)] : []),
  ].join('\n');
}

/** What the probe measured, one sentence a line. */
export function renderFindingsText(findings: ProbeFindings): string {
  const where = findings.bundledMock ? 'bundled mock' : 'target';
  return [
    `Measured by the probe (${where}, ${findings.windows} windows of ${findings.windowMs} ms): the plan rests on these figures`,
    ...findings.statements.map((s) => `  ${s}`),
  ].join('\n');
}

/**
 * The verdict the command exits on, and the one every batch would give; after an interrupt, first
 * the line that says so, as the page's headline and the exit code (130) do.
 */
export function renderVerdictText(doc: CapacityDocument): string {
  const plan = doc.plan;
  const outcome = capacityOutcome(doc);
  return [
    ...(outcome.state === 'interrupted'
      ? [`INTERRUPTED: the probe was stopped before its schedule ended; the verdict below rests on the part that ran (${outcome.verdictText})`]
      : []),
    `Verdict: ${verdictLine(doc.verdict)}${doc.verdict.basis === 'plan and probe' ? ' [plan and probe]' : ''}`,
    ...(plan.batches.length > 0 ? [`With every batch: ${verdictLine(doc.verdictWithBatches)}`] : []),
    ...(doc.staffing ? [] : [VERDICT_MEANS]),
  ].join('\n');
}
