import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCapacityProfile, ProfileError, readCapacityProfile } from '../../load/capacity/profile.ts';
import { formatDuration } from '../../lib/render/durations.ts';
import { resolveDeadline } from '../../load/capacity/time.ts';

const step = (over: Record<string, unknown> = {}) => ({
  id: 'add',
  what: 'add the contact',
  surface: 'core',
  operation: 'PUT /contacts/add.json',
  source: 'spec',
  ...over,
});
const profile = (over: Record<string, unknown> = {}) => ({ name: 'p', perContact: [step()], ...over });

function errorOf(value: unknown): string {
  try {
    parseCapacityProfile(value);
  } catch (err) {
    expect(err).toBeInstanceOf(ProfileError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('accepted');
}

describe('the profile format', () => {
  test('the example parses, with defaults filled in', () => {
    const p = readCapacityProfile(new URL('../../load/capacity/profile.example.json', import.meta.url).pathname);
    expect(p.perContact.map((s) => s.id)).toEqual([
      'import-contact',
      'tag-contact',
      'add-to-dialer-campaign',
      'read-outcomes',
      'read-call-history',
      'read-call-details',
      'read-call-summary',
      'send-cuecard',
    ]);
    expect(p.perContact[0]).toMatchObject({
      itemsPerContact: 1,
      itemsPerRequest: 1,
      batch: { itemsPerRequest: 10, itemsPerContact: 1, source: 'vendor reference' },
    });
    expect(p.perContact[4]?.batch).toMatchObject({ itemsPerRequest: 1000, itemsPerContact: 2, source: 'spec' });
    expect(p.perContact[2]?.batch?.itemsPerRequest).toBe('all');
  });

  test('a batch takes the items per contact of its step when it names none', () => {
    const p = parseCapacityProfile(
      profile({ perContact: [step({ itemsPerContact: 3, batch: { operation: 'bulk', surface: 'core', source: 'vendor reference', itemsPerRequest: 10 } })] }),
    );
    expect(p.perContact[0]?.batch?.itemsPerContact).toBe(3);
  });

  test.each([
    [
      profile({ perContact: [step({ itemPerRequest: 2 })] }),
      'perContact[0] (add).itemPerRequest: unknown field (known: id, what, surface, operation, source, itemsPerContact, itemsPerRequest, batch, note)',
    ],
    [
      profile({ perContact: [step({ surface: 'crm' })] }),
      'perContact[0] (add).surface: must be one of "core", "dialer", "analytics", "ai", "cuecard", got "crm"',
    ],
    [profile({ perContact: [step({ source: 'docs' })] }), 'perContact[0] (add).source: must be one of "spec", "vendor reference", "route table", got "docs"'],
    [profile({ perContact: [step({ itemsPerRequest: 0 })] }), 'perContact[0] (add).itemsPerRequest: must be a whole number of at least 1, got 0'],
    [profile({ perContact: [step({ itemsPerContact: -1 })] }), 'perContact[0] (add).itemsPerContact: must be a number above 0, got -1'],
    [profile({ perContact: [step({ operation: ' ' })] }), 'perContact[0] (add).operation: must be a non-empty string, got " "'],
    [profile({ perContact: [step(), step()] }), 'perContact[1] (add).id: "add" is used twice'],
    [
      profile({ perContact: [step({ id: 'Add Contact' })] }),
      'perContact[0] (Add Contact).id: must be lower-case letters, digits and dashes, got "Add Contact"',
    ],
    [
      profile({ perContact: [step({ batch: { operation: 'bulk', surface: 'core', source: 'spec', itemsPerRequest: 'many' } })] }),
      'perContact[0] (add).batch.itemsPerRequest: must be a whole number of at least 1, got "many"',
    ],
    [
      profile({ perContact: [step({ batch: { operation: 'bulk', surface: 'core', source: 'spec' } })] }),
      'perContact[0] (add).batch.itemsPerRequest: must be a whole number of at least 1, got nothing',
    ],
    [
      profile({ perCampaign: [{ id: 'c', what: 'c', surface: 'dialer', operation: 'POST /dialer/campaigns', source: 'spec', requests: 1.5 }] }),
      'perCampaign[0] (c).requests: must be a whole number of at least 0, got 1.5',
    ],
    [profile({ perCampaign: {} }), 'perCampaign: must be an array, got {}'],
    [profile({ name: '' }), 'name: must be a non-empty string, got ""'],
    [profile({ steps: [] }), 'steps: unknown field (known: name, description, perContact, perCampaign, staffing)'],
    [{ name: 'empty' }, 'perContact: the profile lists no request at all (perContact and perCampaign are both empty)'],
    [[], 'the profile must be a JSON object, got []'],
  ])('%# refused with one line naming the field', (value, message) => {
    expect(errorOf(value)).toBe(message);
  });

  test('a file that is not JSON names the file and the position only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-profile-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{ "name": "x",\n  oops }');
    expect(() => readCapacityProfile(file)).toThrow(`${file}: not valid JSON (error at position 17)`);
    expect(() => readCapacityProfile(join(dir, 'missing.json'))).toThrow(`${join(dir, 'missing.json')}: cannot be read (ENOENT)`);
    writeFileSync(file, JSON.stringify(profile({ perContact: [step({ surface: 'x' })] })));
    expect(() => readCapacityProfile(file)).toThrow(`${file}: perContact[0] (add).surface: must be one of`);
  });
});

describe('deadlines and durations', () => {
  const now = new Date('2026-09-10T08:00:00Z');

  test.each([
    ['8h', 8 * 3_600_000],
    ['90m', 90 * 60_000],
    ['1h30m', 90 * 60_000],
    ['2d', 48 * 3_600_000],
    ['45s', 45_000],
  ])('%s from now', (given, ms) => {
    expect(resolveDeadline(given, now).availableMs).toBe(ms);
  });

  test('a date-time with a zone', () => {
    expect(resolveDeadline('2026-09-10T10:30:00Z', now)).toEqual({ given: '2026-09-10T10:30:00Z', at: '2026-09-10T10:30:00.000Z', availableMs: 150 * 60_000 });
    expect(resolveDeadline('2026-09-10T12:00+02:00', now).availableMs).toBe(2 * 3_600_000);
  });

  test('one second after now is the shortest deadline there is', () => {
    expect(resolveDeadline('2026-09-10T08:00:01Z', now).availableMs).toBe(1_000);
    expect(resolveDeadline('1s', now).availableMs).toBe(1_000);
  });

  test.each([
    ['tomorrow', 'must be a duration such as 8h, 90m or 1h30m'],
    ['0h', 'a duration from now must be more than 0 (a deadline of now leaves the campaign no time), got "0h"'],
    ['0m', 'a duration from now must be more than 0 (a deadline of now leaves the campaign no time), got "0m"'],
    ['0h0m0s', 'a duration from now must be more than 0'],
    [
      '2026-09-10T09:00:00+02:00',
      'must be later than now (2026-09-10T08:00:00.000Z), got "2026-09-10T09:00:00+02:00" (2026-09-10T07:00:00.000Z): a deadline that has passed leaves the campaign no time',
    ],
    ['2026-09-10T08:00:00Z', 'must be later than now (2026-09-10T08:00:00.000Z)'],
    ['999999999d', 'is too far in the future to be a date, got "999999999d"'],
    ['2026-09-10', 'a date-time needs a time and a zone'],
    ['2026-09-10T18:00:00', 'a date-time needs a time and a zone'],
    ['2026-02-30T18:00:00Z', 'no such date or time (a month has 28 to 31 days, an hour 60 minutes), got "2026-02-30T18:00:00Z"'],
    ['2026-09-10T24:00:00Z', 'no such date or time'],
    ['8 h', 'must be a duration'],
  ])('%s refused', (given, message) => {
    expect(() => resolveDeadline(given, now)).toThrow(message);
  });

  test.each([
    [0, '0 min'],
    [45 * 60_000, '45 min'],
    [1001 * 60_000, '16 h 41 min'],
    [120 * 60_000, '2 h 0 min'],
    [90_000, '1 min 30 s'],
    [4_500, '4.5 s'],
    [-1_000, '-1 s'],
  ])('%i ms prints as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
