import { budgetKey, type CheckContext } from '../../lib/checks/context.js';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.js';
import type { RequestSpec } from '../../lib/checks/request.js';
import type { KeySlot, Surface } from '../../lib/config/target.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { REQUESTS_PER_MINUTE } from '../../lib/spec/limits.js';

/** A burst may straddle a fixed window's boundary, so the 429 is due by twice the budget plus one. */
export const BURST_CAP = 2 * REQUESTS_PER_MINUTE + 1;

export interface Burst {
  readonly served: number;
  readonly first429?: Exchange;
  readonly startedAt: number;
  readonly durationMs: number;
}

/** The pacing bucket a probe spends: its host's (or the Dialer's) budget of the slot's company. */
export function bucketOf(probe: RequestSpec, slot: KeySlot): string {
  return budgetKey(probe.fields.surface, { kind: 'slot', slot }, probe.fields.path);
}

export function resetMs(ex: Exchange): number | undefined {
  const raw = ex.headers['x-serviceapi-resettime'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) * 1000 : undefined;
}

/**
 * Waits until our own traffic has left the window, then sends the probe as `slot` until the first 429
 * (or the cap). Afterwards the bucket is blocked until the announced reset, or one window.
 */
export async function burstUntil429(t: CheckContext, probe: RequestSpec, slot: KeySlot): Promise<Burst> {
  const bucket = bucketOf(probe, slot);
  await t.session.pacer.quiet(bucket);
  const startedAt = Date.now();
  let served = 0;
  for (let i = 0; i < BURST_CAP; i++) {
    const ex = await probe.as(slot).planned().send();
    if (ex.status === 429) {
      t.session.pacer.blockUntil(bucket, resetMs(ex) ?? startedAt + t.target.rateWindowMs);
      return { served, first429: ex, startedAt, durationMs: Date.now() - startedAt };
    }
    served += 1;
  }
  return { served, startedAt, durationMs: Date.now() - startedAt };
}

/**
 * The budget is per company, not per key (spec: Limits): after the primary key's burst, the company's
 * second key is limited too and another company's key is not.
 */
export function perCompanyCheck(opts: { id: string; title: string; surface: Surface; rule: string; probe: (t: CheckContext) => RequestSpec }): CheckDefinition {
  return defineCheck({
    id: opts.id,
    title: opts.title,
    surface: opts.surface,
    rules: [opts.rule],
    maxRequests: BURST_CAP + 2,
    needs: { keys: ['second', 'other'] },
    async run(t) {
      const probe = opts.probe(t);
      await t.session.pacer.quiet(bucketOf(probe, 'other'));
      const burst = await burstUntil429(t, probe, 'primary');
      if (!burst.first429) t.skip(`no 429 within ${BURST_CAP} requests; judged by the rule that the budget is enforced`);
      if (burst.durationMs >= t.target.rateWindowMs) t.skip(`the burst took ${burst.durationMs} ms, not shorter than the ${t.target.rateWindowMs} ms window: inconclusive`);
      const second = await probe.as('second').planned().send();
      t.check(opts.rule, second.status === 429, `the second key of the limited company was served (${second.status}): the budget is not per company`, second);
      const other = await probe.as('other').planned().send();
      t.check(opts.rule, other.status !== 429, "another company's key got 429 while only this company spent its budget", other);
    },
  });
}
