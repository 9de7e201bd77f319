import { beforeAll, describe, expect, test } from 'vitest';
import { fingerprintOf, isReleaseScoped, type MatrixCell, matrixCell, RELEASE_CHECKS, releaseStep } from '../../cli/release-matrix-cells.ts';
import { appliesTo, NEWEST, type Release, RELEASES } from '../../lib/dialer/releases.ts';
import { RULES } from '../../lib/rules/index.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { PROOF_WINDOW_MS } from './prove.ts';

/**
 * Every mock release profile against every expected release. On the diagonal the suite passes; off it,
 * exactly the rules of the changelog lines between the two releases fail: the required ones of the
 * expected release that the profile does not have (an older behaviour the changelog does not state is an
 * observed rule, reported and never failed). One release up, checked as the newest, the two reports
 * compared show fixed exactly the required rules that release introduced. The fingerprint names each profile.
 */
let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

/** Each cell runs once, for whichever test asks first: the release steps compare cells the matrix tests run. */
const cells = new Map<string, Promise<MatrixCell>>();
function cellOf(profile: Release, expected: Release): Promise<MatrixCell> {
  const key = `${profile} as ${expected}`;
  const cell = cells.get(key) ?? matrixCell(profile, expected, PROOF_WINDOW_MS, tls);
  cells.set(key, cell);
  return cell;
}

describe.concurrent('release matrix: mock profile × expected release', () => {
  test('there are release-scoped rules for every release but the oldest, and checks that judge them', () => {
    const scoped = RULES.filter(isReleaseScoped);
    for (const release of RELEASES.slice(1))
      expect(
        scoped.some((r) => r.since === release || r.until === release),
        release,
      ).toBe(true);
    expect(RELEASE_CHECKS.length).toBeGreaterThan(0);
  });

  for (const profile of RELEASES) {
    for (const expected of RELEASES) {
      test(`mock ${profile}, expected ${expected}`, async () => {
        const cell = await cellOf(profile, expected);
        expect(
          cell.judged
            .filter((r) => r.status === 'fail')
            .map((r) => r.id)
            .sort(),
        ).toEqual(cell.mustFail);
        const wrong = cell.judged.filter((r) => (cell.mustFail.includes(r.id) ? r.status !== 'fail' : r.status !== 'pass'));
        expect(wrong.map((r) => `${r.id}: ${r.status} ${r.detail ?? ''}`)).toEqual([]);
      });
    }
  }

  // The comparison of two reports, on real runs: one release up, checked as the newest, fixes exactly the
  // rules that release introduced, from the catalogue, and changes nothing else.
  for (const [i, newer] of RELEASES.slice(1).entries()) {
    const older = RELEASES[i] as Release;
    test(`mock ${older}, then ${newer}, both expected ${NEWEST}: the reports compared show fixed the rules since ${newer}, nothing else`, async () => {
      const step = releaseStep(await cellOf(older, NEWEST), await cellOf(newer, NEWEST));
      const introduced = RULES.filter((r) => isReleaseScoped(r) && r.level === 'required' && r.since === newer && appliesTo(r, NEWEST))
        .map((r) => r.id)
        .sort();
      expect(step.comparison.changes.map((c) => `${c.change} ${c.id}`)).toEqual(introduced.map((id) => `fixed ${id}`));
      expect(step.comparison.verdict).toBe('no-regression');
    });
  }

  for (const profile of RELEASES) {
    test(`the fingerprint names the mock playing ${profile}`, async () => {
      expect(await fingerprintOf(profile, PROOF_WINDOW_MS, tls)).toEqual([profile]);
    });
  }
});
