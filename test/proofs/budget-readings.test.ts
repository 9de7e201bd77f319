import { describe, expect, test } from 'vitest';
import { RATE_ALGORITHMS } from '../../mock/http/rate-meter.js';
import { describeRules, proveBudget } from './budget-proof.js';

/**
 * The other direction of the budget proofs: the spec does not say how the minute is counted, so a
 * mock counting it each way a real server does must pass every budget rule, and a lenient window must
 * still fail under each of them.
 */
describe.concurrent('the budget checks pass every reading of "60 per minute" and fail a lenient one under each', () => {
  for (const algorithm of RATE_ALGORITHMS) {
    // Clock-aligned windows are proved against the variant dialect, whose 429s of one window announce the
    // reopening second and the next by turns: each a valid reset, so nothing fails, and the move is reported.
    const dialect = algorithm === 'clock' ? 'variant' : 'reference';
    test(`${algorithm}${dialect === 'variant' ? ', resets that move within a window' : ''}: every budget rule passes`, { timeout: 120_000 }, async () => {
      const results = await proveBudget({ algorithm, dialect });
      expect([...results.values()].filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.status} ${r.detail ?? ''}`), describeRules(results)).toEqual([]);
      const told = results.get('CORE-RATE-ALGORITHM')?.notes.join(' ') ?? '';
      if (algorithm === 'sliding') expect(told).toContain('a sliding log');
      else expect(told).toMatch(/^(a window opened by the first request|clock-aligned windows)/);
      const stable = results.get('CORE-RATE-RESET-STABLE')?.notes.join(' ') ?? '';
      expect(stable).toMatch(dialect === 'variant' ? /announced \d+ different resets/ : /announced one reset/);
    });
  }

  const lenient = [
    { algorithm: 'clock', faults: ['rate-limit-61', 'dialer-rate-90'] },
    { algorithm: 'sliding', faults: ['rate-limit-90', 'dialer-rate-61'] },
  ] as const;
  for (const { algorithm, faults } of lenient) {
    test(`${algorithm} with ${faults.join(' and ')}: both window rules fail`, { timeout: 120_000 }, async () => {
      const results = await proveBudget({ algorithm, faults });
      expect(results.get('CORE-RATE-WINDOW')?.status, describeRules(results)).toBe('fail');
      expect(results.get('DIALER-RATE-WINDOW')?.status, describeRules(results)).toBe('fail');
    });
  }
});
