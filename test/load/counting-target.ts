/**
 * A stand-in live target for the interrupt tests: HTTPS on its own certificate, every request answered
 * 200 after `answerAfterMs` (so some are in flight whenever the run is stopped), and every request
 * counted as it arrives, so a test can compare what the target saw with what the report says was sent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../mock/tls.ts';

export interface CountingTarget {
  /** Requests that have arrived so far. */
  readonly received: () => number;
  /** Resolves once at least `n` requests have arrived. */
  readonly whenReceived: (n: number) => Promise<void>;
  /** CC_* variables pointing a command at this target, with a made-up key pair. */
  readonly env: Readonly<Record<string, string>>;
  readonly close: () => Promise<void>;
}

export async function startCountingTarget(options: { readonly answerAfterMs: number; readonly windowMs: number }): Promise<CountingTarget> {
  const tls = await selfSignedCertificate();
  let received = 0;
  const answers = new Set<NodeJS.Timeout>();
  const waiting: { n: number; wake: () => void }[] = [];
  const server = createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    received++;
    for (const w of waiting.filter((w) => received >= w.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.wake();
    }
    const answer = setTimeout(() => {
      answers.delete(answer);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }, options.answerAfterMs);
    answers.add(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const dir = mkdtempSync(join(tmpdir(), 'cc-counting-'));
  writeFileSync(join(dir, 'ca.pem'), tls.cert);
  return {
    received: () => received,
    whenReceived: (n) => (received >= n ? Promise.resolve() : new Promise((wake) => waiting.push({ n, wake }))),
    env: {
      CC_BASE_URL: `https://127.0.0.1:${port}/api`,
      CC_AI_URL: `https://127.0.0.1:${port}/v1`,
      CC_KEY_ID: 'counting-id-0001',
      CC_KEY_SECRET: 'counting-secret-0001',
      CC_CA_FILE: join(dir, 'ca.pem'),
      CC_RATE_WINDOW_MS: String(options.windowMs),
    },
    close: async () => {
      for (const answer of answers) clearTimeout(answer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
