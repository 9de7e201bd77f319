import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { DAILY_PRICE_LIMIT } from '../../../lib/contract/limits.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { agentIdOf, namesField, probeAgent, putAgent, skipAtMaximum } from '../fixtures/steps.ts';
import { AGENT_REFUSALS, AGENT_REFUSALS_SHARES, agentRefusalsLeft, STATUS_OUTBOUND_WRONG_TYPES } from '../fixtures/refusals-together.ts';
import { AGENT_LIST, agentsIn } from '../../shared/core-reads.ts';
import { LANE_AGENT, LANE_AGENT_SHARES } from '../groups/memberships.ts';

/** The agent of that id as a read of the vendor reference agent list shows it, a failed prerequisite when it is not listed. */
function listedIn(t: CheckContext, list: Exchange, id: string): Record<string, unknown> {
  const agent = agentsIn(t, list).agents.find((item) => item.id === id);
  t.prerequisite(agent !== undefined, `the agent list (vendor reference, items { Agent: { id } }) does not show agent ${id}, created by the run`);
  return agent as unknown as Record<string, unknown>;
}

/** The agent of that id as the agent list shows it when read afresh. */
const listedAgent = async (t: CheckContext, id: string): Promise<Record<string, unknown>> =>
  listedIn(t, await t.core('GET', AGENT_LIST.path).query(AGENT_LIST.query).send(), id);

export const agentEditChecks = [
  defineCheck({
    id: 'core.agents.edit',
    title: 'Edit agent updates the agent',
    surface: 'core',
    rules: ['CORE-AGENT-EDIT-UPDATES'],
    cost: { requests: 4 },
    async run(t) {
      const rule = 'CORE-AGENT-EDIT-UPDATES';
      const lastname = t.uniqueName();
      const email = `${lastname}@example.com`;
      const id = agentIdOf(t, await putAgent(t, { lastname, email }));
      const firstname = 'Edited';
      const ex = await t.core('POST', `/agents/edit/${id}.json`).json({ firstname, lastname, email }).send();
      t.prerequisite(
        ex.status !== 400 && ex.status !== 406,
        () => `Edit agent refused the vendor reference payload { firstname, lastname, email } with ${ex.status}; the spec does not show the payload`,
        ex,
      );
      t.check(rule, ex.status >= 200 && ex.status < 300, () => `Edit agent of agent ${id}, just created, must succeed, got ${ex.status}`, ex);
      const agent = await listedAgent(t, id);
      t.prerequisite('firstname' in agent, 'the agent list does not show firstname (vendor reference), so the edit cannot be read back');
      t.expectEqual(rule, agent.firstname, firstname, `firstname of agent ${id} after Edit agent`);
    },
  }),

  defineCheck({
    id: 'core.agents.status-outbound-type',
    title: 'Add an agent with a status_outbound that is not a boolean: 406',
    surface: 'core',
    rules: ['CORE-AGENT-STATUS-OUTBOUND-TYPE'],
    cost: {
      requests: { 'each value the refusals together did not judge, alone': STATUS_OUTBOUND_WRONG_TYPES.length, 'deleting an agent a faulty target creates': 1 },
      ifBatchRefused: [
        { record: AGENT_REFUSALS, requests: { 'each value alone': STATUS_OUTBOUND_WRONG_TYPES.length, 'deleting an agent a faulty target creates': 1 } },
      ],
    },
    records: { shares: AGENT_REFUSALS_SHARES },
    async run(t) {
      const rule = 'CORE-AGENT-STATUS-OUTBOUND-TYPE';
      const judge = (ex: Exchange, value: unknown, what: string): void => {
        t.expectCoreError(rule, ex, 406, 'Invalid input data.');
        t.check(
          rule,
          namesField(ex, 'status_outbound'),
          () => `the 406 for status_outbound ${JSON.stringify(value)}${what} does not name status_outbound in responseData.data`,
          ex,
        );
      };
      const left = await agentRefusalsLeft(t, {
        rule,
        key: 'status_outbound',
        values: STATUS_OUTBOUND_WRONG_TYPES,
        judge: (ex, value) => judge(ex, value, ', sent with other refused values,'),
      });
      for (const value of left) {
        const ex = await probeAgent(t, { status_outbound: value });
        skipAtMaximum(t, ex, `status_outbound ${JSON.stringify(value)}`);
        judge(ex, value, '');
      }
    },
  }),

  defineCheck({
    id: 'core.agents.daily-limit-default',
    title: 'Add an agent without daily_price_limit: accepted, and a default from 1 to 200 applies',
    surface: 'core',
    rules: ['CORE-AGENT-DAILY-LIMIT-DEFAULT'],
    cost: { requests: 0 },
    records: {
      // The lane's agent, created without it and listed (groups/memberships.ts), which the checks of Remove agent from group share.
      shares: LANE_AGENT_SHARES,
    },
    async run(t) {
      const rule = 'CORE-AGENT-DAILY-LIMIT-DEFAULT';
      const { created: ex, agentsBefore } = await t.shared(LANE_AGENT);
      if (ex.status === 406) t.check(rule, !namesField(ex, 'daily_price_limit'), 'an agent without daily_price_limit was refused naming daily_price_limit', ex);
      const id = agentIdOf(t, ex);
      t.pass(rule, 'a create without daily_price_limit was accepted');
      const value = listedIn(t, agentsBefore as Exchange, id).daily_price_limit;
      if (value === undefined || value === null)
        t.skip('the agent list (vendor reference) does not show daily_price_limit, so the default that applies cannot be read');
      const limit = Number(value);
      const { min, max } = DAILY_PRICE_LIMIT;
      t.check(
        rule,
        Number.isInteger(limit) && limit >= min && limit <= max,
        `an agent created without daily_price_limit shows ${JSON.stringify(value)}, not a limit from ${min} to ${max}`,
      );
      t.note(rule, `default daily_price_limit: ${limit}`);
    },
  }),
];
