import { beforeAll, describe, expect, test } from 'vitest';
import { RELEASES } from '../../lib/dialer/releases.js';
import { RULES } from '../../lib/rules/index.js';
import type { TlsMaterial } from '../../mock/http/front-door.js';
import { selfSignedCertificate } from '../../mock/tls.js';
import { fingerprintOf, isReleaseScoped, matrixCell, RELEASE_CHECKS } from '../../suites/dialer/matrix.js';
import { PROOF_WINDOW_MS } from './prove.js';

/**
 * Every mock release profile against every expected release. On the diagonal the suite passes; off it,
 * exactly the rules of the changelog lines between the two releases fail: those of the expected
 * release that the profile does not have. The fingerprint names each profile.
 */
let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

describe.concurrent('release matrix: mock profile × expected release', () => {
  test('there are release-scoped rules for every release but the oldest, and checks that judge them', () => {
    const scoped = RULES.filter(isReleaseScoped);
    for (const release of RELEASES.slice(1)) expect(scoped.some((r) => r.since === release || r.until === release), release).toBe(true);
    expect(RELEASE_CHECKS.length).toBeGreaterThan(0);
  });

  for (const profile of RELEASES) {
    for (const expected of RELEASES) {
      test(`mock ${profile}, expected ${expected}`, async () => {
        const cell = await matrixCell(profile, expected, PROOF_WINDOW_MS, tls);
        expect(cell.judged.filter((r) => r.status === 'fail').map((r) => r.id).sort()).toEqual(cell.mustFail);
        const wrong = cell.judged.filter((r) => (cell.mustFail.includes(r.id) ? r.status !== 'fail' : r.status !== 'pass'));
        expect(wrong.map((r) => `${r.id}: ${r.status} ${r.detail ?? ''}`)).toEqual([]);
      });
    }
  }

  for (const profile of RELEASES) {
    test(`the fingerprint names the mock playing ${profile}`, async () => {
      expect(await fingerprintOf(profile, PROOF_WINDOW_MS, tls)).toEqual([profile]);
    });
  }
});
