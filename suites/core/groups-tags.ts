import { defineCheck } from '../../lib/checks/define.js';
import { agentIdOf, listAgents, putAgent, readPage, responseData, UNKNOWN_ID } from './fixtures.js';

export const groupTagChecks = [
  defineCheck({
    id: 'core.groups.remove-member',
    title: 'Remove agent from group: 200, and the agent and the group remain',
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-200', 'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP'],
    maxRequests: 6,
    async run(t) {
      const { page } = await readPage<{ Group?: { id?: unknown } }>(t, '/groups/index.json', { limit: 1 });
      const groupId = Number(page.data[0]?.Group?.id);
      if (!Number.isInteger(groupId)) t.skip('needs at least one group in the account');
      const agentId = agentIdOf(t, await putAgent(t));
      // Add an agent to a group: path and payload from the vendor reference.
      t.expectOk(await t.core('PUT', '/groups/add.json').json({ group_id: groupId, agent_id: Number(agentId) }).send(), 'adding the agent to the group');
      const ex = await t.core('DELETE', `/groups/delete/${agentId}.json`).json({ group_id: groupId }).send();
      t.expectStatus('CORE-GROUP-REMOVE-200', ex, 200);
      t.expectSchema('CORE-GROUP-REMOVE-200', ex, 'core/membership-removed');
      const agents = await readPage<{ Agent?: { id?: unknown } }>(t, '/agents/index.json', { id: agentId });
      t.check('CORE-GROUP-REMOVE-ONLY-MEMBERSHIP', agents.page.data.some((a) => String(a.Agent?.id) === agentId), `agent ${agentId} is gone after its membership was removed`, agents.ex);
      const groups = await readPage<{ Group?: { id?: unknown } }>(t, '/groups/index.json', { limit: 1000 });
      t.check('CORE-GROUP-REMOVE-ONLY-MEMBERSHIP', groups.page.data.some((g) => Number(g.Group?.id) === groupId), `group ${groupId} is gone after a membership was removed`, groups.ex);
    },
  }),

  defineCheck({
    id: 'core.groups.remove-unknown-group',
    title: "Remove agent from an unknown group: 404 'Not found.'",
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-404'],
    maxRequests: 2,
    async run(t) {
      const agents = await listAgents(t);
      const agentId = agents[0]?.Agent.id;
      if (agentId === undefined) t.skip('needs at least one agent in the account');
      const ex = await t.core('DELETE', `/groups/delete/${String(agentId)}.json`).json({ group_id: UNKNOWN_ID }).send();
      t.expectCoreError('CORE-GROUP-REMOVE-404', ex, 404, 'Not found.');
    },
  }),

  defineCheck({
    id: 'core.tags.delete',
    title: 'Delete a tag: 200 and the tag is gone',
    surface: 'core',
    rules: ['CORE-TAG-DELETE-200'],
    maxRequests: 3,
    async run(t) {
      const name = t.session.uniqueName('cctag');
      // Add a tag: path and payload from the vendor reference.
      const created = await t.core('PUT', '/tags/add.json').json({ name }).send();
      t.expectOk(created, 'creating a tag');
      const id = responseData<{ data?: { id?: unknown } }>(created).data?.id;
      t.prerequisite(id !== undefined, 'creating a tag returned no responseData.data.id', created);
      t.undo(`delete tag ${String(id)}`, t.core('DELETE', `/tags/delete/${String(id)}.json`));
      const ex = await t.core('DELETE', `/tags/delete/${String(id)}.json`).send();
      t.expectStatus('CORE-TAG-DELETE-200', ex, 200);
      t.expectEqual('CORE-TAG-DELETE-200', ex.json, { responseData: { status: 200 } }, 'Delete a tag body', ex);
      const { ex: listed, page } = await readPage<{ Tag?: { id?: unknown; name?: unknown } }>(t, '/tags/index.json', { limit: 1000 });
      if (page.pageCount > 1) t.note('CORE-TAG-DELETE-200', 'more than 1000 tags: only the first page was searched for the deleted tag');
      t.check('CORE-TAG-DELETE-200', !page.data.some((item) => String(item.Tag?.id) === String(id)), `tag ${String(id)} is still listed after its deletion`, listed);
    },
  }),

  defineCheck({
    id: 'core.tags.delete-unknown',
    title: "Delete an unknown tag: 404 'Not found.'",
    surface: 'core',
    rules: ['CORE-TAG-DELETE-404'],
    maxRequests: 1,
    async run(t) {
      t.expectCoreError('CORE-TAG-DELETE-404', await t.core('DELETE', `/tags/delete/${UNKNOWN_ID}.json`).send(), 404, 'Not found.');
    },
  }),
];
