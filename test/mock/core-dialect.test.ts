import { beforeAll, describe, expect, test } from 'vitest';
import { json, type MockClient, mockClient } from './inject.ts';

type Body = { responseData: Record<string, unknown> & { data?: unknown } };

/**
 * The core host's `variant` dialect must differ from `reference` at every point the spec leaves unshown that the
 * suite reads, or a clean variant run would prove nothing; and it must not differ where the spec shows the shape.
 */
describe('core host: the variant dialect', () => {
  let reference: MockClient;
  let variant: MockClient;
  beforeAll(async () => {
    [reference, variant] = await Promise.all([mockClient(), mockClient({ dialect: 'variant' })]);
  });

  const get = async (client: MockClient, url: string) => client.send('core', { method: 'GET', url: `/api${url}` });
  const body = async (client: MockClient, url: string) => (await get(client, url)).json() as Body;
  const addContact = async (client: MockClient, payload: Record<string, unknown> = { name: 'Dialect Probe' }) =>
    client.send('core', { method: 'PUT', url: '/api/contacts/add.json', ...json(payload) });

  test('Add contact gives the new id in responseData.data.id, or beside the status', async () => {
    const ref = (await addContact(reference)).json() as Body;
    expect(ref.responseData).toMatchObject({ status: 201, data: { id: expect.any(String) } });
    const added = await addContact(variant);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ responseData: { status: 201, id: expect.any(String) } });
  });

  test("another company's contact is not found (404), or refused as foreign credentials (401): read, edit and delete", async () => {
    for (const [client, status, message] of [
      [reference, 404, 'Not found.'],
      [variant, 401, 'Unauthorized'],
    ] as const) {
      const added = (await addContact(client)).json() as Body;
      const id = String((added.responseData.data as { id?: string } | undefined)?.id ?? added.responseData.id);
      const asB = [
        await client.send('core', { method: 'GET', url: `/api/contacts/show/${id}.json`, as: 'b1' }),
        await client.send('core', { method: 'POST', url: `/api/contacts/edit/${id}.json`, as: 'b1', ...json({ name: 'intruder' }) }),
        await client.send('core', { method: 'DELETE', url: `/api/contacts/delete/${id}.json`, as: 'b1' }),
      ];
      for (const res of asB) expect([res.statusCode, res.json()]).toEqual([status, { responseData: { status, message } }]);
      // Neither answer touched the contact: it reads back to its own company as it was.
      expect((await body(client, `/contacts/show/${id}.json`)).responseData as { Contact?: { name?: unknown }; name?: unknown }).toMatchObject(
        client === reference ? { Contact: { name: 'Dialect Probe' } } : { name: 'Dialect Probe' },
      );
    }
  });

  test('Inspect a contact wraps the fields in Contact, or gives them directly in responseData', async () => {
    for (const [client, wrapped] of [
      [reference, true],
      [variant, false],
    ] as const) {
      const added = (await addContact(client)).json() as Body;
      const id = (added.responseData.data as { id?: string } | undefined)?.id ?? added.responseData.id;
      const shown = (await body(client, `/contacts/show/${String(id)}.json`)).responseData;
      expect('Contact' in shown).toBe(wrapped);
      expect(wrapped ? (shown.Contact as { name?: unknown }).name : shown.name).toBe('Dialect Probe');
      expect(Array.isArray(shown.ContactNumber)).toBe(true);
    }
  });

  test('List countries items are wrapped in Country, or bare', async () => {
    const [ref, vari] = [(await body(reference, '/countries/index.json')).responseData, (await body(variant, '/countries/index.json')).responseData];
    expect((ref as unknown as Record<string, unknown>[])[0]).toHaveProperty('Country.id');
    expect((vari as unknown as Record<string, unknown>[])[0]).toHaveProperty('id');
    expect((vari as unknown as Record<string, unknown>[])[0]).not.toHaveProperty('Country');
  });

  test('the group, tag and number lists lose their paging fields and their items change shape', async () => {
    for (const path of ['/groups/index.json', '/tags/index.json', '/numbers/index.json']) {
      expect((await body(reference, `${path}?limit=1`)).responseData).toHaveProperty('pageCount');
      const data = (await body(variant, `${path}?limit=1`)).responseData;
      expect(data).not.toHaveProperty('pageCount');
    }
    const groups = (await body(variant, '/groups/index.json')).responseData.data as Record<string, unknown>[];
    expect(groups[0]).toHaveProperty('Groups.id');
    const tags = (await body(variant, '/tags/index.json')).responseData as unknown as Record<string, unknown>[];
    expect(tags[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    const numbers = (await body(variant, '/numbers/index.json')).responseData as unknown as unknown[];
    expect(numbers.length).toBeGreaterThan(1);
  });

  test('the vendor id filter of the agent and number lists is ignored', async () => {
    for (const path of ['/agents/index.json', '/numbers/index.json']) {
      const all = (await body(reference, path)).responseData.data as Record<string, { id: string }>[];
      const id = Object.values(all[0] ?? {})[0]?.id;
      expect(((await body(reference, `${path}?id=${String(id)}`)).responseData.data as unknown[]).length).toBe(1);
      const vari = (await body(variant, `${path}?id=${String(id)}`)).responseData;
      expect((Array.isArray(vari) ? vari : (vari.data as unknown[])).length).toBeGreaterThan(1);
    }
  });

  test('contact attributes and recordings are served under other paths', async () => {
    expect((await get(reference, '/contacts/attributes.json')).statusCode).toBe(200);
    expect((await get(variant, '/contacts/attributes.json')).statusCode).toBe(404);
    expect((await get(variant, '/contacts/attributes/index.json')).statusCode).toBe(200);
    const call = [...(variant.mock.state.companies.get(1)?.calls.values() ?? [])].find((c) => c.recording === 'available');
    expect((await get(reference, `/calls/recording/${String(call?.id)}.json`)).statusCode).toBe(200);
    expect((await get(variant, `/calls/recording/${String(call?.id)}.json`)).statusCode).toBe(404);
    expect((await get(variant, `/recordings/${String(call?.id)}.json`)).statusCode).toBe(200);
  });

  test('website and zip must look like a URL and a ZIP code', async () => {
    const odd = { name: 'Dialect Form', website: 'not a url', zip: '#12' };
    expect((await addContact(reference, odd)).statusCode).toBe(201);
    for (const field of ['website', 'zip'] as const) {
      const refused = await addContact(variant, { name: 'Dialect Form', [field]: odd[field] });
      expect(refused.statusCode, field).toBe(406);
      expect(Object.keys((refused.json() as Body).responseData.data as object), field).toEqual([field]);
    }
    expect((await addContact(variant, { name: 'Dialect Form', website: 'https://example.com/a', zip: '11000' })).statusCode).toBe(201);
  });

  test("a 406's field messages name every field refused, or only the first", async () => {
    const odd = { name: 'x'.repeat(151), city: 'y'.repeat(256), country_id: 'abc' };
    const named = async (client: MockClient) => {
      const refused = await addContact(client, odd);
      expect(refused.statusCode).toBe(406);
      return Object.keys((refused.json() as Body).responseData.data as object);
    };
    expect((await named(reference)).sort()).toEqual(['city', 'country_id', 'name']);
    expect(await named(variant)).toEqual(['name']);
  });

  test('company A has room for one agent more, no more', async () => {
    const agent = (n: number) => ({ firstname: 'A', lastname: `B${n}`, email: `dialect${n}@example.com`, pass: 'secret-1' });
    const put = (client: MockClient, n: number) => client.send('core', { method: 'PUT', url: '/api/agents/add.json', ...json(agent(n)) });
    expect((await put(variant, 1)).statusCode).toBe(201);
    expect((await put(variant, 2)).statusCode).toBe(403);
    expect((await put(reference, 1)).statusCode).toBe(201);
    expect((await put(reference, 2)).statusCode).toBe(201);
  });

  test("List contacts' keyword leaves names out and its filters join with OR; Contact actions acknowledge with a status of their own", async () => {
    const ids = async (client: MockClient, query: string) =>
      ((await body(client, `/contacts/index.json?${query}`)).responseData.data as { Contact: { id: string } }[]).map((item) => item.Contact.id);
    for (const [client, other] of [
      [reference, false],
      [variant, true],
    ] as const) {
      const added = (await addContact(client, { name: 'Dialect Keyword', industry: 'dialect-industry' })).json() as Body;
      const id = String((added.responseData.data as { id?: string } | undefined)?.id ?? added.responseData.id);
      expect((await ids(client, 'keyword=Dialect%20Keyword')).includes(id)).toBe(!other);
      expect((await ids(client, 'industry=dialect-industry&keyword=nothing-holds-this')).includes(id)).toBe(other);
      const bulk = await client.send('core', {
        method: 'POST',
        url: '/api/bulk/contacts.json',
        ...json([{ action: 'add_contact', command_id: 'c1', data: { name: 'Dialect Bulk' } }]),
      });
      expect([bulk.statusCode, (bulk.json() as Body).responseData.status]).toEqual([200, other ? 207 : 200]);
    }
  });

  test('what the spec shows is the same: its collections, the edit answer, the agent create answer', async () => {
    for (const path of ['/calls/index.json', '/blacklist/index.json', '/contacts/index.json']) {
      expect((await body(variant, `${path}?limit=2`)).responseData).toMatchObject({
        itemsCount: expect.any(Number),
        pageCount: expect.any(Number),
        pageNumber: 1,
        limit: 2,
      });
    }
    const id = ((await addContact(variant)).json() as Body).responseData.id;
    const edited = await variant.send('core', { method: 'POST', url: `/api/contacts/edit/${String(id)}.json`, ...json({ title: 'Dr.' }) });
    expect(edited.json()).toEqual({ responseData: { status: 200 } });
    const blacklist = (await body(variant, '/blacklist/index.json?limit=1')).responseData.data as unknown[];
    expect(blacklist[0]).toHaveProperty('Blacklist.id');
  });
});
