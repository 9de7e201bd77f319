import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { runCheck, runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { type SharedRecord, SharedRecords } from '../../lib/checks/shared-records.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { planRun } from '../../cli/run-plan.ts';
import { literalTarget } from './support.ts';

const RULE = 'CORE-PAGE-PAST-LAST';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ rateWindowMs: 1000 });
});
afterAll(() => mock.close());

/** A contact several checks read: made with raw requests, so the test depends on no suite's fixture. */
function sharedContact(key: string, made: string[]): SharedRecord<string> {
  return {
    key,
    lane: 'core',
    meter: 'core',
    makeRequests: 1,
    removeRequests: 1,
    async make(t: CheckContext) {
      made.push(t.scope.id);
      const ex = await t.core('PUT', '/contacts/add.json').json({ name: t.uniqueName() }).send();
      t.expectOk(ex, 'creating the shared contact');
      const id = String((ex.json as { responseData: { data: { id: unknown } } }).responseData.data.id);
      return { value: id, removal: t.core('DELETE', `/contacts/delete/${id}.json`) };
    },
  };
}

function sharer(id: string, record: SharedRecord<string>, seen: string[]): CheckDefinition {
  return defineCheck({
    id,
    title: id,
    surface: 'core',
    rules: [RULE],
    cost: { requests: { 'the read of the shared contact': 1 } },
    records: { shares: [record] },
    async run(t) {
      const contact = await t.shared(record);
      seen.push(contact);
      const ex = await t.core('GET', `/contacts/show/${contact}.json`).send();
      t.observe(RULE, `read the shared contact: ${ex.status}`);
    },
  });
}

describe('shared records', () => {
  test('made once by the first check that needs one, read by the rest, deleted once when the checks have ended', async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    const made: string[] = [];
    const seen: string[] = [];
    const record = sharedContact('harness.contact', made);
    const outcomes = await runChecks(session, [sharer('harness.a', record, seen), sharer('harness.b', record, seen)]);
    await session.close();
    expect(made).toEqual(['harness.a']);
    expect(new Set(seen).size).toBe(1);
    // The first check paid for the make, the second only for its read; the deletion is a step of its own.
    expect(outcomes.map((o) => [o.check, o.requests, o.allowance])).toEqual([
      ['harness.a', 2, 2],
      ['harness.b', 1, 2],
      ['core.lane-end', 1, 1],
    ]);
    expect(outcomes[2]?.leftovers).toEqual([]);
    expect(session.ledger.leftovers()).toEqual([]);
  });

  test('a make the target refused is not tried again: the next check meets the same failed prerequisite, sending nothing', async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    let tries = 0;
    const refused: SharedRecord<string> = {
      key: 'harness.refused',
      lane: 'core',
      meter: 'core',
      makeRequests: 1,
      removeRequests: 1,
      async make(t) {
        tries += 1;
        const ex = await t.core('GET', '/contacts/show/0.json').send();
        t.prerequisite(false, 'the shared record could not be made', ex);
        return { value: 'never' };
      },
    };
    const outcomes = await runChecks(session, [sharer('harness.c', refused, []), sharer('harness.d', refused, [])]);
    await session.close();
    expect(tries).toBe(1);
    expect(outcomes.map((o) => [o.check, o.requests, o.verdicts[0]?.status, o.verdicts[0]?.detail])).toEqual([
      ['harness.c', 1, 'skipped', 'prerequisite failed: the shared record could not be made'],
      ['harness.d', 0, 'skipped', 'prerequisite failed: the shared record could not be made'],
      // Nothing was made, so the deletion step sends nothing.
      ['core.lane-end', 0, undefined, undefined],
    ]);
  });

  test('a check uses only the shared records it declares, and only those of the lane it runs in', async () => {
    const session = new Session(literalTarget(), 1);
    const record = sharedContact('harness.undeclared', []);
    const undeclared = await runCheck(session, { ...sharer('harness.e', record, []), records: { shares: [] } });
    expect(undeclared.verdicts[0]?.detail).toMatch(/harness\.e uses the shared record harness\.undeclared without declaring it in shares/);
    const otherLane = await runCheck(session, sharer('harness.f', record, []), { lane: 'dialer' });
    expect(otherLane.verdicts[0]?.detail).toMatch(/runs in the dialer lane and uses harness\.undeclared, a record of the core lane/);
    await session.close();
  });

  test('the plan counts a shared record once: one make for all its sharers, and its deletion', () => {
    const target = literalTarget();
    const record = sharedContact('harness.planned', []);
    const checks = ['harness.g', 'harness.h', 'harness.i'].map((id) => ({ ...sharer(id, record, []), lane: 'core' as const }));
    const plan = planRun(target, checks);
    const core = plan.lanes.find((l) => l.lane === 'core');
    // Three allowances of 2 (make and read), less the two makes that never happen, plus the deletion.
    expect(core?.requests).toBe(3 * 2 - 2 + 1);
    expect(plan.meters.find((m) => m.meter === 'core')?.requests).toBe(5);
  });
});

describe('a shared record a check made its own way (SharedRecords.provide)', () => {
  test('the checks after it get the given value and the make is never called; a record made already is not replaced', async () => {
    const records = new SharedRecords();
    let makes = 0;
    const record: SharedRecord<string> = {
      key: 'harness.provided',
      lane: 'dialer',
      meter: 'dialer',
      makeRequests: 7,
      removeRequests: 0,
      async make() {
        makes += 1;
        return { value: 'made' };
      },
    };
    // The records never touch the context here: the make is not called, or needs none.
    const t = undefined as unknown as CheckContext;
    expect(records.has(record)).toBe(false);
    expect(records.provide(record, 'given')).toBe(true);
    expect(records.has(record)).toBe(true);
    expect(await records.get(record, t)).toBe('given');
    expect(records.provide(record, 'again')).toBe(false);
    expect(await records.get(record, t)).toBe('given');
    expect(makes).toBe(0);
    const other = { ...record, key: 'harness.made-first' };
    expect(await records.get(other, t)).toBe('made');
    expect(records.provide(other, 'late')).toBe(false);
    expect(await records.get(other, t)).toBe('made');
    expect(makes).toBe(1);
  });
});
