import type { BudgetJudge } from '../budget/rule-sink.ts';
import type { BudgetAnswer } from '../budget/answers.ts';
import { Assertions } from '../checks/assertions.ts';
import type { ApiPart } from '../contract/vocabulary.ts';
import type { Release } from '../dialer/releases.ts';
import type { Exchange } from '../http/exchange.ts';
import type { RuleId } from '../rules/index.ts';
import { OBSERVABLE_FROM_TRAFFIC } from '../rules/traffic.ts';
import { schemas, type SchemaResult } from '../schemas/registry.ts';
import type { ObservedExchange } from './observed.ts';

/**
 * How traffic is judged: the checks' own assertions, with no request to send. A judge of traffic calls the
 * same functions a check calls on the answers it gets (one fact, one judge), on every exchange it reads.
 */
export class TrafficAssertions extends Assertions implements BudgetJudge<BudgetAnswer & Exchange> {
  readonly #release: Release;
  /** The budget judges' view of the target: a capture is never the company's only traffic. */
  readonly target: { readonly rateWindowMs: number; readonly budgetExclusive: boolean };

  constructor(id: string, rules: readonly RuleId[], release: Release, rateWindowMs: number) {
    super(id, rules);
    this.#release = release;
    this.target = { rateWindowMs, budgetExclusive: false };
  }

  get release(): Release {
    return this.#release;
  }

  validate(schema: string, value: unknown): SchemaResult {
    return schemas().validate(schema, value);
  }
}

/** What a judge of traffic keeps between the exchanges of one capture: a walk's pages, a window's answers. */
export interface TrafficJudging {
  /** Judges one exchange the judge reads (`reads` said yes). */
  see(t: TrafficAssertions, seen: ObservedExchange): void;
  /** Judges what only the whole capture shows, once every exchange was seen. */
  end?(t: TrafficAssertions): void;
}

/** A judge of traffic: the rules it judges, the exchanges it reads, and how. */
export interface TrafficJudge {
  readonly id: string;
  readonly title: string;
  readonly surface: ApiPart;
  readonly rules: readonly RuleId[];
  /** The exchanges it reads, in words: a report says so of a rule no exchange of the capture reached. */
  readonly reading: string;
  reads(seen: ObservedExchange): boolean;
  /** A fresh judging for one capture. */
  start(): TrafficJudging;
}

/** A judge that reads each exchange alone: all of its judging is `judge`. */
export function eachExchange(judge: Omit<TrafficJudge, 'start'> & { judge(t: TrafficAssertions, seen: ObservedExchange): void }): TrafficJudge {
  const { judge: see, ...rest } = judge;
  return { ...rest, start: () => ({ see }) };
}

/**
 * A judge of `rule`, reading each exchange alone, as the catalogue says of it (lib/rules/traffic.ts); `alongside`
 * are the rules its judging function judges on the same answer besides (a 401's body after its status).
 */
export function ruleJudge(
  id: string,
  rule: RuleId,
  surface: ApiPart,
  reads: (seen: ObservedExchange) => boolean,
  judge: (t: TrafficAssertions, seen: ObservedExchange) => void,
  alongside: readonly RuleId[] = [],
): TrafficJudge {
  return eachExchange({ id, title: `${rule} from traffic`, surface, rules: [rule, ...alongside], reading: OBSERVABLE_FROM_TRAFFIC[rule] ?? '', reads, judge });
}
