import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { agentIdOf, putAgent } from './fixtures.ts';
import { responseData } from '../shared/core-reads.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';

/**
 * Members per group, from the realtime group statistics (the spec lists real-time group statistics under
 * Calls without a path; path and fields follow the vendor reference: GET /statistics/realtime/groups.json,
 * `operators` per group). The vendor reference's example wraps `groups` in `data`, its schema does not:
 * both are read.
 */
async function membersPerGroup(t: CheckContext): Promise<Map<string, number>> {
  return membersIn(t, await t.core('GET', GROUP_STATISTICS).send());
}

/** Add an agent to a group (vendor reference: PUT /groups/add.json { group_id, agent_id }). */
export const addToGroup = (t: CheckContext, agentId: string, group: string): RequestSpec =>
  t.core('PUT', '/groups/add.json').json({ group_id: Number(group), agent_id: Number(agentId) });

/** Remove agent from group (spec: DELETE /groups/delete/{agent_id}.json with group_id in the body). */
export const removeFromGroup = (t: CheckContext, agentId: string, group: string): RequestSpec =>
  t.core('DELETE', `/groups/delete/${agentId}.json`).json({ group_id: Number(group) });

/** The realtime group statistics' path (vendor reference). */
export const GROUP_STATISTICS = '/statistics/realtime/groups.json';

/** Members per group as a read of the realtime group statistics gives them; a read that shows none fails the prerequisite. */
export function membersIn(t: CheckContext, ex: Exchange): Map<string, number> {
  t.expectOk(ex, 'reading the realtime group statistics');
  const body = responseData<{ groups?: unknown; data?: { groups?: unknown } }>(ex);
  const groups = body.data?.groups ?? body.groups;
  t.prerequisite(
    Array.isArray(groups),
    'the realtime group statistics show no groups list in responseData.data.groups or responseData.groups (vendor reference)',
    ex,
  );
  const counts = new Map<string, number>();
  for (const group of groups as { id?: unknown; operators?: unknown }[]) {
    if ((typeof group?.id === 'string' || typeof group?.id === 'number') && Number.isInteger(group.operators))
      counts.set(String(group.id), group.operators as number);
  }
  return counts;
}

export const groupMembershipChecks = [
  defineCheck({
    id: 'core.groups.remove-keeps-other-memberships',
    title: "Remove agent from group removes one membership: the agent's other group keeps it",
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS'],
    maxRequests: 10,
    async run(t) {
      const before = await membersPerGroup(t);
      if (before.size < 2) t.skip(`needs 2 groups in the realtime group statistics, found ${before.size}`);
      const [first, second] = [...before.keys()] as [string, string];
      const groups = [first, second];
      const agentId = agentIdOf(t, await putAgent(t));
      for (const group of groups) {
        t.expectOk(await addToGroup(t, agentId, group).send(), `adding agent ${agentId} to group ${group}`);
        // Removed before the agent is deleted: the spec does not say deleting an agent ends its memberships.
        t.undo(`remove agent ${agentId} from group ${group}`, removeFromGroup(t, agentId, group));
      }
      const added = await membersPerGroup(t);
      const count = (counts: Map<string, number>, group: string) => counts.get(group) ?? Number.NaN;
      t.prerequisite(
        groups.every((group) => count(added, group) === count(before, group) + 1),
        () =>
          `adding agent ${agentId} to groups ${groups.join(' and ')} moved their operators from ${groups.map((g) => count(before, g)).join(', ')} to ${groups.map((g) => count(added, g)).join(', ')}, not up by one each: the statistics do not count this agent's memberships`,
      );
      const removed = await removeFromGroup(t, agentId, first).send();
      t.expectOk(removed, `removing agent ${agentId} from group ${first}`);
      const after = await membersPerGroup(t);
      t.prerequisite(
        count(after, first) === count(added, first) - 1,
        () =>
          `removing agent ${agentId} from group ${first} moved its operators from ${count(added, first)} to ${count(after, first)}, not down by one: the statistics do not show the removal`,
      );
      t.check(
        'CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS',
        count(after, second) === count(added, second),
        () =>
          `removing agent ${agentId} from group ${first} moved the operators of group ${second} from ${count(added, second)} to ${count(after, second)}: the agent's other membership went too`,
        removed,
      );
    },
  }),
];
