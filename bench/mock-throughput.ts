/**
 * The mock's throughput beside a plain Fastify server sending the same bytes, so the load tools and
 * not the mock stay the bottleneck of a load run. Figures only: nothing here is asserted in tests.
 *
 * One set measures, each server in its own child process (the server and autocannon, in this process,
 * each get a core), at 16 connections for --seconds each:
 *  (a) plain Fastify over HTTPS (the same kind of self-signed certificate, no front door) answering the
 *      exact bytes and content-type the mock sends for the request;
 *  (b) the mock with the rate limit off (--unmetered);
 *  (c) the mock with the rate limit on (the spec's 60 per minute: nearly every answer is a 429).
 * Targets: (c) at least 90% of (a), (b) at least 60% of (a). The set repeats --runs times and the
 * medians are printed, since a shared machine is noisy.
 *
 * Latencies come from autocannon in whole milliseconds.
 *
 * Usage: npm run bench:mock -- [--seconds N] [--runs N] [--connections N]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';

const ROOT = new URL('..', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SELF = join(ROOT, 'bench/mock-throughput.ts');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
const PATH = '/contacts/index.json?limit=50';

/** The part of autocannon's Node API used here (the package ships no types). */
interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly duration: number;
  readonly '2xx': number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  pipelining?: number;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Served {
  readonly child: ChildProcess;
  /** The request's full URL on this server. */
  readonly url: string;
}

/** Servers still running, stopped if the bench is interrupted. */
const live = new Set<ChildProcess>();
process.once('SIGINT', () => {
  for (const child of live) child.kill('SIGINT');
  process.exit(130);
});

function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** Starts the mock alone (`npm run mock`) and reads the variables it prints. */
async function startMockChild(args: string[]): Promise<Served & { env: Record<string, string> }> {
  const child = track(spawn(TSX, ['cli/mock.ts', ...args], { cwd: ROOT, env: cleanEnv, stdio: ['ignore', 'pipe', 'inherit'] }));
  const env: Record<string, string> = {};
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    if (line === 'ready') break;
    const m = /^export (\w+)='(.*)'$/.exec(line);
    if (m) env[m[1] as string] = (m[2] as string).replace(/'\\''/g, "'");
  }
  if (!env.CC_BASE_URL) throw new Error('the mock printed no CC_BASE_URL');
  return { child, url: `${env.CC_BASE_URL}${PATH}`, env };
}

/** Starts the plain Fastify server of this file in a child; it prints its port. */
async function startPlainChild(bodyFile: string): Promise<Served> {
  const child = track(spawn(TSX, [SELF, '--serve-plain', bodyFile], { cwd: ROOT, env: cleanEnv, stdio: ['ignore', 'pipe', 'inherit'] }));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const m = /^port (\d+)$/.exec(line);
    if (m) return { child, url: `https://127.0.0.1:${m[1]}/api${PATH}` };
  }
  throw new Error('the plain server exited before printing its port');
}

/**
 * The child side: plain Fastify over HTTPS answering every request with the captured bytes. They are
 * sent as a string, as Fastify sends any serialised JSON and as the mock sends them (a Buffer would
 * leave the headers and the body in two writes, which is slower, so the reference would be easier).
 */
async function servePlain(bodyFile: string): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { selfSignedCertificate } = await import('../mock/tls.js');
  const captured = JSON.parse(readFileSync(bodyFile, 'utf8')) as { contentType: string; body: string };
  const body = Buffer.from(captured.body, 'base64').toString('utf8');
  const tls = await selfSignedCertificate();
  const app = Fastify({ logger: false, https: { key: tls.key, cert: tls.cert } });
  app.get('/api/contacts/index.json', (_req, reply) => reply.code(200).header('content-type', captured.contentType).send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`port ${typeof address === 'object' && address ? address.port : 0}\n`);
  const close = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** One GET of the request, with the CA the server at `url` uses. */
async function fetchOnce(url: string, auth: string, ca?: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  const agent = new Agent({ connect: ca === undefined ? { rejectUnauthorized: false } : { ca } });
  try {
    const res = await request(url, { dispatcher: agent, headers: { authorization: auth, accept: 'application/json' } });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, contentType: String(res.headers['content-type']), body };
  } finally {
    await agent.close();
  }
}

async function measure(url: string, auth: string, seconds: number, connections: number): Promise<Figures> {
  const headers = { authorization: auth, accept: 'application/json' };
  // A short warm-up lets the JIT settle before the measured seconds.
  await autocannon({ url, connections, duration: 1, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const KINDS = ['plain', 'off', 'on'] as const;
type Kind = (typeof KINDS)[number];
const LABEL: Readonly<Record<Kind, string>> = {
  plain: 'plain Fastify, same bytes',
  off: 'mock, rate limit off',
  on: 'mock, rate limit on',
};

function line(label: string, f: Figures): string {
  return `  ${label.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(0).padStart(3)} ms   p99 ${f.p99.toFixed(0).padStart(3)} ms   non-2xx ${f.non2xx.toFixed(0).padStart(7)}   errors ${f.errors.toFixed(0)}`;
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      runs: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      'serve-plain': { type: 'string' },
    },
    strict: true,
  });
  if (values['serve-plain'] !== undefined) return servePlain(values['serve-plain']);
  const seconds = Number(values.seconds);
  const runs = Number(values.runs);
  const connections = Number(values.connections);
  if (!(seconds > 0) || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(connections) || connections < 1) {
    throw new Error('--seconds, --runs and --connections must be positive numbers');
  }

  // The exact bytes the mock sends for the request, captured once from a fresh unmetered mock.
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-mock-'));
  const bodyFile = join(dir, 'body.json');
  let auth = '';
  let mockAnswer: { contentType: string; body: Buffer } | undefined;
  {
    const probe = await startMockChild(['--unmetered']);
    try {
      auth = `Basic ${Buffer.from(`${probe.env.CC_KEY_ID}:${probe.env.CC_KEY_SECRET}`).toString('base64')}`;
      const res = await fetchOnce(probe.url, auth, readFileSync(probe.env.CC_CA_FILE as string, 'utf8'));
      if (res.status !== 200) throw new Error(`the mock answered ${res.status} to GET ${PATH}`);
      writeFileSync(bodyFile, JSON.stringify({ contentType: res.contentType, body: res.body.toString('base64') }));
      console.log(`GET ${PATH} on the core host: ${res.body.length} bytes of ${res.contentType}`);
      mockAnswer = res;
    } finally {
      await stop(probe.child);
    }
  }

  console.log(`${connections} connections, ${seconds} s each (after a 1 s warm-up), ${runs} run(s); load average before: ${load()}`);
  const results: Record<Kind, Figures[]> = { plain: [], off: [], on: [] };
  try {
    for (let run = 1; run <= runs; run++) {
      console.log(`run ${run} (load average ${load()})`);
      // Each run starts with another server, so a machine growing busier or quieter favours none.
      for (const kind of [...KINDS.slice((run - 1) % KINDS.length), ...KINDS.slice(0, (run - 1) % KINDS.length)]) {
        const served = kind === 'plain' ? await startPlainChild(bodyFile) : await startMockChild(kind === 'off' ? ['--unmetered'] : []);
        try {
          if (kind === 'plain' && run === 1) {
            const plain = await fetchOnce(served.url, auth);
            if (plain.contentType !== mockAnswer?.contentType || !plain.body.equals(mockAnswer.body)) throw new Error('the plain server does not answer the bytes the mock sends');
          }
          const figures = await measure(served.url, auth, seconds, connections);
          results[kind].push(figures);
          console.log(line(LABEL[kind], figures));
        } finally {
          await stop(served.child);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const med = {} as Record<Kind, Figures>;
  for (const kind of KINDS) {
    const all = results[kind];
    med[kind] = {
      rps: median(all.map((f) => f.rps)),
      p50: median(all.map((f) => f.p50)),
      p99: median(all.map((f) => f.p99)),
      non2xx: median(all.map((f) => f.non2xx)),
      errors: median(all.map((f) => f.errors)),
    };
  }
  console.log(`medians over ${runs} run(s) (load average after: ${load()}):`);
  for (const kind of KINDS) console.log(line(LABEL[kind], med[kind]));
  const ratio = (kind: Kind, target: number) => {
    const r = med.plain.rps > 0 ? med[kind].rps / med.plain.rps : 0;
    return `${r.toFixed(2)} (target ≥ ${target.toFixed(2)}) ${r >= target ? 'PASS' : 'MISS'}`;
  };
  console.log(`  rate limit on / plain:  ${ratio('on', 0.9)}`);
  console.log(`  rate limit off / plain: ${ratio('off', 0.6)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
