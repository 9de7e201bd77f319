/**
 * Prints the release matrix: the bundled mock playing each Dialer release (rows), checked as each
 * expected release (columns); a cell gives the release-scoped rules that failed, `pass` when none.
 * The same cells `test/proofs/release-matrix.test.ts` asserts. Usage: npm run release-matrix
 */
import { RELEASES } from '../lib/dialer/releases.js';
import { selfSignedCertificate } from '../mock/tls.js';
import { fingerprintOf, matrixCell } from '../suites/dialer/matrix.js';

const tls = await selfSignedCertificate();
const rows: string[] = [`| mock plays \\ expected | ${RELEASES.join(' | ')} | fingerprint |`, `|---|${RELEASES.map(() => '---').join('|')}|---|`];
let requests = 0;
for (const profile of RELEASES) {
  const cells: string[] = [];
  for (const expected of RELEASES) {
    const cell = await matrixCell(profile, expected, 1000, tls);
    requests += cell.requests;
    const failed = cell.judged.filter((r) => r.status === 'fail').map((r) => r.id);
    const exact = failed.slice().sort().join() === cell.mustFail.join() && cell.judged.every((r) => r.status === 'fail' || r.status === 'pass');
    cells.push(`${failed.length === 0 ? 'pass' : `${failed.length} fail: ${failed.join(', ')}`}${exact ? '' : ' (UNEXPECTED)'}`);
  }
  const fits = await fingerprintOf(profile, 1000, tls);
  rows.push(`| ${profile} | ${cells.join(' | ')} | ${fits.join(', ') || 'none'} |`);
}
console.log(rows.join('\n'));
console.log(`\n${RELEASES.length ** 2} cells, ${requests} requests in all`);
