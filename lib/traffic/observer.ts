import { UseMeter } from '../budget/measured-use.ts';
import type { Target } from '../config/target.ts';
import { API_PARTS, type ApiPart, BUDGET_PER_WINDOW } from '../contract/vocabulary.ts';
import { appliesTo } from '../dialer/releases.ts';
import type { Redactor } from '../http/redact.ts';
import type { CheckOutcome, RuleVerdict } from '../results/outcome.ts';
import type { TrafficSummary } from '../results/report.ts';
import { rule as lookupRule, RULES } from '../rules/index.ts';
import { OBSERVABLE_FROM_TRAFFIC } from '../rules/traffic.ts';
import type { RecordedExchange } from './har-reader.ts';
import { TrafficAssertions, type TrafficJudge, type TrafficJudging } from './judge.ts';
import { observedExchange } from './observed.ts';

/** How many later failures of one rule a capture's report keeps word for word; the rest are counted. */
const LATER_FAILURES_KEPT = 20;

interface Running {
  readonly judge: TrafficJudge;
  readonly t: TrafficAssertions;
  readonly judging: TrafficJudging;
  exchanges: number;
  readonly problems: string[];
  durationMs: number;
}

/**
 * Judges a capture's exchanges with the judges of traffic, one exchange at a time and keeping none: memory
 * holds what the judges keep (a walk's ids, a rule's first failure), never the capture.
 */
export class TrafficObserver {
  readonly #running: Running[];
  readonly #target: Target;
  readonly #redactor: Redactor;
  readonly #salt: string;
  #entries = 0;
  /** The first budgeted exchange's time: the capture's windows start there. */
  #origin: number | undefined;
  #exchanges = 0;
  #first = Number.POSITIVE_INFINITY;
  #last = Number.NEGATIVE_INFINITY;
  readonly #byPart = new Map<ApiPart, number>();
  readonly #byCompany = new Map<string, number>();
  /** The budgets as the capture spent them, per company and window of the target's length. */
  readonly #use: UseMeter;
  /** Per company and budget: the window under way and its count, and what came past the budget in any window. */
  readonly #past = new Map<string, { window: number; count: number; windows: Set<number>; requests: number; served: number }>();

  constructor(judges: readonly TrafficJudge[], target: Target, redactor: Redactor, salt: string) {
    this.#target = target;
    this.#redactor = redactor;
    this.#salt = salt;
    this.#use = new UseMeter(target.rateWindowMs);
    const release = target.dialer.release;
    // A judge of rules of another Dialer release judges nothing here; the report shows those rules disabled.
    this.#running = judges
      .filter((judge) => judge.rules.every((id) => appliesTo(lookupRule(id), release)))
      .map((judge) => ({
        judge,
        t: new TrafficAssertions(judge.id, judge.rules, release, target.rateWindowMs),
        judging: judge.start(),
        exchanges: 0,
        problems: [],
        durationMs: 0,
      }));
  }

  /** Judges one recorded exchange; one for another address is counted and skipped. */
  add(recorded: RecordedExchange): void {
    this.#entries += 1;
    const seen = observedExchange(recorded, this.#target, this.#redactor, this.#salt);
    if (!seen) return;
    this.#exchanges += 1;
    this.#first = Math.min(this.#first, recorded.startedMs);
    this.#last = Math.max(this.#last, recorded.startedMs + recorded.durationMs);
    this.#byPart.set(seen.placement.part, (this.#byPart.get(seen.placement.part) ?? 0) + 1);
    this.#byCompany.set(seen.company, (this.#byCompany.get(seen.company) ?? 0) + 1);
    const budget = seen.placement.budget;
    if (budget) {
      this.#use.add({ atMs: recorded.startedMs, budget, company: seen.company, served: recorded.status !== 429 });
      this.#countPast(`${seen.company}\u0000${budget}`, recorded);
    }
    for (const running of this.#running) {
      if (!running.judge.reads(seen)) continue;
      running.exchanges += 1;
      const started = performance.now();
      try {
        running.judging.see(running.t, seen);
      } catch (err) {
        // A judge that breaks on one exchange has not judged it: its rules end in error, never in a pass.
        const what = `${seen.exchange.request.method} ${seen.placement.path} (${seen.exchange.status})`;
        if (running.problems.length < LATER_FAILURES_KEPT) running.problems.push(`${running.judge.id} could not judge ${what}: ${(err as Error).message}`);
      }
      running.durationMs += performance.now() - started;
    }
  }

  /** Counts a request against its window of the capture; one past the budget is tallied with its answer. */
  #countPast(key: string, recorded: RecordedExchange): void {
    this.#origin ??= recorded.startedMs;
    const window = Math.floor((recorded.startedMs - this.#origin) / this.#target.rateWindowMs);
    const tally = this.#past.get(key) ?? { window, count: 0, windows: new Set<number>(), requests: 0, served: 0 };
    if (tally.window !== window) Object.assign(tally, { window, count: 0 });
    tally.count += 1;
    if (tally.count > BUDGET_PER_WINDOW) {
      tally.windows.add(window);
      tally.requests += 1;
      if (recorded.status !== 429) tally.served += 1;
    }
    this.#past.set(key, tally);
  }

  get entries(): number {
    return this.#entries;
  }

  get exchanges(): number {
    return this.#exchanges;
  }

  /** Every judge's verdicts, and a line for each rule no judge of traffic can judge. */
  finish(): { outcomes: CheckOutcome[]; summary: TrafficSummary } {
    const outcomes = this.#running.map((running) => this.#outcome(running));
    const judgedRules = new Set(this.#running.flatMap((r) => r.judge.rules));
    // A rule is judged where its judge gave it a verdict: reading exchanges that held nothing of it is no judging.
    const judged = this.#running
      .flatMap((r, i) => (outcomes[i]?.verdicts ?? []).filter((v) => v.status !== 'skipped').map((v) => ({ rule: v.rule, exchanges: r.exchanges })))
      .sort((a, b) => b.exchanges - a.exchanges || a.rule.localeCompare(b.rule));
    const seenAny = this.#exchanges > 0;
    return {
      outcomes,
      summary: {
        entries: this.#entries,
        exchanges: this.#exchanges,
        otherHosts: this.#entries - this.#exchanges,
        ...(seenAny ? { from: new Date(this.#first).toISOString(), to: new Date(this.#last).toISOString() } : {}),
        durationMs: seenAny ? this.#last - this.#first : 0,
        byPart: Object.fromEntries(API_PARTS.filter((p) => this.#byPart.has(p)).map((p) => [p, this.#byPart.get(p)])),
        byCompany: Object.fromEntries([...this.#byCompany].sort((a, b) => b[1] - a[1])),
        judged,
        notObservable: RULES.filter((rule) => !judgedRules.has(rule.id)).length,
        budgetUse: this.#use.result(),
        pastBudget: [...this.#past]
          .filter(([, tally]) => tally.requests > 0)
          .map(([key, tally]) => {
            const [company, budget] = key.split('\u0000') as [string, string];
            return { company, budget, windows: tally.windows.size, requests: tally.requests, served: tally.served };
          }),
      },
    };
  }

  #outcome(running: Running): CheckOutcome {
    const { judge, t } = running;
    if (running.exchanges > 0) {
      try {
        running.judging.end?.(t);
      } catch (err) {
        running.problems.push(`${judge.id} could not finish: ${(err as Error).message}`);
      }
    }
    const verdicts: RuleVerdict[] = [];
    for (const [rule, standing] of t.standings) {
      const notes = [...standing.notes];
      // A rule judged beside another on the same answer (a 401's body) says what its own judge reads.
      const reading = OBSERVABLE_FROM_TRAFFIC[rule] ?? judge.reading;
      const read = `${judge.id} read ${running.exchanges} exchange${running.exchanges === 1 ? '' : 's'} (${reading})`;
      if (standing.failure) {
        const later = standing.laterFailures;
        notes.push(...later.slice(0, LATER_FAILURES_KEPT).map((message) => `also broken in this capture: ${message}`));
        if (later.length > LATER_FAILURES_KEPT) notes.push(`and ${later.length - LATER_FAILURES_KEPT} more breaches of it`);
        verdicts.push({
          rule,
          status: 'fail',
          detail: standing.failure.message,
          ...(standing.failure.evidence ? { evidence: standing.failure.evidence } : {}),
          notes: [read, ...notes],
        });
      } else if (running.problems.length > 0) {
        verdicts.push({ rule, status: 'error', detail: running.problems[0] as string, notes: [read, ...notes, ...running.problems.slice(1)] });
      } else if (standing.skipped !== undefined) {
        verdicts.push({ rule, status: 'skipped', detail: standing.skipped, notes: [read, ...notes] });
      } else if (standing.blockedBy !== undefined) {
        verdicts.push({
          rule,
          status: 'blocked',
          blockedBy: standing.blockedBy,
          detail: `blocked by ${standing.blockedBy}, which failed first on the same answer`,
          notes: [read, ...notes],
        });
      } else if (standing.passes > 0) {
        verdicts.push({ rule, status: 'pass', notes: [read, ...notes] });
      } else {
        verdicts.push({
          rule,
          status: 'skipped',
          detail:
            running.exchanges === 0
              ? `no exchange of the capture is one its judge reads (${reading})`
              : `${read}, none of which held anything of this rule to judge`,
          notes,
        });
      }
    }
    return {
      check: judge.id,
      title: judge.title,
      surface: judge.surface,
      verdicts,
      requests: 0,
      allowance: 0,
      unplanned429: 0,
      retried503: 0,
      durationMs: running.durationMs,
      leftovers: [],
      problems: running.problems,
    };
  }
}
