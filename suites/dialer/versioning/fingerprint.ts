import { CheckContext } from '../../../lib/checks/context.ts';
import { HarnessError } from '../../../lib/errors.ts';
import { missingPrerequisite } from '../../../lib/checks/runner.ts';
import type { Session } from '../../../lib/checks/session.ts';
import { PrerequisiteFailed, SkipSignal } from '../../../lib/checks/signals.ts';
import { atLeast, type Release, RELEASES } from '../../../lib/dialer/releases.ts';
import type { ChangeProbe, Side } from './change.ts';

/**
 * The release fingerprint: each changed behaviour is probed once, and a release fits when every side
 * the target showed is the side that release has. Probes that could not run say why and constrain nothing.
 */
export interface ProbeResult {
  readonly change: ChangeProbe;
  /** `unknown` when the probe could not run here (a missing key, host or fixture). */
  readonly side: Side | 'unknown';
  readonly evidence: string;
  readonly requests: number;
  readonly leftovers: readonly string[];
}

/**
 * Runs one change's probe. Whatever ends it (a skip, a harness or network error, an interrupt through
 * `signal`), its cleanups run; an error leaves the side unknown with the error as evidence. The shared
 * records it used stay for the probes after it (the lane's campaign is made once for all of them, as in a
 * run): `runProbes` removes them when the last has run.
 */
export async function runProbe(session: Session, change: ChangeProbe, signal?: AbortSignal): Promise<ProbeResult> {
  const missing = missingPrerequisite(session.target, { surface: 'ai', cost: change.cost, ...(change.needs ? { needs: change.needs } : {}) });
  if (missing) return { change, side: 'unknown', evidence: missing, requests: 0, leftovers: [] };
  // A probe judges no rule: its context serves it the requests, sleeps and cleanups a check has, under its own name and allowance.
  const t = new CheckContext(
    session,
    {
      id: `dialer.fingerprint.${change.id}`,
      rules: [],
      cost: change.cost,
      ...(change.records?.shares ? { records: { shares: change.records.shares } } : {}),
    },
    signal,
  );
  let result: Pick<ProbeResult, 'side' | 'evidence'>;
  try {
    const seen = await change.probe(t);
    result = { side: seen.side, evidence: seen.evidence };
  } catch (err) {
    if (err instanceof SkipSignal) result = { side: 'unknown', evidence: err.reason };
    else if (err instanceof PrerequisiteFailed) result = { side: 'unknown', evidence: `prerequisite failed: ${err.message}` };
    else
      result = { side: 'unknown', evidence: `error: ${err instanceof HarnessError ? `${err.code}: ${err.message}` : String((err as Error)?.message ?? err)}` };
  }
  const leftovers = [...(await t.runCleanups())];
  return { change, ...result, requests: t.requests, leftovers };
}

/**
 * Runs the probes one after another, until `signal` aborts (the probe running then cleans up, no other
 * starts), then removes the shared records they made, as a lane's go when the lane ends: what that sent
 * and what it could not remove come apart from the probes'.
 */
export async function runProbes(
  session: Session,
  changes: readonly ChangeProbe[],
  signal?: AbortSignal,
): Promise<{ readonly results: ProbeResult[]; readonly removal: { readonly requests: number; readonly leftovers: readonly string[] } }> {
  const results: ProbeResult[] = [];
  for (const change of changes) {
    if (signal?.aborted) break;
    results.push(await runProbe(session, change, signal));
  }
  let requests = 0;
  const leftovers: string[] = [];
  for (const lane of new Set(results.flatMap((r) => (r.change.records?.shares ?? []).map((record) => record.lane)))) {
    const removed = await session.endLane(lane);
    requests += removed?.requests ?? 0;
    leftovers.push(...(removed?.leftovers ?? []));
  }
  return { results, removal: { requests, leftovers } };
}

/** The side a release has for a change: the new behaviour from the change's release on. */
export function sideOf(release: Release, change: ChangeProbe): Side {
  return atLeast(release, change.release) ? 'after' : 'before';
}

/** The releases every known side fits. */
export function matchingReleases(results: readonly ProbeResult[]): Release[] {
  return RELEASES.filter((release) => results.every((r) => r.side === 'unknown' || r.side === sideOf(release, r.change)));
}
