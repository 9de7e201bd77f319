import fc from 'fast-check';
import { defineCheck } from '../../../lib/checks/define.ts';
import { runSequences, type SequenceModel } from '../../../lib/stateful/sequences.ts';
import { agentIdOf, putAgent } from '../fixtures/steps.ts';
import { addToGroup, GROUP_STATISTICS, membersIn, removeFromGroup } from './memberships.ts';

/**
 * Group memberships as a model: random sequences of adds and removes of the check's own agent in two of the
 * account's groups, and reads of the realtime group statistics, each judged against the members the model
 * says each group has now (CORE-STATE-MEMBERSHIPS). The statistics count the whole company, so the check runs
 * on a configured target only where the user vouches that no other client changes memberships meanwhile.
 */

type MembershipStep = { readonly op: 'add'; readonly group: number } | { readonly op: 'remove'; readonly group: number } | { readonly op: 'read' };

/** What the check holds across its sequences: its agent, the two groups, and their member counts before any membership. */
interface Setting {
  readonly agentId: string;
  readonly groups: readonly [string, string];
  readonly before: ReadonlyMap<string, number>;
}

interface MembershipWorld {
  /** Whether the agent is a member of each of the two groups. */
  readonly member: [boolean, boolean];
  /** Whether a remove from the other group came since the group's last add: CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS's ground, not judged here. */
  readonly otherRemoved: [boolean, boolean];
}

function membershipModel(setting: Setting): SequenceModel<MembershipStep, MembershipWorld> {
  const group = fc.constantFrom(0, 1);
  const { agentId, groups } = setting;
  return {
    step: fc.oneof(
      { weight: 3, arbitrary: fc.record({ op: fc.constant('add' as const), group }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), group }) },
      { weight: 2, arbitrary: fc.constant({ op: 'read' as const }) },
    ),
    // A sequence's cleanup removes what its steps added: counted in the closing steps' cost.
    cost: () => 1,
    reads: (step) => step.op === 'read',
    leftover: `it changes the memberships of agent ${agentId}, which the run made and deleted after the check: make an agent with PUT /agents/add.json and put its id in place of ${agentId}`,
    // Every sequence ends judging the rule once: a membership added, removed and added again, then read.
    closing: () => [{ op: 'add', group: 0 }, { op: 'remove', group: 0 }, { op: 'add', group: 0 }, { op: 'read' }],
    label: (step) => (step.op === 'read' ? 'read the group statistics' : `${step.op} the agent ${step.op === 'add' ? 'to' : 'from'} group ${step.group + 1}`),

    start: () => ({ member: [false, false], otherRemoved: [false, false] }),

    async run(t, world, step, io) {
      if (step.op === 'add') {
        const ex = await io.send(addToGroup(t, agentId, groups[step.group] as string));
        t.expectOk(ex, `adding agent ${agentId} to group ${groups[step.group]}`);
        world.member[step.group] = true;
        world.otherRemoved[step.group] = false;
        return `add agent ${agentId} to group ${groups[step.group]}`;
      }
      if (step.op === 'remove') {
        const ex = await io.send(removeFromGroup(t, agentId, groups[step.group] as string));
        t.expectOk(ex, `removing agent ${agentId} from group ${groups[step.group]}`);
        world.member[step.group] = false;
        world.otherRemoved[1 - step.group] = true;
        return `remove agent ${agentId} from group ${groups[step.group]}`;
      }
      const ex = await io.send(t.core('GET', GROUP_STATISTICS));
      const counts = membersIn(t, ex);
      const count = (g: number) => (setting.before.get(groups[g] as string) ?? 0) + (world.member[g] ? 1 : 0);
      groups.forEach((id, g) => {
        // A member the other group's remove may have taken along is CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS's to judge.
        if (world.member[g] && world.otherRemoved[g]) return;
        const expected = count(g);
        io.judge(
          'CORE-STATE-MEMBERSHIPS',
          counts.get(id) === expected,
          () => `group ${id} counts ${counts.get(id)} members; with agent ${agentId} ${world.member[g] ? 'a member' : 'not a member'} it has ${expected}`,
          ex,
        );
      });
      return `read the group statistics: agent ${agentId} in ${groups.filter((_, g) => world.member[g]).join(' and ') || 'no group'}`;
    },

    // Removed before the agent is deleted: the spec does not say deleting an agent ends its memberships.
    async clean(t, world, io) {
      for (const g of [0, 1]) {
        if (!world.member[g]) continue;
        const ex = await io.send(removeFromGroup(t, agentId, groups[g] as string));
        if (ex.status !== 200 && ex.status !== 404) throw new Error(`removing agent ${agentId} from group ${groups[g]} answered ${ex.status}`);
        world.member[g] = false;
      }
    },
  };
}

export const membershipSequenceChecks = [
  defineCheck({
    id: 'core.stateful.memberships',
    title: "random sequences of adds and removes of the check's agent in two groups agree with a model of the spec",
    surface: 'core',
    rules: ['CORE-STATE-MEMBERSHIPS'],
    cost: {
      // The closing steps judge the rule in every sequence, so 2 find what 10 would.
      sequences: {
        requestsPerStep: 1,
        setupRequests: { 'the statistics': 1, 'the agent and its deletion': 2, 'an add, read and remove showing the statistics count members': 3 },
        closingRequests: { 'three writes and a read': 4, "the sequence's cleanup, a remove from each group at most": 2 },
        most: 2,
        longest: 6,
      },
      requests: 0,
    },
    needs: { effects: ['group-sequences'] },
    async run(t) {
      const before = membersIn(t, await t.core('GET', GROUP_STATISTICS).send());
      if (before.size < 2) t.skip(`needs 2 groups in the realtime group statistics, found ${before.size}`);
      const groups = [...before.keys()].slice(0, 2) as [string, string];
      const agentId = agentIdOf(t, await putAgent(t));
      // The statistics' count per group is read as its members (vendor reference: operators). One add to the
      // second group, read and removed, shows whether it is: a count that did not move leaves the rule skipped,
      // never failed. The closing steps use the first group, so a story replays on its own.
      const [, second] = groups;
      t.expectOk(await addToGroup(t, agentId, second).send(), `adding agent ${agentId} to group ${second}`);
      const counted = membersIn(t, await t.core('GET', GROUP_STATISTICS).send()).get(second);
      t.expectOk(await removeFromGroup(t, agentId, second).send(), `removing agent ${agentId} from group ${second}`);
      t.prerequisite(
        counted === (before.get(second) ?? 0) + 1,
        () =>
          `adding agent ${agentId} to group ${second} moved its count in the realtime group statistics from ${before.get(second)} to ${counted}, not up by one: the statistics do not count this agent's memberships`,
      );
      await runSequences(t, membershipModel({ agentId, groups, before }));
    },
  }),
];
