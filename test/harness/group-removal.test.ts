import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/**
 * The default daily limit and both checks of Remove agent from group judge one agent of the lane
 * (suites/core/groups/memberships.ts LANE_AGENT): created without daily_price_limit and listed, in two groups, removed
 * from the first, instead of an agent of each; each still fails alone under its fault.
 */
const checks = ['core.agents.daily-limit-default', 'core.groups.remove-member', 'core.groups.remove-keeps-other-memberships'].map(
  (id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition,
);

const mocks: Record<string, RunningMock> = {};
beforeAll(async () => {
  for (const fault of ['', 'group-remove-all-memberships', 'group-remove-deletes-agent', 'group-remove-message', 'daily-limit-default-zero'])
    mocks[fault] = await startMock({ rateWindowMs: 1000, faults: fault === '' ? [] : [fault as never] });
});
afterAll(async () => {
  await Promise.all(Object.values(mocks).map((m) => m.close()));
});

async function run(mock: RunningMock) {
  const session = new Session(targetFromSettings(mock.env, process.cwd(), true), 1);
  const outcomes = await runChecks(session, checks);
  for (const outcome of outcomes) expect(outcome.requests, outcome.check).toBeLessThanOrEqual(outcome.allowance);
  const agents = session.ledger.records().filter((r) => r.intent.request.includes('/agents/add.json'));
  expect(session.ledger.leftovers()).toEqual([]);
  await session.close();
  return { status: Object.fromEntries(outcomes.flatMap((o) => o.verdicts.map((v) => [v.rule, v.status]))), agents: agents.length };
}

describe('one agent of the lane judged by three checks', () => {
  test('one agent, made by the first check and deleted at its end, and every rule passes', async () => {
    const { status, agents } = await run(mocks[''] as RunningMock);
    expect(status).toEqual({
      'CORE-AGENT-DAILY-LIMIT-DEFAULT': 'pass',
      'CORE-GROUP-REMOVE-200': 'pass',
      'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP': 'pass',
      'CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS': 'pass',
    });
    expect(agents).toBe(1);
  });

  test.each([
    ['group-remove-all-memberships', 'CORE-GROUP-REMOVE-OTHER-MEMBERSHIPS'],
    ['group-remove-deletes-agent', 'CORE-GROUP-REMOVE-ONLY-MEMBERSHIP'],
    ['group-remove-message', 'CORE-GROUP-REMOVE-200'],
    ['daily-limit-default-zero', 'CORE-AGENT-DAILY-LIMIT-DEFAULT'],
  ])('under %s, %s fails', async (fault, rule) => {
    const { status } = await run(mocks[fault] as RunningMock);
    expect(Object.entries(status).filter(([, s]) => s === 'fail' || s === 'error')).toEqual([[rule, 'fail']]);
  });
});
