import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import { REQUESTS_PER_MINUTE } from '../../lib/spec/limits.js';
import { BURST_CAP, bucketOf, burstUntil429, perCompanyCheck } from '../shared/burst.js';
import { dialer } from './fixtures.js';

/**
 * The Dialer as a whole: the standard key pair and nothing else (2026-08-25), and its own budget of
 * 60 requests per minute per company. The budget checks spend whole windows, so they run last.
 */
const listOne = (t: CheckContext) => dialer(t, 'campaigns.list').query({ limit: 1 });

export const DIALER_HOST_CHECKS = [
  defineCheck({
    id: 'dialer.auth.same-key',
    title: 'the Dialer takes the standard Basic key pair',
    surface: 'ai',
    rules: ['DIALER-SAME-KEY'],
    maxRequests: 1,
    async run(t) {
      t.expectStatus('DIALER-SAME-KEY', await listOne(t).send(), 200);
    },
  }),

  defineCheck({
    id: 'dialer.auth.x-api-key',
    title: 'a request carrying x-api-key is refused with 401, valid Basic credentials or not',
    surface: 'ai',
    rules: ['DIALER-X-API-KEY-401'],
    maxRequests: 2,
    async run(t) {
      // The header's value is made up: the scheme was never deployed, so no real key exists to send.
      const key = t.session.uniqueName('cc-conformance-x-api-key');
      t.expectStatus('DIALER-X-API-KEY-401', await listOne(t).header('x-api-key', key).send(), 401);
      t.expectStatus('DIALER-X-API-KEY-401', await listOne(t).noAuth().header('x-api-key', key).send(), 401);
    },
  }),

  defineCheck({
    id: 'dialer.rate.limit',
    title: 'Dialer budget: 60 served, then 429',
    surface: 'ai',
    rules: ['DIALER-RATE-60', 'DIALER-RATE-429'],
    maxRequests: BURST_CAP,
    async run(t) {
      const window = t.target.rateWindowMs;
      const burst = await burstUntil429(t, listOne(t), 'primary');
      if (burst.durationMs >= window) t.skip(`the burst of ${burst.served + (burst.first429 ? 1 : 0)} requests took ${burst.durationMs} ms, not shorter than the ${window} ms window: inconclusive`);
      t.check('DIALER-RATE-60', burst.served >= REQUESTS_PER_MINUTE, `429 after only ${burst.served} requests of a fresh window`, burst.first429);
      t.check('DIALER-RATE-429', burst.first429 !== undefined, `${BURST_CAP} requests in ${burst.durationMs} ms were all served`);
      t.note('DIALER-RATE-429', `first 429 after ${burst.served} served requests (${burst.durationMs} ms); body: ${burst.first429?.text.slice(0, 200) ?? ''}`);
    },
  }),

  defineCheck({
    id: 'dialer.rate.separate',
    title: 'the Dialer budget is apart from the core budget',
    surface: 'ai',
    rules: ['DIALER-RATE-SEPARATE'],
    maxRequests: BURST_CAP + 1,
    needs: { surfaces: ['core'] },
    async run(t) {
      // Our core traffic must have left the window first, so a 429 can only come from the Dialer burst.
      const core = t.core('GET', '/countries/index.json');
      await t.session.pacer.quiet(bucketOf(core, 'primary'));
      const burst = await burstUntil429(t, listOne(t), 'primary');
      if (!burst.first429) t.skip(`no 429 within ${BURST_CAP} Dialer requests; judged by DIALER-RATE-429`);
      if (burst.durationMs >= t.target.rateWindowMs) t.skip(`the burst took ${burst.durationMs} ms, not shorter than the ${t.target.rateWindowMs} ms window: inconclusive`);
      const served = await core.planned().send();
      t.check('DIALER-RATE-SEPARATE', served.status !== 429, 'the core API answered 429 once the Dialer budget was spent: the budgets are not separate', served);
    },
  }),

  perCompanyCheck({
    id: 'dialer.rate.per-company',
    title: 'Dialer budget counted per company: a second key is limited too, another company is not',
    surface: 'ai',
    rule: 'DIALER-RATE-PER-COMPANY',
    probe: listOne,
  }),
];
