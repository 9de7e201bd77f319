import { describe, expect, test } from 'vitest';
import { enablerOf, groupSkipped, OTHER } from '../../lib/results/enablers.ts';
import { PAST_LAST, TAG_200, TAG_404, KEY_SCOPE, ISOLATION_READ, outcome, pass, report, rules, skip } from './fixtures.ts';

describe('enablerOf reads a skip reason for what would let the rule run', () => {
  test.each([
    ['needs CC_AI_URL', 'vars:CC_AI_URL', 'set CC_AI_URL'],
    ['needs CC_KEY2_ID', 'vars:CC_KEY2_ID', 'set CC_KEY2_ID and CC_KEY2_SECRET'],
    ['needs CC_KEY_ID', 'vars:CC_KEY_ID', 'set CC_KEY_ID and CC_KEY_SECRET'],
    ['needs CC_REVOKED_KEY_ID', 'vars:CC_REVOKED_KEY_ID', 'set CC_REVOKED_KEY_ID and CC_REVOKED_KEY_SECRET'],
    [
      'needs CC_BASE_URL, CC_ANALYTICS_URL or CC_AI_URL',
      'vars:CC_BASE_URL,CC_ANALYTICS_URL,CC_AI_URL',
      'set one of CC_BASE_URL, CC_ANALYTICS_URL or CC_AI_URL',
    ],
    [
      'needs CC_BASE_URL and CC_ANALYTICS_URL: an agent without an active call is found through the core agent list',
      'vars:CC_BASE_URL,CC_ANALYTICS_URL',
      'set CC_BASE_URL and CC_ANALYTICS_URL',
    ],
    [
      "needs CC_EFFECTS to include budget: the check spends the company's whole core and Dialer budgets on purpose on the target",
      'effect:budget',
      'add budget to CC_EFFECTS',
    ],
    ['needs CC_EFFECTS to include voice-agent: the check creates voice agents', 'effect:voice-agent', 'add voice-agent to CC_EFFECTS'],
    ['route campaign.export is not routed; set CC_DIALER_ROUTES', 'routes', 'route the Dialer paths the target serves elsewhere in CC_DIALER_ROUTES'],
  ])('%s', (reason, key, enable) => {
    expect(enablerOf(reason)).toEqual({ key, enable });
  });

  test('anything else is other: data the account lacks, a failed prerequisite, a variable named only in passing', () => {
    for (const reason of [
      'needs at least one agent in the account',
      'prerequisite failed: create answered 500',
      'needs 2 groups in the realtime group statistics, found 1',
      'CC_AI_URL is not set',
      '',
    ]) {
      expect(enablerOf(reason)).toEqual(OTHER);
    }
  });
});

describe('groupSkipped', () => {
  test('only skipped rules, grouped in the order first met, other last, each with its reason', () => {
    const r = report(
      [
        outcome('a', [skip(TAG_404, 'needs at least one tag in the account'), pass(TAG_200)]),
        outcome('b', [skip(KEY_SCOPE, 'needs CC_KEY2_ID'), skip(PAST_LAST, 'needs CC_KEY2_ID')]),
        outcome('c', [skip(ISOLATION_READ, 'needs CC_EFFECTS to include budget: x')]),
      ],
      { rules: rules(TAG_404, TAG_200, KEY_SCOPE, PAST_LAST, ISOLATION_READ) },
    );
    // Rules come in catalogue order (as given): TAG_404's group is met first, yet other goes last.
    expect(groupSkipped(r.rules)).toEqual([
      {
        key: 'vars:CC_KEY2_ID',
        enable: 'set CC_KEY2_ID and CC_KEY2_SECRET',
        rules: [
          { id: KEY_SCOPE, surface: 'core', detail: 'needs CC_KEY2_ID' },
          { id: PAST_LAST, surface: 'core', detail: 'needs CC_KEY2_ID' },
        ],
      },
      {
        key: 'effect:budget',
        enable: 'add budget to CC_EFFECTS',
        rules: [{ id: ISOLATION_READ, surface: 'core', detail: 'needs CC_EFFECTS to include budget: x' }],
      },
      { key: 'other', enable: 'other', rules: [{ id: TAG_404, surface: 'core', detail: 'needs at least one tag in the account' }] },
    ]);
  });
});
