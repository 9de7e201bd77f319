import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { baselineKind } from '../../load/capacity/baseline.ts';
import { measureHar } from '../../load/capacity/har-baseline.ts';

const URLS = { urls: { core: 'https://api.example.test/api', ai: 'https://ai.example.test/v1' } };
const T0 = Date.parse('2026-09-08T08:00:00Z');
const key = (id: string) => `Basic ${Buffer.from(`${id}:secret`).toString('base64')}`;

/** An entry with only what the reader needs: the start, the request's method, URL and key, the status. */
function entry(atMs: number, url: string, status: number, id = 'KEY-A') {
  return {
    startedDateTime: new Date(atMs).toISOString(),
    request: { method: 'GET', url, headers: [{ name: 'Authorization', value: key(id) }] },
    response: { status },
  };
}

test('a HAR capture counted per window: core and Dialer apart, 429 as refused, other hosts and paths left out', async () => {
  const entries = [
    entry(T0, 'https://api.example.test/api/contacts/index.json', 200),
    entry(T0 + 1000, 'https://api.example.test/api/contacts/index.json', 429),
    entry(T0 + 2000, 'https://ai.example.test/v1/dialer/campaigns', 200),
    entry(T0 + 3000, 'https://ai.example.test/v1/ai/calls/1/summary', 200),
    entry(T0 + 4000, 'https://elsewhere.example.test/api/contacts/index.json', 200),
    entry(T0 + 130_000, 'https://api.example.test/api/calls/index.json', 200),
    entry(T0 + 5000, 'https://api.example.test/api/tags/index.json', 200, 'KEY-B'),
  ];
  const file = join(mkdtempSync(join(tmpdir(), 'cc-capacity-har-')), 'capture.har');
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } }));
  expect(baselineKind(file)).toEqual({ kind: 'har' });
  const use = await measureHar(file, URLS, 60_000);
  expect(use.from).toBe('2026-09-08T08:00:00.000Z');
  expect(use.companies.map((c) => [c.company.replace(/[0-9a-f]{12}$/, 'HASH'), c.core, c.dialer])).toEqual([
    ['company-HASH', { windows: 3, median: 1, p95: 2, peak: 2, refused: 1, requests: 3 }, { windows: 3, median: 0, p95: 1, peak: 1, refused: 0, requests: 1 }],
    ['company-HASH', { windows: 3, median: 0, p95: 1, peak: 1, refused: 0, requests: 1 }, { windows: 3, median: 0, p95: 0, peak: 0, refused: 0, requests: 0 }],
  ]);
  expect(use.companies[0]?.company).not.toBe(use.companies[1]?.company);
});

test('a capture cut short is one line naming it', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'cc-capacity-har-')), 'cut.har');
  writeFileSync(file, '{"log": {"version": "1.2", "entries": [{"startedDateTime": "nope"');
  await expect(measureHar(file, URLS, 60_000)).rejects.toThrow(`${file}: not a HAR file: empty or cut short before log.entries`);
});
