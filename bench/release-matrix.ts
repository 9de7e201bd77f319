/**
 * Prints the release matrix: the bundled mock playing each Dialer release (rows), checked as each
 * expected release (columns); a cell gives the release-scoped rules that failed, `pass` when none.
 * The same cells `test/proofs/release-matrix.test.ts` asserts. Then each step up one release, the mock
 * checked as the newest: the comparison of the two cells' reports, as `npm run compare` prints it, which
 * must fix exactly the rules the newer release brought. Usage: npm run release-matrix
 */
import { fingerprintOf, type MatrixCell, matrixCell, releaseStep, stepAsPredicted } from '../cli/release-matrix-cells.ts';
import { NEWEST, RELEASES, type Release } from '../lib/dialer/releases.ts';
import { selfSignedCertificate } from '../mock/tls.ts';
import { renderComparisonConsole } from '../reporters/comparison-console.ts';

const tls = await selfSignedCertificate();
const rows: string[] = [`| mock plays \\ expected | ${RELEASES.join(' | ')} | fingerprint |`, `|---|${RELEASES.map(() => '---').join('|')}|---|`];
let requests = 0;
const asNewest = new Map<Release, MatrixCell>();
for (const profile of RELEASES) {
  const cells: string[] = [];
  for (const expected of RELEASES) {
    const cell = await matrixCell(profile, expected, 1000, tls);
    requests += cell.requests;
    if (expected === NEWEST) asNewest.set(profile, cell);
    const failed = cell.judged.filter((r) => r.status === 'fail').map((r) => r.id);
    const exact = failed.slice().sort().join() === cell.mustFail.join() && cell.judged.every((r) => r.status === 'fail' || r.status === 'pass');
    cells.push(`${failed.length === 0 ? 'pass' : `${failed.length} fail: ${failed.join(', ')}`}${exact ? '' : ' (UNEXPECTED)'}`);
  }
  const fits = await fingerprintOf(profile, 1000, tls);
  rows.push(`| ${profile} | ${cells.join(' | ')} | ${fits.join(', ') || 'none'} |`);
}
console.log(rows.join('\n'));
console.log(`\n${RELEASES.length ** 2} cells, ${requests} requests in all`);

for (const [i, newer] of RELEASES.slice(1).entries()) {
  const older = RELEASES[i] as Release;
  const step = releaseStep(asNewest.get(older) as MatrixCell, asNewest.get(newer) as MatrixCell);
  const predicted = step.predicted.map((p) => `${p.change} ${p.id}`).join(', ') || 'no change';
  console.log(`\n## mock ${older} → ${newer}, both checked as ${NEWEST}${stepAsPredicted(step) ? '' : ` (UNEXPECTED: the changelog predicts ${predicted})`}\n`);
  console.log(renderComparisonConsole(step.comparison));
}
