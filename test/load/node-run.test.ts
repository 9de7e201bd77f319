import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { targetFromSettings } from '../../lib/config/load.ts';
import type { Target } from '../../lib/config/target.ts';
import { ConfigError } from '../../lib/errors.ts';
import { startMock, type RunningMock } from '../../mock/start.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { runLoad } from '../../load/node/run.ts';
import { planSends } from '../../load/node/timetable.ts';
import { arrivalOffsetsMs, type LoadScenario, scenarioRequests } from '../../load/shared/scenario-model.ts';
import { correctedLatencyMs, outcomeOf, uncorrectedLatencyMs } from '../../load/shared/records.ts';
import { budgetFlood, CORE_READ, smoke } from '../../load/scenarios/index.ts';

const WINDOW_MS = 1000;

/** One core stream of `count` requests spread evenly over `windowMs`. */
function coreOnly(count: number, windows = 1): LoadScenario {
  return {
    name: 'core-only',
    description: 'test',
    streams: [{ name: 'core', surface: 'core', key: 'primary', endpoint: CORE_READ, perWindow: count / windows, startWindow: 0, windows }],
    limited: [],
  };
}

describe('runLoad against the mock', () => {
  let running: RunningMock;
  let target: Target;

  beforeAll(async () => {
    running = await startMock({ rateWindowMs: WINDOW_MS });
    target = targetFromSettings({ ...running.env }, process.cwd(), true);
  });
  afterAll(async () => {
    await running.close();
  });

  test('smoke: every request is served and recorded with its intended, actual start and end', async () => {
    const progress: number[] = [];
    const result = await runLoad({ scenario: smoke, target, windowMs: WINDOW_MS, onProgress: (p) => progress.push(p.sent) });
    expect(result.interrupted).toBe(false);
    expect(result.missed).toBe(0);
    expect(result.records).toHaveLength(scenarioRequests(smoke));
    expect(result.records.filter((r) => outcomeOf(r) !== 'served').map((r) => `${r.stream} ${r.status} ${r.error ?? ''}`)).toEqual([]);
    for (const stream of smoke.streams) {
      const mine = result.records.filter((r) => r.stream === stream.name);
      expect(mine.map((r) => r.intendedMs)).toEqual(arrivalOffsetsMs(stream, WINDOW_MS));
      expect(mine.every((r) => r.surface === stream.surface && r.company === 'self')).toBe(true);
    }
    for (const r of result.records) {
      expect(r.startedMs).toBeGreaterThanOrEqual(r.intendedMs);
      expect(r.endedMs).toBeGreaterThanOrEqual(r.startedMs);
      expect(correctedLatencyMs(r)).toBeGreaterThanOrEqual(uncorrectedLatencyMs(r));
    }
    expect(result.lastResetAt).toBeUndefined();
    // The last report is the final count.
    expect(progress.at(-1)).toBe(scenarioRequests(smoke));
  });

  test('a flooded core budget gets 429s and the latest believable reset is kept', async () => {
    // All three windows of the flood: on a loaded machine one window's sends may spread over two of the mock's
    // windows, or be missed at the in-flight cap, leaving each under the budget and meeting no 429.
    const result = await runLoad({ scenario: budgetFlood, target, windowMs: WINDOW_MS });
    expect(result.records.some((r) => r.surface === 'core' && r.status === 429)).toBe(true);
    expect(result.lastResetAt).toBeTypeOf('number');
    expect(Math.abs((result.lastResetAt as number) - Date.now())).toBeLessThan(10 * WINDOW_MS);
  });

  test('the count bound holds: only the first N sends of the timetable go out', async () => {
    const result = await runLoad({ scenario: smoke, target, windowMs: WINDOW_MS, maxRequests: 10 });
    expect(result.records).toHaveLength(10);
    expect(result.missed).toBe(0);
    const first = planSends(smoke, WINDOW_MS, (s) => s.name, 10).sends;
    expect(result.records.map((r) => [r.stream, r.intendedMs])).toEqual(first.map((s) => [s.item, s.atMs]));
  });

  test('the time bound holds: sends due after it are missed, none goes out after it', async () => {
    const result = await runLoad({ scenario: smoke, target, windowMs: WINDOW_MS, maxDurationMs: 500 });
    expect(result.interrupted).toBe(false);
    expect(result.missed).toBeGreaterThan(0);
    expect(result.records.length + result.missed).toBe(scenarioRequests(smoke));
    expect(result.records.every((r) => r.startedMs < 500)).toBe(true);
  });

  test('an abort mid-run interrupts it and counts the sends not yet due as not sent, apart from missed ones', async () => {
    const stop = new AbortController();
    const result = await runLoad({
      scenario: smoke,
      target,
      windowMs: WINDOW_MS,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.sent >= 10) stop.abort();
      },
    });
    expect(result.interrupted).toBe(true);
    expect(result.interruptedAtMs).toBeGreaterThan(0);
    expect(result.notSent).toBeGreaterThan(0);
    expect(result.records.length).toBeGreaterThanOrEqual(10);
    expect(result.records.length + result.missed + result.notSent).toBe(scenarioRequests(smoke));
    // Nothing went out after the abort.
    expect(result.records.every((r) => r.startedMs <= (result.interruptedAtMs as number))).toBe(true);
  });

  test('an already aborted signal sends nothing', async () => {
    const result = await runLoad({ scenario: smoke, target, windowMs: WINDOW_MS, signal: AbortSignal.abort() });
    expect(result).toMatchObject({ records: [], missed: 0, notSent: 120, interrupted: true, interruptedAtMs: 0 });
  });

  test('a stream whose key or host the target lacks is refused before the run, naming the variable', async () => {
    const { CC_KEY2_ID: _id, CC_KEY2_SECRET: _secret, ...rest } = running.env;
    const noSecond = targetFromSettings(rest, process.cwd(), true);
    const refusal = runLoad({ scenario: budgetFlood, target: noSecond, windowMs: WINDOW_MS });
    await expect(refusal).rejects.toThrow(ConfigError);
    await expect(refusal).rejects.toThrow(/^scenario budget-flood: stream core-second needs CC_KEY2_ID$/);
    const { CC_AI_URL: _ai, ...noAi } = running.env;
    await expect(runLoad({ scenario: smoke, target: targetFromSettings(noAi, process.cwd(), true), windowMs: WINDOW_MS })).rejects.toThrow(/needs CC_AI_URL/);
  });
});

/**
 * A stand-in target on its own certificate: `handle` decides when (or whether) each request is answered.
 * The key pair is made up here, so the tests can look for it in everything the run returns.
 */
const SECRET = 'fake-secret-3f9a1c77';
const KEY_ID = 'fake-key-id-8e21';

async function fakeTarget(
  handle: (n: number, answer: () => void) => void,
  extra: Record<string, string> = {},
): Promise<{ target: Target; close: () => Promise<void>; port: number }> {
  const tls = await selfSignedCertificate();
  let n = 0;
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    handle(n++, () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const dir = mkdtempSync(join(tmpdir(), 'cc-fake-'));
  writeFileSync(join(dir, 'ca.pem'), tls.cert);
  const target = targetFromSettings({
    CC_BASE_URL: `https://127.0.0.1:${port}/api`,
    CC_KEY_ID: KEY_ID,
    CC_KEY_SECRET: SECRET,
    CC_CA_FILE: join(dir, 'ca.pem'),
    ...extra,
  });
  return {
    target,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function busyWait(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A stalled process: nothing else runs, timers included.
  }
}

describe('runLoad against a fake slow target', () => {
  test('a send made late by a stall keeps its intended start: corrected latency exceeds uncorrected', async () => {
    // The fifth request stalls the whole process for 150 ms, while sends are due every 20 ms.
    const fake = await fakeTarget((n, answer) => {
      if (n === 4) busyWait(150);
      answer();
    });
    try {
      const scenario = coreOnly(25);
      const result = await runLoad({ scenario, target: fake.target, windowMs: 500 });
      expect(result.records).toHaveLength(25);
      expect(result.records.every((r) => r.status === 200)).toBe(true);
      expect(result.records.map((r) => r.intendedMs)).toEqual(arrivalOffsetsMs(scenario.streams[0]!, 500));
      const late = result.records.filter((r) => r.startedMs - r.intendedMs > 50);
      expect(late.length).toBeGreaterThan(0);
      for (const r of late) expect(correctedLatencyMs(r) - uncorrectedLatencyMs(r)).toBeCloseTo(r.startedMs - r.intendedMs, 6);
      // Catching up never shifts the timetable: sends after the stall are due where they always were.
      expect(result.missed).toBe(0);
    } finally {
      await fake.close();
    }
  });

  test('above the in-flight cap a due send is missed, not delayed; after an abort the rest is cancelled as errors', async () => {
    const fake = await fakeTarget(() => undefined);
    try {
      const stop = new AbortController();
      const result = await runLoad({
        scenario: coreOnly(20),
        target: fake.target,
        windowMs: 200,
        maxInFlight: 3,
        signal: stop.signal,
        onProgress: () => stop.abort(),
      });
      expect(result.interrupted).toBe(true);
      expect(result.records).toHaveLength(3);
      // Past the cap, sends due before the abort were missed; the rest were spared by it.
      expect(result.missed).toBeGreaterThan(0);
      expect(result.missed + result.notSent).toBe(17);
      for (const r of result.records) {
        expect(r.status).toBe(0);
        expect(r.error).toMatch(/^cancelled: /);
      }
      const text = JSON.stringify(result);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(KEY_ID);
    } finally {
      await fake.close();
    }
  });

  test('a request with no answer within the timeout is an error record', async () => {
    const fake = await fakeTarget(() => undefined, { CC_TIMEOUT_MS: '200' });
    try {
      const result = await runLoad({ scenario: coreOnly(2), target: fake.target, windowMs: 100, maxDurationMs: 10_000 });
      expect(result.records.map((r) => [r.status, r.error])).toEqual([
        [0, 'timeout: no answer within 200 ms'],
        [0, 'timeout: no answer within 200 ms'],
      ]);
    } finally {
      await fake.close();
    }
  });

  test('transport errors are recorded with a reason free of credentials; the target CA is what makes TLS work', async () => {
    const fake = await fakeTarget((_n, answer) => answer());
    const { ca: _ca, caFile: _file, ...untrusting } = fake.target;
    try {
      const refused = await runLoad({ scenario: coreOnly(1), target: untrusting as Target, windowMs: 100 });
      expect(refused.records[0]?.status).toBe(0);
      expect(refused.records[0]?.error).toMatch(/certificate|self.signed/i);
    } finally {
      await fake.close();
    }
    // The port is closed now: the connection is refused.
    const closed = await runLoad({ scenario: coreOnly(1), target: fake.target, windowMs: 100 });
    expect(closed.records[0]?.status).toBe(0);
    expect(closed.records[0]?.error).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(closed)).not.toContain(SECRET);
  });
});
