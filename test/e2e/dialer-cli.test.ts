import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));

function run(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [script, ...args], { cwd: ROOT, env: clean });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('verifying a Dialer release from the command line', () => {
  test('npm run fingerprint names the release the bundled mock plays', async () => {
    const result = await run('cli/fingerprint.ts', ['--mock-dialer-release', '1.0.22']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^behaves like: 1\.0\.22 — /m);
  });

  test('--dialer-release checks that release: its rules pass on a mock playing it, fail on a newer one, and later rules are disabled', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'cc-dialer-'));
    const rules = ['--rule', 'DIALER-ROUTE-NOT-FOUND-LEGACY', '--rule', 'DIALER-ROUTE-NOT-FOUND'];
    const same = await run('cli/conformance.ts', ['--dialer-release', 'pre-1.0.21', '--reports', reports, ...rules]);
    expect(same.code, same.stdout + same.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as RunReport;
    expect(doc.target.dialerRelease).toBe('pre-1.0.21');
    expect(doc.rules.find((r) => r.id === 'DIALER-ROUTE-NOT-FOUND-LEGACY')?.status).toBe('pass');
    expect(doc.rules.find((r) => r.id === 'DIALER-ROUTE-NOT-FOUND')).toMatchObject({ status: 'disabled', detail: 'not part of Dialer release pre-1.0.21: introduced in 1.0.21' });
    const newer = await run('cli/conformance.ts', ['--dialer-release', 'pre-1.0.21', '--mock-dialer-release', 'latest', '--reports', reports, ...rules]);
    expect(newer.code, newer.stdout + newer.stderr).toBe(1);
    expect(newer.stdout).toContain('FAIL DIALER-ROUTE-NOT-FOUND-LEGACY');
  });
});
