import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../lib/http/exchange.ts';
import { harEntry, type HarLog, writeHar } from '../../lib/http/har.ts';

const exchange = (overrides: Partial<Exchange> = {}): Exchange => ({
  request: {
    method: 'POST',
    url: 'https://127.0.0.1:7443/api/contacts/edit/7.json?x=1&y=two',
    headers: { authorization: 'Basic [redacted]', 'content-type': 'application/json' },
    body: '{"name":"Ann"}',
    credentials: 'primary key',
  },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '{"responseData":{"status":200}}',
  bodyBytes: 31,
  json: { responseData: { status: 200 } },
  startedAt: Date.parse('2026-12-07T10:00:00.000Z'),
  durationMs: 12.5,
  ...overrides,
});

describe('HAR 1.2 of a run (run --har)', () => {
  test('an exchange as an entry: request with its query and body, response with its content, the time taken', () => {
    const entry = harEntry(exchange());
    expect(entry.startedDateTime).toBe('2026-12-07T10:00:00.000Z');
    expect(entry.time).toBe(12.5);
    expect(entry.request).toMatchObject({
      method: 'POST',
      url: 'https://127.0.0.1:7443/api/contacts/edit/7.json?x=1&y=two',
      headers: [
        { name: 'authorization', value: 'Basic [redacted]' },
        { name: 'content-type', value: 'application/json' },
      ],
      queryString: [
        { name: 'x', value: '1' },
        { name: 'y', value: 'two' },
      ],
      postData: { mimeType: 'application/json', text: '{"name":"Ann"}' },
      bodySize: 14,
    });
    expect(entry.response).toMatchObject({ status: 200, content: { size: 31, mimeType: 'application/json', text: '{"responseData":{"status":200}}' } });
    expect(entry._credentials).toBe('primary key');
  });

  test('a body that is not text is described, not kept; a GET carries no postData', () => {
    const { request, ...rest } = exchange();
    const { body: _body, ...get } = request;
    const entry = harEntry({ ...rest, request: { ...get, method: 'GET' }, headers: { 'content-type': 'application/zip' }, text: '', bodyBytes: 2048 });
    expect(entry.request.postData).toBeUndefined();
    expect(entry.response.content).toEqual({ size: 2048, mimeType: 'application/zip', comment: 'a body that is not text, left out' });
  });

  test('the file: entries oldest first, through the run scrub; a run that sent nothing writes an empty log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-har-'));
    const lines = [exchange({ startedAt: Date.parse('2026-12-07T10:00:02Z') }), exchange({ startedAt: Date.parse('2026-12-07T10:00:01Z') })]
      .map((ex) => JSON.stringify(harEntry(ex)))
      .join('\n');
    writeFileSync(join(dir, 'entries'), `${lines}\n`);
    expect(writeHar(join(dir, 'entries'), join(dir, 'run.har'), (text) => text.replaceAll('Ann', '[redacted]'))).toBe(2);
    const written = readFileSync(join(dir, 'run.har'), 'utf8');
    const { log } = JSON.parse(written) as HarLog;
    expect(log.version).toBe('1.2');
    expect(log.entries.map((e) => e.startedDateTime)).toEqual(['2026-12-07T10:00:01.000Z', '2026-12-07T10:00:02.000Z']);
    expect(written).not.toContain('Ann');
    expect(writeHar(join(dir, 'none'), join(dir, 'empty.har'), (text) => text)).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, 'empty.har'), 'utf8')) as HarLog).log.entries).toEqual([]);
  });
});
