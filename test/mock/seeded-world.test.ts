import { beforeAll, describe, expect, test } from 'vitest';
import type { Company } from '../../mock/state/model.ts';
import { REFERENCE_DAY } from '../../mock/state/seed-tools.ts';
import { type MockClient, mockClient } from './inject.ts';

/** One consistent seeded world: a call's numbers are its contact's and its agent's, alike on every host, newest first, dated up to today. */
let client: MockClient;
let company: Company;
beforeAll(async () => {
  client = await mockClient();
  company = client.mock.state.companies.get(1) as Company;
});

interface Cdr {
  readonly id: string;
  readonly public_external: string;
  readonly public_internal: string;
  readonly started_at: string;
}

const history = async (query: string) =>
  (
    (await client.send('core', { method: 'GET', url: `/api/calls/index.json?${query}` })).json() as {
      responseData: { data: { Cdr: Cdr; Contact?: { id: string } }[] };
    }
  ).responseData.data;

describe('the seeded world hangs together', () => {
  test("every call's external number is its contact's, its internal number its agent's outbound number", () => {
    const calls = [...company.calls.values()];
    const withContact = calls.filter((c) => c.contactId !== null);
    expect(withContact.length).toBeGreaterThan(calls.length / 2);
    for (const call of withContact) expect(company.contacts.get(call.contactId as number)?.numbers).toContain(call.publicExternal);
    for (const call of calls) {
      const agent = company.agents.get(call.userId);
      expect(call.publicInternal).toBe(company.numbers.get(agent?.call_number_id as number)?.caller_id_e164);
    }
  });

  test('call history lists the newest calls first, so limit=3 gives the latest three', async () => {
    const latest = [...company.calls.values()].sort((a, b) => b.startedAt - a.startedAt).slice(0, 3);
    const page = await history('limit=3');
    expect(page.map((item) => item.Cdr.id)).toEqual(latest.map((c) => String(c.id)));
    const all = await history('limit=1000');
    const starts = all.map((item) => Date.parse(item.Cdr.started_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  test('dates run up to the day the mock starts, and not past it', () => {
    expect(REFERENCE_DAY).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - REFERENCE_DAY).toBeLessThan(86_400_000);
    const newest = Math.max(...[...company.calls.values()].map((c) => c.startedAt));
    expect(newest).toBeLessThanOrEqual(REFERENCE_DAY);
    expect(REFERENCE_DAY - newest).toBeLessThan(7 * 86_400_000);
  });

  test('call details on the analytics host give the same numbers as call history', async () => {
    for (const item of (await history('limit=20')).filter((i) => i.Contact !== undefined)) {
      const details = (await client.send('analytics', { method: 'GET', url: `/api/calls/${item.Cdr.id}` })).json() as {
        contact: { number: string };
        internal_number: { number: string };
      };
      expect([details.contact.number, details.internal_number.number]).toEqual([item.Cdr.public_external, item.Cdr.public_internal]);
    }
  });
});
