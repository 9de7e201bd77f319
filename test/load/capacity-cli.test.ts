import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CapacityDocument } from '../../load/capacity/document.ts';
import { launchChromium, loadReportPage, newReportPage } from '../../load/report/browser.ts';
import { LOAD_REPORT_VERSION } from '../../load/report/report-model.ts';
import { seedState } from '../../mock/state/seed.ts';
import { needChromium } from './browser-test.ts';
import { startCountingTarget } from './counting-target.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const PROFILE = 'load/capacity/profile.example.json';
/** The made-up morning the capacity page measures its baseline from (tools/examples/morning-har.ts), at its hosts. */
const MORNING = 'examples/capacity/morning.har';
const MORNING_HOSTS = { CC_BASE_URL: 'https://api.example.com/api', CC_AI_URL: 'https://ai.example.com/v1' };

let measured: Promise<string> | undefined;
/** The baseline as docs/capacity.md measures it: the morning observed, the report capacity reads. Made once. */
function baselineReport(): Promise<string> {
  measured ??= new Promise((resolve, reject) => {
    const reports = mkdtempSync(join(tmpdir(), 'cc-capacity-morning-'));
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/observe.ts', MORNING, '--salt', 'example', '--reports', reports], {
      cwd: ROOT,
      env: { ...clean, ...MORNING_HOSTS },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    // Nothing of the morning fails; rules no exchange of it reaches leave the capture incomplete (3).
    child.on('close', (code) => (code === 3 ? resolve(join(reports, 'conformance.json')) : reject(new Error(`observe exited ${code}: ${output}`))));
  });
  return measured;
}
const STAFFED = ['--profile', PROFILE, '--agents', '10', '--handle-time', '5m', '--answer-share', '0.4'];

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly reports: string;
}

/**
 * Runs `npm run capacity` as a user would, with no CC_* variable inherited from this process, writing
 * to a folder of its own unless `args` name one; sends
 * one SIGINT to the command's process group, as a terminal's Ctrl-C does, once `interruptWhen` holds.
 */
function capacity(args: string[], env: Record<string, string> = {}, interruptWhen?: () => boolean): Promise<Run> {
  const reports = mkdtempSync(join(tmpdir(), 'cc-capacity-reports-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
  // The tsx command relays a signal to the process it runs and kills that process outright when it does
  // not confirm within 30 ms, which a loaded test machine can miss: the interrupt test runs the command
  // in-process with tsx as a loader instead, so what it checks is the command's own handling.
  const [command, prefix] = interruptWhen ? [process.execPath, ['--import', 'tsx']] : [join(ROOT, 'node_modules/.bin/tsx'), []];
  return new Promise((resolve, reject) => {
    // A group of its own, so the signal can go to the whole group without reaching this test run.
    const reportsArgs = args.includes('--reports') ? [] : ['--reports', reports];
    const child = spawn(command, [...prefix, 'cli/capacity.ts', ...reportsArgs, ...args], {
      cwd: ROOT,
      env: { ...clean, ...env },
      detached: interruptWhen !== undefined,
    });
    let stdout = '';
    let stderr = '';
    const poll = interruptWhen
      ? setInterval(() => {
          if (child.exitCode !== null || !interruptWhen()) return;
          clearInterval(poll);
          process.kill(-(child.pid as number), 'SIGINT');
        }, 50)
      : undefined;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, reports });
    });
  });
}

const doc = (run: Run): CapacityDocument => JSON.parse(readFileSync(join(run.reports, 'capacity.json'), 'utf8')) as CapacityDocument;

// Each test starts its own command against its own target or mock, and mostly waits: they run side by side.
describe.concurrent('npm run capacity', () => {
  test(
    'with --probe against the bundled mock: exit 0, both reports, the plan and the probe figures in the JSON, no key printed',
    { timeout: 90_000 },
    async () => {
      const run = await capacity(['--contacts', '10000', '--profile', PROFILE, '--probe', '--probe-windows', '2', '--mock-window-ms', '1000']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('cc-capacity: probe: bundled mock, 30 of 60 core requests per window');
      expect(run.stdout).toContain('Measured by the probe (bundled mock, 2 windows of 1000 ms)');
      expect(run.stdout).toMatch(/^Verdict: GO: .* \[plan and probe\]$/m);

      const report = doc(run);
      expect(report).toMatchObject({
        format: 'cc-capacity-report',
        version: 4,
        interrupted: false,
        windowFrom: "the spec's minute",
        verdict: { go: true, basis: 'plan and probe' },
      });
      expect(report.plan.asProfiled.totals).toEqual({ core: 30_002, dialer: 10_120, other: 28_000 });
      expect(report.plan.windowMs).toBe(60_000);
      expect(report.probe?.report).toMatchObject({ format: 'cc-load-report', kind: 'capacity', engine: 'node', windowMs: 1000, interrupted: false });
      const surfaces = report.probe?.findings.surfaces ?? [];
      expect(surfaces.map((f) => [f.surface, f.offeredPerWindow, f.planned, f.sent])).toEqual([
        ['core', 30, 60, 60],
        ['dialer', 30, 60, 60],
      ]);
      for (const f of surfaces) {
        // Every answered request of the surface, setup's read (one per host, before the schedule) included.
        expect(f.corrected?.count).toBe(61);
        expect(f.uncorrected?.p99).toBeGreaterThan(0);
      }

      const html = readFileSync(join(run.reports, 'capacity.html'), 'utf8');
      expect(html).toContain('<h1>cc-capacity: <span class="pass">GO</span> · 10000 contacts</h1>');
      expect(html).toContain('Capacity verdict');
      expect(html).toContain('Measured by the probe');
      // Self-contained: the charts' library is inlined, nothing is fetched.
      expect(html).not.toMatch(/<script[^>]*\bsrc=/);
      for (const key of seedState(1).keys.values()) {
        for (const text of [run.stdout, run.stderr, JSON.stringify(report), html]) {
          expect(text.includes(key.secret)).toBe(false);
          expect(text.includes(key.id)).toBe(false);
        }
      }
    },
  );

  test(
    "a NO-GO plan with a probe that passed: exit 1, and in Chromium the page is headed NO-GO in red, the probe's pass labelled as its own",
    { timeout: 90_000 },
    async ({ skip }) => {
      needChromium(skip);
      const run = await capacity(['--contacts', '10000', '--profile', PROFILE, '--deadline', '1h', '--probe']);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(doc(run)).toMatchObject({ interrupted: false, verdict: { go: false, basis: 'plan and probe' }, probe: { report: { verdict: 'pass' } } });
      const browser = await launchChromium();
      try {
        const page = await newReportPage(browser, 1280);
        await loadReportPage(page, join(run.reports, 'capacity.html'));
        expect(await page.locator('h1').innerText()).toBe('cc-capacity: NO-GO · 10000 contacts');
        expect(await page.evaluate("getComputedStyle(document.querySelector('h1 span')).color")).toBe('rgb(207, 34, 46)');
        const probeVerdict = page.locator('tr', { has: page.locator('th', { hasText: "the probe's load verdict" }) }).locator('td');
        expect(await probeVerdict.innerText()).toMatch(/^pass: .*It judges the probe's own run, not the campaign/);
      } finally {
        await browser.close();
      }
    },
  );

  test('the plan alone: NO-GO past the deadline exits 1 and still writes both reports', { timeout: 30_000 }, async () => {
    const run = await capacity(['--contacts', '10000', '--profile', PROFILE, '--deadline', '8h']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^Verdict: NO-GO: needs at least 16 h 41 min .* short by 8 h 41 min$/m);
    expect(run.stdout).toMatch(/^With every batch: GO: needs at least 1 h 8 min .* margin 6 h 52 min$/m);
    const report = doc(run);
    expect(report.probe).toBeNull();
    expect(report.verdict).toMatchObject({ go: false, basis: 'plan' });
    expect(readFileSync(join(run.reports, 'capacity.html'), 'utf8')).toContain('<h1>cc-capacity: <span class="fail">NO-GO</span>');
  });

  // One case of each kind the unit tests (capacity-plan, capacity-profile) do not already prove.
  test.each([
    [['--contacts', '-5', '--profile', PROFILE], 'cc-capacity: --contacts: must be a whole number from 0 to 9007199254740991, got "-5"'],
    [['--contacts', '--profile', PROFILE], 'cc-capacity: --contacts: needs a value (see --help)'],
    [['--contacts', '10', '--contacts', '20', '--profile', PROFILE], 'cc-capacity: --contacts: given more than once'],
    [['--contacts', '10', '--profile', PROFILE, '--probe=yes'], 'cc-capacity: --probe: takes no value, got "yes"'],
    [['--contacts', '10', PROFILE], `cc-capacity: unexpected argument "${PROFILE}": every value follows its option, as in --contacts 10000 (see --help)`],
    [['--contacts', '10', '--profile', PROFILE, '--deadline', '2020-01-01T00:00:00Z'], 'cc-capacity: --deadline: must be later than now ('],
    [['--contacts', '10', '--profile', PROFILE, '--reports', PROFILE], `cc-capacity: --reports: ${PROFILE} is a file, not a folder`],
    [['--contacts', '10', '--profile', PROFILE, '--dialer-share', 'half'], 'cc-capacity: --dialer-share: must be a number above 0 and at most 1, got "half"'],
    [['--contacts', '10', '--profile', 'no-such-profile.json'], 'cc-capacity: --profile: no-such-profile.json: cannot be read (ENOENT)'],
    [
      ['--contacts', '10', '--profile', PROFILE, '--handle-time', '5m'],
      'cc-capacity: --handle-time: applies only with agents (--agents, or staffing.agents in the profile)',
    ],
    [['--contacts', '10', '--profile', PROFILE, '--agents', '0'], 'cc-capacity: --agents: must be a whole number from 1 to 9007199254740991, got "0"'],
    [['--contacts', '10', '--profile', PROFILE, '--agents', '3'], 'cc-capacity: --handle-time: agents need a pace: a handle time (5m) or calls per agent-hour'],
    [
      ['--contacts', '10', '--profile', PROFILE, '--agents', '3', '--handle-time', '5'],
      'cc-capacity: --handle-time: must be a duration above 0 such as 5m, 4m30s or 90s, got "5"',
    ],
    [
      ['--contacts', '10', '--profile', PROFILE, '--agents', '3', '--handle-time', '5m', '--hours', '5', '--deadline', '4h'],
      'cc-capacity: --hours: 5 h do not fit before the deadline, 4 h 0 min from now',
    ],
    [['--contacts', '10', '--profile', PROFILE, '--company', 'company-x'], 'cc-capacity: --company: applies only with --baseline'],
    [
      ['--contacts', '10', '--profile', PROFILE, '--baseline', PROFILE],
      `cc-capacity: --baseline: ${PROFILE}: neither a HAR 1.2 file (no "log") nor a conformance report (format "cc-conformance-report")`,
    ],
  ])('bad input %j exits 2 with one line, before any output', { timeout: 30_000 }, async (args, message) => {
    const run = await capacity(args);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr.startsWith(message), run.stderr).toBe(true);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
  });

  test('5,000 contacts in 4 hours with 10 agents against the example baseline: NO-GO, the core budget binds', { timeout: 30_000 }, async () => {
    const run = await capacity([...STAFFED, '--contacts', '5000', '--baseline', await baselineReport(), '--hours', '4']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain('  core budget: 14 requests a window (0.5 × 60 − baseline p95 16) ÷ 3 requests a contact = 280 contacts an hour  <- binds');
    expect(run.stdout).toMatch(/^Verdict: NO-GO: reaches 1,119 of 5,000 contacts with 10 agents in 4 h 0 min \(binding: core budget\); /m);
    expect(run.stdout).toContain("Models: the core and Dialer budgets at their shares, less the baseline's p95 per window; the agents' pace and answer share.");
    const report = doc(run);
    expect(report.baseline).toMatchObject({
      kind: 'report',
      company: 'company-63d58fd4eb43',
      chosen: 'the most requests',
      core: { median: 1, p95: 16, peak: 16 },
      dialer: { median: 3, p95: 3, peak: 3 },
    });
    expect(report.staffing?.asProfiled.binding).toEqual(['core']);
    expect(report.verdict).toMatchObject({ go: false, basis: 'plan' });
    const html = readFileSync(join(run.reports, 'capacity.html'), 'utf8');
    expect(html).toContain('<h2>Staffing and budgets: the bound that binds</h2>');
    expect(html).toContain('<h2>Baseline: what the company already sends</h2>');
  });

  test('1,000 contacts in 4 hours with 10 agents against the example baseline: GO', { timeout: 30_000 }, async () => {
    const run = await capacity([...STAFFED, '--contacts', '1000', '--baseline', await baselineReport(), '--hours', '4']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Verdict: GO: 1,000 contacts with 10 agents in 4 h 0 min: every bound lets them through; binding: core budget, 3 h 35 min, margin 25 min$/m,
    );
    expect(readFileSync(join(run.reports, 'capacity.html'), 'utf8')).toContain('<h1>cc-capacity: <span class="pass">GO</span> · 1000 contacts</h1>');
  });

  test('the morning read as a HAR baseline gives the figures its observe report gives', { timeout: 30_000 }, async () => {
    const run = await capacity([...STAFFED, '--contacts', '5000', '--baseline', MORNING, '--hours', '4'], { ...MORNING_HOSTS, CC_TRAFFIC_SALT: 'example' });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(doc(run).baseline).toMatchObject({
      kind: 'har',
      company: 'company-63d58fd4eb43',
      core: { median: 1, p95: 16, peak: 16 },
      dialer: { median: 3, p95: 3, peak: 3 },
    });
  });

  test('without staffing, a line says what GO means', { timeout: 30_000 }, async () => {
    const run = await capacity(['--contacts', '100', '--profile', PROFILE]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('GO here means the request budgets allow it; whether agents can take the calls is not modelled (give --agents)');
    expect(doc(run).scope).toBe(
      "Models: the core and Dialer budgets at their shares. Not modelled: staffing (give --agents), what the company's other integrations spend (give --baseline), retries after 429 or 503, latency, the hosts with no stated budget.",
    );
  });

  test('a profile with a bad field exits 2 naming it', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-capacity-profile-'));
    const file = join(dir, 'profile.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'x',
        perContact: [{ id: 'a', what: 'a', surface: 'core', operation: 'PUT /contacts/add.json', source: 'spec', itemsPerRequest: 0 }],
      }),
    );
    const run = await capacity(['--contacts', '10', '--profile', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cc-capacity: --profile: ${file}: perContact[0] (a).itemsPerRequest: must be a whole number of at least 1, got 0\n`);
  });

  test('on a live target a probe at a share of 1 needs budget in CC_EFFECTS, and nothing is sent', { timeout: 30_000 }, async () => {
    const live = { CC_BASE_URL: 'https://127.0.0.1:9/api', CC_AI_URL: 'https://127.0.0.1:9/v1', CC_KEY_ID: 'live-id-0001', CC_KEY_SECRET: 'live-secret-0001' };
    const run = await capacity(['--contacts', '10', '--profile', PROFILE, '--core-share', '1', '--probe'], live);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^cc-capacity: --probe at a share of 1 takes a whole budget of the company.*\n$/);
    // Refused before the plan is printed, so before anything could be sent.
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toContain('live-secret-0001');
  });

  test('Ctrl-C during the probe: no send after it, the ones in flight answered, both reports marked interrupted, exit 130', { timeout: 60_000 }, async () => {
    // A live target answering each request after 300 ms: requests are in flight when the signal comes,
    // once the target has seen five. Ten windows of 1 s at half of each budget: 600 requests over 10 s.
    const target = await startCountingTarget({ answerAfterMs: 300, windowMs: 1000 });
    try {
      const run = await capacity(['--contacts', '100', '--profile', PROFILE, '--probe', '--probe-windows', '10'], target.env, () => target.received() >= 5);
      expect(run.code, run.stdout + run.stderr).toBe(130);
      expect(existsSync(join(run.reports, 'capacity.json')), run.stdout + run.stderr).toBe(true);
      const report = doc(run);
      expect(report.interrupted).toBe(true);
      expect(report.windowFrom).toBe("the target's rate window, CC_RATE_WINDOW_MS");
      // No deadline and no 429: the document records GO, and the headline says first what the exit code says.
      expect(report.verdict.go).toBe(true);
      expect(readFileSync(join(run.reports, 'capacity.html'), 'utf8')).toContain(
        '<h1>cc-capacity: <span class="incomplete">INTERRUPTED</span> · verdict so far GO · 100 contacts</h1>',
      );
      expect(run.stdout).toContain(
        '\nINTERRUPTED: the probe was stopped before its schedule ended; the verdict below rests on the part that ran (verdict so far GO)\nVerdict: GO: ',
      );
      const probe = report.probe?.report;
      expect(probe).toMatchObject({ version: LOAD_REPORT_VERSION, interrupted: true, sentAfterInterrupt: 0 });
      // Every request the target saw is in the report, and the ones in flight at the signal were answered.
      expect(probe?.totals.all.sent).toBe(target.received());
      expect(probe?.totals.all.served).toBe(probe?.totals.all.sent);
      expect(probe?.notSent).toBeGreaterThan(0);
      // Setup's reads (one per host, before the schedule) come on top of the 600 planned.
      expect((probe?.totals.all.sent ?? 0) - (probe?.totals.setup.sent ?? 0) + (probe?.missed ?? 0) + (probe?.notSent ?? 0)).toBe(600);
      expect(report.probe?.findings.statements).toContain('the probe was interrupted: its figures cover only the part that ran');
      expect(run.stdout + run.stderr).not.toContain(target.env.CC_KEY_SECRET);
    } finally {
      await target.close();
    }
  });
});
