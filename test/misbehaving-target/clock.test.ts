import { beforeAll, describe, expect, test } from 'vitest';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { budgetCheck } from '../../suites/budget/budget-check.ts';
import { RESET_HEADER_RULE } from '../../lib/budget/rule-ids.ts';
import { CASE_TIMEOUT_MS, expectFaultJudged, REPRESENTATIVE, RUN_BOUND_MS, runUnder, verdicts } from './support.ts';

/**
 * A target whose clock talks nonsense: a reset given in milliseconds (tens of thousands of years ahead)
 * or a `Date` years off. Neither the client's wait for a 429 nor the budget checks, which read the
 * server's clock, may sleep on it, hang, or pass a rule on it.
 */
let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

const YEARS_3 = 3 * 365 * 86_400_000;
/** The budget check must meet 429s: 60 requests through the target within one window, which a loaded machine needs room for. */
const BUDGET_WINDOW_MS = 2_000;

describe.concurrent('a target with a skewed clock', { timeout: CASE_TIMEOUT_MS }, () => {
  const UNPLANNED_429 = [
    [
      'a reset in milliseconds',
      (now: number) => ({ 'x-serviceapi-resettime': String(now + 1_000) }),
      /X-ServiceAPI-ResetTime \d{13}, \d+ s after the server's Date/,
    ],
    [
      'a Date three years behind',
      (now: number) => ({ 'x-serviceapi-resettime': String(Math.ceil(now / 1000) + 1), date: new Date(now - YEARS_3).toUTCString() }),
      /X-ServiceAPI-ResetTime \d{10}, 94\d{6} s after the server's Date/,
    ],
  ] as const;
  for (const [what, headers, detail] of UNPLANNED_429) {
    test(`an unplanned 429 announcing ${what}: CC_ERR_WAIT_RANGE at once, never slept on`, async () => {
      const run = await runUnder(tls, { kind: 'status', status: 429, headers }, { concurrently: true });
      expectFaultJudged(run, {
        allowed: ['error'],
        detail: new RegExp(`^CC_ERR_WAIT_RANGE: .*${detail.source}, further than the ${300} ms rate window; not waited for`),
      });
      expect(run.outcomes.reduce((n, o) => n + o.requests, 0)).toBeLessThanOrEqual(REPRESENTATIVE.length);
      expect(run.ms).toBeLessThan(RUN_BOUND_MS);
    });
  }

  const BUDGET_CASES = [
    ['the core resets in milliseconds', { kind: 'skewed-clock', shiftMs: 0, resetInMs: true }],
    ['every Date three years behind', { kind: 'skewed-clock', shiftMs: -YEARS_3, resetInMs: false }],
  ] as const;
  for (const [what, misbehaviour] of BUDGET_CASES) {
    test(`the budget check against ${what}: ${RESET_HEADER_RULE} fails, nothing is judged on the nonsense, and the check ends within its windows`, async () => {
      const run = await runUnder(tls, misbehaviour, {
        checks: [budgetCheck],
        windowMs: BUDGET_WINDOW_MS,
        env: { CC_RATE_WINDOW_MS: String(BUDGET_WINDOW_MS) },
      });
      const byRule = new Map(verdicts(run).map((v) => [v.rule, v]));
      expect(byRule.get(RESET_HEADER_RULE)?.status, byRule.get(RESET_HEADER_RULE)?.detail).toBe('fail');
      expect(byRule.get(RESET_HEADER_RULE)?.detail).toMatch(new RegExp(`more than one window of ${BUDGET_WINDOW_MS} ms and a second after the 429`));
      // The recovery the reset announces cannot be told from nonsense: it never passes on it.
      expect(byRule.get('CORE-RATE-RECOVERY')?.status).not.toBe('pass');
      expect(
        verdicts(run)
          .filter((v) => v.status === 'error')
          .map((v) => `${v.rule}: ${v.detail}`),
      ).toEqual([]);
      expect(run.ms).toBeLessThan(12 * BUDGET_WINDOW_MS + RUN_BOUND_MS);
    });
  }
});
