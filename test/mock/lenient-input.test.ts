import { beforeEach, describe, expect, test } from 'vitest';
import { COUNTRIES } from '../../mock/state/countries.ts';
import type { Company } from '../../mock/state/model.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/**
 * No stricter than either document: what a client sends back as it got it (ids as strings), or as the vendor's
 * examples send it (an integer public_number, country_id 201), is accepted; what the vendor requires (an E.164
 * callee) and what a real account cannot hold twice (an agent's e-mail, a blacklisted number) is refused with 406.
 */
let client: MockClient;
let company: Company;
beforeEach(async () => {
  client = await mockClient();
  company = client.mock.state.companies.get(1) as Company;
});

const send = async (method: 'PUT' | 'POST', url: string, body: unknown) => {
  const res = await client.send('core', { method, url: `/api${url}`, ...json(body) });
  return { status: res.statusCode, data: (res.json() as { responseData: { data?: Record<string, unknown> } }).responseData.data };
};

describe('ids as strings, integer numbers and the vendor example country', () => {
  test('ids sent back as the strings they are listed as are accepted wherever an integer id is', async () => {
    const contact = [...company.contacts.values()][0];
    const agent = [...company.agents.values()][0];
    const [group] = [...company.groups.keys()];
    const attribute = company.attributes[0];
    const edited = await send('POST', `/contacts/edit/${contact?.id}.json`, {
      favorite_agent: String(agent?.id),
      country_id: '61',
      ContactAttribute: [{ attribute_id: String(attribute?.id), value: '7' }],
    });
    expect(edited.status).toBe(200);
    expect(contact).toMatchObject({ favorite_agent: agent?.id, country_id: 61, attributes: [{ attribute_id: attribute?.id, value: '7' }] });
    expect((await send('PUT', '/groups/add.json', { group_id: String(group), agent_id: String(agent?.id) })).status).toBe(200);
    expect(company.memberships.has(`${agent?.id}:${group}`)).toBe(true);
  });

  test('ids of the wrong kind are still refused', async () => {
    const contact = [...company.contacts.keys()][0];
    for (const value of ['abc', '1.5', '-3', 2.5])
      expect(Object.keys((await send('POST', `/contacts/edit/${contact}.json`, { country_id: value })).data ?? {})).toContain('country_id');
  });

  test("the vendor example's country_id 201 is a country; the table comes from a dataset, with calling codes", async () => {
    expect(COUNTRIES.length).toBeGreaterThan(200);
    expect(COUNTRIES.find((c) => c.id === 201)).toBeDefined();
    expect(COUNTRIES.find((c) => c.country_code === 'DK')).toMatchObject({ id: 61, name: 'Denmark', iso3: 'DNK', calling_code: '45' });
    const added = await send('PUT', '/contacts/add.json', { name: 'John Snow', country_id: 201, ContactNumber: [{ public_number: 421901123456 }] });
    expect(added.status).toBe(201);
    expect(company.contacts.get(Number(added.data?.id))).toMatchObject({ country_id: 201, numbers: ['+421901123456'] });
  });

  test('Edit agent ignores fields it does not know and keeps refusing bad values of those it does', async () => {
    const agent = [...company.agents.values()][0];
    expect((await send('POST', `/agents/edit/${agent?.id}.json`, { firstname: 'New', favourite_colour: 'red', pass: 'x' })).status).toBe(200);
    expect(agent?.firstname).toBe('New');
    expect(Object.keys((await send('POST', `/agents/edit/${agent?.id}.json`, { daily_price_limit: 201, extra: 1 })).data ?? {})).toEqual(['daily_price_limit']);
  });
});

describe('refusals the vendor documents', () => {
  test("an agent e-mail another agent of the company has is refused on add and edit, in any case; the agent's own is not", async () => {
    const [a, b] = [...company.agents.values()];
    const add = await send('PUT', '/agents/add.json', { firstname: 'X', lastname: 'Y', email: a?.email.toUpperCase(), pass: 'Secret-1' });
    expect([add.status, Object.keys(add.data ?? {})]).toEqual([406, ['email']]);
    expect((await send('POST', `/agents/edit/${b?.id}.json`, { email: a?.email })).status).toBe(406);
    expect((await send('POST', `/agents/edit/${a?.id}.json`, { email: a?.email })).status).toBe(200);
  });

  test('Make a call refuses a callee that is not E.164 (no plus, letters) with 406 naming callee_number', async () => {
    const agent = [...company.agents.values()].find((x) => x.availability_status === 'online');
    for (const callee of ['447700900100', '+44 7700 900100', 447700900100]) {
      const res = await send('POST', '/calls/create.json', { agent_id: agent?.id, callee_number: callee });
      expect([res.status, Object.keys(res.data ?? {})]).toEqual([406, ['callee_number']]);
    }
    expect((await send('POST', '/calls/create.json', { agent_id: String(agent?.id), callee_number: '+447700900100' })).status).toBe(200);
  });
});
