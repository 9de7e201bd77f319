import { describe, expect, test } from 'vitest';
import { OUTCOMES } from '../../lib/dialer/outcomes.ts';
import { type Release, RELEASES } from '../../lib/dialer/releases.ts';
import { schemas } from '../../lib/schemas/registry.ts';
import { ARCHIVED_TAG_NAME } from '../../mock/state/seed-tools.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/** Scripts, surveys, associations, disposition buttons and the tag list, per release profile. */
const registry = schemas();
const D = '/v1/dialer';

type Body = Record<string, unknown>;
const send = async (c: MockClient, method: string, path: string, body?: unknown, as = 'a1') => {
  const res = await c.send('ai', { method: method as 'GET', url: `${D}${path}`, as, ...(body === undefined ? {} : json(body)) });
  return { status: res.statusCode, body: res.json() as Body, data: (res.json() as Body).data as never };
};

function company(c: MockClient, id = 1) {
  return c.mock.state.companies.get(id) as NonNullable<ReturnType<MockClient['mock']['state']['companies']['get']>>;
}
/** The first seeded campaign of company A: it has buttons for the archived tag and for 'Missed' (no colour). */
const seeded = (c: MockClient) => [...company(c).dialer.campaigns.values()][0] as { id: string };
const tagNamed = (c: MockClient, name: string, id = 1) => [...company(c, id).tags.values()].find((t) => t.name === name) as { id: number };

describe('call scripts and surveys', () => {
  test('names are trimmed; a blank name is 400 from v1.0.21 and accepted before', async () => {
    for (const release of RELEASES) {
      const c = await mockClient({ dialerRelease: release });
      const made = await send(c, 'POST', '/call-scripts', { name: '  Greeting  ' });
      expect(made.status).toBe(201);
      expect((made.data as Body).name).toBe('Greeting');
      const blank = await send(c, 'POST', '/surveys', { name: ' \t\n' });
      if (release === 'pre-1.0.21') expect(blank.status, release).toBe(201);
      else expect([blank.status, blank.body.subErrors], release).toEqual([400, ['name should not be empty']]);
      const id = (made.data as Body).id as string;
      expect((await send(c, 'PATCH', `/call-scripts/${id}`, { name: ' ' })).status, release).toBe(release === 'pre-1.0.21' ? 200 : 400);
    }
  });

  test('PUT replaces survey questions wholesale, PATCH keeps them, the cursor list meets every survey once', async () => {
    const c = await mockClient();
    const made = await send(c, 'POST', '/surveys', { name: 'S', questions: [{ text: 'a?' }, { text: 'b?', options: ['x'] }] });
    const id = (made.data as Body).id as string;
    const put = await send(c, 'PUT', `/surveys/${id}/questions`, { questions: [{ text: 'c?' }] });
    expect((put.data as Body).questions).toEqual([{ text: 'c?', options: [] }]);
    const patched = await send(c, 'PATCH', `/surveys/${id}`, { name: 'T' });
    expect(patched.data).toMatchObject({ name: 'T', questions: [{ text: 'c?', options: [] }] });
    const ids: string[] = [];
    let cursor = '';
    do {
      const page = await send(c, 'GET', `/surveys?limit=1&cursor=${encodeURIComponent(cursor)}`);
      ids.push(...(page.data as Body[]).map((s) => s.id as string));
      cursor = ((page.body.meta as Body).nextCursor as string | null) ?? '';
    } while (cursor !== '');
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect((await send(c, 'PUT', '/surveys/c0c0c0c0-0000-4000-8000-000000000000/questions', { questions: [] })).body).toMatchObject({
      statusCode: 404,
      message: 'Survey not found',
    });
  });
});

describe('associations', () => {
  test('PUT replaces them; an unknown ref_id is 422 before v1.0.21 and accepted from it', async () => {
    for (const [release, status] of [
      ['pre-1.0.21', 422],
      ['1.0.21', 200],
      ['latest', 200],
    ] as [Release, number][]) {
      const c = await mockClient({ dialerRelease: release });
      const path = `/campaigns/${seeded(c).id}/associations`;
      expect((await send(c, 'PUT', path, { associations: [{ ref_id: 2147480123, type: 'agent' }] })).status, release).toBe(status);
      const agent = [...company(c).agents.keys()][0];
      const all = [
        { ref_id: agent, type: 'agent' },
        { ref_id: tagNamed(c, 'VIP').id, type: 'target_tag' },
        { ref_id: [...company(c).groups.keys()][0], type: 'queue_group' },
      ];
      expect((await send(c, 'PUT', path, { associations: all })).data).toEqual(all);
      expect((await send(c, 'PUT', path, { associations: all.slice(1, 2) })).data).toEqual(all.slice(1, 2));
      expect((await send(c, 'PUT', path, { associations: [{ ref_id: 1, type: 'team' }] })).status).toBe(400);
    }
  });
});

describe('disposition buttons and the tag list', () => {
  const names = (data: unknown) => (data as Body[]).map((b) => b.name);

  test('archived and deleted dispositions are shown before the undated change, dropped by it', async () => {
    for (const [release, undated] of [
      ['next', false],
      ['latest', true],
    ] as [Release, boolean][]) {
      const c = await mockClient({ dialerRelease: release });
      const path = `/campaigns/${seeded(c).id}/disposition-buttons`;
      const buttons = await send(c, 'GET', path);
      expect(registry.validate('dialer/button-list', buttons.data).problems).toEqual([]);
      expect(names(buttons.data).includes(ARCHIVED_TAG_NAME), release).toBe(!undated);
      expect((buttons.data as Body[]).find((b) => b.name === 'Missed')).toMatchObject({ color: null, outcome: OUTCOMES.neutral });
      const tags = await send(c, 'GET', '/disposition-tags');
      expect(names(tags.data).includes(ARCHIVED_TAG_NAME), release).toBe(!undated);
      const archived = tagNamed(c, ARCHIVED_TAG_NAME).id;
      expect((await send(c, 'PUT', path, { buttons: [{ tag_id: archived, outcome_kind: 'negative' }] })).status, release).toBe(undated ? 422 : 200);
      // A tag no call carries is deleted outright; its button keeps its last name until the undated change.
      const added = await c.send('core', { method: 'PUT', url: '/api/tags/add.json', ...json({ name: 'Fresh' }) });
      const fresh = Number((added.json() as { responseData: { data: { id: string } } }).responseData.data.id);
      expect((await send(c, 'PUT', path, { buttons: [{ tag_id: fresh, outcome_kind: 'positive' }] })).status).toBe(200);
      await c.send('core', { method: 'DELETE', url: `/api/tags/delete/${fresh}.json` });
      expect((await send(c, 'GET', path)).data, release).toEqual(
        undated ? [] : [{ tag_id: fresh, outcome_kind: 'positive', name: 'Fresh', color: null, outcome: OUTCOMES.positive }],
      );
    }
  });

  test("replace: unknown outcome_kind 400, repeated tag_id 409, another company's or an unknown tag 422, every release", async () => {
    for (const release of RELEASES) {
      const c = await mockClient({ dialerRelease: release });
      const path = `/campaigns/${seeded(c).id}/disposition-buttons`;
      const vip = tagNamed(c, 'VIP').id;
      expect((await send(c, 'PUT', path, { buttons: [{ tag_id: vip, outcome_kind: 'great' }] })).status).toBe(400);
      expect(
        (
          await send(c, 'PUT', path, {
            buttons: [
              { tag_id: vip, outcome_kind: 'positive' },
              { tag_id: vip, outcome_kind: 'neutral' },
            ],
          })
        ).status,
      ).toBe(409);
      expect((await send(c, 'PUT', path, { buttons: [{ tag_id: tagNamed(c, 'VIP', 2).id, outcome_kind: 'positive' }] })).status).toBe(422);
      expect((await send(c, 'PUT', path, { buttons: [{ tag_id: 2147480123, outcome_kind: 'positive' }] })).status).toBe(422);
    }
  });

  test('with call tags unreadable: 503 before the undated change, every button with null name, color and outcome by it', async () => {
    const before = await mockClient({ dialerRelease: 'next', callTagsUnavailable: true });
    const down = await send(before, 'GET', `/campaigns/${seeded(before).id}/disposition-buttons`);
    expect(down.status).toBe(503);
    expect(registry.validate('ai/service-error', down.body).problems).toEqual([]);
    const after = await mockClient({ callTagsUnavailable: true });
    const buttons = (await send(after, 'GET', `/campaigns/${seeded(after).id}/disposition-buttons`)).data as Body[];
    // Every button, the archived tag's among them: without the call tags the service cannot tell which is archived.
    expect(buttons).toHaveLength(4);
    for (const b of buttons) expect([b.name, b.color, b.outcome]).toEqual([null, null, null]);
    expect((await send(after, 'GET', '/disposition-tags')).status).toBe(503);
  });
});
