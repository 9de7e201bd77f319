import { setTimeout as sleep } from 'node:timers/promises';
import { budgetKey } from '../../lib/checks/context.js';
import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import type { KeySlot } from '../../lib/config/target.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { REQUESTS_PER_MINUTE } from '../../lib/spec/limits.js';

/** A burst may straddle a fixed window's boundary, so the 429 is due by twice the budget plus one. */
const BURST_CAP = 2 * REQUESTS_PER_MINUTE + 1;

interface Burst {
  readonly served: number;
  readonly first429?: Exchange;
  readonly startedAt: number;
  readonly durationMs: number;
}

const bucket = (slot: KeySlot): string => budgetKey('core', { kind: 'slot', slot });

/** Waits until our own traffic has left the window, then sends until the first 429 (or the cap). */
async function burstUntil429(t: CheckContext, slot: KeySlot): Promise<Burst> {
  await t.session.pacer.quiet(bucket(slot));
  const startedAt = Date.now();
  let served = 0;
  for (let i = 0; i < BURST_CAP; i++) {
    const ex = await t.core('GET', '/countries/index.json').as(slot).planned().send();
    if (ex.status === 429) {
      t.session.pacer.blockUntil(bucket(slot), resetMs(ex) ?? startedAt + t.target.rateWindowMs);
      return { served, first429: ex, startedAt, durationMs: Date.now() - startedAt };
    }
    served += 1;
  }
  return { served, startedAt, durationMs: Date.now() - startedAt };
}

function resetMs(ex: Exchange): number | undefined {
  const raw = ex.headers['x-serviceapi-resettime'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) * 1000 : undefined;
}

export const rateLimitChecks = [
  defineCheck({
    id: 'core.rate.limit',
    title: 'rate limit: 60 served, then 429 with its body and reset header, then served again',
    surface: 'core',
    rules: ['CORE-RATE-60', 'CORE-RATE-429', 'CORE-RATE-429-BODY', 'CORE-RATE-RESET-HEADER', 'CORE-RATE-RECOVERY'],
    maxRequests: BURST_CAP + 1,
    async run(t) {
      const window = t.target.rateWindowMs;
      const burst = await burstUntil429(t, 'primary');
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

  defineCheck({
    id: 'core.rate.per-company',
    title: 'rate limit counted per company: a second key is limited too, another company is not',
    surface: 'core',
    rules: ['CORE-RATE-PER-COMPANY'],
    maxRequests: BURST_CAP + 2,
    needs: { keys: ['second', 'other'] },
    async run(t) {
      await t.session.pacer.quiet(bucket('other'));
      const burst = await burstUntil429(t, 'primary');
      if (!burst.first429) t.skip(`no 429 within ${BURST_CAP} requests; judged by CORE-RATE-429`);
      if (burst.durationMs >= t.target.rateWindowMs) t.skip(`the burst took ${burst.durationMs} ms, not shorter than the ${t.target.rateWindowMs} ms window: inconclusive`);
      const second = await t.core('GET', '/countries/index.json').as('second').planned().send();
      t.check('CORE-RATE-PER-COMPANY', second.status === 429, `the second key of the limited company was served (${second.status}): the budget is not per company`, second);
      const other = await t.core('GET', '/countries/index.json').as('other').planned().send();
      t.check('CORE-RATE-PER-COMPANY', other.status !== 429, "another company's key got 429 while only this company spent its budget", other);
    },
  }),
];
