import { DefinitionError } from '../errors.ts';
import type { RuleId } from '../rules/index.ts';
import type { Effect, Target } from '../config/target.ts';
import type { KeySlot, ApiPart, Surface } from '../contract/vocabulary.ts';
import type { CheckContext } from './context.ts';
import type { Lane } from './lanes.ts';
import type { DeletionBatch } from './batched-deletions.ts';
import type { SharedRecord } from './shared-records.ts';
import { atLeast, type Release } from '../dialer/releases.ts';

/**
 * A check: one scenario against the target, asserting one or a few rules. Checks are plain data
 * plus a function, so the vitest suites and the in-process fault proofs run the very same code.
 */
export interface CheckDefinition {
  /** Stable, unique: `core.contacts.edit-unknown-404`. */
  readonly id: string;
  readonly title: string;
  readonly surface: Surface;
  /** Rule IDs this check asserts; the report attributes every assertion to one of them. */
  readonly rules: readonly RuleId[];
  /**
   * Rules of `rules` that other checks judge, whose fact this check may see while judging its own (a filter
   * not applied, seen by a model's list): a violation it sees fails the rule here, with its evidence, and
   * when it sees none it says nothing of the rule. One fact, one judge: the evidence goes to its rule.
   */
  readonly handsOver?: readonly RuleId[];
  /** What the check sends. The planner derives its allowance and its part of the plan from this and `records`. */
  readonly cost: CheckCost;
  /** The records it shares with the checks of its lane, leaves to its lane's end, or leaves on the account for good. */
  readonly records?: CheckRecords;
  /**
   * The lane the check runs in when it is not its suite's: a check that changes data which a check of another
   * lane counts or compares runs in that lane, so the two never overlap.
   */
  readonly lane?: Lane;
  readonly needs?: CheckNeeds;
  run(t: CheckContext): Promise<unknown>;
}

/**
 * What a check sends, as the planner reads it. Its allowance is `sends` plus the makes of the records it
 * shares (any of them may be the first to need one), less what this target does not get, plus what the
 * bundled mock alone may get. No sum is written by hand: a figure made of parts names them.
 */
export interface CheckCost {
  /**
   * The most requests the check sends itself, its cleanup included, beside the makes of the records it shares:
   * one figure, or named parts the planner adds up (`{ 'find a call': FIND_CALL_REQUESTS, pages: MAX_PAGES }`).
   * A request past the allowance ends the check; its cleanup still goes out, being what the account is owed.
   */
  readonly requests: Figure;
  /**
   * The random fuzz values the check draws beside its exact boundaries, over all its explorations, and the
   * most requests one of them costs; `requests` counts them all. A target that allows fewer (CC_FUZZ_RANDOM) gets
   * those only, and the check's allowance shrinks by what the rest would have cost.
   */
  readonly randomValues?: { readonly count: Figure; readonly requestsEach: number };
  /**
   * Of `sends`, those the check sends only when the expected Dialer release is older than `before`: what only a
   * rule of the older releases needs. A target expected at `before` or later gets none of them.
   */
  readonly olderReleasesOnly?: { readonly before: Release; readonly requests: number };
  /**
   * Of `sends`, those the check sends only with a key pair the target may lack (another company's reads and
   * writes), and of them, those on other budgets than its own (as `elsewhere` counts them): a target without
   * that key pair gets none of them.
   */
  readonly withKeyOnly?: { readonly key: KeySlot; readonly requests: number; readonly elsewhere?: Partial<Record<ApiPart, number>> };
  /**
   * Of `requests`, the most that go to other meters than the check's own (a Dialer check adding a call tag through
   * the core API): the plan counts them there, and the rest on the check's own meter.
   */
  readonly elsewhere?: Readonly<Partial<Record<ApiPart, number>>>;
  /**
   * Requests the check sends only when the target refuses a make it shares that serves several checks at once
   * (`SharedRecord.madeTogether`: the core's pool of contacts, made ten a request; the agents at the value
   * bounds; the refusals sent together), or answers it so that it judges nothing certain: what it then sends
   * itself instead, by make. `requests` counts them; the plan's totals do not, and the plan's line on each make
   * says what such a target costs.
   */
  readonly ifBatchRefused?: readonly IfBatchRefused[];
  /**
   * Requests the check may add against the bundled mock alone, where they spend no one's budget: the budget
   * check's trials, measured once more at a wider window when this machine sent them too slowly for the mock's.
   */
  readonly bundledMockExtra?: Figure;
  /**
   * Windows the check lasts by design, for a check whose planned bursts bypass the pacer (the budget check):
   * its time is these windows, not its allowance at the pace.
   */
  readonly lastsWindows?: number;
  /**
   * A stateful check (lib/stateful/): random sequences of steps against a model, as many and as long as the
   * target's CC_SEQUENCES gives. Its allowance is worked out from them and from what the target lets
   * shrinking spend; `requests` is then 0.
   */
  readonly sequences?: SequenceCost;
}

/** What a stateful check's sequences cost. */
export interface SequenceCost {
  /** The most one step costs, the deletion of what it makes included. */
  readonly requestsPerStep: Figure;
  /** What the check sends once, before its sequences. */
  readonly setupRequests: Figure;
  /** What the steps every sequence ends with cost at most (SequenceModel.closing). */
  readonly closingRequests?: Figure;
  /** Of `closingRequests`, those its closing steps send only with a key pair the target may lack: a target without it gets none of them. */
  readonly closingWithKeyOnly?: { readonly key: KeySlot; readonly requests: number };
  /** The most steps of its sequences, below the target's (its steps are dear). */
  readonly longest?: number;
  /** The most sequences it runs, below the target's: for a check whose closing steps judge its rule in every sequence, so a few find what more would. */
  readonly most?: number;
  /** Dialer campaigns one sequence may leave (the API keeps them for good): the plan counts them in what the run leaves. */
  readonly campaignsPerSequence?: number;
}

/** The records a check uses beside those it makes and deletes itself. */
export interface CheckRecords {
  /**
   * Records of its lane the check uses as they are and changes in no way (`t.shared`): made by the first
   * such check that needs one, deleted when the lane ends. Its allowance counts each one's make, since it may
   * be the first; the plan counts each make and deletion once.
   */
  readonly shares?: readonly SharedRecord<unknown>[];
  /**
   * Of `shares`, those the check makes its own way for the checks after it (`t.provideShared`: the changing
   * cursor walk makes the run's deleted campaign between its pages). It runs before their other sharers,
   * whatever the order its suite lists it in (run-order.ts).
   */
  readonly makes?: readonly SharedRecord<unknown>[];
  /**
   * Records of its own the check leaves to its lane's end, to be deleted there together with the other
   * checks' (`t.deleteWhenLaneEnds`): the most of each batch's kind it makes. Its allowance does not count
   * their deletion; the plan counts one request for each `perRequest` of the lane's.
   */
  readonly batched?: readonly { readonly batch: DeletionBatch; readonly records: number }[];
  /**
   * What the check may leave on the account for good: Dialer campaigns, which the API keeps after their
   * deletion (status `deleted`). `campaigns` counts those it makes itself, at most; those among its shares
   * say so themselves (`SharedRecord.leftForGood`), and the plan counts each once a run.
   */
  readonly leaves?: {
    readonly campaigns: number;
    /**
     * Campaigns it makes only where the target takes a create it must refuse (a whitespace-only name), deleted
     * as its other creates are, and kept by the API with status deleted: not what a conforming target is left
     * with, so the plan names them apart.
     */
    readonly ifTaken?: number;
  };
}

/** What the target must offer for the check to run. */
export interface CheckNeeds {
  readonly keys?: readonly KeySlot[];
  readonly surfaces?: readonly Surface[];
  readonly effects?: readonly Effect[];
  /**
   * The archived call tag of the account, which no endpoint lists, so the user names it (CC_DIALER_ARCHIVED_TAG_ID):
   * without it the check can send nothing, so the plan counts none of its requests.
   */
  readonly archivedTag?: boolean;
}

/** What a check sends itself when the target refuses one make it shares that serves several checks at once. */
export interface IfBatchRefused {
  readonly record: SharedRecord<unknown>;
  /** One figure, or named parts the planner adds up. */
  readonly requests: Figure;
}

/**
 * A count of requests: one figure, or named parts the planner adds up, each a figure itself (a constant of
 * parts, `FIND_CALL`, inside a check's parts). No sum is written by hand.
 */
export type Figure = number | { readonly [part: string]: Figure };

/** A figure's total. */
export function totalOf(figure: Figure): number {
  return typeof figure === 'number' ? figure : Object.values(figure).reduce((n: number, part) => n + totalOf(part), 0);
}

/** What the check sends itself when the target refuses the makes it shares that serve several at once: `record`'s, or all of them. */
export function ifBatchRefusedRequests(def: Pick<CheckDefinition, 'cost'>, record?: SharedRecord<unknown>): number {
  return (def.cost.ifBatchRefused ?? []).filter((r) => record === undefined || r.record === record).reduce((n, r) => n + totalOf(r.requests), 0);
}

export function defineCheck(def: CheckDefinition): CheckDefinition {
  const stray = (def.handsOver ?? []).find((rule) => !def.rules.includes(rule));
  if (stray !== undefined) throw new DefinitionError(`${def.id} hands over ${stray}, which it does not list in its rules`);
  return def;
}

/** The random fuzz values the check declares it may draw. */
export function randomValuesDeclared(def: Pick<CheckDefinition, 'cost'>): number {
  return totalOf(def.cost.randomValues?.count ?? 0);
}

/** The random fuzz values the check may draw against this target: its own number, or fewer where the target caps them. */
export function randomValuesOn(def: Pick<CheckDefinition, 'cost'>, target: Pick<Target, 'fuzzRandomCap'>): number {
  const count = randomValuesDeclared(def);
  return target.fuzzRandomCap === undefined ? count : Math.min(count, target.fuzzRandomCap);
}

/** What a stateful check's sequences may spend against this target: every step of every sequence at its dearest, and the shrinking. */
export function sequenceAllowance(stateful: SequenceCost, target: Pick<Target, 'sequences' | 'keys'>): number {
  const { shrinkRequests } = target.sequences;
  return (
    totalOf(stateful.setupRequests) + sequenceCount(stateful, target) * (sequenceStepRequests(stateful, target) + closingOn(stateful, target)) + shrinkRequests
  );
}

/** Whether the target lacks the key pair some requests need, so that none of them is sent. */
const lacks = (target: Pick<Target, 'keys'>, keyed: { readonly key: KeySlot } | undefined): keyed is { readonly key: KeySlot } =>
  keyed !== undefined && target.keys[keyed.key] === undefined;

/**
 * What the check's sequences spend on random steps at most against this target, besides one sequence's closing
 * steps: what a check that another of its lane draws random steps for (CC_SEQUENCE_CHECKS) does not spend.
 */
export function randomStepsAllowance(stateful: SequenceCost, target: Pick<Target, 'sequences' | 'keys'>): number {
  const count = sequenceCount(stateful, target);
  return count * sequenceStepRequests(stateful, target) + (count - 1) * closingOn(stateful, target);
}

/** What the closing steps of one of the check's sequences cost at most against this target: none of those a key pair it lacks would send. */
export function closingOn(stateful: SequenceCost, target: Pick<Target, 'keys'>): number {
  const keyed = stateful.closingWithKeyOnly;
  return totalOf(stateful.closingRequests ?? 0) - (lacks(target, keyed) ? keyed.requests : 0);
}

/** What the check sends only with a key pair the target lacks, in all and on each of the other budgets: none of it is sent. */
export function withKeyForgone(
  def: Pick<CheckDefinition, 'cost'>,
  target: Pick<Target, 'keys'>,
): { readonly requests: number; readonly elsewhere: Partial<Record<ApiPart, number>> } {
  const keyed = def.cost.withKeyOnly;
  return lacks(target, keyed) ? { requests: keyed.requests, elsewhere: keyed.elsewhere ?? {} } : { requests: 0, elsewhere: {} };
}

/** How many sequences the check runs against this target. */
export function sequenceCount(stateful: SequenceCost, target: Pick<Target, 'sequences'>): number {
  return Math.min(target.sequences.count, stateful.most ?? Number.POSITIVE_INFINITY);
}

/** `n sequences` in words, in the singular for one. */
export const sequencesOf = (n: number, kind = ''): string => `${n} ${kind}sequence${n === 1 ? '' : 's'}`;

/** The most steps of one of the check's sequences against this target. */
export function sequenceSteps(stateful: SequenceCost, target: Pick<Target, 'sequences'>): number {
  return Math.min(target.sequences.steps, stateful.longest ?? Number.POSITIVE_INFINITY);
}

/**
 * The most requests the steps of one of the check's sequences send against this target: each at its dearest,
 * within the target's cap, which a sequence's first step may cross (a sequence has one at least).
 */
export function sequenceStepRequests(stateful: SequenceCost, target: Pick<Target, 'sequences'>): number {
  const each = totalOf(stateful.requestsPerStep);
  const cap = Math.max(target.sequences.stepRequests ?? Number.POSITIVE_INFINITY, each);
  return Math.min(sequenceSteps(stateful, target) * each, cap);
}

/** What the check sends only for older Dialer releases than the target is expected to be: none of it is sent. */
function olderReleasesForgone(def: Pick<CheckDefinition, 'cost'>, target: Pick<Target, 'dialer'>): number {
  const older = def.cost.olderReleasesOnly;
  return older !== undefined && atLeast(target.dialer.release, older.before) ? older.requests : 0;
}

/** What the check sends itself, beside its shared records' makes: its one figure, or the sum of its named parts. */
export function ownRequests(cost: CheckCost): number {
  return totalOf(cost.requests);
}

/** A check's requests as named parts: a lone figure is the check's own requests. */
export function partsOf(figure: Figure): { readonly [part: string]: Figure } {
  if (typeof figure !== 'number') return figure;
  return figure === 0 ? {} : { 'its own requests': figure };
}

/** The requests the makes of the records the check shares cost at most: it may be the first to need each. */
export function sharedMakes(def: Pick<CheckDefinition, 'records'>): number {
  return (def.records?.shares ?? []).reduce((n, r) => n + r.makeRequests, 0);
}

/**
 * The check's allowance against this target: what it sends and its shared records' makes, less what the
 * random values it may not draw, the requests only older Dialer releases get and those only a key pair it
 * lacks sends would cost, plus what it may add against the bundled mock; for a stateful check, what its
 * sequences may spend.
 */
export function allowanceOn(
  def: Pick<CheckDefinition, 'cost' | 'records'>,
  target: Pick<Target, 'fuzzRandomCap' | 'sequences' | 'bundledMock' | 'dialer' | 'keys'>,
): number {
  const { cost } = def;
  if (cost.sequences) return sequenceAllowance(cost.sequences, target) + sharedMakes(def);
  const forgone = randomValuesDeclared(def) - randomValuesOn(def, target);
  return (
    ownRequests(cost) +
    sharedMakes(def) -
    forgone * (cost.randomValues?.requestsEach ?? 0) -
    olderReleasesForgone(def, target) -
    withKeyForgone(def, target).requests +
    (target.bundledMock ? totalOf(cost.bundledMockExtra ?? 0) : 0)
  );
}
