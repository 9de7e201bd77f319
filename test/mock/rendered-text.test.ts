import { describe, expect, test } from 'vitest';
import { RenderedText } from '../../mock/hosts/core/rendered.ts';
import type { Contact } from '../../mock/state/model.ts';
import { json, mockClient } from './inject.ts';

interface Item {
  id: number;
  name: string;
  tags: string[];
}

const render = (item: Item) => ({ Item: { id: String(item.id), name: item.name }, Tag: item.tags[0] === undefined ? {} : { name: item.tags[0] } });
const fresh = () => new RenderedText<Item>(render, (item) => [item.id, item.name, item.tags[0]]);
const serialised = (head: string, items: readonly Item[], tail: string) => head + items.map((item) => JSON.stringify(render(item))).join(',') + tail;

/** The List contacts body is joined from cached text; it must always be what serialising the page gives. */
describe('RenderedText', () => {
  test('text is the serialised rendering and follows every field the rendering reads', () => {
    const cache = fresh();
    const item: Item = { id: 1, name: 'Ada', tags: [] };
    expect(cache.text(item)).toBe(JSON.stringify(render(item)));
    item.name = 'Ada B';
    expect(cache.text(item)).toBe(JSON.stringify(render(item)));
    item.tags.unshift('vip');
    expect(cache.text(item)).toBe(JSON.stringify(render(item)));
  });

  test('a page body follows edits in place, new and removed items, order and the envelope', () => {
    const cache = fresh();
    const items: Item[] = [1, 2, 3].map((id) => ({ id, name: `n${id}`, tags: [] }));
    const check = (head: string, page: readonly Item[]) => expect(cache.join(head, page, ']}')).toBe(serialised(head, page, ']}'));
    check('{"a":[', items);
    check('{"a":[', items);
    (items[1] as Item).name = 'changed';
    check('{"a":[', items);
    (items[2] as Item).tags = ['t'];
    check('{"a":[', items);
    check('{"b":[', items);
    check('{"a":[', [...items, { id: 4, name: 'n4', tags: [] }]);
    check('{"a":[', items.slice(0, 2));
    check('{"a":[', [items[0] as Item, items[2] as Item, items[1] as Item]);
    check('{"a":[', [items[0] as Item, { ...(items[1] as Item) }, items[2] as Item]);
    check('{"a":[', []);
  });

  test('List contacts shows a change made directly to the state at once', async () => {
    const client = await mockClient();
    const list = async (as = 'a1') => (await client.send('core', { method: 'GET', url: '/api/contacts/index.json?limit=50', as })).body;
    const company = client.mock.state.companies.get(1);
    const contacts = [...(company?.contacts.values() ?? [])];
    const before = await list();
    expect(await list()).toBe(before);
    (contacts[2] as Contact).name = 'Directly Renamed';
    const renamed = await list();
    expect(renamed).not.toBe(before);
    expect(renamed).toContain('"name":"Directly Renamed"');
    (contacts[3] as Contact).emails = ['first@example.com', ...(contacts[3] as Contact).emails];
    expect(await list()).toContain('{"email":"first@example.com"}');
    company?.contacts.delete((contacts[0] as Contact).id);
    expect(await list()).not.toContain(`"id":"${(contacts[0] as Contact).id}"`);
  });

  test('List contacts shows edits made through the API, also of another company under a leak fault', async () => {
    const client = await mockClient({ faults: ['isolation-write-leak'] });
    const list = async (as: string) => (await client.send('core', { method: 'GET', url: '/api/contacts/index.json?limit=50', as })).body;
    await list('a1');
    const other = [...(client.mock.state.companies.get(2)?.contacts.values() ?? [])][1] as Contact;
    await list('b1');
    const edit = await client.send('core', { method: 'POST', url: `/api/contacts/edit/${other.id}.json`, as: 'a1', ...json({ name: 'Leaked Edit' }) });
    expect(edit.statusCode).toBe(200);
    expect(await list('b1')).toContain('"name":"Leaked Edit"');
    const add = await client.send('core', { method: 'PUT', url: '/api/contacts/add.json', as: 'a1', ...json({ name: 'Zed Added' }) });
    expect(add.statusCode).toBe(201);
    expect(await list('a1')).toContain('"name":"Zed Added"');
  });
});
