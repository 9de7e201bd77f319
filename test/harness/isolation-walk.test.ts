import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import type { DialerCampaign } from '../../mock/state/dialer.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

/**
 * The Dialer isolation checks walk the other company's whole list, up to three pages of 100. Against an
 * account whose other company holds that many campaigns, each check must still judge in full within its
 * allowance, its campaign's deletion included: a request past it would end the check in `error`.
 */
const checks = ['dialer.isolation.campaign-read', 'dialer.isolation.campaign-write'].map((id) => ALL_CHECKS.find((c) => c.id === id) as CheckDefinition);

/** Company B of the mock's seed is the other company (mock/state/seed.ts). */
const OTHER_COMPANY = 2;

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ rateWindowMs: 1000 });
  const company = mock.mock.state.companies.get(OTHER_COMPANY);
  const [model] = [...(company?.dialer.campaigns.values() ?? [])] as DialerCampaign[];
  if (!company || !model) throw new Error('the mock seeds no Dialer campaign of company B');
  for (let i = 0; i < 320; i += 1) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    company.dialer.campaigns.set(id, { ...model, id, name: `Other company ${i}`, seq: company.dialer.nextSeq++, contacts: [] });
  }
});
afterAll(async () => {
  await mock.close();
});

describe("the other company's list walked to its last page", () => {
  test('each isolation check judges in full within its allowance, and deletes its campaign', async () => {
    const session = new Session(targetFromSettings(mock.env, process.cwd(), true), 1);
    const outcomes = await runChecks(session, checks);
    for (const outcome of outcomes) {
      expect(
        outcome.verdicts.map((v) => [v.rule, v.status]),
        outcome.check,
      ).toEqual([[outcome.verdicts[0]?.rule, 'pass']]);
      expect(outcome.requests, outcome.check).toBeLessThanOrEqual(outcome.allowance);
    }
    // The read check walked three pages of the other company's list: the case its allowance must hold.
    expect(outcomes.find((o) => o.check === 'dialer.isolation.campaign-read')?.requests).toBe(8);
    // What is left are the two campaigns, deleted: the API keeps a deleted campaign.
    expect(session.ledger.leftovers().map((l) => [l.check, l.how.split(':')[0]])).toEqual(checks.map((c) => [c.id, 'deleted']));
    await session.close();
  });
});
