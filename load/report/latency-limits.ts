/**
 * The one judge of a latency limit (a scenario's `latency`, or `--latency`): from a run's records, whichever
 * engine recorded them, the percentile k6 itself would compute, and whether it stays below the limit.
 * k6 judges the same limit as a threshold on `http_req_duration{surface:...}` (load/k6/k6-options.ts); this
 * reads the same samples the same way, so the report, its exit code and a plain `k6 run` never disagree.
 * Pure, with `.ts` import paths and no Node built-ins, as everything k6 may load.
 */
import { latencyExpression, latencyLimitList } from '../shared/latency.ts';
import type { LatencyLimits } from '../shared/scenario-model.ts';
import { type ApiPart } from '../../lib/contract/vocabulary.ts';
import { type LoadRecord, uncorrectedLatencyMs } from '../shared/records.ts';
import type { ExpectationResult } from './report-model.ts';

const NS_PER_MS = 1e6;

/**
 * A record's latency from when the request went out to its answer, in ms, as k6 measures it: in whole
 * nanoseconds. The subtraction that turned k6's sample into a record's two times leaves floating-point
 * dust of about 1e-12 ms; rounding to the nanosecond gives back k6's own figure exactly, so a percentile
 * that lands on a limit is judged as k6 judged it. That holds while a record's times are ms after its
 * run's start, as both engines write them (epoch milliseconds would leave dust of a quarter microsecond).
 */
export function sentLatencyMs(record: LoadRecord): number {
  return Math.round(uncorrectedLatencyMs(record) * NS_PER_MS) / NS_PER_MS;
}

/**
 * The percentile of ascending values as k6's trend sink computes it (TrendSink.P in k6's metrics/sink.go,
 * v2.2.0): 0 without values, the value itself for one, else linear interpolation between the two values
 * around rank `percent/100 x (count - 1)`. The same float operations in the same order, so the same bits.
 */
export function k6Percentile(ascending: readonly number[], percent: number): number {
  const count = ascending.length;
  if (count === 0) return 0;
  if (count === 1) return ascending[0] as number;
  const rank = (percent / 100) * (count - 1);
  const below = ascending[Math.floor(rank)] as number;
  const above = ascending[Math.ceil(rank)] as number;
  return below + (above - below) * (rank - Math.floor(rank));
}

/** Every recorded latency of one surface, ascending: what k6's `http_req_duration{surface:...}` holds. */
export function surfaceLatenciesMs(records: readonly LoadRecord[], surface: ApiPart): number[] {
  return records
    .filter((r) => r.surface === surface)
    .map(sentLatencyMs)
    .sort((a, b) => a - b);
}

function ms(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(3).replace(/\.?0+$/, '')} ms`;
}

/**
 * One expectation per limit, kind `latency`, subject `<surface> p(<percent>)`: pass when the percentile is
 * below the limit (k6's `p(95)<N`), fail when it is not, incomplete when the surface recorded no request.
 * Every request of the surface counts, whatever its status, and those the engine sent for its own setup
 * too (k6's health reads): k6's metric holds them all. On an interrupted run a percentile over the limit
 * is not judged: the requests the interrupt spared might have brought it down.
 */
export function judgeLatencyLimits(limits: LatencyLimits, records: readonly LoadRecord[], interrupted: boolean): ExpectationResult[] {
  const bySurface = new Map<ApiPart, number[]>();
  return latencyLimitList(limits).map(({ surface, percent, limitMs }) => {
    const values = bySurface.get(surface) ?? surfaceLatenciesMs(records, surface);
    bySurface.set(surface, values);
    const expression = latencyExpression(percent, limitMs);
    const base = {
      kind: 'latency',
      subject: `${surface} p(${percent})`,
      expected: `${expression}: the ${percent}th percentile of ${surface} latency (from when each request went out to its answer, every request of ${surface}, as k6's http_req_duration{surface:${surface}}) stays below ${ms(limitMs)}`,
    } as const;
    if (values.length === 0) return { ...base, status: 'incomplete', detail: `not measured: no request of ${surface} was recorded` };
    const value = k6Percentile(values, percent);
    // Interpolated between neighbours as k6 does, so it may differ from the report's HdrHistogram table, which takes the value at the rank.
    const figures = `p(${percent}) = ${ms(value)} (interpolated as k6 does) over ${values.length} request${values.length === 1 ? '' : 's'}`;
    if (value < limitMs) return { ...base, status: 'pass', detail: `held: ${figures}, below ${ms(limitMs)}` };
    if (interrupted) return { ...base, status: 'incomplete', detail: `over the limit on a run the interrupt cut short, so not judged: ${figures}` };
    return { ...base, status: 'fail', detail: `crossed: ${figures}, not below ${ms(limitMs)}` };
  });
}
