/**
 * Staffing: how many contacts the agents can take an hour, and the campaign planned against it and the
 * budgets together. Each bound (the agents, the core budget, the Dialer budget) says how many contacts
 * an hour it lets through; the slowest binds. The verdict answers "N contacts in H hours with A agents".
 *
 * Pure: the same plan and staffing give the same figures.
 */
import { formatDuration } from '../../lib/render/durations.ts';
import { BUDGET_PER_WINDOW, METERED_SURFACES, type MeteredSurface } from '../../lib/contract/vocabulary.ts';
import { type CampaignLoad, type CapacityPlan, exhaustedReason, type MeteredLoad, type Verdict } from './campaign-plan.ts';
import { durationMs } from './time.ts';

const HOUR_MS = 3_600_000;

/** Staffing as given, in the profile's `staffing` or on the command line; every field optional until resolved. */
export interface StaffingInput {
  readonly agents?: number;
  /** How long a call holds an agent: `5m`, `4m30s`. */
  readonly handleTime?: string;
  readonly callsPerAgentHour?: number;
  readonly answerShare?: number;
  readonly hours?: number;
}

export interface Staffing {
  readonly agents: number;
  /** Answered calls one agent takes an hour: 60 minutes over the handle time, or as given. */
  readonly callsPerAgentHour: number;
  /** The handle time the pace came from, in minutes; absent when calls per agent-hour were given. */
  readonly handleMinutes?: number;
  /** Of the contacts dialed, the share whose call is answered and takes an agent. */
  readonly answerShare: number;
  /** The answer share was not given: 1, every contact takes an agent (the most agent time). */
  readonly answerShareDefault: boolean;
}

/** Staffing that cannot be used; `field` names it, so the command can name its own option or profile field. */
export class StaffingError extends Error {
  override readonly name = 'StaffingError';
  constructor(
    readonly field: keyof StaffingInput,
    message: string,
  ) {
    super(message);
  }
}

/** `5m` as minutes; a StaffingError when it is no duration above 0. */
export function handleMinutes(raw: string): number {
  const ms = durationMs(raw.trim());
  if (ms === undefined || ms === 0) throw new StaffingError('handleTime', `must be a duration above 0 such as 5m, 4m30s or 90s, got ${JSON.stringify(raw)}`);
  return ms / 60_000;
}

function check(field: keyof StaffingInput, value: number | undefined, ok: (n: number) => boolean, what: string): void {
  if (value !== undefined && (!Number.isFinite(value) || !ok(value))) throw new StaffingError(field, `must be ${what}, got ${value}`);
}

/**
 * The staffing the plan uses: the command line's fields over the profile's, one by one; a pace given on the
 * command line (handle time or calls per agent-hour) replaces the profile's either way. Null when no agents
 * are given anywhere: then nothing else of staffing may be.
 */
export function resolveStaffing(profile: StaffingInput | undefined, flags: StaffingInput): { staffing: Staffing | null; hours: number | null } {
  if (flags.handleTime !== undefined && flags.callsPerAgentHour !== undefined)
    throw new StaffingError('callsPerAgentHour', 'give the handle time or calls per agent-hour, not both');
  const paceFromFlags = flags.handleTime !== undefined || flags.callsPerAgentHour !== undefined;
  const pace = paceFromFlags ? flags : (profile ?? {});
  const merged: { [K in keyof StaffingInput]: StaffingInput[K] | undefined } = {
    agents: flags.agents ?? profile?.agents,
    handleTime: pace.handleTime,
    callsPerAgentHour: pace.callsPerAgentHour,
    answerShare: flags.answerShare ?? profile?.answerShare,
    hours: flags.hours ?? profile?.hours,
  };
  check('agents', merged.agents, (n) => Number.isInteger(n) && n >= 1, 'a whole number of agents, at least 1');
  check('callsPerAgentHour', merged.callsPerAgentHour, (n) => n > 0, 'a number of answered calls above 0');
  check('answerShare', merged.answerShare, (n) => n > 0 && n <= 1, 'above 0 and at most 1 (the share of calls answered)');
  check('hours', merged.hours, (n) => n > 0 && n <= 24 * 366, 'a number of hours above 0 (at most a year)');
  if (merged.agents === undefined) {
    const given = (['handleTime', 'callsPerAgentHour', 'answerShare', 'hours'] as const).find((f) => merged[f] !== undefined);
    if (given !== undefined) throw new StaffingError(given, 'applies only with agents (--agents, or staffing.agents in the profile)');
    return { staffing: null, hours: null };
  }
  if (merged.handleTime !== undefined && merged.callsPerAgentHour !== undefined)
    throw new StaffingError('callsPerAgentHour', 'give the handle time or calls per agent-hour, not both');
  if (merged.handleTime === undefined && merged.callsPerAgentHour === undefined)
    throw new StaffingError('handleTime', 'agents need a pace: a handle time (5m) or calls per agent-hour');
  const minutes = merged.handleTime === undefined ? undefined : handleMinutes(merged.handleTime);
  return {
    staffing: {
      agents: merged.agents,
      callsPerAgentHour: minutes === undefined ? (merged.callsPerAgentHour as number) : tidy(60 / minutes),
      ...(minutes !== undefined ? { handleMinutes: minutes } : {}),
      answerShare: merged.answerShare ?? 1,
      answerShareDefault: merged.answerShare === undefined,
    },
    hours: merged.hours ?? null,
  };
}

function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** 5000 as `5,000`; a fraction to at most `places` decimals, trailing zeros dropped. */
export function grouped(n: number, places = 1): string {
  const [whole, fraction = ''] = n.toFixed(places).split('.') as [string, string?];
  const kept = fraction.replace(/0+$/, '');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kept === '' ? '' : `.${kept}`}`;
}

const plural = (n: number, one: string, many: string) => `${grouped(n)} ${n === 1 ? one : many}`;

export type BoundName = 'agents' | MeteredSurface;

/** What one bound lets through. */
export interface Bound {
  readonly bound: BoundName;
  /** Contacts an hour it lets through; null when it sets no limit (no per-contact request on the budget). */
  readonly contactsPerHour: number | null;
  /** How long the campaign's contacts take under this bound alone (per-campaign requests included); null: never. */
  readonly needsMs: number | null;
  /** Contacts it lets through in the hours given; null without hours. */
  readonly reaches: number | null;
  /** The bound's arithmetic in words. */
  readonly text: string;
}

export interface StaffedLoad {
  readonly bounds: readonly Bound[];
  /** The bounds that let the fewest contacts through: the slowest, two on a tie. */
  readonly binding: readonly BoundName[];
  /** Contacts the campaign reaches in the hours given; null without hours. */
  readonly reaches: number | null;
  readonly verdict: Verdict;
}

export interface StaffedPlan {
  readonly staffing: Staffing;
  /** The campaign's working hours in ms; null when neither hours nor a deadline were given. */
  readonly hoursMs: number | null;
  readonly hoursFrom: 'hours' | 'deadline' | null;
  readonly asProfiled: StaffedLoad;
  readonly withBatches: StaffedLoad;
}

/** How the output names each bound. */
export const BOUND_LABEL: Readonly<Record<BoundName, string>> = { agents: 'agents', core: 'core budget', dialer: 'dialer budget' };

/** The profile's per-campaign requests on each budget: sent once, whatever the pace. */
function perCampaignRequests(plan: CapacityPlan, surface: MeteredSurface): number {
  return plan.steps.filter((s) => s.kind === 'per campaign' && s.surface === surface).reduce((n, s) => n + s.requests, 0);
}

export function agentsPerHour(staffing: Staffing): number {
  return tidy((staffing.agents * staffing.callsPerAgentHour) / staffing.answerShare);
}

function agentsBound(plan: CapacityPlan, staffing: Staffing, hoursMs: number | null): Bound {
  const perHour = agentsPerHour(staffing);
  const pace = staffing.handleMinutes === undefined ? '' : ` (a call holds an agent ${grouped(staffing.handleMinutes)} min)`;
  const share = staffing.answerShareDefault ? ' (answer share not given: every contact takes an agent)' : '';
  return {
    bound: 'agents',
    contactsPerHour: perHour,
    needsMs: Math.ceil(tidy((plan.contacts / perHour) * 60)) * 60_000,
    reaches: hoursMs === null ? null : Math.min(plan.contacts, Math.floor(tidy((perHour * hoursMs) / HOUR_MS))),
    text: `agents: ${plural(staffing.agents, 'agent', 'agents')} × ${grouped(staffing.callsPerAgentHour)} answered calls an hour${pace} ÷ ${staffing.answerShare} answered${share} = ${grouped(Math.floor(perHour))} contacts an hour`,
  };
}

function budgetBound(plan: CapacityPlan, load: CampaignLoad, surface: MeteredSurface, hoursMs: number | null, exhausted: boolean): Bound {
  const m = load.metered.find((x) => x.surface === surface) as MeteredLoad;
  const once = perCampaignRequests(plan, surface);
  const perContact = m.requests - once;
  const windowsPerHour = HOUR_MS / plan.windowMs;
  const allows = m.baseline ? `${m.share} × ${BUDGET_PER_WINDOW} − baseline p95 ${m.baseline.p95}` : `${m.share} × ${BUDGET_PER_WINDOW}`;
  const label = BOUND_LABEL[surface];
  if (exhausted)
    return {
      bound: surface,
      contactsPerHour: 0,
      needsMs: null,
      reaches: hoursMs === null ? null : 0,
      text: `${label}: ${allows}: nothing left for the campaign`,
    };
  if (perContact === 0 || plan.contacts === 0)
    return {
      bound: surface,
      contactsPerHour: null,
      needsMs: m.wallMs,
      reaches: hoursMs === null ? null : plan.contacts,
      text: `${label}: no per-contact request`,
    };
  const perHour = tidy((m.perWindow * windowsPerHour * plan.contacts) / perContact);
  const windows = hoursMs === null ? 0 : Math.floor(hoursMs / plan.windowMs);
  const room = m.perWindow * windows - once;
  return {
    bound: surface,
    contactsPerHour: perHour,
    needsMs: m.wallMs,
    reaches: hoursMs === null ? null : room <= 0 ? 0 : Math.min(plan.contacts, Math.floor(tidy((room * plan.contacts) / perContact))),
    text: `${label}: ${grouped(m.perWindow)} requests a window (${allows}) ÷ ${grouped(tidy(perContact / plan.contacts), 3)} requests a contact = ${grouped(Math.floor(perHour))} contacts an hour`,
  };
}

/** What the binding bound would need for every contact in the hours given. */
function remedy(plan: CapacityPlan, load: CampaignLoad, staffing: Staffing, bound: BoundName, hoursMs: number): string {
  if (bound === 'agents') {
    const agents = Math.ceil(tidy((plan.contacts * staffing.answerShare * HOUR_MS) / (staffing.callsPerAgentHour * hoursMs)));
    return `${grouped(agents)} agents would be needed`;
  }
  const m = load.metered.find((x) => x.surface === bound) as MeteredLoad;
  const windows = Math.floor(hoursMs / plan.windowMs);
  if (windows === 0) return `the ${bound} budget needs at least one window of ${formatDuration(plan.windowMs)}`;
  const need = Math.ceil(tidy(m.requests / windows));
  const share = Math.ceil(((need + (m.baseline?.p95 ?? 0)) / BUDGET_PER_WINDOW) * 100) / 100;
  const beside = m.baseline ? ` on top of the baseline's p95 of ${m.baseline.p95}` : '';
  const whole = share > 1 ? `more than the whole ${BUDGET_PER_WINDOW}` : `a ${bound} share of ${share}`;
  return `the ${bound} budget would need ${grouped(need)} requests a window${beside}, ${whole}; or ${formatDuration(m.wallMs)} at this share`;
}

function staffedLoad(plan: CapacityPlan, load: CampaignLoad, staffing: Staffing, hoursMs: number | null): StaffedLoad {
  const bounds = [agentsBound(plan, staffing, hoursMs), ...METERED_SURFACES.map((s) => budgetBound(plan, load, s, hoursMs, plan.exhausted.includes(s)))];
  const slowest = (b: Bound) => (b.needsMs === null ? Number.POSITIVE_INFINITY : b.needsMs);
  const longest = Math.max(...bounds.map(slowest));
  const binding = bounds.filter((b) => slowest(b) === longest).map((b) => b.bound);
  const reaches = hoursMs === null ? null : Math.min(...bounds.map((b) => b.reaches as number));
  const who = `${grouped(plan.contacts)} contacts with ${plural(staffing.agents, 'agent', 'agents')}`;
  const bindingText = binding.map((b) => BOUND_LABEL[b]).join(' and ');
  if (plan.exhausted.length > 0) return { bounds, binding, reaches, verdict: { go: false, marginMs: null, reason: exhaustedReason(load, plan.exhausted) } };
  if (hoursMs === null)
    return {
      bounds,
      binding,
      reaches,
      verdict: { go: true, marginMs: null, reason: `no hours or deadline given; ${who} need at least ${formatDuration(longest)} (binding: ${bindingText})` },
    };
  const marginMs = hoursMs - longest;
  const hours = formatDuration(hoursMs);
  if (reaches === plan.contacts)
    return {
      bounds,
      binding,
      reaches,
      verdict: {
        go: true,
        marginMs: Math.max(0, marginMs),
        reason: `${who} in ${hours}: every bound lets them through; binding: ${bindingText}, ${formatDuration(longest)}, margin ${formatDuration(Math.max(0, marginMs))}`,
      },
    };
  const first = binding[0] as BoundName;
  return {
    bounds,
    binding,
    reaches,
    verdict: {
      go: false,
      marginMs,
      reason: `reaches ${grouped(reaches as number)} of ${who} in ${hours} (binding: ${bindingText}); ${remedy(plan, load, staffing, first, hoursMs)}`,
    },
  };
}

/** The campaign against the staffing and the budgets, as profiled and with every batch. */
export function staffedPlan(plan: CapacityPlan, staffing: Staffing, hours: { readonly ms: number; readonly from: 'hours' | 'deadline' } | null): StaffedPlan {
  const hoursMs = hours?.ms ?? null;
  return {
    staffing,
    hoursMs,
    hoursFrom: hours?.from ?? null,
    asProfiled: staffedLoad(plan, plan.asProfiled, staffing, hoursMs),
    withBatches: staffedLoad(plan, plan.withBatches, staffing, hoursMs),
  };
}
