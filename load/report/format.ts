/** Wording shared by the builder's expectation details and notes. */
import type { LoadRecord } from '../shared/records.ts';

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)} s`;
}

export function statusName(status: number): string {
  return status === 0 ? 'no answer' : String(status);
}

/** `503 ×2, no answer ×1`, most frequent first. */
export function statusCounts(records: readonly Pick<LoadRecord, 'status'>[]): string {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([status, n]) => `${statusName(status)} ×${n}`)
    .join(', ');
}

/** The record sent first, by actual send time. */
export function firstSent<T extends Pick<LoadRecord, 'startedMs'>>(records: readonly T[]): T | undefined {
  return records.reduce<T | undefined>((first, r) => (first === undefined || r.startedMs < first.startedMs ? r : first), undefined);
}

/** `1 request`, `2 requests`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
