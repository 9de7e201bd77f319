import { describe, expect, test } from 'vitest';
import { PLANS, RECORDING_RETENTION_DAYS, seedState } from '../../mock/state/seed.ts';
import { REFERENCE_DAY } from '../../mock/state/seed-tools.ts';
import { json, mockClient } from './inject.ts';

const DAY = 86_400_000;

describe('seeded data', () => {
  test('the same seed gives the same keys and records; another seed gives others', () => {
    const snapshot = (seed: number) => {
      const state = seedState(seed);
      return JSON.stringify([...state.keys.values(), ...[...state.companies.values()].map((c) => [...c.contacts.values(), ...c.calls.values()])]);
    };
    expect(snapshot(7)).toBe(snapshot(7));
    expect(snapshot(7)).not.toBe(snapshot(8));
  });

  test('company A has two active key pairs and a revoked one, B and C one each', () => {
    const keys = [...seedState(1).keys.values()];
    const of = (companyId: number) => keys.filter((k) => k.companyId === companyId);
    expect(of(1).filter((k) => !k.revoked)).toHaveLength(2);
    expect(of(1).filter((k) => k.revoked)).toHaveLength(1);
    expect(of(2)).toHaveLength(1);
    expect(of(3)).toHaveLength(1);
  });

  test('every record kind the suite needs is there, in every company', () => {
    const state = seedState(1);
    for (const [index, plan] of PLANS.entries()) {
      const company = state.companies.get(index + 1);
      expect(company?.agents.size, plan.name).toBe(plan.agents);
      expect(company?.groups.size).toBeGreaterThan(0);
      expect(company?.memberships.size).toBeGreaterThan(0);
      expect(
        [...(company?.contacts.values() ?? [])].some((c) => c.numbers.length > 0 && c.emails.length > 0 && c.tags.length > 0 && c.attributes.length > 0),
      ).toBe(true);
      expect(company?.tags.size).toBeGreaterThan(0);
      expect(company?.numbers.size).toBeGreaterThan(0);
      expect(company?.calls.size).toBe(plan.calls);
    }
    const a = state.companies.get(1);
    expect(new Set([...(a?.blacklist.values() ?? [])].map((e) => e.type))).toEqual(new Set(['all', 'incoming', 'outgoing']));
  });

  test('company A has a few hundred calls over a year, with recordings available, expired and deleted', () => {
    const calls = [...(seedState(1).companies.get(1)?.calls.values() ?? [])];
    expect(calls.length).toBeGreaterThanOrEqual(200);
    const span = Math.max(...calls.map((c) => c.startedAt)) - Math.min(...calls.map((c) => c.startedAt));
    expect(span).toBeGreaterThan(300 * DAY);
    const states = new Set(calls.map((c) => c.recording));
    expect(states).toEqual(new Set(['none', 'available', 'expired', 'deleted']));
    // Expiry follows the retention period, so a 410 'Recording expired.' is about old calls only.
    for (const call of calls.filter((c) => c.recording === 'expired')) expect(call.startedAt).toBeLessThan(REFERENCE_DAY - RECORDING_RETENTION_DAYS * DAY);
  });

  test('agents carry each presence state Make a call depends on', () => {
    const agents = [...(seedState(1).companies.get(1)?.agents.values() ?? [])];
    expect(new Set(agents.map((a) => a.availability_status))).toEqual(new Set(['online', 'offline', 'calling', 'paused']));
  });
});

describe('identifiers are scoped per company', () => {
  test("company B never sees company A's records, by id or in lists", async () => {
    const client = await mockClient();
    const a = client.mock.state.companies.get(1);
    const contactId = [...(a?.contacts.keys() ?? [])][0];
    const tagId = [...(a?.tags.keys() ?? [])][0];
    const shownToA = await client.send('core', { method: 'GET', url: `/api/contacts/show/${contactId}.json`, as: 'a1' });
    expect(shownToA.statusCode).toBe(200);
    const shownToB = await client.send('core', { method: 'GET', url: `/api/contacts/show/${contactId}.json`, as: 'b1' });
    expect(shownToB.statusCode).toBe(404);
    const listB = await client.send('core', { method: 'GET', url: '/api/contacts/index.json?limit=1000', as: 'b1' });
    const idsB = (listB.json() as { responseData: { data: { Contact: { id: string } }[] } }).responseData.data.map((item) => item.Contact.id);
    expect(idsB).not.toContain(String(contactId));
    expect(idsB).toHaveLength(client.mock.state.companies.get(2)?.contacts.size ?? -1);
    const deleteByB = await client.send('core', { method: 'DELETE', url: `/api/tags/delete/${tagId}.json`, as: 'b1' });
    expect(deleteByB.statusCode).toBe(404);
    expect(a?.tags.has(tagId as number)).toBe(true);
    const editByB = await client.send('core', { method: 'POST', url: `/api/contacts/edit/${contactId}.json`, as: 'b1', ...json({ name: 'intruder' }) });
    expect(editByB.statusCode).toBe(404);
    expect(a?.contacts.get(contactId as number)?.name).not.toBe('intruder');
  });

  test('the two keys of company A see the same data', async () => {
    const client = await mockClient();
    const read = async (as: string) => (await client.send('core', { method: 'GET', url: '/api/contacts/index.json?limit=5', as })).body;
    expect(await read('a2')).toBe(await read('a1'));
  });
});
