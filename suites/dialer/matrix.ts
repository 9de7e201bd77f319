import { runChecks } from '../../lib/checks/runner.js';
import { Session } from '../../lib/checks/session.js';
import { targetFromSettings } from '../../lib/config/load.js';
import { appliesTo, type Release, RELEASES } from '../../lib/dialer/releases.js';
import { buildReport } from '../../lib/results/report.js';
import { RULES } from '../../lib/rules/index.js';
import type { Rule } from '../../lib/rules/types.js';
import type { TlsMaterial } from '../../mock/http/front-door.js';
import { startMock } from '../../mock/start.js';
import { ALL_CHECKS } from '../index.js';
import { CHANGES } from './changes.js';
import { matchingReleases, runProbe } from './fingerprint.js';

/**
 * One cell of the release matrix: the bundled mock playing `profile`, checked as `expected`. Only the
 * checks of release-scoped rules run; the rules that must fail are those of `expected` the profile
 * does not have.
 */
export const isReleaseScoped = (r: Rule): boolean => r.until !== undefined || (r.since !== undefined && r.since !== RELEASES[0]);
const SCOPED_IDS = new Set(RULES.filter(isReleaseScoped).map((r) => r.id));
export const RELEASE_CHECKS = ALL_CHECKS.filter((c) => c.rules.some((id) => SCOPED_IDS.has(id)));

export interface MatrixCell {
  readonly profile: Release;
  readonly expected: Release;
  /** Release-scoped rules of `expected` and the status the run gave each. */
  readonly judged: readonly { readonly id: string; readonly status: string; readonly detail?: string }[];
  /** The rules that must fail: of `expected`, not of `profile`. */
  readonly mustFail: readonly string[];
  readonly requests: number;
}

async function withMock<T>(profile: Release, expected: Release, windowMs: number, tls: TlsMaterial | undefined, use: (session: Session) => Promise<T>): Promise<T> {
  const running = await startMock({ rateWindowMs: windowMs, dialerRelease: profile, ...(tls ? { tls } : {}) });
  const session = new Session(targetFromSettings({ ...running.env, CC_DIALER_RELEASE: expected }, process.cwd(), true), 7);
  try {
    return await use(session);
  } finally {
    await session.close();
    await running.close();
  }
}

export function matrixCell(profile: Release, expected: Release, windowMs: number, tls?: TlsMaterial): Promise<MatrixCell> {
  return withMock(profile, expected, windowMs, tls, async (session) => {
    const outcomes = await runChecks(session, RELEASE_CHECKS);
    const report = buildReport({ outcomes, target: session.target, seed: 7, startedAt: new Date(), durationMs: 0 });
    const judged = report.rules.filter((r) => SCOPED_IDS.has(r.id) && appliesTo(r, expected));
    return {
      profile,
      expected,
      judged: judged.map((r) => ({ id: r.id, status: r.status, ...(r.detail ? { detail: r.detail } : {}) })),
      mustFail: judged.filter((r) => !appliesTo(r, profile)).map((r) => r.id).sort(),
      requests: report.summary.requests,
    };
  });
}

/** The releases the fingerprint finds for the mock playing `profile`. */
export function fingerprintOf(profile: Release, windowMs: number, tls?: TlsMaterial): Promise<Release[]> {
  return withMock(profile, profile, windowMs, tls, async (session) => {
    const results = [];
    for (const change of CHANGES) results.push(await runProbe(session, change));
    return matchingReleases(results);
  });
}
