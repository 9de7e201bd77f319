/**
 * The mock's throughput beside a plain Fastify server sending the same bytes, so the load tools and
 * not the mock stay the bottleneck of a load run. Figures only: nothing here is asserted in tests.
 *
 * One run measures, each server in its own child process (the server and autocannon, in this process,
 * each get a core), at 16 connections for --seconds each (10 by default):
 *  (a) plain Fastify over HTTPS (the same kind of self-signed certificate, no front door) answering the
 *      exact bytes and content-type the mock sends for the request;
 *  (b) the mock with the rate limit off (--unmetered);
 *  (c) the mock with the rate limit on (the spec's 60 per minute: nearly every answer is a 429).
 * Targets: (c) at least 90% of (a), (b) at least 60% of (a).
 *
 * A shared machine is noisy: its load changes within seconds. So the three servers run side by side
 * and take turns in slices of at most 2 s, each slice a fresh autocannon run, until each has had its
 * seconds; only one is loaded at a time. A run's ratios therefore compare the same stretch of time.
 * Runs repeat --runs times (3 by default; fresh servers each) and the medians are printed: per
 * server, and of the per-run ratios. Each server's CPU time per request is printed too (Linux): it
 * barely moves with the machine's load, so it tells which server costs more even on a busy machine,
 * and its share of a core tells whether that server was the bottleneck.
 *
 * Usage: npm run bench:mock -- [--seconds N] [--runs N] [--connections N]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';

const ROOT = new URL('..', import.meta.url).pathname;
/** Servers run as `node --import tsx`, one process each, so their CPU time can be read. */
const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;
const SELF = join(ROOT, 'bench/mock-throughput.ts');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
const PATH = '/contacts/index.json?limit=50';

/** The part of autocannon's Node API used here (the package ships no types). */
interface AutocannonResult {
  readonly requests: { readonly total: number };
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Seconds. */
  readonly duration: number;
}
interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers: Record<string, string> }) => AutocannonRun;
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
  const child = track(spawn(NODE_TSX[0], [...NODE_TSX.slice(1), 'cli/mock.ts', ...args], { cwd: ROOT, env: cleanEnv, stdio: ['ignore', 'pipe', 'inherit'] }));
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
  const child = track(
    spawn(NODE_TSX[0], [...NODE_TSX.slice(1), SELF, '--serve-plain', bodyFile], { cwd: ROOT, env: cleanEnv, stdio: ['ignore', 'pipe', 'inherit'] }),
  );
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
  const { selfSignedCertificate } = await import('../mock/tls.ts');
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
  /** Milliseconds. */
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  /** The server's CPU time per request in µs, and the share of one core it used while loaded. */
  readonly cpuPerRequest: number;
  readonly cpuShare: number;
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

/**
 * CPU seconds a process has used (user and system), from /proc on Linux; undefined elsewhere. Unlike
 * requests per second it hardly depends on how busy the machine is, so it shows which server costs
 * more per request even when other work takes turns on the cores.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ, 100 on every Linux build Node runs on. */
const CLOCK_TICKS = 100;

/** What the slices of one server add up to in a run. */
class Tally {
  requests = 0;
  seconds = 0;
  non2xx = 0;
  errors = 0;
  /** The server's CPU seconds over the slices; NaN when they cannot be read. */
  cpu = 0;
  /** Every response time, in ms (autocannon's own histogram keeps whole milliseconds only). */
  readonly latencies: number[] = [];

  figures(): Figures {
    const sorted = Float64Array.from(this.latencies).sort();
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      rps: this.requests / this.seconds,
      p50: at(0.5),
      p99: at(0.99),
      non2xx: this.non2xx,
      errors: this.errors,
      cpuPerRequest: (this.cpu / this.requests) * 1e6,
      cpuShare: this.cpu / this.seconds,
    };
  }
}

async function slice(served: Served, auth: string, seconds: number, connections: number, tally?: Tally): Promise<void> {
  const cpuBefore = cpuSeconds(served.child.pid);
  const run = autocannon({ url: served.url, connections, duration: seconds, headers: { authorization: auth, accept: 'application/json' } });
  if (tally) run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => tally.latencies.push(ms));
  const r = await run;
  if (!tally) return;
  const cpuAfter = cpuSeconds(served.child.pid);
  tally.cpu += cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : cpuAfter - cpuBefore;
  tally.requests += r.requests.total;
  tally.seconds += r.duration;
  tally.non2xx += r.non2xx;
  tally.errors += r.errors + r.timeouts;
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
  const cpu = Number.isNaN(f.cpuPerRequest)
    ? ''
    : `   server cpu ${f.cpuPerRequest.toFixed(1).padStart(5)} µs/req (${(f.cpuShare * 100).toFixed(0).padStart(3)}% of a core)`;
  return `  ${label.padEnd(26)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(2).padStart(5)} ms   p99 ${f.p99.toFixed(2).padStart(6)} ms   non-2xx ${f.non2xx.toFixed(0).padStart(6)}   errors ${f.errors.toFixed(0)}${cpu}`;
}

const TARGET: Readonly<Record<'on' | 'off', number>> = { on: 0.9, off: 0.6 };

function verdict(kind: 'on' | 'off', ratio: number): string {
  return `${ratio.toFixed(2)} (target ≥ ${TARGET[kind].toFixed(2)}) ${ratio >= TARGET[kind] ? 'PASS' : 'MISS'}`;
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

  const sliceSeconds = Math.min(2, seconds);
  const slices = Math.max(1, Math.round(seconds / sliceSeconds));
  console.log(
    `${connections} connections, ${slices * sliceSeconds} s per server in ${slices} slice(s) of ${sliceSeconds} s taking turns, after a 1 s warm-up each; ${runs} run(s); ${cpus().length} cores, load average before: ${load()}`,
  );
  const results: Record<Kind, Figures[]> = { plain: [], off: [], on: [] };
  const ratios: Record<'on' | 'off', number[]> = { on: [], off: [] };
  try {
    for (let run = 1; run <= runs; run++) {
      const served = {} as Record<Kind, Served>;
      try {
        served.plain = await startPlainChild(bodyFile);
        served.off = await startMockChild(['--unmetered']);
        served.on = await startMockChild([]);
        if (run === 1) {
          const plain = await fetchOnce(served.plain.url, auth);
          if (plain.contentType !== mockAnswer?.contentType || !plain.body.equals(mockAnswer.body))
            throw new Error('the plain server does not answer the bytes the mock sends');
        }
        // A warm-up lets the JIT settle; for the metered mock it also spends the window's 60 requests.
        for (const kind of KINDS) await slice(served[kind], auth, 1, connections);
        const tallies: Record<Kind, Tally> = { plain: new Tally(), off: new Tally(), on: new Tally() };
        for (let i = 0; i < slices; i++) {
          // Each round starts with another server, so a machine growing busier or quieter favours none.
          const first = (i + run) % KINDS.length;
          for (const kind of [...KINDS.slice(first), ...KINDS.slice(0, first)]) await slice(served[kind], auth, sliceSeconds, connections, tallies[kind]);
        }
        const figures = { plain: tallies.plain.figures(), off: tallies.off.figures(), on: tallies.on.figures() };
        console.log(`run ${run} (load average after: ${load()})`);
        for (const kind of KINDS) {
          results[kind].push(figures[kind]);
          console.log(line(LABEL[kind], figures[kind]));
        }
        for (const kind of ['on', 'off'] as const) ratios[kind].push(figures.plain.rps > 0 ? figures[kind].rps / figures.plain.rps : 0);
        console.log(`  rate limit on / plain ${verdict('on', ratios.on.at(-1) as number)}, off / plain ${verdict('off', ratios.off.at(-1) as number)}`);
      } finally {
        await Promise.all(Object.values(served).map((s) => stop(s.child)));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`medians over ${runs} run(s):`);
  for (const kind of KINDS) {
    const all = results[kind];
    const med: Figures = {
      rps: median(all.map((f) => f.rps)),
      p50: median(all.map((f) => f.p50)),
      p99: median(all.map((f) => f.p99)),
      non2xx: median(all.map((f) => f.non2xx)),
      errors: median(all.map((f) => f.errors)),
      cpuPerRequest: median(all.map((f) => f.cpuPerRequest)),
      cpuShare: median(all.map((f) => f.cpuShare)),
    };
    console.log(line(LABEL[kind], med));
  }
  console.log(`  rate limit on / plain:  ${verdict('on', median(ratios.on))}`);
  console.log(`  rate limit off / plain: ${verdict('off', median(ratios.off))}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
