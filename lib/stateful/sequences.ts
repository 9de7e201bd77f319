import fc from 'fast-check';
import { evidenceOf } from '../checks/assertions.ts';
import type { CheckContext } from '../checks/context.ts';
import { closingOn, sequenceCount, sequencesOf, sequenceStepRequests, sequenceSteps, sharedMakes, totalOf } from '../checks/define.ts';
import { RuleViolation } from '../checks/signals.ts';
import { DefinitionError, RequestAllowanceError } from '../errors.ts';
import type { Exchange } from '../http/exchange.ts';
import type { RequestSpec } from '../requests/request-spec.ts';
import type { RuleId } from '../rules/index.ts';
import type { ShrinkAllowances } from '../checks/shrink-allowances.ts';
import { storyOf, type StepRecord } from './story.ts';

/**
 * Stateful checks: random sequences of operations, each step judged against a model of what the spec says
 * the target now holds, and a failing sequence shrunk to the shortest that still fails.
 *
 * Steps are plain data drawn by fast-check (`fc.array` of a step arbitrary) and run by this loop, not
 * `fc.commands`: plain data prints as itself, and a failure replays from a seed and fast-check's path alone,
 * where commands need a third value (their replay path) and carry run state of their own.
 *
 * Each rule is judged on its own. Once a sequence has failed one rule and been shrunk, exploring goes on
 * with the sequences left, that rule's violations no longer ending a sequence, so one fault that breaks two
 * invariants fails both, each with its own shortest story.
 *
 * Every request is the user's budget on a live target, so the loop counts before it sends: a sequence runs
 * only when the check's allowance still covers all of its steps at their dearest, the deletion of what they
 * make included. Generation stays within the allowance by construction (CC_SEQUENCES); shrinking spends what
 * is left of it and of the lane's shrinking allowance, which the lane's stateful checks share
 * (lib/checks/shrink-allowances.ts), and a candidate the rest does not cover is passed over, so the report
 * gives the shortest failing sequence the allowances could reach.
 */

/** What a step sends through and judges with: each request is recorded for the story of a failing sequence. */
export interface StepIo {
  send(request: RequestSpec): Promise<Exchange>;
  /** The last request answered with this id of a record it made: the script captures it there and uses it after. */
  made(id: string): void;
  /** Judges a rule on this answer: a pass counts for it, a violation fails the sequence unless the rule has failed already. */
  judge(rule: RuleId, ok: boolean, message: string | (() => string), ex?: Exchange): void;
  /**
   * Leaves the rule unjudged at this step, for a fact that is another rule's (a filter not applied, say):
   * a rule no step judged says the first such reason instead of "no step reached it".
   */
  leave(rule: RuleId, why: string): void;
}

export interface SequenceModel<Step, World> {
  /** One step; shrinking drops steps and simplifies each. */
  readonly step: fc.Arbitrary<Step>;
  /** The step every sequence begins with, when there is one (a create: most stories need a record first). */
  readonly opening?: fc.Arbitrary<Step>;
  /**
   * Steps every sequence ends with, worked out from the model once the random ones have run: reads that
   * judge each rule at least once a sequence, so that even a few short sequences (a live target's) leave no
   * rule unjudged. Their cost is the check's `closingRequests`.
   */
  closing?(world: World, t: CheckContext): readonly Step[];
  /** Whether the step only reads: a read that held is left out of a failing sequence's story, which changes nothing without it. */
  reads(step: Step): boolean;
  /** The most requests the step sends, the deletion of what it makes included. */
  cost(step: Step): number;
  /** The step in words, before it runs: what a story shows of a step that failed before it could say more. */
  label(step: Step): string;
  /** A fresh model, and what the target will hold of it, for one sequence. */
  start(t: CheckContext): World;
  /**
   * Runs the step if its precondition holds on the model, judging the answers against the model (`io.judge`)
   * and moving the model on. Returns what it did, in words, or undefined when the precondition did not hold
   * and nothing was sent.
   */
  run(t: CheckContext, world: World, step: Step, io: StepIo): Promise<string | undefined>;
  /** How to delete what a failing story's script makes, when its records carry no name with the run's prefix for npm run cleanup. */
  readonly leftover?: string;
  /** Deletes every record the sequence made that the target still holds. Runs after every sequence, failed or not. */
  clean(t: CheckContext, world: World, io: StepIo): Promise<void>;
}

/**
 * Deletes each of `records` with a request of its own, taking those gone off the list (a 2xx, or a 404: gone
 * already), and throws naming any left, so the sequence's cleanup reports them.
 */
export async function deleteEach<T extends { readonly id: string }>(
  records: T[],
  io: StepIo,
  deletion: (record: T) => RequestSpec,
  what: string,
): Promise<void> {
  const failed: string[] = [];
  for (const record of [...records]) {
    const ex = await io.send(deletion(record));
    if ((ex.status >= 200 && ex.status < 300) || ex.status === 404) records.splice(records.indexOf(record), 1);
    else failed.push(`${record.id}: ${ex.status}`);
  }
  if (failed.length > 0) throw new Error(`deleting the sequence's ${what}: ${failed.join('; ')}`);
}

/**
 * The record a step's `pick` names among the model's, counted from the newest and wrapping round: steps that
 * mostly pick 0 meet on one record, where what one write does to another shows. Undefined when there is none.
 */
export function pickFromNewest<T>(records: readonly T[], n: number): T | undefined {
  return records.length === 0 ? undefined : records[records.length - 1 - (n % records.length)];
}

/** A picked record in a step's label: `the newest tag`, `the tag 2 before the newest`. */
export const pickedLabel = (noun: string, n: number): string => (n === 0 ? `the newest ${noun}` : `the ${noun} ${n} before the newest`);

/** A violation a step found, and the steps that led to it. */
interface Failing {
  readonly violation: RuleViolation;
  readonly steps: readonly StepRecord[];
}

/** What one exploration (one fast-check run of sequences) found. */
interface Exploration {
  readonly failing?: Failing & { readonly path: string; readonly shrinks: number; readonly passedOver: number };
  readonly runs: number;
  readonly longest: number;
}

/** The seed of each exploration after the first: the check's seed moved on, so a replay needs it written down. */
const roundSeed = (seed: number, round: number): number => (seed + Math.imul(round, 0x9e3779b1)) & 0x7fffffff;

class Sequences<Step, World> {
  readonly #t: CheckContext;
  readonly #model: SequenceModel<Step, World>;
  readonly #allowance: number;
  /** Worlds not cleaned up yet: the check's own cleanup deletes what they hold, also after an interrupt. */
  readonly #pending = new Set<World>();
  /** The first reason a step left each rule unjudged for (StepIo.leave). */
  readonly left = new Map<RuleId, string>();
  /** The first error that is no violation (a prerequisite, the target unable, an interrupt): it ends the exploring. */
  stopped: { readonly error: unknown } | undefined;
  cutShort = false;
  /** A sequence after a failure found the lane's shrinking allowance spent: exploring ended there. */
  laneShort = false;
  readonly #shrinking: ShrinkAllowances;
  /** Whose shrinking allowance the check spends: its lane's, or its own outside a run's lanes. */
  readonly #pool: string;

  constructor(t: CheckContext, model: SequenceModel<Step, World>) {
    this.#t = t;
    this.#model = model;
    this.#allowance = t.allowance;
    this.#shrinking = t.shrinkAllowances;
    this.#pool = t.scope.runsIn ?? t.scope.id;
    const { shrinkRequests } = t.target.sequences;
    // What its sequences may spend before they draw on the lane's shrinking allowance.
    this.#shrinking.join(
      this.#pool,
      t.scope.id,
      this.#allowance - shrinkRequests - totalOf(t.scope.cost.sequences?.setupRequests ?? 0) - sharedMakes(t.scope),
      shrinkRequests,
    );
    t.cleanup('delete what the sequences made', async () => {
      for (const world of this.#pending) await model.clean(t, world, this.#io(undefined, new Set()).io);
    });
  }

  /** One step's record and what it sends and judges through; violations of `ignored` rules do not fail it. */
  #io(into: StepRecord[] | undefined, ignored: ReadonlySet<string>): { io: StepIo; record: StepRecord } {
    const t = this.#t;
    const record: StepRecord = { text: '', exchanges: [], made: new Map() };
    const io: StepIo = {
      send: async (request) => {
        const ex = await request.send();
        record.exchanges.push(ex);
        return ex;
      },
      made: (id) => {
        const last = record.exchanges.length - 1;
        if (last < 0) throw new DefinitionError(`${t.scope.id} names a made record before sending its create`);
        record.made.set(last, id);
      },
      judge: (rule, ok, message, ex) => {
        // Outside a sequence's steps (its cleanup) assertions record rather than throw: an ignored rule's is dropped here.
        if (!ok && ignored.has(rule)) return;
        try {
          t.check(rule, ok, message, ex);
        } catch (err) {
          if (!(err instanceof RuleViolation) || !ignored.has(err.rule)) throw err;
        }
      },
      leave: (rule, why) => {
        if (!this.left.has(rule)) this.left.set(rule, why);
      },
    };
    into?.push(record);
    return { io, record };
  }

  /**
   * Runs up to `runs` sequences from `seed` (from `path` within them, to replay one), judging every rule not in
   * `ignored`; with `closingOnly`, one sequence of the closing steps alone.
   */
  async explore(seed: number, runs: number, ignored: ReadonlySet<string>, path?: string, closingOnly = false): Promise<Exploration> {
    const most = sequenceSteps(this.#t.scope.cost.sequences ?? { requestsPerStep: 0, setupRequests: 0 }, this.#t.target);
    const model = this.#model;
    let failing: Failing | undefined;
    let passedOver = 0;
    let longest = 0;
    // Lengths spread evenly up to the most allowed (no bias towards short arrays): state builds up over steps.
    const length = { maxLength: Math.max(1, most) - (model.opening ? 1 : 0), size: 'max' } as const;
    const drawn = model.opening
      ? fc.tuple(model.opening, fc.noBias(fc.array(model.step, length))).map(([first, rest]) => [first, ...rest])
      : fc.noBias(fc.array(model.step, { ...length, minLength: 1 }));
    // Within the target's cap on a sequence's requests (CC_SEQUENCES): the steps that fit, the first always.
    const cap = this.#t.target.sequences.stepRequests;
    const sequences = closingOnly
      ? fc.constant<readonly Step[]>([])
      : cap === undefined
        ? drawn
        : drawn.map((steps) => {
            let spent = 0;
            return steps.filter((step, i) => {
              spent += model.cost(step);
              return i === 0 || spent <= cap;
            });
          });
    const property = fc.asyncProperty(sequences, async (steps) => {
      if (this.stopped) return;
      const stateful = this.#t.scope.cost.sequences;
      const cost = steps.reduce((n, step) => n + model.cost(step), 0) + (stateful ? closingOn(stateful, this.#t.target) : 0);
      // After a failure every run is a shrinking candidate.
      const candidate = failing !== undefined;
      const ownRoom = this.#t.requests + cost <= this.#allowance;
      if (!ownRoom || !this.#shrinking.covers(this.#pool, this.#t.scope.id, cost)) {
        // Shrinking: the candidate is passed over, not judged. Before any failure it means the declared cost was
        // wrong, unless what is short is the lane's shrinking allowance, spent by another check's failure.
        if (candidate) passedOver += 1;
        else if (!ownRoom) this.cutShort = true;
        else this.laneShort = true;
        return;
      }
      this.#shrinking.spend(this.#pool, this.#t.scope.id, cost);
      const records = await this.#run(steps, ignored, (violation, story) => {
        failing = { violation, steps: story };
      });
      longest = Math.max(longest, records);
    });
    const details = await fc.check(property, { seed, numRuns: Math.max(1, runs), ...(path !== undefined ? { path } : {}) });
    if (details.failed && !failing) throw details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
    const found = details.failed && failing ? { ...failing, path: details.counterexamplePath ?? '', shrinks: details.numShrinks, passedOver } : undefined;
    return { ...(found ? { failing: found } : {}), runs: details.numRuns, longest };
  }

  /** One sequence: its steps in order, then its cleanup, whatever happened. Returns how many steps ran. */
  async #run(steps: readonly Step[], ignored: ReadonlySet<string>, failed: (violation: RuleViolation, story: StepRecord[]) => void): Promise<number> {
    const t = this.#t;
    const model = this.#model;
    const world = model.start(t);
    this.#pending.add(world);
    const records: StepRecord[] = [];
    try {
      const runStep = async (step: Step) => {
        const { io, record } = this.#io(records, ignored);
        record.text = model.label(step);
        record.reads = model.reads(step);
        const text = await model.run(t, world, step, io);
        if (text === undefined) records.pop();
        else record.text = text;
      };
      // A violation must end the sequence for fast-check to see it fail and shrink it.
      await t.strictly(async () => {
        for (const step of steps) await runStep(step);
        for (const step of model.closing?.(world, t) ?? []) await runStep(step);
      });
    } catch (err) {
      if (err instanceof RuleViolation) {
        // fast-check shrinks only towards candidates that fail too: the last failing one is the shortest found.
        // Its reads that held are left out: without them the target ends in the same state.
        failed(
          err,
          records.filter((record, i) => !record.reads || i === records.length - 1),
        );
        throw err;
      }
      this.stopped ??= { error: err };
    } finally {
      try {
        await model.clean(t, world, this.#io(undefined, ignored).io);
        this.#pending.delete(world);
      } catch (err) {
        this.stopped ??= { error: err };
      }
    }
    return records.length;
  }
}

/**
 * Runs the check's random sequences of `model`'s steps and judges every rule the check lists on them: a
 * violation fails its rule with the shortest failing sequence as evidence, and the other rules are judged on.
 * With CC_SEQUENCE_REPLAY naming this check, runs that one sequence again instead, judging its rule alone.
 */
export async function runSequences<Step, World>(t: CheckContext, model: SequenceModel<Step, World>): Promise<void> {
  if (!t.scope.cost.sequences) throw new DefinitionError(`${t.scope.id} runs sequences without declaring stateful`);
  // The rules the sequences judge: those handed over are judged only where a step sees their fact.
  const rules = (t.scope.rules as readonly RuleId[]).filter((rule) => t.applies(rule) && !(t.scope.handsOver ?? []).includes(rule));
  const skipped = new Set<string>(rules.filter((rule) => t.standings.get(rule)?.skipped !== undefined));
  const sequences = new Sequences(t, model);
  const count = sequenceCount(t.scope.cost.sequences, t.target);
  const steps = sequenceSteps(t.scope.cost.sequences, t.target);
  // A target's cap on a sequence's requests is named where it binds: below what its steps could send.
  const stepRequests = sequenceStepRequests(t.scope.cost.sequences, t.target);
  const size = `${steps} steps${stepRequests < steps * totalOf(t.scope.cost.sequences.requestsPerStep) ? ` and ${stepRequests} requests` : ''}`;

  const report = (found: NonNullable<Exploration['failing']>, seed: number) => {
    const { violation, steps: story, path, shrinks, passedOver } = found;
    const shown = storyOf(t, story, `${violation.rule}:${seed}:${path}`, violation.rule, model.leftover);
    const shrunk = shrinks > 0 ? `, shrunk ${shrinks} times` : '';
    // A run that keeps no room for shrinking (a configured target's) shrinks only within what its own
    // sequences left, and says where a shorter one is found.
    const reach =
      passedOver === 0
        ? ''
        : t.target.sequences.shrinkRequests === 0
          ? `; shrinking stopped at what this check's sequences left unspent, since a run against a configured target keeps no requests for it: its rerun line (CC_SEQUENCE_REPLAY) replays it alone and shrinks it further`
          : `; shrinking passed over ${passedOver} shorter candidates the allowance no longer covered`;
    const base = violation.evidence ?? evidenceOf(story.at(-1)?.exchanges.at(-1));
    t.recordFailure(
      new RuleViolation(
        violation.rule,
        `${violation.message} (in a sequence of ${story.length} steps${shrunk}${reach})`,
        base ? { ...base, sequence: shown } : undefined,
      ),
    );
  };

  const replay = t.target.sequenceReplay?.check === t.scope.id ? t.target.sequenceReplay : undefined;
  if (replay) {
    for (const rule of rules) if (rule !== replay.rule) t.skipRule(rule, `not judged: CC_SEQUENCE_REPLAY replays a sequence that broke ${replay.rule}`);
    const explored = await sequences.explore(replay.seed, 1, new Set(rules.filter((rule) => rule !== replay.rule)), replay.path);
    if (sequences.stopped) throw sequences.stopped.error;
    if (explored.failing) report(explored.failing, replay.seed);
    else t.pass(replay.rule as RuleId, `the replayed sequence (seed ${replay.seed}, path ${replay.path}) held this time`);
    return;
  }

  const failed = new Set<string>(skipped);
  // A check another of its lane draws random steps for this run (CC_SEQUENCE_CHECKS) runs its closing steps alone, once.
  const closingOnly = !t.drawsSequenceSteps;
  let left = closingOnly ? 1 : Math.max(1, count);
  let longest = 0;
  for (let round = 0; left > 0 && rules.some((rule) => !failed.has(rule)); round += 1) {
    const seed = roundSeed(t.seed, round);
    const explored = await sequences.explore(seed, left, failed, undefined, closingOnly);
    if (sequences.stopped) throw sequences.stopped.error;
    longest = Math.max(longest, explored.longest);
    left -= explored.runs;
    if (!explored.failing) break;
    report(explored.failing, seed);
    failed.add(explored.failing.violation.rule);
  }
  if (sequences.cutShort)
    throw new RequestAllowanceError(
      `${t.scope.id}: the allowance of ${t.allowance} requests no longer covered the next sequence; the check's declared step cost is too low`,
    );
  for (const rule of rules) {
    if (failed.has(rule)) continue;
    const leftFor = sequences.left.get(rule as RuleId);
    if ((t.standings.get(rule)?.passes ?? 0) === 0)
      t.skipRule(
        rule,
        leftFor !== undefined
          ? `every step that could judge it left it to another rule: ${leftFor}`
          : `no sequence reached a step that judges it (${closingOnly ? 'its closing steps alone; CC_SEQUENCE_CHECKS lets more checks draw random steps' : `${sequencesOf(count)} of up to ${size}; CC_SEQUENCES runs more`})`,
      );
    else
      t.note(
        rule,
        closingOnly
          ? `its closing steps alone held: another stateful check of the lane drew random steps this run (CC_SEQUENCE_CHECKS), seed ${t.seed}`
          : `${sequencesOf(count, 'random ')} of up to ${size} (the longest ran ${longest}) held, seed ${t.seed}${sequences.laneShort ? "; exploring ended early, after a failure had spent the lane's shrinking allowance" : ''}`,
      );
  }
}
