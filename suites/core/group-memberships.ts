import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { agentIdOf, putAgent } from './fixtures.ts';
import { AGENT_LIST, responseData } from '../shared/core-reads.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import { listedIds } from './shapes.ts';
import { GROUPS, itemsOf, makes } from './shared-fixtures.ts';

/** Add an agent to a group (vendor reference: PUT /groups/add.json { group_id, agent_id }). */
export const addToGroup = (t: CheckContext, agentId: string, group: string): RequestSpec =>
  t.core('PUT', '/groups/add.json').json({ group_id: Number(group), agent_id: Number(agentId) });

/** Remove agent from group (spec: DELETE /groups/delete/{agent_id}.json with group_id in the body). */
export const removeFromGroup = (t: CheckContext, agentId: string, group: string): RequestSpec =>
  t.core('DELETE', `/groups/delete/${agentId}.json`).json({ group_id: Number(group) });

/** The realtime group statistics' path (vendor reference). */
export const GROUP_STATISTICS = '/statistics/realtime/groups.json';

/**
 * Members per group, from the realtime group statistics (the spec lists real-time group statistics under
 * Calls without a path; path and fields follow the vendor reference: GET /statistics/realtime/groups.json,
 * `operators` per group), read without judging: undefined when it shows no groups list. The vendor
 * reference's example wraps `groups` in `data`, its schema does not: both are read.
 */
function countsIn(ex: Exchange): Map<string, number> | undefined {
  if (ex.status < 200 || ex.status >= 300) return undefined;
  const body = responseData<{ groups?: unknown; data?: { groups?: unknown } }>(ex);
  const groups = body.data?.groups ?? body.groups;
  if (!Array.isArray(groups)) return undefined;
  const counts = new Map<string, number>();
  for (const group of groups as { id?: unknown; operators?: unknown }[]) {
    if ((typeof group?.id === 'string' || typeof group?.id === 'number') && Number.isInteger(group.operators))
      counts.set(String(group.id), group.operators as number);
  }
  return counts;
}

const NO_GROUPS_LIST = 'the realtime group statistics show no groups list in responseData.data.groups or responseData.groups (vendor reference)';

/** Members per group as a read of the realtime group statistics gives them; a read that shows none fails the prerequisite. */
export function membersIn(t: CheckContext, ex: Exchange): Map<string, number> {
  t.expectOk(ex, 'reading the realtime group statistics');
  const counts = countsIn(ex);
  t.prerequisite(counts !== undefined, NO_GROUPS_LIST, ex);
  return counts ?? new Map();
}

/**
 * An agent of the lane's own, added to a group and, where the realtime group statistics show a second, to that one
 * too, then removed from the first: the one removal both checks of Remove agent from group judge, one that the
 * agent and the group remain (the agent list and the group list read before and after it), the other that the
 * agent's other membership remains (the statistics read before the adds, after them and after the removal).
 * Made with the first sharer's requests, none judged there; the agent leaves its other group and is deleted when
 * that check ends, so every later sharer judges what was sent, not what is left.
 */
export interface RemovalFromOneGroup {
  /** The group the agent is removed from: the first of the group list that the statistics show too, or the first of either. */
  readonly first: string;
  /** Its other group, when the statistics show the first and another. */
  readonly second?: string;
  readonly agentId: string;
  readonly statsBefore: Exchange;
  readonly adds: readonly Exchange[];
  readonly statsAdded?: Exchange;
  readonly agentsBefore: Exchange;
  readonly removal: Exchange;
  readonly agentsAfter: Exchange;
  readonly groupsAfter: Exchange;
  readonly statsAfter?: Exchange;
}

export const REMOVAL_FROM_ONE_GROUP: SharedRecord<RemovalFromOneGroup | undefined> = {
  key: 'core.removal-from-one-group',
  lane: 'core',
  meter: 'core',
  // the statistics, the agent, two adds, the statistics, the agents, the removal, the agents, the groups, the
  // statistics; then the other membership's removal and the agent's deletion, and the first's should its removal fail
  makeRequests: 13,
  removeRequests: 0,
  async make(t) {
    const statsBefore = await t.core('GET', GROUP_STATISTICS).send();
    const counted = [...(countsIn(statsBefore)?.keys() ?? [])];
    const listed = [...(listedIds(itemsOf(await t.shared(GROUPS)), 'Group') ?? [])].filter((id) => Number.isInteger(Number(id)));
    const first = listed.find((id) => counted.includes(id)) ?? listed[0] ?? counted[0];
    // Neither list shows a group: each sharer skips on the read it judges.
    if (first === undefined) return { value: undefined };
    const second = counted.includes(first) ? counted.find((id) => id !== first) : undefined;
    const agentId = agentIdOf(t, await putAgent(t));
    const adds: Exchange[] = [];
    let removedFirst = false;
    for (const group of second === undefined ? [first] : [first, second]) {
      adds.push(await addToGroup(t, agentId, group).send());
      // Removed before the agent is deleted: the spec does not say deleting an agent ends its memberships.
      if (group === second) t.undo(`remove agent ${agentId} from group ${group}`, removeFromGroup(t, agentId, group));
      else
        t.cleanup(`remove agent ${agentId} from group ${group}`, async () => {
          if (removedFirst) return;
          const ex = await removeFromGroup(t, agentId, group).send();
          if (ex.status >= 300 && ex.status !== 404) throw new Error(`DELETE /groups/delete/${agentId}.json answered ${ex.status}`);
        });
    }
    const statsAdded = second === undefined ? undefined : await t.core('GET', GROUP_STATISTICS).send();
    const agentsBefore = await agentListRead(t);
    const removal = await removeFromGroup(t, agentId, first).send();
    removedFirst = removal.status >= 200 && removal.status < 300;
    const agentsAfter = await agentListRead(t);
    const groupsAfter = await t.core('GET', GROUPS.path).query(GROUPS.query).send();
    const statsAfter = second === undefined ? undefined : await t.core('GET', GROUP_STATISTICS).send();
    return {
      value: {
        first,
        ...(second === undefined ? {} : { second }),
        agentId,
        statsBefore,
        adds,
        ...(statsAdded === undefined ? {} : { statsAdded }),
        agentsBefore,
        removal,
        agentsAfter,
        groupsAfter,
        ...(statsAfter === undefined ? {} : { statsAfter }),
      },
    };
  },
};

/** What a sharer of the removal declares: it and the group list its make reads. */
export const REMOVAL_FROM_ONE_GROUP_SHARES: readonly SharedRecord<unknown>[] = [GROUPS, REMOVAL_FROM_ONE_GROUP];

const agentListRead = (t: CheckContext): Promise<Exchange> => t.core('GET', AGENT_LIST.path).query(AGENT_LIST.query).send();

export const groupMembershipChecks = [
  defineCheck({
    id: 'core.groups.remove-keeps-other-memberships',
    title: "Remove agent from group removes one membership: the agent's other group keeps it",
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS'],
    shares: REMOVAL_FROM_ONE_GROUP_SHARES,
    maxRequests: makes(REMOVAL_FROM_ONE_GROUP_SHARES),
    async run(t) {
      const removal = await t.shared(REMOVAL_FROM_ONE_GROUP);
      const before = removal === undefined ? new Map<string, number>() : membersIn(t, removal.statsBefore);
      if (removal === undefined || removal.second === undefined) {
        return t.skip(
          before.size >= 2
            ? `none of the ${before.size} groups of the realtime group statistics is in the group list (GET /groups/index.json, vendor reference)`
            : `needs 2 groups in the realtime group statistics, found ${before.size}`,
        );
      }
      const { first, second, agentId } = removal;
      const groups = [first, second];
      for (const [i, group] of groups.entries()) t.expectOk(removal.adds[i] as Exchange, `adding agent ${agentId} to group ${group}`);
      const added = membersIn(t, removal.statsAdded as Exchange);
      const count = (counts: Map<string, number>, group: string) => counts.get(group) ?? Number.NaN;
      t.prerequisite(
        groups.every((group) => count(added, group) === count(before, group) + 1),
        () =>
          `adding agent ${agentId} to groups ${groups.join(' and ')} moved their operators from ${groups.map((g) => count(before, g)).join(', ')} to ${groups.map((g) => count(added, g)).join(', ')}, not up by one each: the statistics do not count this agent's memberships`,
      );
      t.expectOk(removal.removal, `removing agent ${agentId} from group ${first}`);
      const after = membersIn(t, removal.statsAfter as Exchange);
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
        removal.removal,
      );
    },
  }),
];
