/**
 * Figures of the Node load runner, measured and printed (never asserted):
 *  a. the highest rate it sustains against the mock (its own process, rate limit off) on
 *     GET /contacts/index.json?limit=50 of the core host: the rate steps up until missed sends,
 *     errors or the p99 of the scheduling lag explode;
 *  b. scheduling precision at 1 and at 1,000 requests per second: lag of the actual send behind the
 *     intended one, p50 and p99;
 *  c. side by side on the same endpoint and mock: autocannon (closed model, 16 connections) and, when
 *     installed, k6 (open model, constant-arrival-rate at 1,000 per second).
 * Usage: npm run bench:load -- [--seconds N] [--precision-seconds N] [--rates R,R,...] [--skip-autocannon] [--skip-k6]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
}

async function step(target: Target, rate: number, seconds: number): Promise<StepFigures> {
  const scenario = steady(rate, seconds);
  let maxInFlight = 0;
  const result = await runLoad({
    scenario,
    target,
    windowMs: WINDOW_MS,
    // Past the schedule, two seconds for the last answers: a target that fell behind shows as missed and cancelled.
    maxDurationMs: seconds * 1000 + 2000,
    onProgress: (p) => (maxInFlight = Math.max(maxInFlight, p.inFlight)),
  });
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
  };
}

function exploded(f: StepFigures): boolean {
  return f.missed > f.planned * MISSED_SHARE_LIMIT || f.errors > f.sent * ERROR_SHARE_LIMIT || !(f.lag.p99 <= LAG_P99_LIMIT_MS);
}

function describeStep(f: StepFigures): string {
  return (
    `  ${String(f.rate).padStart(5)}/s offered: sent ${f.sent} of ${f.planned}, missed ${f.missed}, errors ${f.errors}, answered ${f.answeredPerSecond.toFixed(0)}/s, ` +
    `in flight up to ${f.maxInFlight} (sampled every 250 ms); send lag p50 ${ms(f.lag.p50)} p99 ${ms(f.lag.p99)}; latency corrected p50 ${ms(f.corrected.p50)} p99 ${ms(f.corrected.p99)}, ` +
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

async function k6Figures(env: Record<string, string>, rate: number, seconds: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-k6-'));
  try {
    const script = join(dir, 'bench.js');
    const summary = join(dir, 'summary.json');
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
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(K6, ['run', '--quiet', script], { cwd: dir, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (c) => {
        if (c !== 0)
          process.stderr.write(new Redactor({ keys: { primary: { id: env.CC_KEY_ID as string, secret: env.CC_KEY_SECRET as string } } }).text(stderr));
        resolve(c);
      });
    });
    if (!existsSync(summary)) return `k6 exited ${code} without a summary`;
    const metrics = (JSON.parse(readFileSync(summary, 'utf8')) as { metrics: Record<string, K6Metric | undefined> }).metrics;
    const reqs = metrics.http_reqs?.values ?? {};
    const duration = metrics.http_req_duration?.values ?? {};
    const failed = metrics.http_req_failed?.values ?? {};
    const dropped = metrics.dropped_iterations?.values.count ?? 0;
    return (
      `k6 ${rate}/s constant-arrival-rate, open model, ${seconds} s: ${(reqs.rate ?? 0).toFixed(0)} req/s (${reqs.count ?? 0} requests), dropped iterations ${dropped}, ` +
      `latency p50 ${ms(duration.med ?? Number.NaN)} p99 ${ms(duration['p(99)'] ?? Number.NaN)}, failed ${((failed.rate ?? 0) * 100).toFixed(2)} %`
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '3' },
      'precision-seconds': { type: 'string', default: '10' },
      rates: { type: 'string', default: '250,500,1000,1500,2000,3000,4000,6000,8000' },
      'skip-autocannon': { type: 'boolean', default: false },
      'skip-k6': { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const precisionSeconds = Number(values['precision-seconds']);
  const rates = values.rates.split(',').map(Number);
  if (!(seconds >= 1) || !(precisionSeconds >= 1) || rates.some((r) => !(r > 0)))
    throw new Error('--seconds, --precision-seconds and --rates take positive numbers');

  const mock = await startMockProcess(['--unmetered', '--rate-window-ms', String(WINDOW_MS)]);
  const { env } = mock;
  try {
    const target = targetFromSettings({ ...env }, ROOT);
    console.log(`Node load runner against the mock (own process, rate limit off), ${ENDPOINT_TEXT} on the core host, HTTPS`);
    // Opens connections and warms the JIT on both sides (the mock's first thousand answers are slow),
    // so the first step is not measuring start-up.
    await step(target, 200, 1);
    await step(target, 1000, 2);

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
    console.log(
      sustained ? `   highest rate sustained: ${sustained.rate}/s (answered ${sustained.answeredPerSecond.toFixed(0)}/s)` : '   no step was sustained',
    );

    console.log('b. scheduling precision (lag of the actual send behind the intended one)');
    const slow = await step(target, 1, precisionSeconds);
    console.log(`   at 1/s for ${precisionSeconds} s (${slow.sent} sends): p50 ${ms(slow.lag.p50)}, p99 ${ms(slow.lag.p99)}, max ${ms(slow.lag.max)}`);
    const fast = await step(target, 1000, seconds);
    console.log(
      `   at 1000/s for ${seconds} s (${fast.sent} sends): p50 ${ms(fast.lag.p50)}, p99 ${ms(fast.lag.p99)}, max ${ms(fast.lag.max)}; missed ${fast.missed}`,
    );

    console.log('c. side by side, same mock and endpoint');
    console.log(
      `   Node runner 1000/s, open model, ${seconds} s: answered ${fast.answeredPerSecond.toFixed(0)}/s, missed ${fast.missed}, latency corrected p50 ${ms(fast.corrected.p50)} p99 ${ms(fast.corrected.p99)}, uncorrected p50 ${ms(fast.uncorrected.p50)} p99 ${ms(fast.uncorrected.p99)}`,
    );
    if (!values['skip-autocannon']) console.log(`   ${await autocannonFigures(env, seconds)}`);
    if (values['skip-k6']) console.log('   k6 skipped');
    else if (!existsSync(K6)) console.log('   k6 not installed (npm run k6:install)');
    else console.log(`   ${await k6Figures(env, 1000, seconds)}`);
  } finally {
    await mock.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
