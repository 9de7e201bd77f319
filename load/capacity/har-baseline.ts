/**
 * A HAR capture measured as a baseline: each recorded request placed on its budget by the target's
 * addresses (lib/traffic/placement.ts) and named by its company (a salted hash of its key ID), then
 * counted per window (lib/budget/measured-use.ts). The capture is streamed: memory follows windows and
 * companies, not the file's size.
 */
import { type MeasuredUse, UseMeter } from '../../lib/budget/measured-use.ts';
import type { Target } from '../../lib/config/target.ts';
import { HarInputError, readHarEntries } from '../../lib/traffic/har-reader.ts';
import { companyOf, placeExchange } from '../../lib/traffic/placement.ts';
import { BaselineError } from './baseline.ts';

/**
 * The salt of the company names a HAR baseline gives when CC_TRAFFIC_SALT is not set: the same every run, so
 * `--company` can name one. With CC_TRAFFIC_SALT, `observe` and the proxy name the companies alike.
 */
export const HAR_COMPANY_SALT = 'cc-capacity';

/** Every request of the capture on the core API or the Dialer, counted per window of `windowMs`. */
export async function measureHar(file: string, target: Pick<Target, 'urls'>, windowMs: number, salt = HAR_COMPANY_SALT): Promise<MeasuredUse> {
  const meter = new UseMeter(windowMs);
  try {
    for await (const exchange of readHarEntries(file)) {
      const budget = placeExchange(target, exchange.url)?.budget;
      if (budget === undefined) continue;
      meter.add({ atMs: exchange.startedMs, budget, company: companyOf(exchange.requestHeaders, salt), served: exchange.status !== 429 });
    }
  } catch (err) {
    if (err instanceof HarInputError) throw new BaselineError(err.message);
    throw err;
  }
  return meter.result();
}
