import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { LoadReport } from '../../load/report/report-model.ts';
import { SCENARIOS } from '../../load/scenarios/index.ts';
import { seedState } from '../../mock/state/seed.ts';
import { startCountingTarget } from './counting-target.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly reports: string;
}

type Condition = (stdout: string, stderr: string) => boolean;

/**
 * Runs `npm run load` as a user would, with no CC_* variable inherited from this process.
 * Each of `interrupts`, in turn, sends `signal` to the command's process group, as a terminal's
 * Ctrl-C does, once the output so far (or the target) satisfies it.
 */
function load(args: string[], env: Record<string, string> = {}, interrupts: readonly Condition[] = [], signal: NodeJS.Signals = 'SIGINT'): Promise<Run> {
  const reports = mkdtempSync(join(tmpdir(), 'cc-load-reports-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
  return new Promise((resolve, reject) => {
    // As the npm script runs it: one process, so a signal reaches the run itself, not a relaying launcher.
    // A group of its own, so the signal can go to the whole group without reaching this test run.
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/load.ts', '--reports', reports, ...args], {
      cwd: ROOT,
      env: { ...clean, ...env },
      detached: interrupts.length > 0,
    });
    let stdout = '';
    let stderr = '';
    let next = 0;
    const check = () => {
      const condition = interrupts[next];
      if (child.exitCode === null && condition?.(stdout, stderr)) {
        next++;
        process.kill(-(child.pid as number), signal);
      }
    };
    // Conditions may also wait for time to pass or for the target, and a non-terminal progress line is quiet for seconds.
    const poll = interrupts.length > 0 ? setInterval(check, 50) : undefined;
    child.stdout.on('data', (d) => {
      stdout += d;
      check();
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      check();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, reports });
    });
  });
}

const report = (run: Run): LoadReport => JSON.parse(readFileSync(join(run.reports, 'load.json'), 'utf8')) as LoadReport;

/** The bundled mock's data seed is 1, so its keys are known here: none may appear in any output. */
function expectNoKeys(...texts: string[]): void {
  for (const key of seedState(1).keys.values()) {
    for (const text of texts) {
      expect(text.includes(key.secret)).toBe(false);
      expect(text.includes(key.id)).toBe(false);
    }
  }
}

/** The default of an option as a text says it: `--NAME N ... (default D`, in a help text or a docs table row. */
function statedDefault(text: string, option: string): number | undefined {
  const found = new RegExp(`${option} N\\b[^(]*\\(default (\\d+)`).exec(text);
  return found ? Number(found[1]) : undefined;
}

describe('npm run load', () => {
  test(
    'smoke against the bundled mock: exit 0, one start line, both reports, no key printed; the window is the one --help and docs/load.md state',
    { timeout: 120_000 },
    async () => {
      const [run, help] = await Promise.all([load(['--scenario', 'smoke']), load(['--help'])]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      // The bundled mock's window, as --help and the table of the command's options in docs/load.md state it.
      const window = statedDefault(help.stdout, '--mock-window-ms');
      const page = readFileSync(join(ROOT, 'docs', 'load.md'), 'utf8');
      const start = page.indexOf('## The Node runner: `npm run load`');
      expect(start).toBeGreaterThan(-1);
      const section = page.slice(start, page.indexOf('\n## ', start));
      expect(window).toBeDefined();
      expect(statedDefault(section, '`--mock-window-ms')).toBe(window);
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(
        new RegExp(`^cc-load: target bundled mock .*scenario smoke, window ${window} ms, 120 requests over ${((2 * window!) / 1000).toFixed(1)} s`),
      );
      // The 120 planned, and setup's one read per host (core, and the AI host for the Dialer) before them.
      expect(run.stdout).toContain('cc-load: pass: sent 122, served 122');
      expect(run.stderr).toMatch(/sent 122 {2}served 122/);
      // Setup's reads were never in flight during the schedule: the count never goes below zero.
      expect(run.stderr).not.toMatch(/in flight -/);
      const doc = report(run);
      expect(doc).toMatchObject({
        format: 'cc-load-report',
        version: 3,
        engine: 'node',
        kind: 'load',
        verdict: 'pass',
        interrupted: false,
        missed: 0,
        windowMs: window,
      });
      expect(doc.totals.all).toMatchObject({ sent: 122, served: 122 });
      // As k6's setup() does, one read per host before the schedule, so no planned request waits on a handshake.
      expect(doc.totals.setup).toMatchObject({ sent: 2, served: 2 });
      expect(doc.target.bundledMock).toBe(true);
      const html = readFileSync(join(run.reports, 'load.html'), 'utf8');
      expect(html).toContain('<html');
      expectNoKeys(run.stdout, run.stderr, JSON.stringify(doc), html);
    },
  );

  // The target answers each request after 300 ms, so requests are in flight when the signal comes; at a
  // 2 s window smoke lasts 4 s, and the signal goes once the target has seen five requests.
  test.each([
    ['SIGINT, even delivered twice at once', 'SIGINT', 2],
    ['SIGTERM', 'SIGTERM', 1],
  ] as const)(
    '%s: no send after it, the ones in flight answered, both reports marked interrupted, exit 130',
    { timeout: 120_000 },
    async (_name, signal, times) => {
      const target = await startCountingTarget({ answerAfterMs: 300, windowMs: 2000 });
      try {
        // The repeat right after the first is what tsx does when the run is slow to confirm a terminal's
        // Ctrl-C: still one Ctrl-C.
        const started = () => target.received() >= 5;
        const run = await load(['--scenario', 'smoke'], target.env, times === 2 ? [started, () => true] : [started], signal);
        expect(run.code, run.stdout + run.stderr).toBe(130);
        const doc = report(run);
        expect(doc).toMatchObject({ version: 3, interrupted: true, sentAfterInterrupt: 0 });
        expect(doc.interruptedAtMs).toBeGreaterThan(0);
        // Every request the target saw is in the report, none went out after the signal, and the ones in
        // flight then were let finish: all answered.
        expect(doc.totals.all.sent).toBe(target.received());
        expect(doc.totals.all.served).toBe(doc.totals.all.sent);
        // What the interrupt spared is not sent, never missed.
        expect(doc.notSent).toBeGreaterThan(0);
        expect(doc.totals.all.sent - doc.totals.setup.sent + doc.missed + (doc.notSent ?? 0)).toBe(120);
        expect(doc.verdict).toBe('incomplete');
        expect(existsSync(join(run.reports, 'load.html'))).toBe(true);
        expect(run.stdout).toMatch(
          new RegExp(`cc-load: incomplete \\(interrupted at \\d+\\.\\d s\\): sent ${doc.totals.all.sent}, .*, missed ${doc.missed}, not sent ${doc.notSent}, `),
        );
        expect(run.stdout + run.stderr).not.toContain(target.env.CC_KEY_SECRET);
      } finally {
        await target.close();
      }
    },
  );

  test('Ctrl-C early in a flood of a target that never limits: the limit is not judged, the run is incomplete, not failed', { timeout: 120_000 }, async () => {
    // The counting target serves everything: run to its end, budget-flood would fail its limit-enforced
    // expectations. Stopped after a handful of requests, long before it has offered any budget more than 60.
    const target = await startCountingTarget({ answerAfterMs: 50, windowMs: 2000 });
    const keys = {
      CC_KEY2_ID: 'counting-id-0002',
      CC_KEY2_SECRET: 'counting-secret-0002',
      CC_OTHER_KEY_ID: 'counting-id-0003',
      CC_OTHER_KEY_SECRET: 'counting-secret-0003',
    };
    try {
      const run = await load(['--scenario', 'budget-flood'], { ...target.env, ...keys, CC_EFFECTS: 'budget' }, [() => target.received() >= 5]);
      expect(run.code, run.stdout + run.stderr).toBe(130);
      const doc = report(run);
      expect(doc.interrupted).toBe(true);
      expect(doc.verdict).toBe('incomplete');
      expect(doc.expectations.filter((e) => e.status === 'fail')).toEqual([]);
      for (const budget of ['core:self', 'dialer:self']) {
        const enforced = doc.expectations.find((e) => e.kind === 'limit-enforced' && e.subject === budget);
        expect(enforced?.status, budget).toBe('incomplete');
        expect(enforced?.detail, budget).toMatch(
          new RegExp(`^not judged: the run was interrupted at [\\d.]+ s, before the schedule had flooded ${budget} in full \\(until 6\\.000 s\\)`),
        );
      }
      expect(run.stdout).toMatch(/^cc-load: incomplete \(interrupted at /m);
    } finally {
      await target.close();
    }
  });

  test('a second SIGINT during the grace period exits at once with 130', { timeout: 120_000 }, async () => {
    // A target that accepts connections and never answers: requests stay in flight through the grace period.
    const sockets = new Set<Socket>();
    const hole = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const port = (hole.address() as AddressInfo).port;
    const live = {
      CC_BASE_URL: `https://127.0.0.1:${port}/api`,
      CC_AI_URL: `https://127.0.0.1:${port}/v1`,
      CC_KEY_ID: 'live-id-0001',
      CC_KEY_SECRET: 'live-secret-0001',
      CC_RATE_WINDOW_MS: '2000',
    };
    try {
      // A repeat within a second is taken for the same Ctrl-C relayed twice, and the grace lasts 2 s:
      // the second signal goes 1.5 s after the run said it was stopping.
      let stoppingAt: number | undefined;
      const secondSignal = (_out: string, err: string) => {
        if (stoppingAt === undefined && err.includes('stopping')) stoppingAt = Date.now();
        return stoppingAt !== undefined && Date.now() - stoppingAt >= 1_500;
      };
      const run = await load(['--scenario', 'smoke'], live, [(_out, err) => /in flight [1-9]/.test(err), secondSignal]);
      expect(run.code, run.stdout + run.stderr).toBe(130);
      // It left during the grace period: no report was written, and the progress line was ended.
      expect(existsSync(join(run.reports, 'load.json'))).toBe(false);
      expect(run.stderr.endsWith('\n')).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      hole.close();
    }
  });

  test('a live target is not flooded without the budget effect: exit 2, one line saying so', async () => {
    const live = { CC_BASE_URL: 'https://127.0.0.1:9/api', CC_AI_URL: 'https://127.0.0.1:9/v1', CC_KEY_ID: 'live-id-0001', CC_KEY_SECRET: 'live-secret-0001' };
    const run = await load(['--scenario', 'budget-flood'], live);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/budget-flood floods the budgets core:self, dialer:self/);
    expect(lines[0]).toMatch(/about 4\.0 minutes \(at a 60000 ms window\); add budget to CC_EFFECTS/);
    expect(run.stdout).toBe('');
    expectNoKeys(run.stderr);
    expect(run.stderr).not.toContain('live-secret-0001');
  });

  test('a stream the live target cannot serve is refused with the variable it needs, exit 2', async () => {
    const live = { CC_BASE_URL: 'https://127.0.0.1:9/api', CC_KEY_ID: 'live-id-0001', CC_KEY_SECRET: 'live-secret-0001' };
    const run = await load(['--scenario', 'smoke'], live);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual(['cc-load: CC_ERR_CONFIG: scenario smoke: stream dialer-primary needs CC_AI_URL']);
  });

  test('bad options: one line, exit 2; --list and --help exit 0', { timeout: 120_000 }, async () => {
    const [unknown, missing, count, fault, list, help, latencyValue, latencySurface, latencyTwice] = await Promise.all([
      load(['--scenario', 'nope']),
      load([]),
      load(['--scenario', 'smoke', '--max-requests', '-1']),
      load(['--scenario', 'smoke', '--mock-fault', 'no-such-fault']),
      load(['--list']),
      load(['--help']),
      load(['--scenario', 'smoke', '--latency', 'core:p95=soon']),
      load(['--scenario', 'smoke', '--latency', 'ai:p95=100']),
      load(['--scenario', 'smoke', '--latency', 'core:p95=1', '--latency', 'core:p99=2']),
    ]);
    // A latency limit that does not read, on a surface the scenario never sends to, or given twice: one line, before anything starts.
    expect([latencyValue, latencySurface, latencyTwice].map((r) => [r.code, r.stdout, r.stderr])).toEqual([
      [2, '', 'cc-load: --latency: "core:p95=soon": p95 must be a number of milliseconds from 0 to 3600000, got "soon"\n'],
      [2, '', 'cc-load: scenario smoke: latency: a limit on ai, which no stream sends to\n'],
      [2, '', 'cc-load: --latency: "core:p99=2": core is given twice; one --latency per surface\n'],
    ]);
    // A misspelt fault is the user's mistake: named in one line with where to find the real ones, no stack trace.
    expect(fault.code).toBe(2);
    expect(fault.stderr).toBe('cc-load: CC_ERR_CONFIG: --mock-fault: unknown fault "no-such-fault" (npm run mock -- --list-faults lists them)\n');
    expect(fault.stdout).toBe('');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`unknown scenario "nope" (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
    expect(SCENARIOS.map((s) => s.name)).toEqual(expect.arrayContaining(['smoke', 'budget-flood', 'budget-separate', 'capacity-ramp']));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--scenario: required');
    expect(count.code).toBe(2);
    expect(count.stderr.trim().split('\n')).toHaveLength(1);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^smoke\t120 requests over 2 windows/m);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--max-seconds');
    expect(help.stdout).toContain('--latency SURFACE:p95=MS[,p99=MS]');
    expect(list.stdout).toMatch(/^capacity-ramp\t240 requests over 4 windows\t/m);
  });
});
