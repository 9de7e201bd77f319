import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { SharedRecord } from '../../../lib/checks/shared-records.ts';
import { agentIdOf, createdAgentId, putAgent } from '../fixtures/steps.ts';
import { AGENT_LIST, responseData } from '../../shared/core-reads.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { RequestSpec } from '../../../lib/requests/request-spec.ts';
import { listedIds } from '../fixtures/shapes.ts';
import { GROUPS, itemsOf } from '../fixtures/shared-records.ts';

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
 * The lane's own agent, created without daily_price_limit (putAgent's payload) and listed, and, where the account
 * has groups, added to one and, where the realtime group statistics show a second, to that one too, then removed
 * from the first: what Add an agent's default daily limit and both checks of Remove agent from group judge, one
 * agent and one removal for the three. The default is judged from the create and the agent list read after it; the
 * removal's checks from the removal's answer, the agent and group lists read before and after it (that the agent
 * and the group remain) and the statistics read before the adds, after them and after the removal (that the
 * agent's other membership remains). Made with the first sharer's requests, none judged there, so each check
 * fails or skips on the reads it judges, as on its own; the agent leaves its other group and is deleted when that
 * check ends, so every later sharer judges what was sent, not what is left.
 */
export interface LaneAgent {
  readonly statsBefore: Exchange;
  readonly created: Exchange;
  /** The created agent's id; absent when the create gave none, and nothing more was sent. */
  readonly agentId?: string;
  /** The agent list read after the create (and the adds). */
  readonly agentsBefore?: Exchange;
  /** Absent when neither the group list nor the statistics show a group. */
  readonly removal?: RemovalFromOneGroup;
}

export interface RemovalFromOneGroup {
  /** The group the agent is removed from: the first of the group list that the statistics show too, or the first of either. */
  readonly first: string;
  /** Its other group, when the statistics show the first and another. */
  readonly second?: string;
  readonly adds: readonly Exchange[];
  readonly statsAdded?: Exchange;
  readonly removal: Exchange;
  readonly agentsAfter: Exchange;
  readonly groupsAfter: Exchange;
  readonly statsAfter?: Exchange;
}

export const LANE_AGENT: SharedRecord<LaneAgent> = {
  key: 'core.lane-agent',
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
    const second = first !== undefined && counted.includes(first) ? counted.find((id) => id !== first) : undefined;
    const created = await putAgent(t);
    const agentId = createdAgentId(created);
    if (agentId === undefined) return { value: { statsBefore, created } };
    const adds: Exchange[] = [];
    let removedFirst = false;
    for (const group of first === undefined ? [] : second === undefined ? [first] : [first, second]) {
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
    if (first === undefined) return { value: { statsBefore, created, agentId, agentsBefore } };
    const removal = await removeFromGroup(t, agentId, first).send();
    removedFirst = removal.status >= 200 && removal.status < 300;
    const agentsAfter = await agentListRead(t);
    const groupsAfter = await t.core('GET', GROUPS.path).query(GROUPS.query).send();
    const statsAfter = second === undefined ? undefined : await t.core('GET', GROUP_STATISTICS).send();
    return {
      value: {
        statsBefore,
        created,
        agentId,
        agentsBefore,
        removal: {
          first,
          ...(second === undefined ? {} : { second }),
          adds,
          ...(statsAdded === undefined ? {} : { statsAdded }),
          removal,
          agentsAfter,
          groupsAfter,
          ...(statsAfter === undefined ? {} : { statsAfter }),
        },
      },
    };
  },
};

/** What a sharer of the lane's agent declares: it and the group list its make reads. */
export const LANE_AGENT_SHARES: readonly SharedRecord<unknown>[] = [GROUPS, LANE_AGENT];

const agentListRead = (t: CheckContext): Promise<Exchange> => t.core('GET', AGENT_LIST.path).query(AGENT_LIST.query).send();

export const groupMembershipChecks = [
  defineCheck({
    id: 'core.groups.remove-keeps-other-memberships',
    title: "Remove agent from group removes one membership: the agent's other group keeps it",
    surface: 'core',
    rules: ['CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS'],
    cost: { requests: 0 },
    records: { shares: LANE_AGENT_SHARES },
    async run(t) {
      const agent = await t.shared(LANE_AGENT);
      const before = membersIn(t, agent.statsBefore);
      if (before.size < 2) t.skip(`needs 2 groups in the realtime group statistics, found ${before.size}`);
      const agentId = agentIdOf(t, agent.created);
      const removal = agent.removal;
      if (removal?.second === undefined)
        return t.skip(`none of the ${before.size} groups of the realtime group statistics is in the group list (GET /groups/index.json, vendor reference)`);
      const { first, second } = removal;
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
