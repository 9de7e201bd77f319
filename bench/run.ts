/**
 * Figures of the project, measured and printed (never asserted in tests):
 *  1. wall time of `npm run conformance` against the bundled mock;
 *  2. requests the suites spend, and how long they take at a live account's 60 requests per minute,
 *     measured by running against a mock whose window is a tenth of a minute and scaling up;
 *  3. the mock's throughput on a list endpoint with the rate limit off.
 * Usage: npm run bench -- [--runs N] [--skip-live-estimate] [--seconds N]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMockProcess } from '../mock/child-process.ts';
import { Agent, request } from 'undici';
import type { RunReport } from '../lib/results/report.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));

function conformance(args: string[]): Promise<{ ms: number; report: RunReport }> {
  const reports = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['cli/conformance.ts', '--reports', reports, ...args], { cwd: ROOT, env: cleanEnv, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`conformance exited ${code}`));
      resolve({ ms, report: JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as RunReport });
    });
  });
}

/** Closed-loop load: `concurrency` workers send back-to-back requests for `seconds`. */
async function throughput(
  env: Record<string, string>,
  seconds: number,
  concurrency: number,
): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const agent = new Agent({ connect: { ca: readFileSync(env.CC_CA_FILE as string, 'utf8') }, connections: concurrency });
  const auth = `Basic ${Buffer.from(`${env.CC_KEY_ID}:${env.CC_KEY_SECRET}`).toString('base64')}`;
  const url = `${env.CC_BASE_URL}/contacts/index.json?limit=50`;
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await request(url, { dispatcher: agent, headers: { authorization: auth, accept: 'application/json' } });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await agent.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, 'skip-live-estimate': { type: 'boolean', default: false }, seconds: { type: 'string', default: '5' } },
  });
  const runs = Number(values.runs);

  const walls: number[] = [];
  let last: RunReport | undefined;
  for (let i = 0; i < runs; i++) {
    const { ms, report } = await conformance([]);
    walls.push(ms);
    last = report;
  }
  walls.sort((a, b) => a - b);
  const median = walls[Math.floor(walls.length / 2)] ?? 0;
  console.log(
    `conformance against the bundled mock (1000 ms window): median ${(median / 1000).toFixed(1)} s over ${runs} runs (${walls.map((w) => (w / 1000).toFixed(1)).join(', ')} s)`,
  );
  if (last) {
    const bySurface = new Map<string, number>();
    for (const check of last.checks) bySurface.set(check.surface, (bySurface.get(check.surface) ?? 0) + check.requests);
    console.log(
      `requests spent: ${last.summary.requests} (${[...bySurface].map(([s, n]) => `${s} ${n}`).join(', ')}); checks ${last.summary.checks}; unplanned 429s ${last.summary.unplanned429}`,
    );
  }

  if (!values['skip-live-estimate']) {
    // The run is bound by the budget, so its duration scales with the window: a tenth of a minute, times ten.
    const { ms, report } = await conformance(['--mock-window-ms', '6000']);
    console.log(
      `at 60 requests per minute (measured with a 6 s window, scaled by 10): ${((ms * 10) / 60_000).toFixed(1)} min for ${report.summary.requests} requests`,
    );
  }

  const mock = await startMockProcess(['--unmetered']);
  const { env } = mock;
  try {
    for (const concurrency of [1, 16]) {
      const r = await throughput(env, Number(values.seconds), concurrency);
      console.log(
        `mock throughput, GET /contacts/index.json?limit=50 over HTTPS, rate limit off, ${concurrency} connection(s): ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, non-200 ${r.errors}`,
      );
    }
  } finally {
    await mock.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
