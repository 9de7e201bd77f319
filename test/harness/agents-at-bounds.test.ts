import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planRun } from '../../cli/run-plan.ts';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { AGENTS_AT_BOUNDS } from '../../suites/core/fixtures/shared-records.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/**
 * The accepted bounds of Add an agent are judged from two agents shared by the checks that judge them
 * (suites/core/fixtures/shared-records.ts AGENTS_AT_BOUNDS), not one agent each; a target that refuses one of the two
 * gets each value alone, so every field is still judged on its own.
 */
const SHARERS = ['core.agents.add', 'core.agents.daily-price-limit', 'core.agents.extension-range', 'core.agents.call-number-id'];
const checks = SHARERS.map((id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition);

let faithful: RunningMock;
let faulty: RunningMock;
beforeAll(async () => {
  [faithful, faulty] = await Promise.all([startMock({ rateWindowMs: 1000 }), startMock({ rateWindowMs: 1000, faults: ['extension-9999-rejected'] })]);
});
afterAll(async () => {
  await Promise.all([faithful.close(), faulty.close()]);
});

/** The four checks in one session, the boundaries only (no random value, which may be an accepted value of its own). */
async function runSharers(mock: RunningMock) {
  const session = new Session(targetFromSettings({ ...mock.env, CC_FUZZ_RANDOM: '0' }, process.cwd(), true), 1);
  const outcomes = await runChecks(session, checks);
  const agentsMade = session.ledger
    .records()
    .filter((r) => r.intent.request.includes('/agents/add.json'))
    .map((r) => [r.intent.check, r.state]);
  const verdicts = outcomes.flatMap((o) => o.verdicts.map((v) => [o.check, v.rule, v.status, v.detail ?? '']));
  for (const outcome of outcomes) expect(outcome.requests, outcome.check).toBeLessThanOrEqual(outcome.allowance);
  expect(session.ledger.leftovers()).toEqual([]);
  await session.close();
  return { outcomes, agentsMade, verdicts };
}

describe('the agents at the bounds', () => {
  test('two agents, made by the first check and deleted at once, judge every accepted bound of the four checks', async () => {
    const { agentsMade, verdicts } = await runSharers(faithful);
    for (const [check, rule, status] of verdicts) expect(status, `${check} ${rule}`).toBe('pass');
    // Without them each accepted bound (1, 200, 1000, 9999, the account's number) and Add an agent made one of its own: six.
    expect(agentsMade).toEqual([
      ['core.agents.add', 'deleted'],
      ['core.agents.add', 'deleted'],
    ]);
  });

  test('a target refusing the agent at the highest bounds for its extension fails the extension rule only; daily_price_limit 200 is then probed alone', async () => {
    const { agentsMade, verdicts } = await runSharers(faulty);
    const status = Object.fromEntries(verdicts.map(([check, rule, s]) => [`${check} ${rule}`, s]));
    expect(status).toEqual({
      'core.agents.add CORE-AGENT-ADD-201': 'pass',
      'core.agents.daily-price-limit CORE-AGENT-DAILY-LIMIT': 'pass',
      'core.agents.extension-range CORE-AGENT-EXTENSION-RANGE': 'fail',
      'core.agents.call-number-id CORE-AGENT-CALL-NUMBER-ID': 'pass',
    });
    expect(verdicts.find(([check]) => check === 'core.agents.extension-range')?.[3]).toMatch(/extension 9999/);
    // The lowest agent, then the daily limit's own agent for 200; the refused creates made none.
    expect(agentsMade).toEqual([
      ['core.agents.add', 'deleted'],
      ['core.agents.daily-price-limit', 'deleted'],
    ]);
  });

  test('the plan counts the two agents once, and what a refusal costs apart from its totals', () => {
    const target = targetFromSettings({ ...faithful.env, CC_FUZZ_RANDOM: '0' }, process.cwd(), false);
    const plan = planRun(target, checks);
    // The two agents, in their record's words, shared by the four checks; what a refusal costs them beyond the totals.
    const together = plan.madeTogether.find((m) => m.words === AGENTS_AT_BOUNDS.madeTogether);
    expect(together?.sharers).toBe(4);
    expect(together?.requests).toBe(2 + 4 + 4 + 2);
    // The agent and number lists, the two agents and the refusals together (three creates, each possibly left by a
    // faulty target) once, and nothing else: the refused bounds are theirs (test/harness/refusals-together.test.ts).
    const core = plan.meters.find((m) => m.meter === 'core')?.requests;
    expect(core).toBe(1 + 1 + 4 + 6);
  });
});
