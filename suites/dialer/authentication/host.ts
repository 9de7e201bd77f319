import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { credentialChecks, expectAuthLayer401 } from '../../shared/credentials.ts';
import { unknownCampaignId } from '../fixtures/campaigns.ts';
import { dialer } from '../../shared/dialer-requests.ts';
import { LISTED_CAMPAIGNS } from '../fixtures/shared-records.ts';

/**
 * The Dialer as a whole: where it is served, and the standard key pair and nothing else (2026-08-25).
 * Its own budget of 60 requests per minute per company is judged with the core's by suites/budget.
 */
const listOne = (t: CheckContext) => dialer(t, 'campaigns.list').query({ limit: 1 });

/** A Dialer request refused for its credentials: the AI host's authentication layer's 401 under `rule`, and its body. */
export function expectDialer401(t: Assertions, rule: RuleId, ex: Exchange): void {
  expectAuthLayer401(t, rule, ex, 'DIALER-AUTH-401-BODY', 'DIALER-AUTH-401-BODY');
}

export const DIALER_HOST_CHECKS = [
  defineCheck({
    id: 'dialer.base-path',
    title: 'the Dialer is served under /dialer on the AI host: the campaign list answers at the path the spec shows',
    surface: 'ai',
    rules: ['DIALER-BASE-PATH'],
    cost: { requests: 1 },
    async run(t) {
      // Spelled as the spec writes it, not taken from the route table: an override must not move the Dialer.
      const ex = await t.req('ai', 'GET', '/dialer/campaigns').query({ limit: 1 }).send();
      t.expectStatus('DIALER-BASE-PATH', ex, 200);
      t.expectSchema('DIALER-BASE-PATH', ex, 'dialer/cursor-page');
    },
  }),

  defineCheck({
    id: 'dialer.auth.same-key',
    title: 'the Dialer takes the standard Basic key pair',
    surface: 'ai',
    rules: ['DIALER-SAME-KEY'],
    cost: { requests: 0 },
    records: {
      // The run's read of the campaign list, sent with the standard key pair like every read of the run.
      shares: [LISTED_CAMPAIGNS],
    },
    async run(t) {
      t.expectStatus('DIALER-SAME-KEY', await t.shared(LISTED_CAMPAIGNS), 200);
    },
  }),

  defineCheck({
    id: 'dialer.auth.x-api-key',
    title: 'a request carrying x-api-key is refused with 401, valid Basic credentials or not',
    surface: 'ai',
    rules: ['DIALER-X-API-KEY-401'],
    cost: { requests: 2 },
    async run(t) {
      // The header's value is made up: the scheme was never deployed, so no real key exists to send.
      const key = t.uniqueName();
      t.expectStatus('DIALER-X-API-KEY-401', await listOne(t).header('x-api-key', key).send(), 401);
      t.expectStatus('DIALER-X-API-KEY-401', await listOne(t).noAuth().header('x-api-key', key).send(), 401);
    },
  }),

  // The read the spec shows, and a write that finds nothing to change: a campaign no company holds (of the UUID
  // form, since no id is read first), so a target that skipped authentication still creates or deletes nothing.
  ...credentialChecks({
    name: 'dialer',
    surface: 'ai',
    rules: {
      missing: 'DIALER-AUTH-MISSING-401',
      incorrect: 'DIALER-AUTH-INCORRECT-401',
      malformed: 'DIALER-AUTH-MALFORMED-401',
      revoked: 'DIALER-AUTH-REVOKED-401',
    },
    bodyRules: ['DIALER-AUTH-401-BODY'],
    probes: [listOne, (t) => dialer(t, 'campaigns.delete', { campaignId: unknownCampaignId(undefined) })],
    expect401: expectDialer401,
  }),
];
