/**
 * Latency percentiles through HdrHistogram, which keeps 3 significant digits at any magnitude, so a
 * run's 5 ms answers and its 30 s stalls are both read right. Values are recorded in microseconds
 * because the histogram counts integers and the records carry fractional milliseconds.
 */
import { build, type Histogram } from 'hdr-histogram-js';
import type { LatencyPercentiles } from './report-model.ts';

const MICROS_PER_MS = 1000;

function newHistogram(): Histogram {
  return build({ numberOfSignificantValueDigits: 3, autoResize: true });
}

function record(histogram: Histogram, valuesMs: readonly number[]): void {
  // A clock step between two hosts can make an answer seem to precede its send; it counts as instant.
  for (const ms of valuesMs) histogram.recordValue(Math.max(0, Math.round(ms * MICROS_PER_MS)));
}

/**
 * The histogram answers a percentile with the top of its bucket, which can lie just above the largest
 * value seen; capping keeps p99.9 <= max on the page.
 */
function at(histogram: Histogram, percentile: number): number {
  return Math.min(histogram.getValueAtPercentile(percentile), histogram.maxValue) / MICROS_PER_MS;
}

export function latencyPercentiles(valuesMs: readonly number[]): LatencyPercentiles {
  if (valuesMs.length === 0) return { count: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 };
  const histogram = newHistogram();
  try {
    record(histogram, valuesMs);
    return {
      count: histogram.totalCount,
      p50: at(histogram, 50),
      p90: at(histogram, 90),
      p99: at(histogram, 99),
      p999: at(histogram, 99.9),
      max: histogram.maxValue / MICROS_PER_MS,
    };
  } finally {
    histogram.destroy();
  }
}

/** The given percentiles of each group of values, null for an empty group: one row per percentile. */
export function percentilesPerGroup(groupsMs: readonly (readonly number[])[], percentiles: readonly number[]): (number | null)[][] {
  const rows = percentiles.map(() => [] as (number | null)[]);
  const histogram = newHistogram();
  try {
    for (const group of groupsMs) {
      histogram.reset();
      record(histogram, group);
      percentiles.forEach((p, i) => rows[i]?.push(group.length === 0 ? null : at(histogram, p)));
    }
  } finally {
    histogram.destroy();
  }
  return rows;
}
