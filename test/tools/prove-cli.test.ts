import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const prove = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'tools/prove.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });

describe('npm run prove', () => {
  test('a fault named runs its proofs, and they pass', { timeout: 120_000 }, () => {
    const fault = prove('auth-missing-accepted');
    expect(fault.status, fault.stdout + fault.stderr).toBe(0);
    expect(fault.stdout).toContain('prove: 1 fault: auth-missing-accepted (CORE-AUTH-MISSING-401)');
    expect(fault.stdout).toMatch(/auth-missing-accepted → CORE-AUTH-MISSING-401 fails/);
    expect(fault.stdout).toMatch(/Tests\s+2 passed/);
  });

  test.each([
    [['no-such-fault'], 'prove: no-such-fault is neither a fault of the mock nor a rule of the catalogue'],
    [['rate-limit-off'], 'prove: rate-limit-off: a budget fault, proved under both engines by npm run test:parity'],
    [[], 'Usage: npm run prove -- NAME [NAME ...]'],
  ])('%j is refused in one line, exit 2', (args, line) => {
    const result = prove(...args);
    expect(result.status).toBe(2);
    expect((result.stderr + result.stdout).trim().split('\n')[0]).toBe(line);
  });
});
