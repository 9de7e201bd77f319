import fc from 'fast-check';
import type { CheckContext } from '../checks/context.ts';
import { RuleViolation } from '../checks/signals.ts';
import { DefinitionError } from '../errors.ts';

export interface Exploration<T> {
  readonly arbitrary: fc.Arbitrary<T>;
  /** Values always tried first: the exact boundaries on both sides. */
  readonly boundaries: readonly T[];
  /**
   * Chosen values past the boundaries, forms a validator may miss ('1.5' for an integer): tried next, each
   * counted as a random value. Where the target caps random values (CC_FUZZ_RANDOM) they are drawn among
   * the random ones instead, so successive runs try different ones.
   */
  readonly samples?: readonly T[];
  /**
   * Random values tried after the boundaries and the samples, out of those the check declares in its
   * `randomValues` (absent: all it declares and has not drawn, for a check that explores once); each costs
   * requests on a live target, and a target may allow fewer (CC_FUZZ_RANDOM).
   */
  readonly randomRuns?: number;
  readonly property: (value: T) => Promise<unknown>;
}

/**
 * Runs a property against the target with fast-check, seeded by the check's seed so `--seed`
 * replays it. Shrinking is off: every shrink step would be one more request against the budget,
 * so the first counterexample is reported as found, with the seed that reproduces it: recorded on its rule
 * (thrown inside `strictly`), while the check goes on.
 */
export async function explore<T>(t: CheckContext, exploration: Exploration<T>): Promise<void> {
  // A check that declared none would run its boundaries only, and no plan would show the loss.
  if (t.scope.cost.randomValues === undefined) throw new DefinitionError(`${t.scope.id} explores without declaring its randomValues`);
  const samples = exploration.samples ?? [];
  const wanted = exploration.randomRuns === undefined ? undefined : samples.length + exploration.randomRuns;
  const { wanted: drawn, granted } = t.randomValues(wanted);
  const all = granted === drawn;
  if (all && granted < samples.length) throw new DefinitionError(`${t.scope.id} declares fewer random values than its ${samples.length} samples`);
  // Every sample, then random values; or, under a cap, as many values as it allows, drawn among both.
  const arbitrary = all || samples.length === 0 ? exploration.arbitrary : fc.oneof(fc.constantFrom(...samples), exploration.arbitrary);
  const examples = all ? [...exploration.boundaries, ...samples] : exploration.boundaries;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      await t.strictly(() => exploration.property(value));
    }),
    {
      seed: t.seed,
      numRuns: exploration.boundaries.length + granted,
      examples: examples.map((b) => [b] as [T]),
      endOnFailure: true,
    },
  );
  if (!details.failed) return;
  const err = details.errorInstance;
  const where = `(counterexample ${JSON.stringify(details.counterexample?.[0])}, check seed ${t.seed}, run seed ${t.runSeed})`;
  // The counterexample fails its rule; the check goes on judging its other rules.
  if (err instanceof RuleViolation) return t.found(new RuleViolation(err.rule, `${err.message} ${where}`, err.evidence));
  throw err instanceof Error ? err : new Error(`property failed ${where}: ${String(err)}`);
}
