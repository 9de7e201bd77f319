import { expect, test } from 'vitest';
import { isoUtc } from '../../lib/contract/iso-utc.ts';

/** VA-TIMESTAMPS reads createdAt and updatedAt with this parser: every form it takes, and what it refuses. */
const INSTANT = Date.UTC(2026, 10, 26, 17, 5, 9);

test.each([
  ['2026-11-26T17:05:09Z', INSTANT, 'extended format with seconds, UTC as Z'],
  ['2026-11-26T17:05:09.250Z', INSTANT + 250, 'extended format with a fraction of a second, UTC as Z'],
  ['2026-11-26T17:05:09,5+00:00', INSTANT + 500, 'extended format with a fraction of a second, UTC as +00:00'],
  ['2026-11-26T17:05Z', INSTANT - 9000, 'extended format without seconds, UTC as Z'],
  ['20261126T170509Z', INSTANT, 'basic format with seconds, UTC as Z'],
  ['20261126T170509.9999+0000', INSTANT + 999, 'basic format with a fraction of a second, UTC as +0000'],
  ['20261126T1705+00', INSTANT - 9000, 'basic format without seconds, UTC as +00'],
])('%s is the instant it names, in its form', (value, ms, form) => {
  expect(isoUtc(value)).toEqual({ ms, form });
});

test.each([
  ['a local time', '2026-11-26T17:05:09'],
  ['another offset', '2026-11-26T17:05:09+01:00'],
  ['the two formats mixed', '2026-11-26T170509Z'],
  ['basic date with an extended time', '20261126T17:05:09Z'],
  ['a day the month does not have', '2026-02-30T10:00:00Z'],
  ['hour 24', '2026-11-26T24:00:00Z'],
  ['a date alone', '2026-11-26'],
  ['a number', 1_795_000_000_000],
])('%s is not an ISO 8601 UTC date-time', (_what, value) => {
  expect(isoUtc(value)).toBeUndefined();
});
