import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { curlCommand, shellQuote } from '../../lib/http/curl.ts';
import type { SentRequest } from '../../lib/http/exchange.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';

const request = (extra: Partial<SentRequest> = {}): SentRequest => ({
  method: 'GET',
  url: 'https://127.0.0.1:7443/api/contacts/index.json?keyword=a%20b&limit=1',
  headers: { accept: 'application/json', authorization: 'Basic [redacted]' },
  credentials: 'primary key',
  replay: { kind: 'slot', slot: 'primary' },
  ...extra,
});

describe('curlCommand', () => {
  test('names a key slot by its variables and never copies the Authorization header', () => {
    const line = curlCommand(request());
    expect(line).toBe(
      `curl -sS -i \${CC_CA_FILE:+--cacert "$CC_CA_FILE"} 'https://127.0.0.1:7443/api/contacts/index.json?keyword=a%20b&limit=1' -H 'accept: application/json' -u "$CC_KEY_ID:$CC_KEY_SECRET"`,
    );
    expect(curlCommand(request({ replay: { kind: 'slot', slot: 'second' } }))).toContain('-u "$CC_KEY2_ID:$CC_KEY2_SECRET"');
    expect(curlCommand(request({ replay: { kind: 'slot', slot: 'other' } }))).toContain('-u "$CC_OTHER_KEY_ID:$CC_OTHER_KEY_SECRET"');
  });

  test('docs/reference/reports.md quotes the CA option as every HTTPS line carries it, and says what the shell makes of it', () => {
    const option = /\$\{CC_CA_FILE:\+[^}]*\}/.exec(curlCommand(request()))?.[0] as string;
    expect(option).toBe('${CC_CA_FILE:+--cacert "$CC_CA_FILE"}');
    expect(curlCommand(request({ url: 'http://127.0.0.1:7080/api/contacts/index.json' }))).not.toContain('CC_CA_FILE');
    const page = readFileSync(new URL('../../docs/reference/reports.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(page).toContain(`for an HTTPS URL, always \`${option}\``);
    const expand = (env: Record<string, string>) =>
      spawnSync('bash', ['-c', `for word in ${option}; do printf '%s|' "$word"; done`], { encoding: 'utf8', env }).stdout;
    expect(expand({ CC_CA_FILE: '/tmp/ca.pem' })).toBe('--cacert|/tmp/ca.pem|');
    expect(expand({})).toBe('');
  });

  test('a wrong secret is a stand-in, a literal header is sent as it was, no credentials send none', () => {
    expect(curlCommand(request({ replay: { kind: 'wrong-secret', slot: 'primary' } }))).toContain('-u "$CC_KEY_ID:not-the-secret"');
    expect(curlCommand(request({ replay: { kind: 'literal', header: 'Bearer abcdef0123456789' } }))).toContain(`-H 'Authorization: Bearer abcdef0123456789'`);
    const none = curlCommand(request({ replay: { kind: 'none' }, credentials: 'no credentials' }));
    expect(none).not.toContain('-u');
    expect(none).not.toMatch(/authorization/i);
  });

  test('method and body go along, the body whole and quoted for the shell', () => {
    const body = `{"name":"it's \${HOME} \`x\`"}`;
    const line = curlCommand(request({ method: 'POST', body }));
    expect(line).toContain(` -X POST `);
    expect(line.endsWith(` --data-binary ${shellQuote(body)}`)).toBe(true);
    expect(spawnSync('bash', ['-c', `printf %s ${shellQuote(body)}`], { encoding: 'utf8' }).stdout).toBe(body);
    expect(curlCommand(request({ method: 'HEAD' }))).toContain(' --head ');
  });

  test('a record made outside a check says its credentials are not reproduced instead of guessing', () => {
    const { replay: _replay, ...bare } = request();
    expect(curlCommand(bare)).toMatch(/# credentials not reproduced: primary key$/);
  });
});

describe('the curl line, run by a shell against the mock', () => {
  let running: RunningMock;
  beforeAll(async () => {
    running = await startMock({ rateWindowMs: 60_000 });
  });
  afterAll(() => running.close());

  // Not spawnSync: the mock answers from this very process.
  const status = async (line: string): Promise<number> => {
    const out = await promisify(execFile)('bash', ['-c', line], { encoding: 'utf8', timeout: 10_000, env: { PATH: process.env.PATH ?? '', ...running.env } });
    return Number(/^HTTP\/[\d.]+ (\d{3})/.exec(out.stdout)?.[1]);
  };

  test('with the slot variables set it is served; with the stand-in secret it gets 401, as the probe did', async () => {
    const url = `${running.urls.core}/countries/index.json`;
    expect(await status(curlCommand(request({ url })))).toBe(200);
    expect(await status(curlCommand(request({ url, replay: { kind: 'wrong-secret', slot: 'primary' } })))).toBe(401);
  });
});
