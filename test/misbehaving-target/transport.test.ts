import { beforeAll, describe, expect, test } from 'vitest';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { CASE_TIMEOUT_MS, expectFaultJudged, JUDGED_BEFORE_ANY_READ, REPRESENTATIVE, RUN_BOUND_MS, runUnder, STALL_TIMEOUT_MS } from './support.ts';

/**
 * Faults below HTTP: each ends every rule it touches as an error naming what broke (and, where the fix
 * is on our side, what to change), never a pass or a fail of the target, and never a hang.
 */
let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

const GETS = (req: { method: string }) => req.method === 'GET';

describe.concurrent('a target that breaks below HTTP', { timeout: CASE_TIMEOUT_MS }, () => {
  test('connection refused: every rule is CC_ERR_TRANSPORT naming ECONNREFUSED, at once', async () => {
    const run = await runUnder(tls, { kind: 'refused' }, { concurrently: true });
    expectFaultJudged(run, {
      allowed: ['error'],
      detail: /^CC_ERR_TRANSPORT: .*ECONNREFUSED: nothing accepts connections at 127\.0\.0\.1:\d+; check the CC_\*_URL variable/,
    });
    expect(run.ms).toBeLessThan(RUN_BOUND_MS);
  });

  const TLS_CASES = [
    [
      'unknown-ca',
      /^CC_ERR_TLS: .*DEPTH_ZERO_SELF_SIGNED_CERT: no CA this run trusts signed it, nor the one in CC_CA_FILE \(.*\): point CC_CA_FILE at the PEM of the CA/,
    ],
    ['expired', /^CC_ERR_TLS: .*CERT_HAS_EXPIRED: the certificate of 127\.0\.0\.1:\d+ is outside its validity dates: renew it/],
    ['wrong-host', /^CC_ERR_TLS: .*ERR_TLS_CERT_ALTNAME_INVALID: the certificate is not for 127\.0\.0\.1:\d+ \(it names DNS:api\.cc-conformance\.invalid\)/],
  ] as const;
  for (const [problem, detail] of TLS_CASES) {
    test(`TLS ${problem}: every rule is CC_ERR_TLS saying what to fix`, async () => {
      const run = await runUnder(tls, { kind: 'tls', problem }, { concurrently: true });
      expectFaultJudged(run, { allowed: ['error'], detail });
      expect(run.ms).toBeLessThan(RUN_BOUND_MS);
    });
  }

  test('a reset in the middle of every GET body: CC_ERR_RESET for the rules that read; creates and their cleanup still go through', async () => {
    const run = await runUnder(tls, { kind: 'reset-mid-body' }, { when: GETS });
    expectFaultJudged(run, {
      allowed: ['error'],
      exempt: JUDGED_BEFORE_ANY_READ,
      detail: /^CC_ERR_RESET: GET .*: the target closed the connection in the middle of its body/,
    });
    expect(run.touched.size).toBeGreaterThan(10);
    expect(run.ms).toBeLessThan(RUN_BOUND_MS);
  });

  test('a stall past the timeout on every request: CC_ERR_TIMEOUT, each check ended within a few timeouts', async () => {
    // undici checks its timeouts on a coarse timer, so a 300 ms timeout fires after up to a second; a pace window
    // of 2 s gives each check's time limit room for that, so what ends a check is the timeout, not its limit.
    const run = await runUnder(tls, { kind: 'stall' }, { concurrently: true, env: { CC_TIMEOUT_MS: String(STALL_TIMEOUT_MS), CC_RATE_WINDOW_MS: '2000' } });
    expectFaultJudged(run, { allowed: ['error'], detail: new RegExp(`^CC_ERR_TIMEOUT: .*: no answer came within ${STALL_TIMEOUT_MS} ms \\(CC_TIMEOUT_MS\\)`) });
    // About a second per stalled request, the checks side by side.
    expect(run.ms).toBeLessThan(RUN_BOUND_MS);
  });

  test('a 50 MB body to the first GETs: CC_ERR_BODY_TOO_LARGE after reading at most the cap, never the whole body', async () => {
    const bytes = 50 * 1024 * 1024;
    const checks = REPRESENTATIVE.filter((c) => ['core.envelopes.collection', 'core.tags.delete', 'dialer.lists.campaigns.first-page'].includes(c.id));
    const run = await runUnder(tls, { kind: 'huge-body', bytes }, { checks, when: GETS });
    expectFaultJudged(run, {
      allowed: ['error'],
      detail: /^CC_ERR_BODY_TOO_LARGE: GET .*: 200 with a body of over \d+ bytes so far, more than the 33554432 bytes the client reads; the rest was not read/,
    });
    expect(run.stats.faulted).toBe(3);
    // The client dropped each connection at the cap: what the target managed to write stays well short of the bodies.
    expect(run.stats.hugeBytesWritten).toBeLessThan(3 * (bytes - 8 * 1024 * 1024));
    expect(run.ms).toBeLessThan(RUN_BOUND_MS);
  });
});
