import { runChecks } from '../lib/checks/runner.ts';
import { Session } from '../lib/checks/session.ts';
import { targetFromSettings } from '../lib/config/load.ts';
import { appliesTo, isReleaseScoped, type Release } from '../lib/dialer/releases.ts';
import { CHANGE_KINDS, type ChangeKind, type Comparison, compareReports } from '../lib/results/comparison.ts';
import { buildReport, type RunReport } from '../lib/results/report.ts';
import { RULES } from '../lib/rules/index.ts';
import type { TlsMaterial } from '../mock/http/front-door.ts';
import { startMock } from '../mock/start.ts';
import { ALL_CHECKS } from '../suites/index.ts';
import { CHANGES } from '../suites/dialer/versioning/index.ts';
import { matchingReleases, runProbes } from '../suites/dialer/versioning/fingerprint.ts';

/**
 * The release matrix, run against the bundled mock: a cell starts the mock playing one Dialer release and
 * runs the release checks expecting another. It lives beside the commands, not in a suite folder, because
 * it starts the mock and builds reports from the whole check registry, which only the layer above both
 * mock/ and suites/ may import; `bench/release-matrix.ts` prints it and `test/proofs/release-matrix.test.ts`
 * proves it.
 */

/**
 * One cell of the release matrix: the bundled mock playing `profile`, checked as `expected`. Only the
 * checks of release-scoped rules run; the rules that must fail are the required ones of `expected` the
 * profile does not have (an observed rule, an older behaviour the changelog does not state, never fails).
 */
export { isReleaseScoped };
const SCOPED_IDS: ReadonlySet<string> = new Set(RULES.filter(isReleaseScoped).map((r) => r.id));
export const RELEASE_CHECKS = ALL_CHECKS.filter((c) => c.rules.some((id) => SCOPED_IDS.has(id)));

export interface MatrixCell {
  readonly profile: Release;
  readonly expected: Release;
  /** Release-scoped rules of `expected` and the status the run gave each. */
  readonly judged: readonly { readonly id: string; readonly status: string; readonly detail?: string }[];
  /** The rules that must fail: required, of `expected`, not of `profile`. */
  readonly mustFail: readonly string[];
  readonly requests: number;
  /** The cell's run report, every rule of the catalogue in it, for comparing two cells (`releaseStep`). */
  readonly report: RunReport;
}

async function withMock<T>(
  profile: Release,
  expected: Release,
  windowMs: number,
  tls: TlsMaterial | undefined,
  use: (session: Session) => Promise<T>,
): Promise<T> {
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
      mustFail: judged
        .filter((r) => r.level === 'required' && !appliesTo(r, profile))
        .map((r) => r.id)
        .sort(),
      requests: report.summary.requests,
      report,
    };
  });
}

/**
 * Two cells checked as the same release, the mock playing an older profile and then a newer one: their
 * reports compared, and the change the changelog lines between the two profiles predict. A rule the
 * older profile must fail and the newer need not is fixed; the reverse newly fails; nothing else may
 * change, as every other rule the cells judge passes for both. A rule of every release that the release
 * checks judge on the answers they provoke (DIALER-VALIDATION-SUBERRORS, on their validation 400s) is
 * compared only where the older cell judged it: a newer profile that refuses more values gives it more to
 * judge, so it may go from unjudged to judged, which is no change a release made.
 */
export interface ReleaseStep {
  readonly comparison: Comparison;
  /** In the comparison's order: by kind, then by rule id. */
  readonly predicted: readonly { readonly change: ChangeKind; readonly id: string }[];
}

export function releaseStep(older: MatrixCell, newer: MatrixCell): ReleaseStep {
  if (older.expected !== newer.expected)
    throw new Error(`a release step compares two profiles checked as one release, not as ${older.expected} and ${newer.expected}`);
  const label = (cell: MatrixCell) => `mock playing ${cell.profile}, checked as ${cell.expected}`;
  // Every release-scoped rule, and every other rule the older cell judged: a regression of either shows.
  const judgedBefore = new Set(older.report.rules.filter((r) => r.status === 'pass' || r.status === 'fail').map((r) => r.id));
  const compared = (cell: MatrixCell): RunReport => ({
    ...cell.report,
    rules: cell.report.rules.filter((r) => SCOPED_IDS.has(r.id) || judgedBefore.has(r.id)),
  });
  const comparison = compareReports({ path: label(older), report: compared(older) }, { path: label(newer), report: compared(newer) });
  const fixed = older.mustFail.filter((id) => !newer.mustFail.includes(id)).map((id) => ({ change: 'fixed' as const, id }));
  const broken = newer.mustFail.filter((id) => !older.mustFail.includes(id)).map((id) => ({ change: 'new-failure' as const, id }));
  const predicted = [...broken, ...fixed].sort(
    (a, b) => CHANGE_KINDS.indexOf(a.change) - CHANGE_KINDS.indexOf(b.change) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { comparison, predicted };
}

/** Whether a step's comparison shows exactly the predicted changes. */
export function stepAsPredicted(step: ReleaseStep): boolean {
  return JSON.stringify(step.comparison.changes.map((c) => ({ change: c.change, id: c.id }))) === JSON.stringify(step.predicted);
}

/** The releases the fingerprint finds for the mock playing `profile`. */
export function fingerprintOf(profile: Release, windowMs: number, tls?: TlsMaterial): Promise<Release[]> {
  return withMock(profile, profile, windowMs, tls, async (session) => matchingReleases((await runProbes(session, CHANGES)).results));
}
