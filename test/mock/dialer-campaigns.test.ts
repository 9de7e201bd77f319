import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Release } from '../../lib/dialer/releases.ts';
import { schemas } from '../../lib/schemas/registry.ts';
import { seedState } from '../../mock/state/seed.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/** The Dialer campaigns of the mock, per release profile: shapes, walks, validation, deleted campaigns, cursors. */
const registry = schemas();
type Body = Record<string, any>;

const BASE = '/v1/dialer/campaigns';
const list = (client: MockClient, query = '', as = 'a1') => client.send('ai', { method: 'GET', url: `${BASE}${query ? `?${query}` : ''}`, as });
const create = (client: MockClient, body: unknown) => client.send('ai', { method: 'POST', url: BASE, ...json(body) });
const patch = (client: MockClient, id: string, body: unknown) => client.send('ai', { method: 'PATCH', url: `${BASE}/${id}`, ...json(body) });
const get = (client: MockClient, id: string) => client.send('ai', { method: 'GET', url: `${BASE}/${id}` });
const del = (client: MockClient, id: string) => client.send('ai', { method: 'DELETE', url: `${BASE}/${id}` });
const valid = (extra: Body = {}) => ({ name: 'Autumn drive', mode: 'power', schedule_policy: { start_date: '2027-03-14', start_time: '09:30' }, ...extra });

async function created(client: MockClient, extra: Body = {}): Promise<Body> {
  const res = await create(client, valid(extra));
  expect(res.statusCode).toBe(201);
  return (res.json() as Body).data;
}

/** Every id of a list, walked page by page. */
async function walk(client: MockClient, query: string, limit = 17): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(client, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Body;
    expect(registry.validate('dialer/cursor-page', body).problems).toEqual([]);
    ids.push(...body.data.map((c: Body) => c.id));
    cursor = body.meta.nextCursor;
  } while (cursor !== null);
  return ids;
}

describe('seeded campaigns', () => {
  test('company A holds 70 campaigns of every status and both modes, each with contacts; B a handful; the seed replays', () => {
    const state = seedState(1);
    const a = [...(state.companies.get(1)?.dialer.campaigns.values() ?? [])];
    expect(a).toHaveLength(70);
    expect(new Set(a.map((c) => c.status))).toEqual(new Set(['draft', 'active', 'paused', 'completed', 'deleted']));
    expect(new Set(a.map((c) => c.mode))).toEqual(new Set(['power', 'predictive']));
    expect(a.filter((c) => c.status !== 'deleted').length).toBeGreaterThan(50);
    expect(a.every((c) => c.contacts.length >= 2)).toBe(true);
    expect(state.companies.get(2)?.dialer.campaigns.size).toBe(6);
    const snapshot = (s: ReturnType<typeof seedState>) => JSON.stringify([...(s.companies.get(1)?.dialer.campaigns.values() ?? [])]);
    expect(snapshot(seedState(1))).toBe(snapshot(state));
    expect(snapshot(seedState(2))).not.toBe(snapshot(state));
  });
});

describe('campaign records', () => {
  test('create 201, read, partial update, delete 204 keeps the record as deleted', async () => {
    const client = await mockClient();
    const c = await created(client, { mode: 'predictive', calling_policy: { max_attempts: 3 } });
    expect(registry.validate('dialer/campaign', c).problems).toEqual([]);
    expect(c).toMatchObject({ name: 'Autumn drive', status: 'draft', mode: 'predictive', calling_policy: { max_attempts: 3 } });
    const p = await patch(client, c.id, { name: '  Renamed  ' });
    expect(p.statusCode).toBe(200);
    const read = ((await get(client, c.id)).json() as Body).data;
    expect(read).toMatchObject({ name: 'Renamed', mode: 'predictive', status: 'draft', schedule_policy: c.schedule_policy, calling_policy: c.calling_policy });
    const d = await del(client, c.id);
    expect(d.statusCode).toBe(204);
    expect(d.body).toBe('');
    expect(((await get(client, c.id)).json() as Body).data.status).toBe('deleted');
    expect((await del(client, c.id)).statusCode).toBe(204);
    expect((await patch(client, c.id, { name: 'x' })).statusCode).toBe(422);
  });

  test('unknown and foreign ids are 404 Campaign not found on every operation', async () => {
    const client = await mockClient();
    const foreign = ((await list(client, 'limit=1', 'b1')).json() as Body).data[0].id;
    for (const id of ['nope', foreign]) {
      for (const res of [
        await get(client, id),
        await patch(client, id, { name: 'x' }),
        await del(client, id),
        await client.send('ai', { method: 'GET', url: `${BASE}/${id}/contacts` }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, message: 'Campaign not found' });
      }
    }
  });

  test('an update that would end the calling window before its start is 422; on create it is 400', async () => {
    const client = await mockClient();
    const c = await created(client, { calling_policy: { call_window_start: '09:00', call_window_end: '17:00' } });
    expect((await patch(client, c.id, { calling_policy: { call_window_end: '08:00' } })).statusCode).toBe(422);
    expect((await create(client, valid({ calling_policy: { call_window_start: '10:00', call_window_end: '09:00' } }))).statusCode).toBe(400);
  });

  test("a campaign's contacts walk in pages of limit", async () => {
    const client = await mockClient();
    const first = ((await list(client, 'limit=1')).json() as Body).data[0].id;
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await client.send('ai', { method: 'GET', url: `${BASE}/${first}/contacts?limit=5${cursor ? `&cursor=${cursor}` : ''}` });
      const body = res.json() as Body;
      expect(body.data.length).toBeLessThanOrEqual(5);
      ids.push(...body.data.map((c: Body) => c.id));
      cursor = body.meta.nextCursor;
    } while (cursor !== null);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });
});

describe('validation per release', () => {
  const cases: [Release, boolean][] = [
    ['pre-1.0.21', false],
    ['1.0.21', true],
    ['latest', true],
  ];
  test.each(cases)('%s: whitespace names, calendar dates, clock times pinned = %s', async (release, pinned) => {
    const client = await mockClient({ dialerRelease: release });
    for (const name of ['   ', '\t\n', '\u00a0']) {
      const res = await create(client, valid({ name }));
      expect(res.statusCode).toBe(pinned ? 400 : 201);
      if (pinned) expect((res.json() as Body).subErrors).toContain('name should not be empty');
    }
    for (const [field, value] of [
      ['start_date', '2027-02-29'],
      ['start_date', '2027-02-30'],
      ['start_time', '24:00'],
      ['start_time', '00:00:60'],
    ] as const) {
      const res = await create(client, valid({ schedule_policy: { [field]: value } }));
      expect(res.statusCode).toBe(pinned ? 400 : 201);
      if (pinned) expect((res.json() as Body).subErrors.join()).toContain(`schedule_policy.${field}`);
      else expect((res.json() as Body).data.schedule_policy[field]).toBe(value);
    }
    for (const [field, value] of [
      ['start_date', '2028-02-29'],
      ['start_time', '23:59:59'],
      ['start_time', '00:00'],
    ] as const) {
      expect((await create(client, valid({ schedule_policy: { [field]: value } }))).statusCode).toBe(201);
    }
  });

  test.each(cases)('%s: unknown calling_policy keys dropped on create and update = %s', async (release, dropped) => {
    const client = await mockClient({ dialerRelease: release });
    const c = await created(client, { calling_policy: { max_attempts: 2, extra: 'x' } });
    expect('extra' in c.calling_policy).toBe(!dropped);
    const p = ((await patch(client, c.id, { calling_policy: { other: 'y', retry_interval_minutes: 30 } })).json() as Body).data;
    expect(p.calling_policy).toMatchObject({ max_attempts: 2, retry_interval_minutes: 30 });
    expect('other' in p.calling_policy).toBe(!dropped);
  });

  test('no write answers a 5xx, whatever the body (fuzzed)', async () => {
    const client = await mockClient();
    const c = await created(client);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ name: fc.jsonValue(), mode: fc.jsonValue(), schedule_policy: fc.jsonValue(), calling_policy: fc.jsonValue() }, { requiredKeys: [] }),
        ),
        async (body) => {
          for (const res of [await create(client, body), await patch(client, c.id, body)]) expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });
});

describe('lists per release', () => {
  test('before v1.0.22 the unfiltered list holds deleted campaigns and include_deleted is ignored', async () => {
    const client = await mockClient({ dialerRelease: '1.0.21' });
    const all = await walk(client, 'x=1');
    expect(all).toHaveLength(70);
    expect(await walk(client, 'include_deleted=maybe')).toEqual(all);
    expect(await walk(client, 'include_deleted=false')).toEqual(all);
  });

  test('from v1.0.22 deleted campaigns need include_deleted=true or status=deleted; other values are 400, with status too', async () => {
    const client = await mockClient({ dialerRelease: '1.0.22' });
    expect(await walk(client, 'x=1')).toHaveLength(63);
    expect(await walk(client, 'include_deleted=false')).toHaveLength(63);
    expect(await walk(client, 'include_deleted=true')).toHaveLength(70);
    expect(await walk(client, 'status=deleted&include_deleted=false')).toHaveLength(7);
    expect(await walk(client, 'status=active&include_deleted=true', 100)).toHaveLength(21);
    for (const value of ['TRUE', '1', 'yes', '', 'false%20']) {
      for (const query of [`include_deleted=${value}`, `status=active&include_deleted=${value}`]) expect((await list(client, query)).statusCode).toBe(400);
    }
  });

  test('the default page holds 50; limit outside 1..100 is 400; mode filters', async () => {
    const client = await mockClient();
    const first = (await list(client)).json() as Body;
    expect(first.data).toHaveLength(50);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    for (const limit of ['0', '101', '1.5', 'abc', '-1']) expect((await list(client, `limit=${limit}`)).statusCode).toBe(400);
    const power = ((await list(client, 'mode=power&limit=100')).json() as Body).data;
    expect(power.length).toBeGreaterThan(0);
    expect(power.every((c: Body) => c.mode === 'power')).toBe(true);
  });

  test('a walk serves every campaign once while campaigns are created and deleted between pages', async () => {
    const client = await mockClient();
    const before = await walk(client, 'x=1');
    const ids: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const body = (await list(client, `limit=10${cursor ? `&cursor=${cursor}` : ''}`)).json() as Body;
      ids.push(...body.data.map((c: Body) => c.id));
      cursor = body.meta.nextCursor;
      if (page === 1) await created(client);
      if (page === 2) await del(client, before[0] as string);
      page += 1;
    } while (cursor !== null);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of before) expect(ids).toContain(id);
  });
});

describe('cursors per release', () => {
  test.each([
    ['1.0.22', 200],
    ['next', 400],
    ['latest', 400],
  ] as const)('%s: an undecodable cursor answers %s', async (release, status) => {
    const client = await mockClient({ dialerRelease: release });
    const first = (await list(client, 'limit=3')).json() as Body;
    for (const cursor of ['!!!', '%E2%82%AC', encodeURIComponent(first.meta.nextCursor.slice(0, 10))]) {
      const res = await list(client, `limit=3&cursor=${cursor}`);
      expect(res.statusCode).toBe(status);
      if (status === 400) expect(registry.validate('dialer/invalid-cursor', res.json()).problems).toEqual([]);
      else expect((res.json() as Body).data).toEqual(first.data);
    }
    expect(((await list(client, 'limit=3&cursor=')).json() as Body).data).toEqual(first.data);
  });

  test('no cursor or limit value answers a 5xx (fuzzed)', async () => {
    const client = await mockClient();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 6 }), async (cursor, limit) => {
        const res = await list(client, `cursor=${encodeURIComponent(cursor)}&limit=${encodeURIComponent(limit)}`);
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
