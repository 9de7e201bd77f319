import { describe, expect, test } from 'vitest';
import { planCampaign } from '../../load/capacity/campaign-plan.ts';
import { baselineOf, BaselineError, measuredUseOf } from '../../load/capacity/baseline.ts';
import { readCapacityProfile } from '../../load/capacity/profile.ts';
import { resolveStaffing, staffedPlan, StaffingError } from '../../load/capacity/staffing.ts';
import type { MeasuredUse } from '../../lib/budget/measured-use.ts';

const EXAMPLE = readCapacityProfile(new URL('../../load/capacity/profile.example.json', import.meta.url).pathname);
const HALF = { core: 0.5, dialer: 0.5 };
const HOURS_4 = { ms: 4 * 3_600_000, from: 'hours' as const };
const BASELINE = { core: { median: 6, p95: 16, peak: 21 }, dialer: { median: 3, p95: 4, peak: 5 } };
const TEN = resolveStaffing(undefined, { agents: 10, handleTime: '5m', answerShare: 0.4 }).staffing;
if (!TEN) throw new Error('no staffing');

const staffed = (contacts: number, baseline = BASELINE) => staffedPlan(planCampaign({ contacts, profile: EXAMPLE, shares: HALF, baseline }), TEN, HOURS_4);

describe('5,000 contacts in 4 hours with 10 agents, a baseline of p95 16 core and 4 Dialer requests a window', () => {
  const p = staffed(5000);

  test('each bound in contacts an hour; the core budget binds', () => {
    expect(p.asProfiled.bounds.map((b) => [b.bound, b.contactsPerHour === null ? null : Math.floor(b.contactsPerHour), b.reaches])).toEqual([
      ['agents', 300, 1200],
      ['core', 280, 1119],
      ['dialer', 1544, 5000],
    ]);
    expect(p.asProfiled.binding).toEqual(['core']);
    expect(p.asProfiled.bounds[0]?.text).toBe(
      'agents: 10 agents × 12 answered calls an hour (a call holds an agent 5 min) ÷ 0.4 answered = 300 contacts an hour',
    );
    expect(p.asProfiled.bounds[1]?.text).toBe('core budget: 14 requests a window (0.5 × 60 − baseline p95 16) ÷ 3 requests a contact = 280 contacts an hour');
  });

  test('NO-GO names the binding bound and what it would need', () => {
    expect(p.asProfiled.verdict.go).toBe(false);
    expect(p.asProfiled.verdict.reason).toBe(
      "reaches 1,119 of 5,000 contacts with 10 agents in 4 h 0 min (binding: core budget); the core budget would need 63 requests a window on top of the baseline's p95 of 16, more than the whole 60; or 17 h 52 min at this share",
    );
  });

  test('with every batch the agents bind, and the verdict says how many would be needed', () => {
    expect(p.withBatches.binding).toEqual(['agents']);
    expect(p.withBatches.reaches).toBe(1200);
    expect(p.withBatches.verdict.reason).toBe('reaches 1,200 of 5,000 contacts with 10 agents in 4 h 0 min (binding: agents); 42 agents would be needed');
  });
});

describe('verdicts', () => {
  test('GO when every bound lets the contacts through in the hours: 1,000 contacts', () => {
    const p = staffed(1000);
    // Core: 3,002 requests at 14 a window, 215 windows (3 h 35 min); agents 1,000 ÷ 300 an hour, 3 h 20 min.
    expect(p.asProfiled.verdict).toEqual({
      go: true,
      marginMs: 25 * 60_000,
      reason: '1,000 contacts with 10 agents in 4 h 0 min: every bound lets them through; binding: core budget, 3 h 35 min, margin 25 min',
    });
  });

  test('without hours or a deadline: GO, and how long the contacts need', () => {
    const p = staffedPlan(planCampaign({ contacts: 1000, profile: EXAMPLE, shares: HALF }), TEN, null);
    // Without a baseline core allows 30 a window: 101 windows; the agents need 3 h 20 min and bind.
    expect(p.asProfiled.binding).toEqual(['agents']);
    expect(p.asProfiled.verdict).toEqual({
      go: true,
      marginMs: null,
      reason: 'no hours or deadline given; 1,000 contacts with 10 agents need at least 3 h 20 min (binding: agents)',
    });
  });

  test('a baseline whose p95 fills the share is NO-GO with its figures, whatever the staffing', () => {
    const plan = planCampaign({ contacts: 100, profile: EXAMPLE, shares: HALF, baseline: { ...BASELINE, core: { median: 25, p95: 31, peak: 40 } } });
    expect(plan.exhausted).toEqual(['core']);
    const reason =
      "the company's other integrations already use the share: core: the baseline's p95 is 31 requests per window (median 25, peak 40), the share allows 30 of 60; nothing is left for the campaign";
    expect(plan.verdict).toEqual({ go: false, marginMs: null, reason });
    expect(staffedPlan(plan, TEN, HOURS_4).asProfiled.verdict).toEqual({ go: false, marginMs: null, reason });
  });
});

describe('staffing input', () => {
  test('the command line overrides the profile field by field; a pace given there replaces the profile one', () => {
    const r = resolveStaffing({ agents: 4, callsPerAgentHour: 10, answerShare: 0.5, hours: 6 }, { agents: 10, handleTime: '4m' });
    expect(r).toEqual({ staffing: { agents: 10, callsPerAgentHour: 15, handleMinutes: 4, answerShare: 0.5, answerShareDefault: false }, hours: 6 });
  });

  test.each([
    [{ handleTime: '5m' }, 'handleTime', 'applies only with agents (--agents, or staffing.agents in the profile)'],
    [{ agents: 3 }, 'handleTime', 'agents need a pace: a handle time (5m) or calls per agent-hour'],
    [{ agents: 3, handleTime: '0m' }, 'handleTime', 'must be a duration above 0 such as 5m, 4m30s or 90s, got "0m"'],
    [{ agents: 3, handleTime: '5m', callsPerAgentHour: 12 }, 'callsPerAgentHour', 'give the handle time or calls per agent-hour, not both'],
    [{ agents: 3, handleTime: '5m', answerShare: 1.5 }, 'answerShare', 'must be above 0 and at most 1 (the share of calls answered), got 1.5'],
  ] as const)('%j: %s %s', (flags, field, message) => {
    try {
      resolveStaffing(undefined, flags);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(StaffingError);
      expect([(err as StaffingError).field, (err as Error).message]).toEqual([field, message]);
    }
  });
});

/** An hour's use of one budget in windows of a minute. */
const hour = (median: number, p95: number, peak: number, requests: number, refused = 0) => ({ windows: 60, median, p95, peak, refused, requests });

describe('baseline from a report', () => {
  const use: MeasuredUse = {
    windowMs: 60_000,
    from: '2026-09-08T08:00:00.000Z',
    to: '2026-09-08T09:00:00.000Z',
    companies: [
      { company: 'company-a', core: hour(2, 5, 9, 150), dialer: hour(0, 1, 2, 10) },
      { company: 'company-b', core: hour(1, 2, 3, 70, 1), dialer: hour(0, 0, 0, 0) },
    ],
  };
  const doc = { format: 'cc-conformance-report', traffic: { budgetUse: use } };

  test('the company with the most requests, or the one --company names', () => {
    const busiest = baselineOf(measuredUseOf(doc, 'r.json'), { file: 'r.json', kind: 'report', windowMs: 60_000 });
    expect([busiest.company, busiest.chosen, busiest.core.p95]).toEqual(['company-a', 'the most requests', 5]);
    const named = baselineOf(measuredUseOf(doc, 'r.json'), { file: 'r.json', kind: 'report', windowMs: 60_000, company: 'company-b' });
    expect([named.company, named.chosen, named.core.p95]).toEqual(['company-b', '--company', 2]);
  });

  test('one-line errors: another window, an unknown company, a report without measured use', () => {
    expect(() => baselineOf(use, { file: 'r.json', kind: 'report', windowMs: 1000 })).toThrow(
      "r.json: measured in windows of 60000 ms, the plan's window is 1000 ms; give --window-ms 60000, or measure again in the plan's window",
    );
    expect(() => baselineOf(use, { file: 'r.json', kind: 'report', windowMs: 60_000, company: 'company-x' })).toThrow(
      '--company: company-x is not in r.json (companies: company-a, company-b)',
    );
    expect(() => measuredUseOf({ format: 'cc-conformance-report' }, 'r.json')).toThrow(BaselineError);
  });
});
