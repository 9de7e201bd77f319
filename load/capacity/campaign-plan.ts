/**
 * The capacity plan of an outbound campaign: how many requests it sends on each surface, how long
 * the metered ones take at the share of their budget the integration may use, which surface holds
 * the campaign up, what batch operations would save, and whether it fits a deadline.
 *
 * Pure: the same input gives the same plan, so every figure can be checked exactly.
 */
import { formatDuration } from '../../lib/render/durations.ts';
import { BUDGET_PER_WINDOW, isMetered, API_PARTS, type ApiPart, type MeteredSurface, METERED_SURFACES } from '../../lib/contract/vocabulary.ts';
import type { CapacityProfile, PerContactStep, ProfileSource } from './profile.ts';
import { type ResolvedDeadline, resolveDeadline } from './time.ts';

/** The spec's window: its budgets are per minute. */
export const SPEC_WINDOW_MS = 60_000;

/** How requests on analytics, AI and CueCard are listed: the spec states no budget for them. */
export const NO_BUDGET = 'no budget stated (spec gap)';

export const UNMETERED_SURFACES: readonly ApiPart[] = API_PARTS.filter((s) => !isMetered(s));

export interface CapacityInput {
  readonly contacts: number;
  readonly profile: CapacityProfile;
  /** Share of each metered budget the integration may use: more than 0, at most 1. */
  readonly shares: Readonly<Record<MeteredSurface, number>>;
  /** The budget window; the spec's minute when left out. */
  readonly windowMs?: number;
  /** A duration from `now` (`8h`, `90m`), more than 0, or an ISO 8601 date-time with a zone, later than `now`. */
  readonly deadline?: string;
  /** What a relative deadline counts from; needed only with a deadline. */
  readonly now?: Date;
  /**
   * What the company's other integrations already send per window on each budget, measured
   * (lib/budget/measured-use.ts). The campaign plans with the share less the baseline's p95.
   */
  readonly baseline?: Readonly<Record<MeteredSurface, BaselineFigures>>;
}

/** A budget's measured use per window, as the plan shows it beside the share. */
export interface BaselineFigures {
  readonly median: number;
  readonly p95: number;
  readonly peak: number;
}

/** An input the plan cannot be made from; `field` names it so a command can name its own option. */
export class CapacityInputError extends Error {
  override readonly name = 'CapacityInputError';
  constructor(
    readonly field: 'contacts' | 'shares.core' | 'shares.dialer' | 'windowMs' | 'deadline' | 'now',
    message: string,
  ) {
    super(message);
  }
}

export interface StepRequests {
  readonly id: string;
  readonly what: string;
  readonly kind: 'per contact' | 'per campaign';
  readonly surface: ApiPart;
  readonly operation: string;
  readonly source: ProfileSource;
  /** Items the campaign needs (contacts × items per contact); for a per-campaign step, its requests. */
  readonly items: number;
  readonly requests: number;
}

export interface MeteredLoad {
  readonly surface: MeteredSurface;
  readonly share: number;
  /**
   * Requests the campaign may send per window: share × the budget, less the baseline's p95 when one is
   * given. When the baseline leaves nothing, the campaign's own figures at the whole share (`baseline.left` ≤ 0).
   */
  readonly perWindow: number;
  /** With a baseline: its figures per window, and what the share leaves the campaign (share × budget − p95). */
  readonly baseline?: BaselineFigures & { readonly left: number };
  readonly requests: number;
  /** requests / perWindow, rounded up to whole windows. */
  readonly windows: number;
  readonly wallMs: number;
}

export interface UnmeteredLoad {
  readonly surface: ApiPart;
  readonly requests: number;
  readonly budget: typeof NO_BUDGET;
}

/** One way of running the campaign (as profiled, or with batch operations) and what it costs. */
export interface CampaignLoad {
  readonly requests: Readonly<Record<ApiPart, number>>;
  /** Core, Dialer and the surfaces with no stated budget summed as `other`. */
  readonly totals: { readonly core: number; readonly dialer: number; readonly other: number };
  readonly metered: readonly MeteredLoad[];
  readonly unmetered: readonly UnmeteredLoad[];
  /** The slowest metered surface's windows: the surfaces run in parallel. */
  readonly windows: number;
  readonly minimumWallMs: number;
  /** Metered surfaces needing the most windows; empty when nothing metered is sent, two on a tie. */
  readonly bottlenecks: readonly MeteredSurface[];
}

export interface BatchSaving {
  readonly step: string;
  readonly what: string;
  readonly surface: ApiPart;
  readonly operation: string;
  readonly batchOperation: string;
  readonly batchSurface: ApiPart;
  readonly source: ProfileSource;
  readonly itemsPerRequest: number | 'all';
  readonly requestsBefore: number;
  readonly requestsAfter: number;
  /** requestsBefore - requestsAfter (on the step's surface when the batch uses the same one). */
  readonly savedRequests: number;
  /** Minimum wall time of the campaign saved by this batch alone; batches together may save less than the sum. */
  readonly timeSavedMs: number;
  readonly note?: string;
}

export interface Verdict {
  readonly go: boolean;
  /** Deadline minus the minimum wall time; null without a deadline. */
  readonly marginMs: number | null;
  readonly reason: string;
}

export interface CapacityPlan {
  readonly contacts: number;
  readonly profile: string;
  readonly windowMs: number;
  readonly budgetPerWindow: number;
  readonly shares: Readonly<Record<MeteredSurface, number>>;
  readonly steps: readonly StepRequests[];
  readonly asProfiled: CampaignLoad;
  readonly batches: readonly BatchSaving[];
  /** Every batch of the profile applied at once. */
  readonly withBatches: CampaignLoad;
  readonly batchTimeSavedMs: number;
  readonly deadline: ResolvedDeadline | null;
  /** Of the campaign as profiled: what the integration sends today. */
  readonly verdict: Verdict;
  /** Of the campaign with every batch applied. */
  readonly verdictWithBatches: Verdict;
  /** Budgets whose share the baseline's p95 already fills: nothing is left for the campaign there. */
  readonly exhausted: readonly MeteredSurface[];
}

/** Float products such as 0.07 × 100 land a hair above the whole number; six decimals are plenty for item counts. */
function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function requestsFor(items: number, itemsPerRequest: number | 'all'): number {
  if (items === 0) return 0;
  return itemsPerRequest === 'all' ? 1 : Math.ceil(tidy(items / itemsPerRequest));
}

function stepItems(contacts: number, itemsPerContact: number): number {
  return tidy(contacts * itemsPerContact);
}

function stepRequests(contacts: number, step: PerContactStep, batched: boolean): { surface: ApiPart; requests: number } {
  if (batched && step.batch)
    return { surface: step.batch.surface, requests: requestsFor(stepItems(contacts, step.batch.itemsPerContact), step.batch.itemsPerRequest) };
  return { surface: step.surface, requests: requestsFor(stepItems(contacts, step.itemsPerContact), step.itemsPerRequest) };
}

function emptyCounts(): Record<ApiPart, number> {
  return Object.fromEntries(API_PARTS.map((s) => [s, 0])) as Record<ApiPart, number>;
}

/** Requests per surface when the steps named in `batched` use their batch operation. */
function countRequests(contacts: number, profile: CapacityProfile, batched: ReadonlySet<string>): Record<ApiPart, number> {
  const counts = emptyCounts();
  for (const step of profile.perContact) {
    const { surface, requests } = stepRequests(contacts, step, batched.has(step.id));
    counts[surface] += requests;
  }
  for (const step of profile.perCampaign) counts[step.surface] += step.requests;
  return counts;
}

type Baseline = CapacityInput['baseline'];

/** What the share leaves the campaign per window once the baseline's p95 is taken off. */
function leftOf(surface: MeteredSurface, shares: Readonly<Record<MeteredSurface, number>>, baseline: Baseline): number {
  return tidy(shares[surface] * BUDGET_PER_WINDOW - (baseline?.[surface].p95 ?? 0));
}

function loadOf(requests: Record<ApiPart, number>, shares: Readonly<Record<MeteredSurface, number>>, windowMs: number, baseline: Baseline): CampaignLoad {
  const metered = METERED_SURFACES.map((surface): MeteredLoad => {
    const whole = tidy(shares[surface] * BUDGET_PER_WINDOW);
    const left = leftOf(surface, shares, baseline);
    const perWindow = left > 0 ? left : whole;
    const windows = Math.ceil(tidy(requests[surface] / perWindow));
    const figures = baseline?.[surface];
    return {
      surface,
      share: shares[surface],
      perWindow,
      ...(figures ? { baseline: { median: figures.median, p95: figures.p95, peak: figures.peak, left } } : {}),
      requests: requests[surface],
      windows,
      wallMs: windows * windowMs,
    };
  });
  const windows = Math.max(...metered.map((m) => m.windows));
  return {
    requests,
    totals: { core: requests.core, dialer: requests.dialer, other: UNMETERED_SURFACES.reduce((n, s) => n + requests[s], 0) },
    metered,
    unmetered: UNMETERED_SURFACES.map((surface) => ({ surface, requests: requests[surface], budget: NO_BUDGET })),
    windows,
    minimumWallMs: windows * windowMs,
    bottlenecks: windows === 0 ? [] : metered.filter((m) => m.windows === windows).map((m) => m.surface),
  };
}

/** What holds the campaign up, in words: `core: 1001 windows of 1 min at 30 per window`. */
export function bottleneckText(load: CampaignLoad, windowMs: number): string {
  if (load.bottlenecks.length === 0) return 'no request on a metered surface';
  const parts = load.bottlenecks.map((surface) => {
    const m = load.metered.find((x) => x.surface === surface) as MeteredLoad;
    return `${surface}: ${m.windows} windows of ${formatDuration(windowMs)} at ${m.perWindow} per window`;
  });
  return parts.join('; ') + (parts.length > 1 ? ' (tied)' : '');
}

/** The NO-GO of a baseline that already fills a share: its figures beside what the share allows. */
export function exhaustedReason(load: CampaignLoad, exhausted: readonly MeteredSurface[]): string {
  const parts = exhausted.map((surface) => {
    const m = load.metered.find((x) => x.surface === surface) as MeteredLoad;
    const b = m.baseline as NonNullable<MeteredLoad['baseline']>;
    return `${surface}: the baseline's p95 is ${b.p95} requests per window (median ${b.median}, peak ${b.peak}), the share allows ${m.perWindow} of ${BUDGET_PER_WINDOW}`;
  });
  return `the company's other integrations already use the share: ${parts.join('; ')}; nothing is left for the campaign`;
}

function verdictOf(load: CampaignLoad, deadline: ResolvedDeadline | null, windowMs: number, exhausted: readonly MeteredSurface[]): Verdict {
  if (exhausted.length > 0) return { go: false, marginMs: null, reason: exhaustedReason(load, exhausted) };
  const needs =
    load.bottlenecks.length === 0
      ? 'no budget limits the campaign (no request on a metered surface)'
      : `needs at least ${formatDuration(load.minimumWallMs)} (${bottleneckText(load, windowMs)})`;
  if (deadline === null) return { go: true, marginMs: null, reason: `no deadline given; ${needs}` };
  const marginMs = deadline.availableMs - load.minimumWallMs;
  const leaves = `the deadline (${deadline.at}) leaves ${formatDuration(deadline.availableMs)}`;
  if (marginMs >= 0) return { go: true, marginMs, reason: `${needs}; ${leaves}: margin ${formatDuration(marginMs)}` };
  return { go: false, marginMs, reason: `${needs}; ${leaves}: short by ${formatDuration(-marginMs)}` };
}

function checkInput(input: CapacityInput): { windowMs: number; deadline: ResolvedDeadline | null } {
  if (!Number.isInteger(input.contacts) || input.contacts < 0)
    throw new CapacityInputError('contacts', `must be a whole number of contacts, at least 0, got ${input.contacts}`);
  for (const surface of METERED_SURFACES) {
    const share = input.shares[surface];
    if (typeof share !== 'number' || !Number.isFinite(share) || share <= 0 || share > 1) {
      throw new CapacityInputError(`shares.${surface}`, `must be more than 0 and at most 1 (a share of the ${surface} budget), got ${share}`);
    }
    if (tidy(share * BUDGET_PER_WINDOW) === 0)
      throw new CapacityInputError(`shares.${surface}`, `is too small to plan with (less than one request in a million windows), got ${share}`);
  }
  const windowMs = input.windowMs ?? SPEC_WINDOW_MS;
  if (!Number.isInteger(windowMs) || windowMs < 1)
    throw new CapacityInputError('windowMs', `must be a whole number of milliseconds, at least 1, got ${windowMs}`);
  if (input.deadline === undefined) return { windowMs, deadline: null };
  if (input.now === undefined) throw new CapacityInputError('now', 'a deadline needs the time it counts from');
  try {
    return { windowMs, deadline: resolveDeadline(input.deadline, input.now) };
  } catch (err) {
    throw new CapacityInputError('deadline', (err as Error).message);
  }
}

export function planCampaign(input: CapacityInput): CapacityPlan {
  const { windowMs, deadline } = checkInput(input);
  const { contacts, profile, shares, baseline } = input;
  const none = new Set<string>();
  const all = new Set(profile.perContact.filter((s) => s.batch).map((s) => s.id));
  const asProfiled = loadOf(countRequests(contacts, profile, none), shares, windowMs, baseline);
  const withBatches = loadOf(countRequests(contacts, profile, all), shares, windowMs, baseline);
  const exhausted = baseline ? METERED_SURFACES.filter((surface) => leftOf(surface, shares, baseline) <= 0) : [];

  const steps: StepRequests[] = [
    ...profile.perContact.map((step) => ({
      id: step.id,
      what: step.what,
      kind: 'per contact' as const,
      surface: step.surface,
      operation: step.operation,
      source: step.source,
      items: stepItems(contacts, step.itemsPerContact),
      requests: stepRequests(contacts, step, false).requests,
    })),
    ...profile.perCampaign.map((step) => ({
      id: step.id,
      what: step.what,
      kind: 'per campaign' as const,
      surface: step.surface,
      operation: step.operation,
      source: step.source,
      items: step.requests,
      requests: step.requests,
    })),
  ];

  const batches = profile.perContact.flatMap((step): BatchSaving[] => {
    const batch = step.batch;
    if (!batch) return [];
    const before = stepRequests(contacts, step, false).requests;
    const after = stepRequests(contacts, step, true).requests;
    const alone = loadOf(countRequests(contacts, profile, new Set([step.id])), shares, windowMs, baseline);
    return [
      {
        step: step.id,
        what: step.what,
        surface: step.surface,
        operation: step.operation,
        batchOperation: batch.operation,
        batchSurface: batch.surface,
        source: batch.source,
        itemsPerRequest: batch.itemsPerRequest,
        requestsBefore: before,
        requestsAfter: after,
        savedRequests: before - after,
        timeSavedMs: asProfiled.minimumWallMs - alone.minimumWallMs,
        ...(batch.note !== undefined ? { note: batch.note } : {}),
      },
    ];
  });

  return {
    contacts,
    profile: profile.name,
    windowMs,
    budgetPerWindow: BUDGET_PER_WINDOW,
    shares: { core: shares.core, dialer: shares.dialer },
    steps,
    asProfiled,
    batches,
    withBatches,
    batchTimeSavedMs: asProfiled.minimumWallMs - withBatches.minimumWallMs,
    deadline,
    verdict: verdictOf(asProfiled, deadline, windowMs, exhausted),
    verdictWithBatches: verdictOf(withBatches, deadline, windowMs, exhausted),
    exhausted,
  };
}
