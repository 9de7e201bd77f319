import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { REQUESTS_PER_MINUTE } from '../../lib/spec/limits.js';
import { BURST_CAP, burstUntil429, perCompanyCheck, resetMs } from '../shared/burst.js';

const countries = (t: CheckContext) => t.core('GET', '/countries/index.json');

export const rateLimitChecks = [
  defineCheck({
    id: 'core.rate.limit',
    title: 'rate limit: 60 served, then 429 with its body and reset header, then served again',
    surface: 'core',
    rules: ['CORE-RATE-60', 'CORE-RATE-429', 'CORE-RATE-429-BODY', 'CORE-RATE-RESET-HEADER', 'CORE-RATE-RECOVERY'],
    maxRequests: BURST_CAP + 1,
    async run(t) {
      const window = t.target.rateWindowMs;
      const burst = await burstUntil429(t, countries(t), 'primary');
      // A burst longer than the window may span two windows: nothing can be concluded from it.
      if (burst.durationMs >= window) t.skip(`the burst of ${burst.served + (burst.first429 ? 1 : 0)} requests took ${burst.durationMs} ms, not shorter than the ${window} ms window: inconclusive`);
      t.check('CORE-RATE-60', burst.served >= REQUESTS_PER_MINUTE, `429 after only ${burst.served} requests of a fresh window`, burst.first429);
      const limited = burst.first429 as Exchange;
      t.check('CORE-RATE-429', burst.first429 !== undefined, `${BURST_CAP} requests in ${burst.durationMs} ms were all served`);
      t.note('CORE-RATE-429', `first 429 after ${burst.served} served requests (${burst.durationMs} ms)`);
      t.expectSchema('CORE-RATE-429-BODY', limited, 'core/too-many-requests');

      const reset = resetMs(limited);
      t.check('CORE-RATE-RESET-HEADER', reset !== undefined, `X-ServiceAPI-ResetTime is ${JSON.stringify(limited.headers['x-serviceapi-resettime'] ?? null)}, not a Unix timestamp`, limited);
      // Judged against the server's own clock (its Date header) when it sends one, so clock skew cannot fail a target.
      const serverNow = limited.headers.date ? Date.parse(limited.headers.date) : Number.NaN;
      const now = Number.isNaN(serverNow) ? Date.now() : serverNow;
      const slack = Number.isNaN(serverNow) ? 5_000 : 1_000;
      t.check('CORE-RATE-RESET-HEADER', (reset as number) >= now - slack && (reset as number) <= now + window + slack, () => `reset at ${new Date(reset as number).toISOString()} is not within one window of ${new Date(now).toISOString()}`, limited);

      await sleep(Math.max(0, (reset as number) - Date.now()) + 50);
      const after = await t.core('GET', '/countries/index.json').planned().send();
      t.check('CORE-RATE-RECOVERY', after.status !== 429, `still 429 after the announced reset ${new Date(reset as number).toISOString()}`, after);
    },
  }),

  perCompanyCheck({
    id: 'core.rate.per-company',
    title: 'rate limit counted per company: a second key is limited too, another company is not',
    surface: 'core',
    rule: 'CORE-RATE-PER-COMPANY',
    probe: countries,
  }),
];
