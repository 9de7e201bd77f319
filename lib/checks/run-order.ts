import type { CheckDefinition } from './define.ts';

/**
 * The checks in the order they run: as given, except that a check which makes a shared record its own way
 * (`records.makes`) runs before the first other check that shares that record. A record is then made before
 * its first user whatever order a suite lists its checks in, or a selection (`--rule`, a proof) leaves.
 */
export function inRunOrder<C extends Pick<CheckDefinition, 'id' | 'records'>>(checks: readonly C[]): C[] {
  const makerOf = new Map<string, C>();
  for (const check of checks) for (const record of check.records?.makes ?? []) makerOf.set(record.key, check);
  const placed = new Set<C>();
  const out: C[] = [];
  const place = (check: C): void => {
    if (placed.has(check)) return;
    placed.add(check);
    // Its makers first: a check sharing a record another makes waits for that maker.
    for (const record of check.records?.shares ?? []) {
      const maker = makerOf.get(record.key);
      if (maker !== undefined && maker !== check) place(maker);
    }
    out.push(check);
  };
  for (const check of checks) place(check);
  return out;
}
