import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planRun } from '../../cli/run-plan.ts';
import type { DeletionBatch } from '../../lib/checks/batched-deletions.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import { runCheck, runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { CONTACT_DELETIONS } from '../../suites/core/fixtures/steps.ts';
import { CONTACT_POOL } from '../../suites/core/fixtures/shared-records.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/** Three of the checks that each edit a plain contact of the pool. */
const POOL_USERS = ['core.contacts.types', 'core.contacts.externalurl-max', 'core.envelopes.ack'];
import { literalTarget } from './support.ts';

const RULE = 'CORE-PAGE-PAST-LAST';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ rateWindowMs: 1000 });
});
afterAll(() => mock.close());

/** A check that makes `count` contacts with raw requests and leaves them to the lane's end, with `batch`. */
function maker(id: string, count: number, batch: DeletionBatch, made: string[], declared = count): CheckDefinition {
  return defineCheck({
    id,
    title: id,
    surface: 'core',
    lane: 'core',
    rules: [RULE],
    cost: { requests: count },
    records: { batched: [{ batch, records: declared }] },
    async run(t) {
      for (let i = 0; i < count; i += 1) {
        const ex = await t.core('PUT', '/contacts/add.json').json({ name: t.uniqueName() }).send();
        t.expectOk(ex, 'creating a contact');
        const contact = String((ex.json as { responseData: { data: { id: unknown } } }).responseData.data.id);
        made.push(contact);
        t.deleteWhenLaneEnds(batch, contact);
      }
      t.observe(RULE, `made ${count} contacts`);
    },
  });
}

/** Of these contacts, those Inspect a contact still shows, read by a check of their own. */
async function stillThere(session: Session, ids: readonly string[]): Promise<string[]> {
  const there: string[] = [];
  await runCheck(
    session,
    defineCheck({
      id: 'harness.still-there',
      title: 'still there',
      surface: 'core',
      rules: [RULE],
      cost: { requests: ids.length },
      async run(t) {
        for (const id of ids) if ((await t.core('GET', `/contacts/show/${id}.json`).send()).status === 200) there.push(id);
        t.observe(RULE, 'read');
      },
    }),
  );
  return there;
}

describe('batched deletions', () => {
  test("the contacts the checks left are deleted at the lane's end, ten a request, and the ledger knows each gone", async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    const made: string[] = [];
    const outcomes = await runChecks(session, [maker('harness.a', 7, CONTACT_DELETIONS, made), maker('harness.b', 5, CONTACT_DELETIONS, made)]);
    // Each check sent its creates only; twelve contacts took two requests at the lane's end.
    expect(outcomes.map((o) => [o.check, o.requests, o.allowance])).toEqual([
      ['harness.a', 7, 7],
      ['harness.b', 5, 5],
      ['core.lane-end', 2, 2],
    ]);
    expect(outcomes[2]?.leftovers).toEqual([]);
    expect(session.ledger.leftovers()).toEqual([]);
    expect(await stillThere(session, made)).toEqual([]);
    await session.close();
  });

  test('a batch the target refuses: each record is deleted alone, and the ledger knows each gone', async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    const refused: DeletionBatch = { ...CONTACT_DELETIONS, key: 'harness.refused', together: (scope) => scope.core('POST', '/bulk/nowhere.json').json([]) };
    const made: string[] = [];
    const outcomes = await runChecks(session, [maker('harness.c', 3, refused, made)]);
    // The refused batch, then three deletes alone: more than the plan's one, as the plan says a refusal costs.
    expect(outcomes.map((o) => [o.check, o.requests, o.allowance])).toEqual([
      ['harness.c', 3, 3],
      ['core.lane-end', 4, 1],
    ]);
    expect(session.ledger.leftovers()).toEqual([]);
    expect(await stillThere(session, made)).toEqual([]);
    await session.close();
  });

  test('a check leaves only as many records as it declares, and only to the end of the lane it runs in', async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    const over = await runCheck(session, maker('harness.d', 2, CONTACT_DELETIONS, [], 1));
    expect(over.verdicts[0]?.detail).toMatch(/harness\.d leaves more core\.contacts to its lane's end than the 1 its batched declares/);
    const otherLane = await runCheck(session, maker('harness.e', 1, CONTACT_DELETIONS, []), { lane: 'dialer' });
    expect(otherLane.verdicts[0]?.detail).toMatch(/harness\.e runs in the dialer lane and leaves core\.contacts to the core lane's end/);
    await session.endLane('core');
    expect(session.ledger.leftovers()).toEqual([]);
    await session.close();
  });

  test("the pool of plain contacts: one Contact actions request makes one for each check of the run that shares it, each takes its own, and all go at the lane's end", async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    const users = POOL_USERS.map((id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition);
    const outcomes = await runChecks(session, users);
    for (const outcome of outcomes.slice(0, users.length)) for (const v of outcome.verdicts) expect(v.status, `${outcome.check} ${v.rule}`).toBe('pass');
    // Contact actions made the three contacts, one request by the first check; no check created one of its own.
    const made = session.ledger.records();
    expect(made.map((r) => [r.intent.check, r.intent.request, r.state])).toEqual(
      Array.from({ length: 3 }, () => [POOL_USERS[0], expect.stringContaining('/bulk/contacts.json'), 'deleted']),
    );
    // Each check within its allowance; the lane's end deleted the three together.
    for (const outcome of outcomes) expect(outcome.requests, outcome.check).toBeLessThanOrEqual(outcome.allowance);
    expect(outcomes.at(-1)).toMatchObject({ check: 'core.lane-end', requests: 1, leftovers: [] });
    expect(session.ledger.leftovers()).toEqual([]);
    await session.close();
  });

  test('a pool with none to spare: each check makes its own contact within its allowance, deleted at the lane end', async () => {
    const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
    session.sharers.set(CONTACT_POOL.key, 0);
    const users = POOL_USERS.map((id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition);
    const outcomes = [];
    for (const check of users) outcomes.push(await runCheck(session, check));
    for (const outcome of outcomes) {
      for (const v of outcome.verdicts) expect(v.status, `${outcome.check} ${v.rule}`).toBe('pass');
      expect(outcome.requests, outcome.check).toBeLessThanOrEqual(outcome.allowance);
    }
    expect(session.ledger.records().map((r) => [r.intent.check, r.intent.request])).toEqual(
      POOL_USERS.map((check) => [check, expect.stringContaining('/contacts/add.json')]),
    );
    expect(await session.endLane('core')).toMatchObject({ requests: 1, leftovers: [] });
    expect(session.ledger.leftovers()).toEqual([]);
    await session.close();
  });

  test("the plan counts one request for each ten of a lane's records, and how many a target that refuses the batches deletes one a request", () => {
    const target = literalTarget({ budgetShare: 0.5 });
    const plan = planRun(target, [maker('harness.f', 7, CONTACT_DELETIONS, []), maker('harness.g', 5, CONTACT_DELETIONS, [])]);
    expect(plan.lanes.find((l) => l.lane === 'core')?.requests).toBe(7 + 5 + 2);
    expect(plan.batched).toEqual({ what: [CONTACT_DELETIONS.what], records: 12, requests: 2 });
    expect(plan.madeTogether).toEqual([]);
    // A request a check sends only when the target refuses a batch: in its allowance, out of the plan's totals, named apart.
    const made = maker('harness.h', 2, CONTACT_DELETIONS, []);
    const pooled = planRun(target, [
      {
        ...made,
        records: { ...made.records, shares: [CONTACT_POOL] },
        cost: { requests: { 'its own contact, should the pool have none to spare': 1 }, ifBatchRefused: [{ record: CONTACT_POOL, requests: 1 }] },
      },
    ]);
    expect(pooled.lanes.find((l) => l.lane === 'core')?.requests).toBe(2 - 1 + 1);
    expect(pooled.madeTogether.map((m) => [m.words, m.sharers, m.requests])).toEqual([[CONTACT_POOL.madeTogether, 1, 1]]);
  });
});
