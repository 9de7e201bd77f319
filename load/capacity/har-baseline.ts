/**
 * A HAR capture measured as a baseline: each recorded request placed on its budget by the target's
 * addresses and named by its company (a salted hash of its key ID), then counted per window.
 *
 * The HAR reader and the placement live in lib/traffic (`har-reader.ts`, `placement.ts`). They are loaded
 * when a HAR baseline is read, against the signatures below, so a build without them still plans from an
 * observe report and says in one line why a HAR file cannot be read.
 */
import { type MeasuredUse, UseMeter } from '../../lib/budget/measured-use.ts';
import type { Target } from '../../lib/config/target.ts';
import { BaselineError } from './baseline.ts';

/** The salt of the company names a HAR baseline gives: the same every run, so `--company` can name one. */
export const HAR_COMPANY_SALT = 'cc-capacity';

/** What the capacity command reads of lib/traffic/har-reader.ts. */
interface HarReader {
  readonly HarInputError: new (...args: never[]) => Error;
  readHarEntries(
    file: string,
  ): AsyncGenerator<{ readonly startedMs: number; readonly url: string; readonly requestHeaders: Readonly<Record<string, string>>; readonly status: number }>;
}

/** What it reads of lib/traffic/placement.ts. */
interface Placement {
  placeExchange(target: Pick<Target, 'urls'>, url: string): { readonly budget?: 'core' | 'dialer' } | undefined;
  companyOf(requestHeaders: Readonly<Record<string, string>>, salt: string): string;
}

// Named apart from the import calls, so the compiler does not insist on the files while they are not in the build.
const HAR_READER = '../../lib/traffic/har-reader.ts';
const PLACEMENT = '../../lib/traffic/placement.ts';

async function traffic(): Promise<{ reader: HarReader; placement: Placement }> {
  try {
    return { reader: (await import(HAR_READER)) as HarReader, placement: (await import(PLACEMENT)) as Placement };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new BaselineError('a HAR baseline needs the HAR reader (lib/traffic), which this build lacks; use a report of the observe command');
  }
}

/** Every request of the capture on the core API or the Dialer, counted per window of `windowMs`. */
export async function measureHar(file: string, target: Pick<Target, 'urls'>, windowMs: number): Promise<MeasuredUse> {
  const { reader, placement } = await traffic();
  const meter = new UseMeter(windowMs);
  try {
    for await (const exchange of reader.readHarEntries(file)) {
      const budget = placement.placeExchange(target, exchange.url)?.budget;
      if (budget === undefined) continue;
      meter.add({ atMs: exchange.startedMs, budget, company: placement.companyOf(exchange.requestHeaders, HAR_COMPANY_SALT), served: exchange.status !== 429 });
    }
  } catch (err) {
    if (err instanceof reader.HarInputError) throw new BaselineError(err.message);
    throw err;
  }
  return meter.result();
}
