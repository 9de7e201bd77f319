import { describe, expect, test } from 'vitest';
import { json, mockClient } from './inject.ts';

interface GroupStats {
  readonly id: number;
  readonly operators: number;
}

/** Where each dialect puts the groups: the vendor reference's example (reference) or its schema (variant). */
function groupsOf(body: { responseData: { groups?: GroupStats[]; data?: { groups?: GroupStats[] } } }): GroupStats[] {
  return body.responseData.data?.groups ?? body.responseData.groups ?? [];
}

describe('realtime group statistics and memberships', () => {
  test('operators count the members of each group, and follow adding and removing one membership', async () => {
    const client = await mockClient();
    const company = client.mock.state.companies.get(1);
    const created = await client.send('core', {
      method: 'PUT',
      url: '/api/agents/add.json',
      ...json({ firstname: 'A', lastname: 'B', email: 'a.b@example.com', pass: 'secret-1' }),
    });
    const agentId = Number(created.json().responseData.data.id);
    const stats = async () => groupsOf((await client.send('core', { method: 'GET', url: '/api/statistics/realtime/groups.json' })).json());
    const before = await stats();
    expect(before.length).toBeGreaterThan(1);
    for (const group of before) expect(group.operators).toBe([...(company?.memberships ?? [])].filter((m) => m.endsWith(`:${group.id}`)).length);
    const [a, b] = before as [GroupStats, GroupStats];
    for (const group of [a, b]) {
      expect((await client.send('core', { method: 'PUT', url: '/api/groups/add.json', ...json({ group_id: group.id, agent_id: agentId }) })).statusCode).toBe(
        200,
      );
    }
    expect((await client.send('core', { method: 'DELETE', url: `/api/groups/delete/${agentId}.json`, ...json({ group_id: a.id }) })).statusCode).toBe(200);
    const after = await stats();
    expect(after.find((g) => g.id === a.id)?.operators).toBe(a.operators);
    expect(after.find((g) => g.id === b.id)?.operators).toBe(b.operators + 1);
  });

  test('the variant dialect places the groups and the agent list fields elsewhere than the reference', async () => {
    const reference = await mockClient();
    const variant = await mockClient({ dialect: 'variant' });
    const statistics = { method: 'GET', url: '/api/statistics/realtime/groups.json' } as const;
    expect((await reference.send('core', statistics)).json().responseData).toHaveProperty('data.groups');
    expect((await variant.send('core', statistics)).json().responseData).toHaveProperty('groups');
    const firstAgent = async (client: typeof reference) =>
      (await client.send('core', { method: 'GET', url: '/api/agents/index.json?limit=1' })).json().responseData.data[0].Agent;
    expect(await firstAgent(reference)).toHaveProperty('daily_price_limit');
    expect(await firstAgent(variant)).not.toHaveProperty('daily_price_limit');
  });
});
