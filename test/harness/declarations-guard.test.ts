import { describe, expect, test } from 'vitest';
import type { DeletionBatch } from '../../lib/checks/batched-deletions.ts';
import { type CheckScope, DeclarationsGuard } from '../../lib/checks/declarations-guard.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { literalTarget } from './support.ts';

const RECORD: SharedRecord<string> = {
  key: 'harness.record',
  lane: 'core',
  meter: 'core',
  makeRequests: 1,
  removeRequests: 1,
  make: async () => ({ value: 'x' }),
};
const BATCH = { key: 'harness.batch', lane: 'core', meter: 'core', perRequest: 10 } as DeletionBatch;

/** A guard with no session behind it: what a check declared is all it needs, beside the target and the lanes' drawers. */
function guard(
  scope: Partial<CheckScope>,
  drawers: { fuzz?: ReadonlySet<string>; steps?: ReadonlySet<string> } = {},
  fuzzRandomCap?: number,
): DeclarationsGuard {
  return new DeclarationsGuard(
    {
      id: 'harness.guarded',
      rules: [],
      cost: { requests: 5 },
      runsIn: 'core',
      ...scope,
    },
    {
      target: literalTarget(fuzzRandomCap === undefined ? {} : { fuzzRandomCap }),
      fuzzDrawers: new Map(drawers.fuzz ? [['core', drawers.fuzz]] : []),
      sequenceDrawers: new Map(drawers.steps ? [['core', drawers.steps]] : []),
    },
  );
}

describe('DeclarationsGuard', () => {
  test('the allowance is the declared one against the target: random values the cap forgoes are not counted', () => {
    expect(
      guard({
        cost: {
          requests: 9,
          randomValues: { count: 4, requestsEach: 2 },
        },
      }).allowance,
    ).toBe(9);
    expect(
      guard(
        {
          cost: {
            requests: 9,
            randomValues: { count: 4, requestsEach: 2 },
          },
        },
        {},
        1,
      ).allowance,
    ).toBe(3);
  });

  test('shared records: only those declared in shares, of the lane the check runs in', () => {
    expect(() => guard({ records: { shares: [RECORD] } }).mayShare(RECORD)).not.toThrow();
    expect(() => guard({}).mayShare(RECORD)).toThrow('harness.guarded uses the shared record harness.record without declaring it in shares');
    expect(() => guard({ records: { shares: [RECORD] }, runsIn: 'dialer' }).mayShare(RECORD)).toThrow(
      'harness.guarded runs in the dialer lane and uses harness.record, a record of the core lane',
    );
  });

  test('random values: granted up to the cap, and only to the drawers the lane chose; never more than declared', () => {
    const capped = guard({ cost: { requests: 5, randomValues: { count: 5, requestsEach: 1 } } }, {}, 2);
    expect(capped.randomValues(3)).toEqual({ wanted: 3, granted: 2 });
    expect(capped.randomValues()).toEqual({ wanted: 2, granted: 0 });
    expect(() => capped.randomValues(1)).toThrow('harness.guarded draws more random fuzz values than the 5 its randomValues declares');
    expect(guard({ cost: { requests: 5, randomValues: { count: 5, requestsEach: 1 } } }, { fuzz: new Set(['harness.other']) }).randomValues()).toEqual({
      wanted: 5,
      granted: 0,
    });
  });

  test('sequence steps: drawn unless the lane chose other checks to draw them for one with closing steps', () => {
    const stateful = { requestsPerStep: 1, setupRequests: 0, closingRequests: 2 };
    expect(guard({ cost: { requests: 0, sequences: stateful } }).drawsSequenceSteps).toBe(true);
    expect(guard({ cost: { requests: 0, sequences: stateful } }, { steps: new Set(['harness.other']) }).drawsSequenceSteps).toBe(false);
    expect(guard({ cost: { requests: 0, sequences: { ...stateful, closingRequests: 0 } } }, { steps: new Set(['harness.other']) }).drawsSequenceSteps).toBe(
      true,
    );
  });

  test('records left to the lane end: as many as batched declares, of the lane the check runs in', () => {
    const declared = guard({ records: { batched: [{ batch: BATCH, records: 1 }] } });
    declared.leftToLaneEnd(BATCH);
    expect(() => declared.leftToLaneEnd(BATCH)).toThrow("harness.guarded leaves more harness.batch to its lane's end than the 1 its batched declares");
    expect(() => guard({ records: { batched: [{ batch: BATCH, records: 1 }] }, runsIn: 'dialer' }).leftToLaneEnd(BATCH)).toThrow(
      "harness.guarded runs in the dialer lane and leaves harness.batch to the core lane's end",
    );
  });
});
