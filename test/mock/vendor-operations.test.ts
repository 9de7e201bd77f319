import { beforeEach, describe, expect, test } from 'vitest';
import type { Company } from '../../mock/state/model.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/**
 * The operations of the vendor reference beyond the spec's own endpoints: notes, activities, core campaigns,
 * contact tags, number edit and clear, tag and blacklist edit, recording delete and every bulk action. Each
 * changes the company's records as the next read shows, and refuses bad input with a documented status.
 */
let client: MockClient;
let company: Company;
beforeEach(async () => {
  client = await mockClient();
  company = client.mock.state.companies.get(1) as Company;
});

type Body = { responseData: Record<string, unknown> & { data?: unknown; status?: number } };
const send = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) => {
  const res = await client.send('core', { method, url: `/api${url}`, ...(body === undefined ? {} : json(body)) });
  return { status: res.statusCode, body: res.json() as Body };
};
const list = async <T>(url: string, key: string): Promise<T[]> =>
  ((await send('GET', url)).body.responseData.data as Record<string, T>[]).map((item) => item[key] as T);
const firstContact = () => [...company.contacts.keys()][0] as number;
const firstAgent = () => [...company.agents.keys()][0] as number;

describe('notes and activities', () => {
  test('a note is added, listed by contact, edited, moved and deleted; ids may be sent as strings', async () => {
    const contact = firstContact();
    const added = await send('PUT', `/notes/add/${contact}.json`, { note: 'Call back Monday', user_id: String(firstAgent()) });
    expect(added.status).toBe(201);
    const id = (added.body.responseData.data as { id: string }).id;
    const mine = await list<{ id: string; note: string; user_id: number }>(`/notes/index.json?contact_id=${contact}`, 'ContactNote');
    expect(mine.find((n) => n.id === id)).toMatchObject({ note: 'Call back Monday', user_id: firstAgent() });
    const other = [...company.contacts.keys()][1] as number;
    expect((await send('POST', `/notes/edit/${id}.json`, { contact_id: other, note: 'Moved' })).status).toBe(200);
    expect(company.notes.get(Number(id))).toMatchObject({ contact_id: other, note: 'Moved' });
    expect((await send('DELETE', `/notes/delete/${id}.json`)).status).toBe(200);
    expect((await send('DELETE', `/notes/delete/${id}.json`)).status).toBe(404);
  });

  test('a note without text, on an unknown contact or for an unknown agent is refused', async () => {
    const missing = await send('PUT', `/notes/add/${firstContact()}.json`, {});
    expect(missing.status).toBe(406);
    expect(missing.body.responseData.data).toHaveProperty('note');
    expect((await send('PUT', '/notes/add/999999999.json', { note: 'x' })).status).toBe(404);
    expect((await send('PUT', `/notes/add/${firstContact()}.json`, { note: 'x', user_id: 1 })).body.responseData.data).toHaveProperty('user_id');
  });

  test('an activity is added with the type list of the vendor reference, filtered by type, edited and deleted', async () => {
    const contact = firstContact();
    expect((await send('PUT', `/activity/add/${contact}.json`, { name: 'x', type: 'meeting' })).status).toBe(406);
    const added = await send('PUT', `/activity/add/${contact}.json`, {
      name: 'Order #1',
      type: 'invoice',
      external_id: 77,
      activity_date: '2026-01-02T03:04:05Z',
    });
    expect(added.status).toBe(201);
    const id = (added.body.responseData.data as { id: string }).id;
    const invoices = await list<{ id: string; activity_date: string; external_id: number }>(
      `/activity/index.json?type=invoice&contact_id=${contact}`,
      'ContactActivity',
    );
    expect(invoices.find((a) => a.id === id)).toMatchObject({ activity_date: '2026-01-02T03:04:05.000Z', external_id: 77 });
    expect((await send('POST', `/activity/edit/${id}.json`, { name: 'Renamed' })).status).toBe(406);
    expect((await send('POST', `/activity/edit/${id}.json`, { contact_id: contact, name: 'Renamed' })).status).toBe(200);
    expect(company.activities.get(Number(id))?.name).toBe('Renamed');
    expect((await send('DELETE', `/activity/delete/${id}.json`)).status).toBe(200);
    expect(company.activities.has(Number(id))).toBe(false);
  });

  test('deleting a contact takes its notes and activities with it', async () => {
    const contact = firstContact();
    await send('PUT', `/notes/add/${contact}.json`, { note: 'x' });
    await send('PUT', `/activity/add/${contact}.json`, { name: 'x', type: 'task' });
    expect((await send('DELETE', `/contacts/delete/${contact}.json`)).status).toBe(200);
    expect([...company.notes.values(), ...company.activities.values()].some((r) => r.contact_id === contact)).toBe(false);
  });
});

describe('core campaigns', () => {
  test('a campaign is added with its buttons, tags, groups and agents, edited keeping a button by id, and deleted', async () => {
    const group = [...company.groups.keys()][0] as number;
    const added = await send('PUT', '/campaigns/add.json', {
      name: 'Autumn',
      is_predictive: 1,
      attempts: 2,
      Button: [{ title: 'Sale', type: 'successful_positive', color: '#2980b9', description: 'Sold' }],
      Group: [{ id: group }],
      Agent: [{ id: String(firstAgent()) }],
    });
    expect(added.status).toBe(201);
    const id = (added.body.responseData.data as { id: string }).id;
    const [item] = (await send('GET', `/campaigns/index.json?id=${id}`)).body.responseData.data as {
      Campaign: Record<string, unknown>;
      Button: { id: string }[];
      Group: unknown[];
      Agent: unknown[];
    }[];
    expect(item?.Campaign).toMatchObject({ id, name: 'Autumn', is_predictive: 1, attempts: 2 });
    expect(item?.Group).toHaveLength(1);
    expect(item?.Agent).toHaveLength(1);
    const buttonId = item?.Button[0]?.id;
    expect(
      (
        await send('POST', `/campaigns/edit/${id}.json`, {
          name: 'Autumn 2',
          Button: [
            { id: buttonId, title: 'Won', type: 'successful_positive' },
            { title: 'Later', type: 'rescheduled' },
          ],
        })
      ).status,
    ).toBe(200);
    const edited = company.campaigns.get(Number(id));
    expect(edited?.buttons.map((b) => [String(b.id) === buttonId, b.title])).toEqual([
      [true, 'Won'],
      [false, 'Later'],
    ]);
    expect((await send('DELETE', `/campaigns/delete/${id}.json`)).status).toBe(200);
    expect((await send('POST', `/campaigns/edit/${id}.json`, { name: 'x', Button: [] })).status).toBe(404);
  });

  test('a campaign without name or buttons, or naming another account’s agent, is refused naming each field', async () => {
    const res = await send('PUT', '/campaigns/add.json', { Agent: [{ id: 1 }] });
    expect(res.status).toBe(406);
    expect(Object.keys(res.body.responseData.data as object).sort()).toEqual(['Agent', 'Button', 'name']);
  });
});

describe('contact tags, numbers, tags, blacklist and recordings', () => {
  test('tags are assigned by name (a new name becomes a tag) and unassigned; the answer lists the contact’s tags', async () => {
    const contact = firstContact();
    const added = await send('PUT', `/contacts/addTags/${contact}.json`, { tags: ['VIP', 'Brand new'] });
    expect(added.status).toBe(200);
    const names = (body: Body) => (body.responseData.data as { tags: { name: string }[] }).tags.map((t) => t.name);
    expect(names(added.body)).toEqual(expect.arrayContaining(['VIP', 'Brand new']));
    const removed = await send('DELETE', `/contacts/removeTags/${contact}.json`, { tags: ['VIP'] });
    expect(names(removed.body)).not.toContain('VIP');
    expect(names(removed.body)).toContain('Brand new');
    expect((await send('PUT', `/contacts/addTags/${contact}.json`, { tags: 'VIP' })).status).toBe(406);
  });

  test('a number is renamed and routed to an agent of the company, then cleared: free, without a route', async () => {
    const number = [...company.numbers.keys()][0] as number;
    expect((await send('POST', `/numbers/edit/${number}.json`, { connected_to: 1, source_id: 1 })).status).toBe(406);
    expect((await send('POST', `/numbers/edit/${number}.json`, { internal_name: 'Hotline', connected_to: 1, source_id: firstAgent() })).status).toBe(200);
    const shown = async () => (await list<Record<string, unknown>>(`/numbers/index.json?id=${number}`, 'CallNumber'))[0];
    expect(await shown()).toMatchObject({ internal_name: 'Hotline', connected_to: 1, source_id: firstAgent() });
    expect((await send('DELETE', `/numbers/clear/${number}.json`)).status).toBe(200);
    expect(await shown()).not.toHaveProperty('source_id');
  });

  test('a tag is renamed; a name another tag has is refused', async () => {
    const [a, b] = [...company.tags.values()];
    expect((await send('POST', `/tags/edit/${a?.id}.json`, { name: b?.name })).status).toBe(406);
    expect((await send('POST', `/tags/edit/${a?.id}.json`, { name: 'Renamed' })).status).toBe(200);
    expect(company.tags.get(a?.id as number)?.name).toBe('Renamed');
    expect((await send('POST', '/tags/edit/999999999.json', { name: 'x' })).status).toBe(404);
  });

  test('a blacklist entry is edited; a number already on the blacklist is refused on add and edit', async () => {
    const [first, second] = [...company.blacklist.values()];
    const dup = await send('PUT', '/blacklist/add.json', { type: 'all', public_number: first?.public_number });
    expect(dup.status).toBe(406);
    expect(dup.body.responseData.data).toHaveProperty('public_number');
    expect((await send('POST', `/blacklist/edit/${second?.id}.json`, { type: 'all', public_number: String(first?.public_number) })).status).toBe(406);
    expect((await send('POST', `/blacklist/edit/${second?.id}.json`, { type: 'incoming', public_number: 421901999888 })).status).toBe(200);
    expect(company.blacklist.get(second?.id as number)).toMatchObject({ type: 'incoming', public_number: 421901999888 });
  });

  test('a recording is deleted for good: then it reads 410 Recording not found.', async () => {
    const call = [...company.calls.values()].find((c) => c.recording === 'available');
    expect((await send('DELETE', `/recordings/delete/${call?.id}.json`)).status).toBe(200);
    const read = await send('GET', `/calls/recording/${call?.id}.json`);
    expect([read.status, read.body.responseData.message]).toEqual([410, 'Recording not found.']);
    expect((await send('DELETE', `/recordings/delete/${call?.id}.json`)).status).toBe(410);
  });
});

describe('Contact actions', () => {
  test('all nine actions run in order, each answered with its own status', async () => {
    const [c1, c2] = [...company.contacts.keys()] as [number, number];
    const note = [...company.notes.values()].find((n) => n.contact_id !== c1)?.id;
    const activity = [...company.activities.values()].find((a) => a.contact_id !== c1)?.id;
    const commands = [
      { action: 'add_contact', command_id: '1', data: { name: 'Bulk', ContactNumber: [{ public_number: 421901123456 }] } },
      { action: 'edit_contact', command_id: '2', data: { id: c2, city: 'Brno' } },
      { action: 'add_note', command_id: '3', data: { contact_id: c2, note: 'n' } },
      { action: 'edit_note', command_id: '4', data: { id: note, contact_id: c2, note: 'edited' } },
      { action: 'delete_note', command_id: '5', data: { id: note } },
      { action: 'add_activity', command_id: '6', data: { contact_id: c2, name: 'a', type: 'task' } },
      { action: 'edit_activity', command_id: '7', data: { id: activity, contact_id: c2, name: 'b' } },
      { action: 'delete_activity', command_id: '8', data: { id: activity } },
      { action: 'delete_contact', command_id: '9', data: { id: c1 } },
      { action: 'fly', command_id: '10', data: {} },
    ];
    const res = await send('POST', '/bulk/contacts.json', commands);
    expect(res.status).toBe(200);
    const results = res.body.responseData.data as { command_id: string; status: number }[];
    expect(results.map((r) => [r.command_id, r.status])).toEqual([
      ['1', 201],
      ['2', 200],
      ['3', 201],
      ['4', 200],
      ['5', 200],
      ['6', 201],
      ['7', 200],
      ['8', 200],
      ['9', 200],
      ['10', 406],
    ]);
    expect(company.contacts.get(c2)?.city).toBe('Brno');
    expect(company.contacts.has(c1)).toBe(false);
    expect(company.notes.has(note as number)).toBe(false);
  });

  test('eleven commands are refused whole; an unknown record is that command’s 404', async () => {
    const command = { action: 'delete_note', command_id: 'x', data: { id: 1 } };
    expect(
      (
        await send(
          'POST',
          '/bulk/contacts.json',
          Array.from({ length: 11 }, () => command),
        )
      ).status,
    ).toBe(406);
    const one = await send('POST', '/bulk/contacts.json', [command]);
    expect(one.body.responseData.data).toEqual([{ command_id: 'x', status: 404, message: 'Not found.' }]);
  });
});
