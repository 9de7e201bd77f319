/**
 * Judging what a scenario expects. Only a 429 where the scenario said there is room, a missing 429
 * where it floods a budget, or more served than any reading of the budget allows is a failure of the
 * target; other statuses and missing answers leave a judgement open (`incomplete`), never failed.
 */
import { budgetName, type LimitedBudget, type LoadScenario, type LoadStream } from '../shared/scenario-model.ts';
import { BUDGET_PER_WINDOW, COMPANY_OF_SLOT, isMetered } from '../../lib/contract/vocabulary.ts';
import { type LoadRecord, outcomeOf } from '../shared/records.ts';
import type { BudgetWindows, WindowedAnalysis } from '../shared/windows.ts';
import { count, firstSent, seconds, statusCounts, statusName } from './format.ts';
import type { ExpectationResult } from './report-model.ts';

/**
 * How many of the budget's requests the server may have counted within one window before it counted
 * `refused`, itself included: each request was counted somewhere between its send and its answer, so
 * any that went out before `refused` was answered, and was answered after one window before `refused`
 * went out, may share a window with it. Requests that got no answer, or an error, are left out; 429s are
 * kept (a limiter may count them too).
 */
function possiblyInWindowWith(refused: LoadRecord, budget: readonly LoadRecord[], windowMs: number): number {
  let n = 1;
  for (const r of budget) {
    if (r === refused || outcomeOf(r) === 'error') continue;
    if (r.startedMs <= refused.endedMs && r.endedMs > refused.startedMs - windowMs) n++;
  }
  return n;
}

function mustServe(stream: LoadStream, records: readonly LoadRecord[], windowMs: number): ExpectationResult {
  const mine = records.filter((r) => r.stream === stream.name);
  const base = { kind: 'must-serve', subject: stream.name, expected: `every request of ${stream.name} gets a 2xx: its budget has room throughout` } as const;
  if (mine.length === 0) return { ...base, status: 'incomplete', detail: 'no request of the stream was sent' };
  const unserved = mine.filter((r) => outcomeOf(r) !== 'served');
  if (unserved.length === 0) return { ...base, status: 'pass', detail: `all ${count(mine.length, 'request')} were served` };
  const first = firstSent(unserved)!;
  const what = `${unserved.length} of ${count(mine.length, 'request')} were not served (${statusCounts(unserved)}); the first not served got ${statusName(first.status)}, sent at ${seconds(first.startedMs)}`;
  const limited = unserved.filter((r) => outcomeOf(r) === 'limited');
  if (limited.length === 0) return { ...base, status: 'incomplete', detail: `${what}; none was limited, so the target's budget was not judged` };
  if (!isMetered(stream.surface)) return { ...base, status: 'fail', detail: what };
  // A 429 is the target's fault only where its budget surely had room: our own sends may bunch (a slow
  // first connection, a late timer) and put more than the budget in one window of the server's.
  const company = COMPANY_OF_SLOT[stream.key];
  const budget = records.filter((r) => r.surface === stream.surface && r.company === company);
  const room = limited.map((r) => ({ r, n: possiblyInWindowWith(r, budget, windowMs) })).filter((x) => x.n <= BUDGET_PER_WINDOW);
  if (room.length > 0) {
    const shown = room[0]!;
    return {
      ...base,
      status: 'fail',
      detail: `${what}; the 429 sent at ${seconds(shown.r.startedMs)} came with at most ${shown.n} of the company's requests to ${budgetName(company, stream.surface)} in any window with it, itself included`,
    };
  }
  const most = Math.min(...limited.map((r) => possiblyInWindowWith(r, budget, windowMs)));
  return {
    ...base,
    status: 'incomplete',
    detail: `${what}; up to ${most} of the company's requests to ${budgetName(company, stream.surface)} may have been counted in one window with each 429 (the sends bunched), so the budget was not judged`,
  };
}

function limitEnforced(subject: string, windows: BudgetWindows | undefined): ExpectationResult {
  const base = {
    kind: 'limit-enforced',
    subject,
    expected: `${subject}, offered more than ${BUDGET_PER_WINDOW} per window, answers some requests with 429`,
  } as const;
  if (!windows) return { ...base, status: 'incomplete', detail: 'no request on this budget was sent' };
  if (windows.limited > 0) return { ...base, status: 'pass', detail: `${windows.limited} of ${count(windows.sent, 'request')} got 429` };
  if (windows.errors > 0) {
    return {
      ...base,
      status: 'incomplete',
      detail: `no 429 among ${count(windows.sent, 'request')}, but ${windows.errors} got no answer or another status, so the offered load may not have reached the limiter`,
    };
  }
  return { ...base, status: 'fail', detail: `the limit was not enforced: ${count(windows.sent, 'request')} sent, ${windows.served} served, none got 429` };
}

/** What a span of one window may hold at most when it straddles two of the server's windows, each spent in full: the charts' reference line. */
export function windowCeiling(budget: number): number {
  return 2 * budget;
}

/**
 * No window of the server's own serves more than the budget (spec: Limits, 60 per minute per company),
 * judged where a 429 tells a window apart (windows.ts, servedAfterRefusals), whatever way the server
 * counts its minute; where no 429 had a whole window after it in the run, nothing can be told and the
 * expectation says so, incomplete, instead of passing.
 */
function limitBounded(subject: string, windows: BudgetWindows | undefined, windowMs: number): ExpectationResult {
  const base = {
    kind: 'limit-bounded',
    subject,
    expected: `no window of the server's own serves more than ${BUDGET_PER_WINDOW} of ${subject}: counted from each 429 (its window was spent) to one window (${seconds(windowMs)}) after it, a span inside the server's next window whichever way it counts the minute`,
  } as const;
  if (!windows) return { ...base, status: 'incomplete', detail: 'no request on this budget was sent' };
  const { maxServed, spans } = windows.afterRefusal;
  if (spans === 0)
    return {
      ...base,
      status: 'incomplete',
      detail: `no 429 had a whole window after it within the run, so no window of the server's own could be told apart (${windows.limited} got 429)`,
    };
  const figures = `at most ${maxServed} served within one window after a 429 (${count(spans, 'span')} judged); by send time alone, at most ${windows.maxServedInWindow} in any span of one window`;
  if (maxServed <= BUDGET_PER_WINDOW) return { ...base, status: 'pass', detail: figures };
  return { ...base, status: 'fail', detail: `${figures}: more than ${BUDGET_PER_WINDOW} in one window of the server's own` };
}

function budgetExpectations(budget: LimitedBudget, analysis: WindowedAnalysis): ExpectationResult[] {
  const subject = budgetName(budget.company, budget.surface);
  const windows = analysis.budgets.find((b) => b.company === budget.company && b.surface === budget.surface);
  return [limitEnforced(subject, windows), limitBounded(subject, windows, analysis.windowMs)];
}

/** Results in scenario order: the must-serve streams, then two per flooded budget. */
export function judgeExpectations(scenario: LoadScenario, records: readonly LoadRecord[], analysis: WindowedAnalysis): ExpectationResult[] {
  return [
    ...scenario.streams.filter((s) => s.mustServe).map((s) => mustServe(s, records, analysis.windowMs)),
    ...scenario.limited.flatMap((b) => budgetExpectations(b, analysis)),
  ];
}

/** Whether a 429 on this record is judged by an expectation; any other 429 is only counted. */
export function limitJudged(scenario: LoadScenario, record: LoadRecord): boolean {
  if (scenario.streams.some((s) => s.name === record.stream && s.mustServe)) return true;
  return scenario.limited.some((b) => b.company === record.company && b.surface === record.surface);
}
