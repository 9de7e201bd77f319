/**
 * What the recording proxy (`observe --proxy`) adds to each request's latency. Figures only: nothing here
 * is asserted in tests.
 *
 * The mock runs in its own process with the rate limit off; the proxy runs as a user runs it, `observe
 * --proxy` in its own process, judging every exchange. This process sends --requests sequential GETs of
 * one list, alternating directly to the mock and through the proxy (one connection each, kept alive), so
 * a noisy machine slows both alike. Warm-up requests are not counted. Prints p50 and p99 of both and
 * what the proxy adds.
 *
 * Usage: npm run bench:proxy -- [--requests N] [--warmup N]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { startMockProcess } from '../mock/child-process.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const PATH = '/contacts/index.json?limit=50';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '500' }, warmup: { type: 'string', default: '50' } } });
const requests = Number(values.requests);
const warmup = Number(values.warmup);

/** Starts `observe --proxy` in front of the mock; resolves with its variables once it printed `ready`. */
async function startProxy(mockEnv: Readonly<Record<string, string>>, reports: string) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
  const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['cli/observe.ts', '--proxy', '--reports', reports], {
    cwd: ROOT,
    env: { ...clean, ...mockEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const env: Record<string, string> = {};
  const lines = createInterface({ input: child.stdout });
  const tail: string[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  lines.on('line', (line) => {
    if (line === 'ready') ready();
    const m = /^export (\w+)='(.*)'$/.exec(line);
    if (m) env[m[1] as string] = m[2] as string;
    else tail.push(line);
  });
  await Promise.race([isReady, exited.then(() => Promise.reject(new Error('observe --proxy exited before it was ready')))]);
  return {
    env,
    stop: async () => {
      child.kill('SIGTERM');
      return { code: await exited, output: tail };
    },
  };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

async function main(): Promise<void> {
  const mock = await startMockProcess(['--unmetered']);
  const reports = mkdtempSync(join(tmpdir(), 'cc-bench-proxy-'));
  const proxy = await startProxy(mock.env, reports);
  const auth = `Basic ${Buffer.from(`${mock.env.CC_KEY_ID}:${mock.env.CC_KEY_SECRET}`).toString('base64')}`;
  const headers = { authorization: auth, accept: 'application/json' };
  const direct = new Agent({ connect: { ca: readFileSync(mock.env.CC_CA_FILE as string, 'utf8') }, connections: 1 });
  const proxied = new Agent({ connect: { ca: readFileSync(proxy.env.CC_CA_FILE as string, 'utf8') }, connections: 1 });
  const ways = [
    { name: 'direct', base: mock.env.CC_BASE_URL as string, agent: direct, ms: [] as number[] },
    { name: 'proxy', base: proxy.env.CC_BASE_URL as string, agent: proxied, ms: [] as number[] },
  ];
  let errors = 0;
  try {
    for (let i = 0; i < warmup + requests; i += 1) {
      for (const way of ways) {
        const t0 = performance.now();
        const res = await request(`${way.base}${PATH}`, { dispatcher: way.agent, headers });
        await res.body.arrayBuffer();
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) errors += 1;
        if (i >= warmup) way.ms.push(ms);
      }
    }
  } finally {
    await direct.close();
    await proxied.close();
  }
  const stopped = await proxy.stop();
  await mock.stop();
  rmSync(reports, { recursive: true, force: true });
  const [plain, through] = ways.map((way) => {
    const sorted = [...way.ms].sort((a, b) => a - b);
    return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
  }) as [{ p50: number; p99: number }, { p50: number; p99: number }];
  const f = (ms: number) => `${ms.toFixed(2)} ms`;
  const observed = stopped.output.find((line) => line.startsWith('Observed ')) ?? '(no traffic headline)';
  process.stdout.write(
    [
      `proxy latency, GET ${PATH} over HTTPS, ${requests} sequential requests each way (after ${warmup} warm-up), alternating; non-200: ${errors}`,
      `  direct to the mock:      p50 ${f(plain.p50)}, p99 ${f(plain.p99)}`,
      `  through observe --proxy: p50 ${f(through.p50)}, p99 ${f(through.p99)}`,
      `  added by the proxy:      p50 ${f(through.p50 - plain.p50)}, p99 ${f(through.p99 - plain.p99)}`,
      `  the proxy judged: ${observed}; it exited ${stopped.code}`,
    ].join('\n') + '\n',
  );
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(2);
});
