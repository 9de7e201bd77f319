import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { runCheck } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/**
 * An account at its agent maximum answers 403 to every agent create, valid or not, and the spec does not say
 * whether the maximum is checked before the payload: the checks that judge a refused create value are skipped
 * there, never failed. The mock's `limits` company sits at its maximum; its key stands in for the primary one.
 */
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ rateWindowMs: 1000 });
});
afterAll(() => mock.close());

const AGENT_VALUE_CHECKS = [
  'core.agents.status-outbound-type',
  'core.agents.add-missing-field',
  'core.agents.email',
  'core.agents.add',
  'core.agents.daily-price-limit',
  'core.agents.extension-range',
  'core.agents.call-number-id',
];

describe('agent checks on an account at its agent maximum', () => {
  test.each(AGENT_VALUE_CHECKS)('%s is skipped, naming the maximum', async (id) => {
    const { CC_LIMITS_KEY_ID, CC_LIMITS_KEY_SECRET, ...env } = mock.env;
    const session = new Session(
      targetFromSettings({ ...env, CC_KEY_ID: CC_LIMITS_KEY_ID as string, CC_KEY_SECRET: CC_LIMITS_KEY_SECRET as string }, process.cwd(), true),
      1,
    );
    const outcome = await runCheck(session, ALL_CHECKS.find((c) => c.id === id) as CheckDefinition);
    expect(outcome.verdicts.length).toBeGreaterThan(0);
    for (const verdict of outcome.verdicts) {
      expect(verdict.status, verdict.detail).toBe('skipped');
      expect(verdict.detail).toMatch(/answered 403: the account is at its agent maximum/);
    }
    await session.close();
  });
});
