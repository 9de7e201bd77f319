import type { FastifyReply } from 'fastify';
import type { MockContext } from '../context.ts';
import type { MeterVerdict, RateMeter } from './rate-meter.ts';

/** How long the racing limiter (a fault) takes to count a request it let through. */
export const RACE_WINDOW_MS = 50;

/**
 * Spends one request of a bucket. `racy` is a fault: a limiter whose count is written some time after
 * its check, as a counter shared between gateway nodes is, so every request arriving meanwhile reads
 * the old count and passes. The request itself is not held up.
 */
export async function spend(meter: RateMeter, bucket: string, racy: boolean): Promise<MeterVerdict> {
  if (!racy) return meter.hit(bucket);
  const verdict = meter.peek(bucket);
  if (verdict.allowed) setTimeout(() => meter.record(bucket), RACE_WINDOW_MS).unref();
  return verdict;
}

/**
 * `X-ServiceAPI-ResetTime` of a core 429: the Unix second the bucket next has room, rounded up so a
 * client sleeping until it is served (spec: Limits). The faults announce it wrongly in each way a
 * server might; undefined leaves the header out.
 */
export function coreResetHeader(ctx: MockContext, verdict: MeterVerdict, now = Date.now()): string | undefined {
  const { faults, rateWindowMs } = ctx;
  if (faults.on('rate-no-reset-header')) return undefined;
  if (faults.on('rate-reset-ms')) return String(Math.ceil(verdict.resetAt));
  if (faults.on('rate-reset-past')) return String(Math.floor((verdict.resetAt - rateWindowMs) / 1000) - 1);
  if (ctx.dialect === 'variant') {
    // The spec leaves open whether the reset may move within a window (CORE-RATE-RESET-STABLE is observed):
    // the variant announces, by turns, the second the bucket reopens and the next, each valid alone (not
    // before the reopening, within a window and a second of the 429), so two 429s in a row differ.
    const count = (movingResets.get(ctx) ?? 0) + 1;
    movingResets.set(ctx, count);
    const reopening = Math.ceil(verdict.resetAt / 1000);
    return String(count % 2 === 0 && (reopening + 1) * 1000 <= now + rateWindowMs + 500 ? reopening + 1 : reopening);
  }
  return String(Math.ceil(verdict.resetAt / 1000));
}

/** How many 429s each mock of the variant dialect has announced a reset on. */
const movingResets = new WeakMap<MockContext, number>();

/** The Dialer's 429 names no reset in the spec; the mock adds a Retry-After a client may use, as servers often do. */
export function setDialerRetryAfter(reply: FastifyReply, verdict: MeterVerdict, now = Date.now()): void {
  reply.header('retry-after', String(Math.max(1, Math.ceil((verdict.resetAt - now) / 1000))));
}
