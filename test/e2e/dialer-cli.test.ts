import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.ts';
import { command } from './conformance-run.ts';

// Each test runs its own commands against their own bundled mocks, none timing a budget: side by side.
describe.concurrent('verifying a Dialer release from the command line', () => {
  test('npm run fingerprint names the release the bundled mock plays', async () => {
    const result = await command('cli/fingerprint.ts', ['--mock-dialer-release', '1.0.22']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^behaves like: 1\.0\.22 — /m);
    // The mock stopped with the command: its records are counted, never listed as left on a target.
    expect(result.stdout).toMatch(/^records left: none \(the bundled mock held \d+ at the end, and it has stopped\)$/m);
    expect(result.stdout).not.toContain('left on the target');
  });

  test('--dialer-release checks that release: its rules pass on a mock playing it, fail on a newer one, and later rules are disabled', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'cc-dialer-'));
    // A change whose older side the changelog states ('400 rather than 500'), so both of its rules are required.
    const rules = ['--rule', 'DIALER-JOBID-500', '--rule', 'DIALER-JOBID-400'];
    const newerReports = mkdtempSync(join(tmpdir(), 'cc-dialer-'));
    const [same, newer] = await Promise.all([
      command('cli/conformance.ts', ['--dialer-release', 'pre-1.0.21', '--reports', reports, ...rules]),
      command('cli/conformance.ts', ['--dialer-release', 'pre-1.0.21', '--mock-dialer-release', 'latest', '--reports', newerReports, ...rules]),
    ]);
    expect(same.code, same.stdout + same.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as RunReport;
    expect(doc.target.dialerRelease).toBe('pre-1.0.21');
    expect(doc.rules.find((r) => r.id === 'DIALER-JOBID-500')?.status).toBe('pass');
    expect(doc.rules.find((r) => r.id === 'DIALER-JOBID-400')).toMatchObject({
      status: 'disabled',
      detail: 'not part of Dialer release pre-1.0.21: introduced in 1.0.21',
    });
    expect(newer.code, newer.stdout + newer.stderr).toBe(1);
    expect(newer.stdout).toContain('FAIL DIALER-JOBID-500');
  });
});
