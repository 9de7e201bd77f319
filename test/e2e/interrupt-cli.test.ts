import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.ts';
import { type RunningMock, startMock } from '../../mock/start.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const WINDOW_MS = 1000;
/** The lists of company A whose records the run creates and deletes. */
const LISTS = ['/contacts/index.json', '/tags/index.json', '/agents/index.json', '/groups/index.json', '/blacklist/index.json'];

let mock: RunningMock;
let tls: Agent;
/** The User-Agent of this test's own reads, which are not the run's. */
const OWN_AGENT = 'cc-interrupt-test';
/** Requests of the run that reached the mock, plain-HTTP probes refused at its door included. */
let received = 0;
beforeAll(async () => {
  // Unmetered: the test watches company A's records while the run spends the same company's budget.
  mock = await startMock({
    rateWindowMs: WINDOW_MS,
    metered: false,
    observe: ({ request }) => {
      if (request?.headers['user-agent'] !== OWN_AGENT) received += 1;
    },
  });
  tls = new Agent({ connect: { ca: readFileSync(mock.caFile, 'utf8') } });
});
afterAll(async () => {
  await tls?.close();
  await mock?.close();
});

/** Every record id of company A's lists, read the way any client would. */
async function recordsOfCompanyA(): Promise<string[]> {
  const authorization = `Basic ${Buffer.from(`${mock.env.CC_KEY_ID}:${mock.env.CC_KEY_SECRET}`).toString('base64')}`;
  const ids: string[] = [];
  for (const path of LISTS) {
    const res = await request(`${mock.env.CC_BASE_URL}${path}?limit=1000`, { headers: { authorization, 'user-agent': OWN_AGENT }, dispatcher: tls });
    const body = (await res.body.json()) as { responseData: { data: Record<string, { id: string }>[] } };
    for (const item of body.responseData.data) ids.push(`${path} ${Object.values(item)[0]?.id}`);
  }
  return ids.sort();
}

/**
 * Ctrl-C in a terminal reaches the whole process group: the command gets it, and nothing it started may
 * die of it before the running check's cleanup has been sent.
 */
test(
  'Ctrl-C stops the run, cleans up what the running check created, writes reports marked interrupted that count each check and request once, exit 130',
  { timeout: 180_000 },
  async () => {
    const before = await recordsOfCompanyA();
    const reports = mkdtempSync(join(tmpdir(), 'cc-interrupt-'));
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/conformance.ts', '--reports', reports, '--seed', '5'], {
      cwd: ROOT,
      env: { ...clean, ...mock.env, CC_RATE_WINDOW_MS: String(WINDOW_MS) },
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Interrupted in the middle of a check, once every lane has finished checks: as soon as the run, past
    // its first 200 requests, has created a record it has not yet deleted.
    const watchUntil = Date.now() + 90_000;
    while (received < 200 || JSON.stringify(await recordsOfCompanyA()) === JSON.stringify(before)) {
      expect(Date.now(), 'the run created no record within 90 s').toBeLessThan(watchUntil);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.kill(-(child.pid as number), 'SIGINT');
    const interruptedAt = Date.now();
    const code = await exited;
    expect(code, stdout + stderr).toBe(130);
    expect(Date.now() - interruptedAt).toBeLessThan(30_000);
    expect(stderr).toContain('interrupted');
    // What the running check had created is gone again: its cleanup ran.
    expect(await recordsOfCompanyA()).toEqual(before);
    const doc = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as RunReport;
    expect(doc.interrupted).toBe(true);
    expect(doc.verdict).toBe('incomplete');
    // Its ledger agrees: nothing deletable is left (what the API cannot delete may be, from checks before).
    const left = doc.leftovers.filter((l) => l.deletable);
    const leftBy = doc.checks.filter((c) => left.some((l) => l.check === c.check));
    expect(
      left,
      JSON.stringify({
        left,
        leftBy,
        ledger: readFileSync(doc.ledger as string, 'utf8')
          .split('\n')
          .slice(-12),
      }),
    ).toEqual([]);
    // Some checks ran and passed; the rest are errors that say they did not run, never passes.
    expect(doc.summary.byStatus.pass).toBeGreaterThan(0);
    const notRun = doc.rules.filter((r) => r.detail === 'not run: the run was interrupted before this check');
    expect(notRun.length).toBeGreaterThan(0);
    expect(notRun.every((r) => r.status === 'error')).toBe(true);
    // Each check once, and the requests the report counts are the requests the mock received, cleanups included.
    // Beside the checks the report may list a lane's deletion of its shared records: a step, counted for its requests only.
    const checks = doc.checks.filter((c) => c.step !== true).map((c) => c.check);
    expect(new Set(checks).size).toBe(checks.length);
    expect(doc.summary.checks).toBe(checks.length);
    expect(doc.summary.requests).toBe(received);
    // The progress lines in the log never count past the checks there are.
    const counts = [...stderr.matchAll(/\((\d+)\/(\d+) checks in all\)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(counts.length).toBeGreaterThan(0);
    for (const [done, total] of counts) expect(done).toBeLessThanOrEqual(total);
  },
);
