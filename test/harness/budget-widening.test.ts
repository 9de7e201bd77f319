import { describe, expect, test } from 'vitest';
import { HeldVerdicts } from '../../lib/budget/held-verdicts.ts';
import type { RuleSink } from '../../lib/budget/rule-sink.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { widerWindowMs } from '../../suites/budget/budget-check.ts';

describe('the window the budget check widens the bundled mock to', () => {
  test('room for twice the 62 requests a trial run must fit in one window, in quarter seconds', () => {
    // 17.8 ms a request: 2 × 62 × 17.8 = 2207 ms, up to 2250.
    expect(widerWindowMs(1000, 17.8)).toBe(2250);
  });
  test('at least twice the window that proved too short, at most ten times it', () => {
    expect(widerWindowMs(1000, 2)).toBe(2000);
    expect(widerWindowMs(100, 2.6)).toBe(500);
    expect(widerWindowMs(1000, 500)).toBe(10_000);
  });
});

describe('verdicts held while a measurement may be dropped', () => {
  test('nothing reaches the sink until passOn, then everything, in the order given, once', () => {
    const seen: string[] = [];
    const sink: RuleSink<Exchange> = {
      pass: (rule, note) => seen.push(`pass ${rule} ${note ?? ''}`.trim()),
      judge: (rule, ok, message) => (seen.push(`judge ${rule} ${ok} ${typeof message === 'string' ? message : message()}`), ok),
      skipRule: (rule, reason) => seen.push(`skip ${rule} ${reason}`),
      note: (rule, text) => seen.push(`note ${rule} ${text}`),
      observe: (rule, text) => seen.push(`observe ${rule} ${text}`),
    };
    const held = new HeldVerdicts<Exchange>({ rateWindowMs: 1000, budgetExclusive: true });
    held.note('R1', 'a');
    expect(held.judge('R1', false, () => 'broke')).toBe(false);
    expect(held.judge('R2', true, 'held')).toBe(true);
    held.skipRule('R3', 'why');
    held.observe('R4', 'seen');
    held.pass('R5');
    expect(seen).toEqual([]);
    held.passOn(sink);
    expect(seen).toEqual(['note R1 a', 'judge R1 false broke', 'judge R2 true held', 'skip R3 why', 'observe R4 seen', 'pass R5']);
    held.passOn(sink);
    expect(seen).toHaveLength(6);
  });
});
