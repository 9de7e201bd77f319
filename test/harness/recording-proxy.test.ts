import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { Agent, request } from 'undici';
import { runChecks } from '../../lib/checks/runner.ts';
import { Session } from '../../lib/checks/session.ts';
import { targetFromSettings, trafficTarget } from '../../lib/config/load.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { Redactor } from '../../lib/http/redact.ts';
import type { RecordedExchange } from '../../lib/traffic/har-reader.ts';
import { type RecordingProxy, startRecordingProxy } from '../../lib/traffic/proxy.ts';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { observedReport } from '../../suites/traffic/report.ts';

/**
 * The recording proxy in front of the mock, driven by the suite's own client (the envelope checks, as a
 * run sends them): every answer reaches the client as the mock gave it, every exchange is recorded, and
 * the proxy sends nothing of its own.
 */
const CLIENT_CHECKS = ALL_CHECKS.filter((check) => check.id.startsWith('core.envelopes.'));
/** Reads whose answers do not change between two sends. */
const READS = ['/countries/index.json', '/contacts/index.json?limit=5', '/agents/index.json'];

let tls: TlsMaterial;
const opened: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  tls = await selfSignedCertificate();
});
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function setUp(faults: string[] = [], onExchange?: (ex: RecordedExchange) => void, onError?: (err: Error) => void) {
  let arrivals = 0;
  const mock: RunningMock = await startMock({ rateWindowMs: 2000, tls, faults: faults as never, observe: () => (arrivals += 1) });
  opened.push(mock);
  const recorded: RecordedExchange[] = [];
  const proxy: RecordingProxy = await startRecordingProxy({
    target: { urls: mock.urls },
    ca: tls.cert,
    tls,
    onExchange: onExchange ?? ((ex) => recorded.push(ex)),
    ...(onError ? { onError } : {}),
  });
  opened.push(proxy);
  return { mock, proxy, recorded, arrivals: () => arrivals };
}

async function driveClient(env: Record<string, string>): Promise<Exchange[]> {
  const session = new Session(targetFromSettings(env, process.cwd(), true), 1);
  const seen: Exchange[] = [];
  session.watchExchanges((ex) => seen.push(ex));
  try {
    await runChecks(session, CLIENT_CHECKS);
  } finally {
    await session.close();
  }
  return seen;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

async function judge(mock: RunningMock, recorded: RecordedExchange[]) {
  const target = trafficTarget({ ...mock.env });
  return (await observedReport(recorded, target, { redactor: new Redactor(target), salt: 'test' })).report;
}

describe('the recording proxy', () => {
  test('forwards a real client unchanged, records each exchange, and sends nothing of its own', async () => {
    const { mock, proxy, recorded, arrivals } = await setUp();
    expect(Object.keys(proxy.env).sort()).toEqual(['CC_AI_URL', 'CC_ANALYTICS_URL', 'CC_BASE_URL', 'CC_CA_FILE', 'CC_CUECARD_URL']);
    expect(new URL(proxy.env.CC_BASE_URL as string).pathname).toBe(new URL(mock.urls.core).pathname);

    const seen = await driveClient({ ...mock.env, ...proxy.env });
    await settled();
    expect(seen.length).toBeGreaterThan(3);
    expect(arrivals()).toBe(seen.length);
    expect(recorded.length).toBe(seen.length);
    for (const [i, ex] of seen.entries()) {
      const rec = recorded[i] as RecordedExchange;
      expect(rec.method).toBe(ex.request.method);
      expect(rec.url.startsWith(mock.urls.core.replace(/\/api$/, ''))).toBe(true);
      expect(rec.status).toBe(ex.status);
      expect(rec.responseText).toBe(ex.text);
      expect(rec.requestHeaders.authorization).toMatch(/^Basic /);
    }

    // Deterministic reads: the same answer directly and through the proxy.
    const direct = new Agent({ connect: { ca: tls.cert } });
    opened.push(direct);
    const auth = `Basic ${Buffer.from(`${mock.env.CC_KEY_ID}:${mock.env.CC_KEY_SECRET}`).toString('base64')}`;
    const before = arrivals();
    for (const path of READS) {
      const get = async (base: string) => {
        const res = await request(`${base}${path}`, { dispatcher: direct, headers: { authorization: auth, accept: 'application/json' } });
        return { status: res.statusCode, body: await res.body.text(), type: res.headers['content-type'] };
      };
      const viaProxy = await get(proxy.env.CC_BASE_URL as string);
      const straight = await get(mock.urls.core);
      expect(viaProxy, path).toEqual(straight);
      expect(straight.status, path).toBe(200);
    }
    expect(arrivals() - before).toBe(2 * READS.length);

    const report = await judge(mock, recorded);
    const statuses = report.rules.map((r) => r.status);
    expect(statuses).toContain('pass');
    expect(report.rules.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
  }, 15_000);

  test('a fault of the mock seen through the proxy fails its rule', async () => {
    const { mock, proxy, recorded } = await setUp(['error-status-mismatch']);
    await driveClient({ ...mock.env, ...proxy.env });
    await settled();
    const report = await judge(mock, recorded);
    expect(report.rules.find((r) => r.id === 'CORE-ERR-ENVELOPE')?.status).toBe('fail');
  }, 15_000);

  test('a judge that throws does not stop forwarding', async () => {
    let told = 0;
    const errors: string[] = [];
    const { mock, proxy, arrivals } = await setUp(
      [],
      () => {
        told += 1;
        throw new Error('judge broke');
      },
      (err) => errors.push(err.message),
    );
    const seen = await driveClient({ ...mock.env, ...proxy.env });
    await settled();
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((ex) => ex.status > 0)).toBe(true);
    expect(arrivals()).toBe(seen.length);
    expect(told).toBe(seen.length);
    expect(errors).toEqual(seen.map(() => 'judge broke'));
  }, 15_000);

  test('observe --proxy prints the variables, then on SIGTERM writes the reports and exits with their code', async () => {
    let arrivals = 0;
    const mock = await startMock({ rateWindowMs: 2000, tls, observe: () => (arrivals += 1) });
    opened.push(mock);
    const reports = mkdtempSync(join(tmpdir(), 'cc-proxy-cli-'));
    opened.push({ close: async () => rmSync(reports, { recursive: true, force: true }) });
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/observe.ts', '--proxy', '--reports', reports], {
      env: { ...clean, ...mock.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines: string[] = [];
    const env: Record<string, string> = {};
    const ready = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const m = /^export (\w+)='(.*)'$/.exec(line);
        if (m) env[m[1] as string] = m[2] as string;
        if (line === 'ready') resolve();
      });
      void exited.then(() => reject(new Error(`observe --proxy exited before ready: ${stderr}`)));
    });
    await ready;
    expect(Object.keys(env).sort(), stderr).toEqual(['CC_AI_URL', 'CC_ANALYTICS_URL', 'CC_BASE_URL', 'CC_CA_FILE', 'CC_CUECARD_URL']);
    const agent = new Agent({ connect: { ca: readFileSync(env.CC_CA_FILE as string, 'utf8') } });
    opened.push(agent);
    const auth = `Basic ${Buffer.from(`${mock.env.CC_KEY_ID}:${mock.env.CC_KEY_SECRET}`).toString('base64')}`;
    const res = await request(`${env.CC_BASE_URL}/countries/index.json`, { dispatcher: agent, headers: { authorization: auth, accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    child.kill('SIGTERM');
    const code = await exited;
    const output = lines.join('\n');
    // Nothing failed; rules no exchange reached leave the capture incomplete.
    expect(code, `${stderr}\n${lines.join('\n')}`).toBe(3);
    expect(output).toMatch(/^Observed 1 exchange/m);
    expect(
      JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')).rules.find((r: { id: string }) => r.id === 'CORE-COUNTRIES-PLAIN-ARRAY').status,
    ).toBe('pass');
    expect(arrivals).toBe(1);
    expect(`${output}${stderr}`).not.toContain(mock.env.CC_KEY_SECRET);
  }, 15_000);

  test('the load runner, an integration in a process of its own, is judged through the proxy with no request of the tool', async () => {
    const { mock, proxy, recorded, arrivals } = await setUp();
    const reports = mkdtempSync(join(tmpdir(), 'cc-proxy-load-'));
    opened.push({ close: async () => rmSync(reports, { recursive: true, force: true }) });
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
    // The smoke scenario: core and Dialer at 30 requests a window for two of the mock's 2 s windows.
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/load.ts', '--scenario', 'smoke', '--reports', reports], {
      env: { ...clean, ...mock.env, ...proxy.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    await settled();
    expect(recorded.length).toBeGreaterThan(100);
    // Every request at the mock is one the client sent through the proxy: the tool sent none of its own.
    expect(arrivals()).toBe(recorded.length);
    const report = await judge(mock, recorded);
    expect(report.traffic?.exchanges).toBe(recorded.length);
    expect(report.rules.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
    expect(report.rules.filter((r) => r.status === 'pass').map((r) => r.id)).toEqual(expect.arrayContaining(['CORE-JSON-UTF8', 'AI-JSON-UTF8']));
  }, 30_000);

  test('an upstream that gives no answer: the client gets a 5xx, nothing is judged, one line says so', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    opened.push({ close: async () => spy.mockRestore() });
    const recorded: RecordedExchange[] = [];
    // Port 9 (discard) has no server on this machine: the connection is refused.
    const proxy = await startRecordingProxy({ target: { urls: { core: 'https://127.0.0.1:9/api' } }, tls, onExchange: (ex) => recorded.push(ex) });
    opened.push(proxy);
    const agent = new Agent({ connect: { ca: tls.cert } });
    opened.push(agent);
    const res = await request(`${proxy.env.CC_BASE_URL}/countries/index.json`, { dispatcher: agent });
    await res.body.dump();
    await settled();
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(recorded).toEqual([]);
    expect(lines.filter((line) => line.startsWith('recording proxy: GET https://127.0.0.1:9 gave no answer'))).toHaveLength(1);
  });
});
