/**
 * Figures of the Node load runner, measured and printed (never asserted):
 *  a. the highest rate it sustains against the mock (its own process, rate limit off) on
 *     GET /contacts/index.json?limit=50 of the core host: the rate steps up until missed sends,
 *     errors or the p99 of the scheduling lag explode;
 *  b. scheduling precision at 1 and at 1,000 requests per second: lag of the actual send behind the
 *     intended one, p50 and p99;
 *  c. side by side on the same endpoint and the same mock process, one run of each at 1,000 per second
 *     for the same seconds: the Node runner and, when installed, k6 (both open model), with each one's
 *     latency p50 and p99 (corrected and uncorrected), the ratio of their p99s, and the CPU time per
 *     request of each engine and of the mock (the machine's cores are shared by all three); then
 *     autocannon (closed model, 16 connections).
 * Usage: npm run bench:load -- [--seconds N] [--precision-seconds N] [--rates R,R,...] [--side-seconds N] [--only-side] [--skip-autocannon] [--skip-k6]
 */
import { spawn } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMockProcess } from '../mock/child-process.ts';
import { targetFromSettings } from '../lib/config/load.ts';
import type { Target } from '../lib/config/target.ts';
import { Redactor } from '../lib/http/redact.ts';
import { runLoad } from '../load/node/run.ts';
import type { LoadEndpoint, LoadScenario } from '../load/shared/scenario-model.ts';
import { correctedLatencyMs, outcomeOf, uncorrectedLatencyMs } from '../load/shared/records.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const K6 = join(ROOT, '.tools/bin/k6');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
const ENDPOINT: LoadEndpoint = { method: 'GET', path: '/contacts/index.json', query: { limit: '50' } };
const ENDPOINT_TEXT = 'GET /contacts/index.json?limit=50';
/** The runner's rates are per window; a one-second window makes them per second. */
const WINDOW_MS = 1000;
/** A step "explodes" past these: the runner no longer sends what the schedule says, when it says. */
const MISSED_SHARE_LIMIT = 0.01;
const ERROR_SHARE_LIMIT = 0.01;
const LAG_P99_LIMIT_MS = 50;

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function ms(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : '-';
}

function steady(rate: number, seconds: number): LoadScenario {
  return {
    name: `steady-${rate}`,
    description: `${rate} requests per second for ${seconds} s`,
    streams: [{ name: 'core', surface: 'core', key: 'primary', endpoint: ENDPOINT, perWindow: rate, startWindow: 0, windows: seconds }],
    limited: [],
  };
}

interface StepFigures {
  readonly rate: number;
  readonly planned: number;
  readonly sent: number;
  readonly missed: number;
  readonly errors: number;
  readonly answeredPerSecond: number;
  readonly maxInFlight: number;
  readonly lag: { p50: number; p99: number; max: number };
  readonly corrected: { p50: number; p99: number };
  readonly uncorrected: { p50: number; p99: number };
  /** CPU ms of this process (the runner, in-process) over the run, user and system, every thread. */
  readonly cpuMs: number;
  /** CPU ms of the mock's processes over the run; NaN where /proc cannot be read. */
  readonly mockCpuMs: number;
  /** Connections the runner opened (TLS handshakes), from undici's diagnostics channel. */
  readonly connectionsOpened: number;
}

async function step(target: Target, rate: number, seconds: number, mockPid?: number): Promise<StepFigures> {
  const scenario = steady(rate, seconds);
  let maxInFlight = 0;
  let connectionsOpened = 0;
  const countConnection = () => connectionsOpened++;
  subscribe(CONNECTED_CHANNEL, countConnection);
  const mockBefore = treeCpuMs(mockPid);
  const cpuBefore = process.cpuUsage();
  const result = await runLoad({
    scenario,
    target,
    windowMs: WINDOW_MS,
    // Past the schedule, two seconds for the last answers: a target that fell behind shows as missed and cancelled.
    maxDurationMs: seconds * 1000 + 2000,
    onProgress: (p) => (maxInFlight = Math.max(maxInFlight, p.inFlight)),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const mockCpuMs = treeCpuMs(mockPid) - mockBefore;
  unsubscribe(CONNECTED_CHANNEL, countConnection);
  const lag = result.records.map((r) => r.startedMs - r.intendedMs).sort((a, b) => a - b);
  const answered = result.records.filter((r) => r.status !== 0);
  const corrected = answered.map(correctedLatencyMs).sort((a, b) => a - b);
  const uncorrected = answered.map(uncorrectedLatencyMs).sort((a, b) => a - b);
  return {
    rate,
    planned: rate * seconds,
    sent: result.records.length,
    missed: result.missed,
    errors: result.records.filter((r) => outcomeOf(r) === 'error').length,
    answeredPerSecond: answered.length / (result.durationMs / 1000),
    maxInFlight,
    lag: { p50: percentile(lag, 0.5), p99: percentile(lag, 0.99), max: lag.at(-1) ?? Number.NaN },
    corrected: { p50: percentile(corrected, 0.5), p99: percentile(corrected, 0.99) },
    uncorrected: { p50: percentile(uncorrected, 0.5), p99: percentile(uncorrected, 0.99) },
    cpuMs: (cpu.user + cpu.system) / 1000,
    mockCpuMs,
    connectionsOpened,
  };
}

/** Published by undici once per connection it opened (after the TLS handshake). */
const CONNECTED_CHANNEL = 'undici:client:connected';

/** USER_HZ, 100 on every Linux build Node runs on. */
const CLOCK_TICKS = 100;

/**
 * CPU ms (user and system) used so far by a process and every process under it, from /proc on Linux; NaN
 * elsewhere. The mock is tsx's launcher with the server in a child process, so its whole tree is counted.
 */
function treeCpuMs(rootPid: number | undefined): number {
  if (rootPid === undefined) return Number.NaN;
  try {
    const stats = new Map<number, { parent: number; ticks: number }>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Fields after the command name, which is in parentheses and may hold spaces: ppid is the 2nd, utime and stime the 12th and 13th.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
      } catch {
        // The process ended between the listing and the read.
      }
    }
    const inTree = new Set([rootPid]);
    let ticks = 0;
    // Parents have lower pids except after a wrap; repeating until nothing joins covers that too.
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, stat] of stats) {
        if (inTree.has(pid) || !inTree.has(stat.parent)) continue;
        inTree.add(pid);
        grew = true;
      }
    }
    for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
    return stats.has(rootPid) ? (ticks * 1000) / CLOCK_TICKS : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function exploded(f: StepFigures): boolean {
  return f.missed > f.planned * MISSED_SHARE_LIMIT || f.errors > f.sent * ERROR_SHARE_LIMIT || !(f.lag.p99 <= LAG_P99_LIMIT_MS);
}

function describeStep(f: StepFigures): string {
  return (
    `  ${String(f.rate).padStart(5)}/s offered: sent ${f.sent} of ${f.planned}, missed ${f.missed}, errors ${f.errors}, answered ${f.answeredPerSecond.toFixed(0)}/s, ` +
    `in flight up to ${f.maxInFlight} (sampled every 250 ms), connections opened ${f.connectionsOpened}; send lag p50 ${ms(f.lag.p50)} p99 ${ms(f.lag.p99)}; latency corrected p50 ${ms(f.corrected.p50)} p99 ${ms(f.corrected.p99)}, ` +
    `uncorrected p50 ${ms(f.uncorrected.p50)} p99 ${ms(f.uncorrected.p99)}${exploded(f) ? '  <- exploded' : ''}`
  );
}

interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function autocannonFigures(env: Record<string, string>, seconds: number): Promise<string> {
  // autocannon ships no types; its Node API is called as documented and its result typed here.
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const r = await autocannon({
    url: `${env.CC_BASE_URL}/contacts/index.json?limit=50`,
    connections: 16,
    duration: seconds,
    headers: { authorization: basic(env), accept: 'application/json' },
    tlsOptions: { ca: readFileSync(env.CC_CA_FILE as string, 'utf8') },
  });
  return `autocannon, 16 connections, closed model, ${seconds} s: ${r.requests.average.toFixed(0)} req/s (${r.requests.total} requests), latency p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`;
}

function basic(env: Record<string, string>): string {
  return `Basic ${Buffer.from(`${env.CC_KEY_ID}:${env.CC_KEY_SECRET}`).toString('base64')}`;
}

const K6_SCRIPT = `
import http from 'k6/http';
import encoding from 'k6/encoding';
export const options = {
  scenarios: { open: { executor: 'constant-arrival-rate', rate: Number(__ENV.BENCH_RATE), timeUnit: '1s', duration: __ENV.BENCH_SECONDS + 's', preAllocatedVUs: 100, maxVUs: 400 } },
  summaryTrendStats: ['med', 'p(99)', 'max', 'count'],
  discardResponseBodies: true,
};
const auth = 'Basic ' + encoding.b64encode(__ENV.CC_KEY_ID + ':' + __ENV.CC_KEY_SECRET);
export default function () {
  http.get(__ENV.BENCH_URL, { headers: { Authorization: auth, Accept: 'application/json' } });
}
export function handleSummary(data) {
  return { [__ENV.BENCH_SUMMARY]: JSON.stringify(data) };
}
`;

interface K6Metric {
  readonly values: Readonly<Record<string, number>>;
}

const TIME = '/usr/bin/time';

interface K6Figures {
  readonly requests: number;
  readonly dropped: number;
  readonly failedShare: number;
  /** http_req_duration: from the request's first byte out to the answer's last byte in (no wait for a connection, no handshake). */
  readonly exchange: { p50: number; p99: number };
  /** iteration_duration: from when constant-arrival-rate started the iteration, its due time when a VU was free (drops are counted apart). */
  readonly iteration: { p50: number; p99: number };
  /** k6's CPU ms (user and system, start-up included) from GNU time's wait4 figures; NaN without /usr/bin/time. */
  readonly cpuMs: number;
  readonly mockCpuMs: number;
}

async function k6Figures(env: Record<string, string>, rate: number, seconds: number, mockPid: number | undefined): Promise<K6Figures | string> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-k6-'));
  try {
    const script = join(dir, 'bench.js');
    const summary = join(dir, 'summary.json');
    const times = join(dir, 'cpu.txt');
    writeFileSync(script, K6_SCRIPT);
    // Key pairs go through the environment only, never the command line.
    const childEnv = {
      ...cleanEnv,
      SSL_CERT_FILE: env.CC_CA_FILE as string,
      CC_KEY_ID: env.CC_KEY_ID as string,
      CC_KEY_SECRET: env.CC_KEY_SECRET as string,
      BENCH_URL: `${env.CC_BASE_URL}/contacts/index.json?limit=50`,
      BENCH_RATE: String(rate),
      BENCH_SECONDS: String(seconds),
      BENCH_SUMMARY: summary,
      K6_NO_USAGE_REPORT: 'true',
    };
    // GNU time reads k6's CPU from wait4 as k6 exits, all of its threads included, and writes it to a file of its own.
    const timed = existsSync(TIME);
    const [command, args] = timed ? [TIME, ['-f', '%U %S', '-o', times, K6, 'run', '--quiet', script]] : [K6, ['run', '--quiet', script]];
    const mockBefore = treeCpuMs(mockPid);
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(command, args, { cwd: dir, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (c) => {
        if (c !== 0)
          process.stderr.write(new Redactor({ keys: { primary: { id: env.CC_KEY_ID as string, secret: env.CC_KEY_SECRET as string } } }).text(stderr));
        resolve(c);
      });
    });
    const mockCpuMs = treeCpuMs(mockPid) - mockBefore;
    if (!existsSync(summary)) return `k6 exited ${code} without a summary`;
    const metrics = (JSON.parse(readFileSync(summary, 'utf8')) as { metrics: Record<string, K6Metric | undefined> }).metrics;
    const duration = metrics.http_req_duration?.values ?? {};
    const iteration = metrics.iteration_duration?.values ?? {};
    const [user, system] = timed && existsSync(times) ? readFileSync(times, 'utf8').trim().split(/\s+/).slice(-2).map(Number) : [];
    return {
      requests: metrics.http_reqs?.values.count ?? 0,
      dropped: metrics.dropped_iterations?.values.count ?? 0,
      failedShare: metrics.http_req_failed?.values.rate ?? 0,
      exchange: { p50: duration.med ?? Number.NaN, p99: duration['p(99)'] ?? Number.NaN },
      iteration: { p50: iteration.med ?? Number.NaN, p99: iteration['p(99)'] ?? Number.NaN },
      cpuMs: user !== undefined && system !== undefined ? (user + system) * 1000 : Number.NaN,
      mockCpuMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function perRequest(cpuMs: number, requests: number): string {
  return Number.isFinite(cpuMs) && requests > 0 ? `${((cpuMs * 1000) / requests).toFixed(0)} µs` : '-';
}

function ratio(a: number, b: number): string {
  return Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : '-';
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      'precision-seconds': { type: 'string', default: '10' },
      rates: { type: 'string', default: '250,500,1000,1500,2000,3000,4000,6000,8000' },
      'side-seconds': { type: 'string', default: '10' },
      'only-side': { type: 'boolean', default: false },
      'skip-autocannon': { type: 'boolean', default: false },
      'skip-k6': { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const precisionSeconds = Number(values['precision-seconds']);
  const sideSeconds = Number(values['side-seconds']);
  const rates = values.rates.split(',').map(Number);
  if (!(seconds >= 1) || !(precisionSeconds >= 1) || !(sideSeconds >= 1) || rates.some((r) => !(r > 0)))
    throw new Error('--seconds, --precision-seconds, --side-seconds and --rates take positive numbers');

  const mock = await startMockProcess(['--unmetered', '--rate-window-ms', String(WINDOW_MS)]);
  const { env } = mock;
  const mockPid = mock.child.pid;
  try {
    const target = targetFromSettings({ ...env }, ROOT);
    console.log(`Node load runner against the mock (own process, rate limit off), ${ENDPOINT_TEXT} on the core host, HTTPS`);
    // Opens connections and warms the JIT on both sides (the mock's first thousand answers are slow),
    // so the first step is not measuring start-up.
    await step(target, 200, 1);
    await step(target, 1000, 2);
    if (!values['only-side']) await stepsAndPrecision(target, seconds, precisionSeconds, rates);
    await sideBySide(env, target, sideSeconds, mockPid, { autocannon: !values['skip-autocannon'], k6: !values['skip-k6'] });
  } finally {
    await mock.stop();
  }
}

async function stepsAndPrecision(target: Target, seconds: number, precisionSeconds: number, rates: readonly number[]): Promise<void> {
  console.log(
    `a. sustained rate: each step ${seconds} s; a step explodes when over ${MISSED_SHARE_LIMIT * 100} % of sends are missed, over ${ERROR_SHARE_LIMIT * 100} % fail, or the send lag p99 is over ${LAG_P99_LIMIT_MS} ms`,
  );
  let sustained: StepFigures | undefined;
  let explodedInARow = 0;
  for (const rate of rates) {
    const f = await step(target, rate, seconds);
    console.log(describeStep(f));
    // One stalled step can be the machine's doing (other processes); two in a row is the runner's ceiling.
    explodedInARow = exploded(f) ? explodedInARow + 1 : 0;
    if (explodedInARow >= 2) break;
    if (!exploded(f)) sustained = f;
  }
  console.log(sustained ? `   highest rate sustained: ${sustained.rate}/s (answered ${sustained.answeredPerSecond.toFixed(0)}/s)` : '   no step was sustained');

  console.log('b. scheduling precision (lag of the actual send behind the intended one)');
  const slow = await step(target, 1, precisionSeconds);
  console.log(`   at 1/s for ${precisionSeconds} s (${slow.sent} sends): p50 ${ms(slow.lag.p50)}, p99 ${ms(slow.lag.p99)}, max ${ms(slow.lag.max)}`);
  const fast = await step(target, 1000, seconds);
  console.log(
    `   at 1000/s for ${seconds} s (${fast.sent} sends): p50 ${ms(fast.lag.p50)}, p99 ${ms(fast.lag.p99)}, max ${ms(fast.lag.max)}; missed ${fast.missed}`,
  );
}

const SIDE_RATE = 1000;

async function sideBySide(
  env: Record<string, string>,
  target: Target,
  seconds: number,
  mockPid: number | undefined,
  run: { readonly autocannon: boolean; readonly k6: boolean },
): Promise<void> {
  console.log(
    `c. side by side: one run of each engine at ${SIDE_RATE}/s for ${seconds} s, open model, against the same mock process; CPU per request of the ` +
      `Node runner from process.cpuUsage() around its run (in-process, every thread), of k6 from GNU time (its whole process, start-up included), ` +
      `of the mock from /proc (its process tree) over each engine's run`,
  );
  const node = await step(target, SIDE_RATE, seconds, mockPid);
  console.log(
    `   Node runner: ${node.sent} sent of ${node.planned}, missed ${node.missed}, errors ${node.errors}; latency corrected (from the due time) p50 ${ms(node.corrected.p50)} p99 ${ms(node.corrected.p99)}, ` +
      `uncorrected (from the send) p50 ${ms(node.uncorrected.p50)} p99 ${ms(node.uncorrected.p99)}; send lag p99 ${ms(node.lag.p99)}; ` +
      `connections opened ${node.connectionsOpened}; CPU ${perRequest(node.cpuMs, node.sent)} per request, the mock's ${perRequest(node.mockCpuMs, node.sent)}`,
  );
  if (!run.k6) console.log('   k6 skipped');
  else if (!existsSync(K6)) console.log('   k6 not installed (npm run k6:install)');
  else {
    const k6 = await k6Figures(env, SIDE_RATE, seconds, mockPid);
    if (typeof k6 === 'string') console.log(`   ${k6}`);
    else {
      console.log(
        `   k6:          ${k6.requests} sent, dropped ${k6.dropped}, failed ${(k6.failedShare * 100).toFixed(2)} %; latency iteration (from the due time) p50 ${ms(k6.iteration.p50)} p99 ${ms(k6.iteration.p99)}, ` +
          `http_req_duration (the exchange, no handshake) p50 ${ms(k6.exchange.p50)} p99 ${ms(k6.exchange.p99)}; ` +
          `CPU ${perRequest(k6.cpuMs, k6.requests)} per request, the mock's ${perRequest(k6.mockCpuMs, k6.requests)}`,
      );
      console.log(
        `   ratio Node p99 / k6 p99: corrected / http_req_duration ${ratio(node.corrected.p99, k6.exchange.p99)}, ` +
          `corrected / iteration ${ratio(node.corrected.p99, k6.iteration.p99)}, uncorrected / http_req_duration ${ratio(node.uncorrected.p99, k6.exchange.p99)}`,
      );
    }
  }
  if (run.autocannon) console.log(`   ${await autocannonFigures(env, seconds)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
