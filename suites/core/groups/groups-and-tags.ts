import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { agentsFrom, agentsIn, listFrom, readList } from '../../shared/core-reads.ts';
import { agentIdOf } from '../fixtures/steps.ts';
import { LANE_AGENT, LANE_AGENT_SHARES } from './memberships.ts';
import { UNKNOWN_ID } from '../../shared/inert-values.ts';
import { createdId, listedIds } from '../fixtures/shapes.ts';
import { AGENTS, GROUPS, sharedList, UNKNOWN_TAG_DELETE } from '../fixtures/shared-records.ts';

/**
 * The spec shows no group or tag list, and no way to add either: paths, envelopes and item shapes
 * ({ Group: {...} }, { Tag: {...} }) follow the vendor reference, read tolerantly, and only ever as prerequisites.
 */
export const groupTagChecks = [
  defineCheck({
    id: 'core.groups.remove-member',
    title: 'Remove agent from group: 200, and the agent and the group remain',
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-200', 'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP'],
    cost: { requests: 0 },
    records: {
      // The removal both checks of Remove agent from group judge (groups/memberships.ts), with the reads this one judges.
      shares: LANE_AGENT_SHARES,
    },
    async run(t) {
      const groups = await sharedList(t, GROUPS);
      const groupIds = listedIds(groups.items, 'Group');
      t.prerequisite(groupIds !== undefined, 'the group list shows no group id (vendor reference item { Group: { id } })', groups.ex);
      if (![...(groupIds ?? [])].some((id) => Number.isInteger(Number(id)))) t.skip('needs at least one group with an integer id in the account');
      const agent = await t.shared(LANE_AGENT);
      const agentId = agentIdOf(t, agent.created);
      const { removal } = agent;
      if (removal === undefined || !groupIds?.has(removal.first)) return t.skip('needs at least one group with an integer id in the account');
      const groupId = removal.first;
      t.expectOk(removal.adds[0] as Exchange, 'adding the agent to the group');
      // The agent must be seen before the removal, or its absence afterwards would say nothing.
      t.prerequisite(
        agentsIn(t, agent.agentsBefore as Exchange).agents.some((a) => a.id === agentId),
        `the agent list does not show agent ${agentId}, just created`,
      );
      const ex = removal.removal;
      t.expectStatus('CORE-GROUP-REMOVE-200', ex, 200);
      t.expectSchema('CORE-GROUP-REMOVE-200', ex, 'core/membership-removed');
      t.done('CORE-GROUP-REMOVE-200');
      t.check(
        'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP',
        agentsIn(t, removal.agentsAfter).agents.some((a) => a.id === agentId),
        `agent ${agentId} is gone after its membership was removed`,
      );
      const groupsAfter = listFrom(t, GROUPS.path, removal.groupsAfter);
      t.check(
        'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP',
        listedIds(groupsAfter.items, 'Group')?.has(groupId) === true,
        `group ${groupId} is gone after a membership was removed`,
        groupsAfter.ex,
      );
    },
  }),

  defineCheck({
    id: 'core.groups.remove-unknown-group',
    title: "Remove agent from an unknown group: 404 'Not found.'",
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-404'],
    cost: { requests: 1 },
    records: {
      // Any agent the account had will do: the agent list the lane reads once.
      shares: [AGENTS],
    },
    async run(t) {
      const agentId = agentsFrom(t, await sharedList(t, AGENTS)).agents[0]?.id;
      if (agentId === undefined) t.skip('needs at least one agent in the account');
      const ex = await t
        .core('DELETE', `/groups/delete/${String(agentId)}.json`)
        .json({ group_id: UNKNOWN_ID })
        .send();
      t.expectCoreError('CORE-GROUP-REMOVE-404', ex, 404, 'Not found.');
    },
  }),

  defineCheck({
    id: 'core.tags.delete',
    title: 'Delete a tag: 200 and the tag is gone',
    surface: 'core',
    rules: ['CORE-TAG-DELETE-200'],
    cost: { requests: 5 },
    async run(t) {
      const rule = 'CORE-TAG-DELETE-200';
      // Add a tag: path and payload from the vendor reference.
      const created = await t.core('PUT', '/tags/add.json').json({ name: t.uniqueName() }).send();
      t.expectOk(created, 'creating a tag');
      const id = createdId(created);
      t.prerequisite(id !== undefined, 'creating a tag returned no id in responseData.data.id or responseData.id', created);
      t.undo(`delete tag ${String(id)}`, t.core('DELETE', `/tags/delete/${String(id)}.json`));
      // The tag must be seen in the list before, or not finding it afterwards would judge nothing.
      const before = await readList(t, '/tags/index.json', { limit: 1000 });
      const seen = listedIds(before.items, 'Tag')?.has(String(id)) === true;
      const ex = await t.core('DELETE', `/tags/delete/${String(id)}.json`).send();
      t.expectStatus(rule, ex, 200);
      t.expectEqual(rule, ex.json, { responseData: { status: 200 } }, 'Delete a tag body', ex);
      if (!seen)
        t.skip(
          `the tag list did not show tag ${String(id)} before its deletion (vendor reference item { Tag: { id } }), so whether it is gone cannot be judged`,
        );
      const after = await readList(t, '/tags/index.json', { limit: 1000 });
      t.check(rule, listedIds(after.items, 'Tag')?.has(String(id)) === false, `tag ${String(id)} is still listed after its deletion`, after.ex);
    },
  }),

  defineCheck({
    id: 'core.tags.delete-unknown',
    title: "Delete an unknown tag: 404 'Not found.'",
    surface: 'core',
    rules: ['CORE-TAG-DELETE-404'],
    cost: { requests: 0 },
    records: {
      // The same delete CORE-ERR-ENVELOPE judges the envelope of (fixtures/shared-records.ts).
      shares: [UNKNOWN_TAG_DELETE],
    },
    async run(t) {
      t.expectCoreError('CORE-TAG-DELETE-404', await t.shared(UNKNOWN_TAG_DELETE), 404, 'Not found.');
    },
  }),
];
