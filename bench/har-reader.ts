/**
 * How fast `observe` reads and judges a large capture, and in how much memory: a HAR of --entries entries
 * (300,000 by default) is written to a temporary file, entry by entry, then observed as the command observes
 * it. Prints entries per second and the peak resident memory of this process while it read. Figures only:
 * nothing here is asserted in tests.
 *
 * Usage: npm run bench:har -- [--entries N]
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { trafficTarget } from '../lib/config/load.ts';
import { madeUpEntry } from '../lib/http/har.ts';
import { Redactor } from '../lib/http/redact.ts';
import { observedFiles } from '../suites/traffic/report.ts';

const { values } = parseArgs({ options: { entries: { type: 'string', default: '300000' } } });
const entries = Number(values.entries);
const CORE = 'https://core.bench.test/api';
const AI = 'https://ai.bench.test/v1';
const target = trafficTarget({ CC_BASE_URL: CORE, CC_AI_URL: AI });
const AUTH = `Basic ${Buffer.from('BENCHKEYID:bench-secret').toString('base64')}`;

/** A mix of what an integration sends: contact pages, countries, campaign pages, a few failures and 429s. */
function entry(i: number): string {
  const at = Date.UTC(2026, 11, 7, 8) + i * 50;
  const kind = i % 10;
  const [url, status, body] =
    kind < 5
      ? [
          `${CORE}/contacts/index.json?limit=2&page=${1 + (i % 7)}`,
          200,
          { responseData: { itemsCount: 14, pageCount: 7, pageNumber: 1 + (i % 7), limit: 2, data: [{ id: 2 * (i % 7) + 1 }, { id: 2 * (i % 7) + 2 }] } },
        ]
      : kind < 7
        ? [`${CORE}/countries/index.json`, 200, { responseData: [{ id: 1, name: 'Czechia' }] }]
        : kind < 9
          ? [`${AI}/dialer/campaigns?limit=2`, 200, { data: [], meta: { nextCursor: null } }]
          : [`${CORE}/contacts/edit/${i}.json`, 404, { responseData: { status: 404, message: 'Not found.' } }];
  return JSON.stringify(
    madeUpEntry({
      at,
      method: kind === 9 ? 'POST' : 'GET',
      url: url as string,
      headers: { authorization: AUTH },
      status: status as number,
      answer: body,
      durationMs: 12,
      credentials: "the bench's key pair",
    }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'cc-bench-har-'));
const file = join(dir, 'capture.har');
try {
  const out = createWriteStream(file);
  out.write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[');
  for (let i = 0; i < entries; i++) if (!out.write(`${i === 0 ? '' : ','}${entry(i)}`)) await once(out, 'drain');
  out.end(']}}');
  await once(out, 'finish');
  const bytes = statSync(file).size;
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const { report, exchanges } = await observedFiles([file], target, { redactor: new Redactor(target), salt: 'bench' });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mib = (n: number) => (n / 1024 / 1024).toFixed(0);
  process.stdout.write(
    [
      `HAR reader: ${entries} entries, ${mib(bytes)} MiB, observed in ${seconds.toFixed(1)} s: ${Math.round(exchanges / seconds)} entries/s`,
      `peak resident memory while reading: ${mib(peak)} MiB (${mib(before)} MiB before; the file is ${mib(bytes)} MiB)`,
      `rules judged: ${report.rules.filter((r) => r.status === 'pass' || r.status === 'fail').length}, verdict ${report.verdict}`,
    ].join('\n') + '\n',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
