import { afterAll, expect, test } from 'vitest';
import { CheckContext } from '../../lib/checks/context.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { judgeBelowBudget } from '../../lib/budget/rule-sink.ts';
import { literalTarget } from './support.ts';

const RULE = 'CORE-RATE-60';
// A context for the judgement alone: it sends nothing.
const scope = {
  id: 'harness.budget-shared',
  rules: [RULE],
  cost: { requests: 0 },
} as const;
const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((s) => s.close())));

function judged(budgetExclusive: boolean) {
  const session = new Session(literalTarget({ budgetExclusive }), 1);
  sessions.push(session);
  const t = new CheckContext(session, scope);
  judgeBelowBudget(t, RULE, '429 after only 41 requests after a quiet window');
  return t.standings.get(RULE);
}

test('a count below the budget fails only when nothing else spends the company budget', () => {
  expect(judged(true)?.failure?.message).toBe('429 after only 41 requests after a quiet window');
  const shared = judged(false);
  expect(shared?.failure).toBeUndefined();
  expect(shared?.skipped).toMatch(/^inconclusive: 429 after only 41 .*CC_BUDGET_EXCLUSIVE=true/);
});

test('CC_BUDGET_EXCLUSIVE is false unless set to true; the bundled mock is always exclusive', () => {
  const settings = { CC_BASE_URL: 'https://core.example/api', CC_KEY_ID: 'id', CC_KEY_SECRET: 'secret' };
  expect(targetFromSettings(settings, process.cwd(), false).budgetExclusive).toBe(false);
  expect(targetFromSettings({ ...settings, CC_BUDGET_EXCLUSIVE: 'true' }, process.cwd(), false).budgetExclusive).toBe(true);
  expect(targetFromSettings(settings, process.cwd(), true).budgetExclusive).toBe(true);
  expect(() => targetFromSettings({ ...settings, CC_BUDGET_EXCLUSIVE: 'yes' }, process.cwd(), false)).toThrow(
    /^CC_BUDGET_EXCLUSIVE: must be true or false, got "yes"$/,
  );
});
