import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../lib/http/exchange.ts';
import { freshAt } from '../../lib/budget/fresh-burst.ts';
import type { Reading } from '../../lib/budget/judge-trial.ts';
import { ServerClock, UNDATED_SLACK_MS } from '../../lib/budget/server-clock.ts';

const W = 1000;
const reading = (from: number, to: number): Reading => ({ kind: 'fixed', reopenedWithin: { from, to }, text: '' });

describe('when a window is fresh whatever the reading', () => {
  test('right after the boundary the trial saw repeat, once our own requests have left the window', () => {
    // Reopened between 10_000 and 10_020; last answer at 10_100, so quiet from 11_100 (+ slack 5).
    expect(freshAt(reading(10_000, 10_020), 10_100, 0, 0, W, 5)).toEqual({ at: 11_105, windowLastsUntil: 11_995 });
  });

  test('a quiet moment late in a window waits for the next boundary instead', () => {
    const fresh = freshAt(reading(10_000, 10_020), 10_100, 11_600, 0, W, 5);
    expect(fresh).toEqual({ at: 12_025, windowLastsUntil: 12_995 });
  });

  test('a fresh moment already past when it is sought is none: the burst waits for the next one', () => {
    // Quiet from 11_105, but the stage before ended at 11_900, late in that window: fired at once, the burst
    // would meet the window's end (11_995) before its answers were in.
    const fresh = freshAt(reading(10_000, 10_020), 10_100, 0, 11_900, W, 5);
    expect(fresh).toEqual({ at: 12_025, windowLastsUntil: 12_995 });
    // A moment early enough in its window is taken as it is.
    expect(freshAt(reading(10_000, 10_020), 10_100, 0, 11_150, W, 5)).toEqual({ at: 11_150, windowLastsUntil: 11_995 });
  });

  test('a reopening seen too vaguely, or not at all, places no fresh moment', () => {
    expect(freshAt(reading(10_000, 10_600), 10_700, 0, 0, W, 5)).toBeUndefined();
    expect(freshAt({ kind: 'unknown', text: 'no 429' }, 10_700, 0, 0, W, 5)).toBeUndefined();
  });
});

const dated = (sentAt: number, took: number, date: string): Exchange => ({
  request: { method: 'GET', url: 'https://x/', headers: {}, credentials: 'primary key' },
  status: 200,
  headers: { date },
  text: '',
  bodyBytes: 0,
  json: undefined,
  startedAt: sentAt,
  durationMs: took,
});

describe("the server's clock from its Date headers", () => {
  test('without a Date header the offset is assumed within a few seconds either way', () => {
    expect(new ServerClock().bounds).toEqual({ lo: -UNDATED_SLACK_MS, hi: UNDATED_SLACK_MS, fromDate: false });
  });

  test('a second boundary seen between two answers pins the offset to about a round trip', () => {
    const clock = new ServerClock();
    const base = Date.parse('2026-11-23T10:00:00Z');
    // Our clock runs 300 ms behind the server's: the server's second 10:00:01 began at our base + 700.
    clock.observe(dated(base + 690, 4, 'Mon, 23 Nov 2026 10:00:00 GMT'));
    clock.observe(dated(base + 702, 4, 'Mon, 23 Nov 2026 10:00:01 GMT'));
    const { lo, hi, fromDate } = clock.bounds;
    expect(fromDate).toBe(true);
    expect(lo).toBeLessThanOrEqual(300);
    expect(hi).toBeGreaterThanOrEqual(300);
    expect(hi - lo).toBeLessThanOrEqual(20);
  });
});
