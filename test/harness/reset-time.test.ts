import { describe, expect, test } from 'vitest';
import { announcedResetValue, resetPlacement, resetProblem, resetTimeMs } from '../../lib/contract/reset-time.ts';

/** One reading of X-ServiceAPI-ResetTime, for the client, the budget checks, the k6 probe and the progress line. */
describe('X-ServiceAPI-ResetTime', () => {
  test('integer Unix seconds are read as epoch ms; anything else is no reset', () => {
    expect(resetTimeMs('1795695558')).toBe(1_795_695_558_000);
    expect(resetTimeMs(' 1795695558 ')).toBe(1_795_695_558_000);
    for (const raw of [undefined, '', '1795695558.5', '-1', 'soon', '1e9']) expect(resetTimeMs(raw), String(raw)).toBeUndefined();
    // A value in milliseconds is read as seconds, so it lies far in the future: the client refuses to wait for it.
    expect(resetTimeMs('1795695558000')).toBe(1_795_695_558_000_000);
  });

  const at = Date.parse('2026-11-26T12:00:00Z');
  const seconds = (ms: number) => String(ms / 1000);
  const now = { earliest: at, latest: at + 999 };

  test('holds from the second the 429 was made to one window and a second after it', () => {
    expect(resetProblem(seconds(at), now, 60_000)).toBeUndefined();
    expect(resetProblem(seconds(at + 61_000), now, 60_000)).toBeUndefined();
  });

  test('a reset over before the 429, one further than a window and a second, or none, says why in one line', () => {
    expect(resetProblem(seconds(at - 1000), now, 60_000)).toMatch(/^reset 2026-11-26T11:59:59\.000Z was over before the 429 was made/);
    expect(resetProblem(seconds(at + 63_000), now, 60_000)).toMatch(/is more than one window of 60000 ms and a second after the 429/);
    // A reset in milliseconds is too far ahead, as read in seconds.
    expect(resetProblem(String(at), now, 60_000)).toMatch(/is more than one window of 60000 ms and a second after the 429/);
    expect(resetProblem('12:00', now, 60_000)).toMatch(/not integer Unix seconds/);
    // Far too many digits still give a line, not a RangeError.
    expect(resetProblem('1'.repeat(20), now, 60_000)).toMatch(/ms after the epoch\) is more than one window/);
    expect(resetProblem(undefined, now, 60_000)).toBe('X-ServiceAPI-ResetTime is null, not integer Unix seconds');
  });

  test('one horizon rule: the announced second may begin up to the horizon and a second after the latest now, and end no earlier than the horizon before the earliest', () => {
    const horizon = { aheadMs: 60_000, behindMs: 0 };
    expect(resetPlacement(at + 61_999, now, horizon)).toBe('within');
    expect(resetPlacement(at + 62_000, now, horizon)).toBe('beyond');
    expect(resetPlacement(at - 999, now, horizon)).toBe('within');
    expect(resetPlacement(at - 1000, now, horizon)).toBe('over');
    // Without `behindMs` a reset long past is within: the caller waits for nothing.
    expect(resetPlacement(at - 3_600_000, now, { aheadMs: 60_000 })).toBe('within');
  });

  test('the value is taken as sent from headers keyed in lower case; a repeated header is no value', () => {
    expect(announcedResetValue({ 'x-serviceapi-resettime': ' 1795695558 ' })).toBe(' 1795695558 ');
    expect(announcedResetValue({ 'x-serviceapi-resettime': ['1', '2'] })).toBeUndefined();
    expect(announcedResetValue({})).toBeUndefined();
  });
});
