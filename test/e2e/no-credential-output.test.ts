/**
 * Nothing secret in any output: a whole conformance run against the bundled mock with a fault that
 * echoes every request header back (Authorization included, wrong-secret and malformed probes too)
 * must leave no key ID, secret or base64 token of either in stdout, stderr or any file it writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.ts';
import { seedState } from '../../mock/state/seed.ts';
import { credentialLeaks } from './credential-leaks.ts';
import { conformance } from './conformance-run.ts';

const PAIRS = [...seedState(1).keys.values()].map((k) => ({ id: k.id, secret: k.secret }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('the leak finder', () => {
  const pair = { id: 'CCKA126FB12D1FEDE', secret: '9c6714d1d7e2f5caf6ada8653a56b3dd' };
  const b64 = (text: string, encoding: 'base64' | 'base64url' = 'base64') => Buffer.from(text).toString(encoding);

  test('finds a credential as it is and inside base64 or base64url tokens, glued to other letters or cut short', () => {
    expect(credentialLeaks(`id ${pair.id}`, [pair])).toEqual(['key ID 0 in plain text']);
    expect(credentialLeaks(`"Basic ${b64(`${pair.id}:wrong-one`)}"`, [pair])).toHaveLength(1);
    expect(credentialLeaks(`x=${b64(`?${pair.secret}~`, 'base64url')}`, [pair])).toHaveLength(1);
    expect(credentialLeaks(`Basicx${b64(`:${pair.secret}`).replace(/=+$/, '')}`, [pair])).toHaveLength(1);
  });

  test('finds nothing in redacted text or tokens of other values', () => {
    expect(credentialLeaks(`Basic [redacted] ${b64('CCUNKNOWN-abc-1:not-a-secret')} contacts/index.json`, [pair])).toEqual([]);
  });
});

describe('npm run conformance against a mock that echoes every request header', () => {
  test('no credential in stdout, stderr or any file under --reports; the run ends with its reports', { timeout: 240_000 }, async () => {
    const run = await conformance(['--mock-fault', 'echo-request-headers', '--mock-seed', '1', '--mock-window-ms', '2000']);
    // Rules fail under the fault, which is fine; the run must not crash (exit 2) or lose its reports.
    expect([0, 1, 3], run.stderr).toContain(run.code);
    const json = readFileSync(join(run.reports, 'conformance.json'), 'utf8');
    const doc = JSON.parse(json) as RunReport;
    // The echo reached the reports, Authorization included: the leak check reads outputs that did carry credentials back.
    expect(doc.rules.some((r) => r.evidence?.response.body.includes('echoedRequestHeaders'))).toBe(true);
    expect(json).toContain('Basic [redacted]');
    const files = filesUnder(run.reports);
    expect(files.map((f) => f.slice(run.reports.length + 1))).toEqual(
      expect.arrayContaining(['conformance.json', 'junit.xml', 'conformance.html', 'summary.md']),
    );
    const outputs: [string, string][] = [
      ['stdout', run.stdout],
      ['stderr', run.stderr],
      ...files.map((f): [string, string] => [f.slice(run.reports.length + 1), readFileSync(f, 'latin1')]),
    ];
    const leaks = outputs.flatMap(([where, text]) => credentialLeaks(text, PAIRS).map((leak) => `${where}: ${leak}`));
    expect(leaks).toEqual([]);
  });
});
