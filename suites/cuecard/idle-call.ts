import type { CheckContext } from '../../lib/checks/context.ts';
import { listAgents, readPage } from '../shared/core-reads.ts';
import { isObject } from '../shared/json.ts';

/**
 * A call whose agent has no active call: the spec's case for CueCard's 424. A card names a call, not an
 * agent, so the suite looks for an ended call of the account whose agent the core agent list shows in a
 * state other than `calling` (the vendor reference's availability_status), and reads the call's UUID from
 * analytics' Get call details. None of it is the spec's own, so failing to find one is a reason to skip.
 */
export interface IdleAgentCall {
  readonly uuid: string;
  readonly callId: string;
  readonly agentId: string;
  readonly availability: string;
}

/** States of the vendor reference's availability_status in which an agent is not on a call. */
const NOT_ON_A_CALL = new Set(['online', 'offline', 'paused']);
const CALLS_READ = 25;

/** The requests idleAgentCall may send: the agents, one page of calls, one call's details. */
export const IDLE_CALL_REQUESTS = 3;

export async function idleAgentCall(t: CheckContext): Promise<IdleAgentCall | string> {
  const availability = new Map((await listAgents(t)).agents.map((agent) => [agent.id, agent.availability_status]));
  const { page } = await readPage<{ Cdr?: { id?: unknown; user_id?: unknown; ended_at?: unknown } }>(t, '/calls/index.json', { limit: CALLS_READ });
  const call = page.data.map((item) => item.Cdr).find((cdr) => cdr?.ended_at && NOT_ON_A_CALL.has(String(availability.get(String(cdr.user_id)))));
  if (!call) return `none of the last ${CALLS_READ} calls has ended with an agent the core API shows online, offline or paused`;
  const details = await t.req('analytics', 'GET', `/calls/${String(call.id)}`).send();
  const uuid = isObject(details.json) ? details.json.uuid : undefined;
  if (details.status !== 200 || typeof uuid !== 'string' || uuid === '')
    return `Get call details of call ${String(call.id)} answered ${details.status} without a uuid`;
  return { uuid, callId: String(call.id), agentId: String(call.user_id), availability: String(availability.get(String(call.user_id))) };
}
