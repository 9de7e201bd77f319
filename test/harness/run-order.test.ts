import { describe, expect, test } from 'vitest';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { DeclarationsGuard } from '../../lib/checks/declarations-guard.ts';
import { inRunOrder } from '../../lib/checks/run-order.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { Session } from '../../lib/checks/session.ts';
import { literalTarget } from './support.ts';

const record = (key: string): SharedRecord<string> => ({
  key,
  lane: 'core',
  meter: 'core',
  makeRequests: 1,
  removeRequests: 1,
  make: async () => ({ value: key }),
});
const DELETED = record('harness.deleted');
const OTHER = record('harness.other');

const check = (id: string, records: CheckDefinition['records'] = {}): CheckDefinition =>
  defineCheck({ id, title: id, surface: 'core', rules: ['CORE-TAG-DELETE-404'], cost: { requests: 1 }, records, run: async () => undefined });

describe('run order: a record is made before its first user', () => {
  const maker = check('harness.maker', { shares: [DELETED], makes: [DELETED] });
  const reader = check('harness.reader', { shares: [DELETED] });
  const apart = check('harness.apart', { shares: [OTHER] });

  test('a check that makes a shared record its own way runs before the first other sharer, wherever it is listed', () => {
    expect(inRunOrder([apart, reader, maker]).map((c) => c.id)).toEqual(['harness.apart', 'harness.maker', 'harness.reader']);
    expect(inRunOrder([reader, apart, maker, reader]).map((c) => c.id)).toEqual(['harness.maker', 'harness.reader', 'harness.apart']);
  });

  test('without a maker, or with the maker first already, the order is as listed', () => {
    expect(inRunOrder([reader, apart]).map((c) => c.id)).toEqual(['harness.reader', 'harness.apart']);
    expect(inRunOrder([maker, apart, reader]).map((c) => c.id)).toEqual(['harness.maker', 'harness.apart', 'harness.reader']);
  });

  test('making a shared record its own way without declaring it in makes is a defect of the check', () => {
    const run = new Session(literalTarget(), 1);
    const guard = (records: CheckDefinition['records']) => new DeclarationsGuard({ id: 'harness.guarded', rules: [], cost: { requests: 1 }, records }, run);
    expect(() => guard({ shares: [DELETED], makes: [DELETED] }).mayMake(DELETED)).not.toThrow();
    expect(() => guard({ shares: [DELETED] }).mayMake(DELETED)).toThrow(
      'harness.guarded makes the shared record harness.deleted its own way without declaring it in makes',
    );
  });
});
