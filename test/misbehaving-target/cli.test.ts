import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import type { Misbehaviour } from './target.ts';
import { startTarget } from './support.ts';

/** `npm run conformance` against a misbehaving target: its exit code says whether the target broke a rule (1) or the run is incomplete (3). */
const ROOT = new URL('../..', import.meta.url).pathname;

let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

async function conformanceAgainst(misbehaviour: Misbehaviour, rule: string): Promise<{ code: number | null; output: string; report: RunReport; ms: number }> {
  const target = await startTarget(tls, misbehaviour);
  const reports = mkdtempSync(join(tmpdir(), 'cc-misbehaviour-reports-'));
  const started = performance.now();
  try {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['cli/conformance.ts', '--reports', reports, '--rule', rule, '--seed', '1'], {
      cwd: ROOT,
      env: { ...clean, ...target.env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as RunReport;
    return { code, output, report, ms: performance.now() - started };
  } finally {
    await target.close();
    rmSync(reports, { recursive: true, force: true });
  }
}

/** A run takes about ten seconds on an idle machine (vitest in a child process); a loaded one may triple it, a hang far more. */
const CLI_BOUND_MS = 90_000;

describe.concurrent('npm run conformance against a misbehaving target', { timeout: CLI_BOUND_MS + 30_000 }, () => {
  test('malformed JSON: the rule fails, exit 1', async () => {
    const run = await conformanceAgainst({ kind: 'malformed-json' }, 'CORE-COUNTRIES-PLAIN-ARRAY');
    expect(run.code, run.output).toBe(1);
    expect(run.report.rules.find((r) => r.id === 'CORE-COUNTRIES-PLAIN-ARRAY')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/body is not JSON/),
    });
    expect(run.ms).toBeLessThan(CLI_BOUND_MS);
  });

  // Two runs only: each starts vitest in a child process, which two cores pay for. The other misbehaviours end
  // their rules the same way in process (transport.test.ts, answers.test.ts), and the exit code follows
  // from the report's verdict alone.
  const INCOMPLETE = [['a certificate no trusted CA signed', { kind: 'tls', problem: 'unknown-ca' }, /CC_ERR_TLS: .*CC_CA_FILE/]] as const;
  for (const [what, misbehaviour, detail] of INCOMPLETE) {
    test(`${what}: the rule is an error, exit 3 (incomplete)`, async () => {
      const run = await conformanceAgainst(misbehaviour, 'CORE-COUNTRIES-PLAIN-ARRAY');
      expect(run.code, run.output).toBe(3);
      expect(run.report.rules.find((r) => r.id === 'CORE-COUNTRIES-PLAIN-ARRAY')).toMatchObject({ status: 'error', detail: expect.stringMatching(detail) });
      expect(run.output).toMatch(detail);
      expect(run.ms).toBeLessThan(CLI_BOUND_MS);
    });
  }
});
