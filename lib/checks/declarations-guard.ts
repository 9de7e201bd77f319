import { DefinitionError } from '../errors.ts';
import { allowanceOn, type CheckDefinition, randomValuesDeclared, randomValuesOn, totalOf } from './define.ts';
import type { DeletionBatch } from './batched-deletions.ts';
import type { Lane } from './lanes.ts';
import type { Session } from './session.ts';
import type { SharedRecord } from './shared-records.ts';

/**
 * What a context needs of the check it serves: its name, the rules it judges, its request allowance, the
 * shared records it may use and, in a run's lanes, the lane it runs in.
 */
export type CheckScope = Pick<CheckDefinition, 'id' | 'rules' | 'handsOver' | 'cost' | 'records'> & {
  readonly runsIn?: Lane;
};

/**
 * Holds a running check to what it declared, since the plan counted the run's cost from the declarations
 * alone: the requests it may send, the shared records it uses, the random values and sequence steps it
 * draws, the records it leaves to its lane's end. A use past a declaration is a defect of the check
 * (DefinitionError), said where it happens. The check's context consults it; the check never sees it.
 */
export class DeclarationsGuard {
  readonly #scope: CheckScope;
  /** The check's request allowance against this target (define.ts `allowanceOn`). */
  readonly allowance: number;
  /**
   * Whether the check's sequences draw random steps in this run (CC_SEQUENCE_CHECKS; runner.ts `chooseDrawers`):
   * a stateful check with closing steps that another of its lane draws for runs them alone.
   */
  readonly drawsSequenceSteps: boolean;
  /** Random fuzz values the check declared and has not asked for yet, and those the target still allows. */
  #randomDeclared: number;
  #randomAllowed: number;
  /** Records left to the lane's end so far, by batch. */
  readonly #batchedSoFar = new Map<DeletionBatch, number>();

  constructor(scope: CheckScope, run: Pick<Session, 'target' | 'fuzzDrawers' | 'sequenceDrawers'>) {
    this.#scope = scope;
    this.allowance = allowanceOn(scope, run.target);
    this.#randomDeclared = randomValuesDeclared(scope);
    const drawers = scope.runsIn !== undefined ? run.fuzzDrawers.get(scope.runsIn) : undefined;
    this.#randomAllowed = drawers === undefined || drawers.has(scope.id) ? randomValuesOn(scope, run.target) : 0;
    const stepDrawers = scope.runsIn !== undefined ? run.sequenceDrawers.get(scope.runsIn) : undefined;
    this.drawsSequenceSteps = stepDrawers === undefined || stepDrawers.has(scope.id) || !totalOf(scope.cost.sequences?.closingRequests ?? 0);
  }

  /** A shared record the check uses must be one it declares in `shares`, of the lane it runs in. */
  mayShare(record: SharedRecord<unknown>): void {
    const scope = this.#scope;
    if (!(scope.records?.shares ?? []).includes(record))
      throw new DefinitionError(`${scope.id} uses the shared record ${record.key} without declaring it in shares`);
    if (scope.runsIn !== undefined && scope.runsIn !== record.lane)
      throw new DefinitionError(`${scope.id} runs in the ${scope.runsIn} lane and uses ${record.key}, a record of the ${record.lane} lane`);
  }

  /** A shared record the check makes its own way must be one it declares in `makes`: the run order puts it first of its sharers by that. */
  mayMake(record: SharedRecord<unknown>): void {
    this.mayShare(record);
    if (!(this.#scope.records?.makes ?? []).includes(record))
      throw new DefinitionError(`${this.#scope.id} makes the shared record ${record.key} its own way without declaring it in makes`);
  }

  /**
   * Grants `wanted` random fuzz values (absent: all the check declares and has not drawn yet): all of them
   * against a target that allows each check its own number, else those the target's cap (CC_FUZZ_RANDOM) or
   * the lane's choice of drawers (CC_FUZZ_CHECKS) leaves. Wanting more than the check's `randomValues`
   * declares is a defect of the check: the plan would not have counted them.
   */
  randomValues(wanted: number = this.#randomDeclared): { readonly wanted: number; readonly granted: number } {
    if (wanted > this.#randomDeclared)
      throw new DefinitionError(`${this.#scope.id} draws more random fuzz values than the ${randomValuesDeclared(this.#scope)} its randomValues declares`);
    this.#randomDeclared -= wanted;
    const granted = Math.min(wanted, this.#randomAllowed);
    this.#randomAllowed -= granted;
    return { wanted, granted };
  }

  /** Counts one more record the check left to `batch`'s lane end: no more than its `batched` declares, in its own lane. */
  leftToLaneEnd(batch: DeletionBatch): void {
    const scope = this.#scope;
    const declared = scope.records?.batched?.find((b) => b.batch === batch)?.records ?? 0;
    const left = (this.#batchedSoFar.get(batch) ?? 0) + 1;
    this.#batchedSoFar.set(batch, left);
    if (left > declared) throw new DefinitionError(`${scope.id} leaves more ${batch.key} to its lane's end than the ${declared} its batched declares`);
    if (scope.runsIn !== undefined && scope.runsIn !== batch.lane)
      throw new DefinitionError(`${scope.id} runs in the ${scope.runsIn} lane and leaves ${batch.key} to the ${batch.lane} lane's end`);
  }
}
