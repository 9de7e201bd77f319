import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunReport } from '../../lib/results/report.ts';

/**
 * The tool as CI installs it: the project packed with `npm pack`, the tarball installed with its
 * dependencies from the registry into a folder outside the repository, every command run from there.
 * Slow (the install, then one conformance run), so it runs apart: `npm run test:package`.
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const runFile = promisify(execFile);
/** What `npm pack` may put in the tarball, by its first path segment. */
const SHIPPED = ['bin', 'cli', 'lib', 'mock', 'suites', 'reporters', 'schemas', 'load', 'tsconfig.json', 'README.md', 'package.json'];
const SUBCOMMANDS_WITH_HELP = ['run', 'plan', 'mock', 'cleanup', 'compare', 'load', 'k6', 'capacity', 'fingerprint'];

// The variables `npm run` sets for this project would point the npm started below at the repository
// (npm_config_local_prefix) instead of its own folder; CC_* would name a target instead of the bundled mock.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('CC_') && !/^npm_(config_local_prefix|package_|lifecycle_)/.test(k) && k !== 'INIT_CWD'),
);

const workspace = mkdtempSync(join(tmpdir(), 'cc-package-'));
/** The folder the tarball is installed into, as a CI job's own. */
const project = join(workspace, 'ci-job');
/** A folder that holds nothing, to run the installed executable from somewhere else. */
const elsewhere = join(workspace, 'elsewhere');
let packed: { filename: string; files: { path: string }[] };

interface Ended {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(command: string, args: string[], cwd: string, more: Record<string, string> = {}): Promise<Ended> {
  try {
    const { stdout, stderr } = await runFile(command, args, { cwd, env: { ...env, ...more }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

beforeAll(async () => {
  const pack = await run('npm', ['pack', '--json', '--pack-destination', workspace], ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  [packed] = JSON.parse(pack.stdout) as [typeof packed];
  mkdirSync(project);
  mkdirSync(elsewhere);
  // Its own package.json keeps npm from taking a folder above it, with a package.json or node_modules of
  // its own, for the project to install into.
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'ci-job', private: true }, null, 2)}\n`);
  const install = await run('npm', ['install', '--no-audit', '--no-fund', join(workspace, packed.filename)], project);
  expect(install.code, install.stdout + install.stderr).toBe(0);
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('the packed tool, installed from its tarball', () => {
  test("the tarball holds what the commands need and none of the project's tests, benches, tools or CI", () => {
    const paths = packed.files.map((f) => f.path);
    expect([...new Set(paths.map((p) => p.split('/')[0]))].sort()).toEqual([...SHIPPED].sort());
    for (const needed of [
      'bin/cc-conformance.js',
      'cli/conformance.ts',
      'suites/conformance.test.ts',
      'mock/start.ts',
      'reporters/html.ts',
      'load/k6/scenario.ts',
    ])
      expect(paths).toContain(needed);
    expect(paths.some((p) => p.startsWith('schemas/') && p.endsWith('.json'))).toBe(true);
  });

  test('npx cc-conformance --help lists the subcommands; an unknown one is one line on stderr, exit 2', async () => {
    const help = await run('npx', ['cc-conformance', '--help'], project);
    expect(help.code, help.stderr).toBe(0);
    for (const name of SUBCOMMANDS_WITH_HELP) expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    const unknown = await run('npx', ['cc-conformance', 'conform'], project);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('unknown subcommand "conform"')]);
  });

  // Run from an empty folder: tsx, vitest and the suites are found from the executable's own location,
  // and each command loads with the dependencies alone (no devDependency is installed).
  test.each(SUBCOMMANDS_WITH_HELP)('%s --help, from another folder, shows the command its own help', async (name) => {
    const { code, stdout, stderr } = await run(join(project, 'node_modules', '.bin', 'cc-conformance'), [name, '--help'], elsewhere);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^Usage: /);
  });

  test('npx cc-conformance plan prints the plan, exit 0', async () => {
    const { code, stdout, stderr } = await run('npx', ['cc-conformance', 'plan'], project);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^plan: /m);
  });

  test('npx cc-conformance run passes against the bundled mock and writes its reports in the folder it is run from', async () => {
    const { code, stdout, stderr } = await run('npx', ['cc-conformance', 'run', '--mock-window-ms', '2000'], project);
    expect(code, `${stdout.slice(-4000)}\n${stderr.slice(-4000)}`).toBe(0);
    for (const file of ['conformance.json', 'junit.xml', 'conformance.html']) expect(statSync(join(project, 'reports', file)).size, file).toBeGreaterThan(0);
    const report = JSON.parse(readFileSync(join(project, 'reports', 'conformance.json'), 'utf8')) as RunReport;
    expect(report.verdict).toBe('pass');
    expect(report.ledger?.startsWith(join(project, 'reports'))).toBe(true);
    expect(existsSync(join(project, 'node_modules', 'cc-conformance', 'reports'))).toBe(false);
  });

  test(
    'as a CI gate: against the installed mock as a configured target with every key pair and no effects, expectations written from one run keep the next one green',
    { timeout: 240_000 },
    async () => {
      // The mock as a team would stand it up: its own process group, its variables from its export lines.
      const mock = spawn(join(project, 'node_modules', '.bin', 'cc-conformance'), ['mock', '--rate-window-ms', '1000'], {
        cwd: project,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const target: Record<string, string> = {};
        for await (const line of createInterface({ input: mock.stdout as NodeJS.ReadableStream })) {
          if (line === 'ready') break;
          const m = /^export (\w+)='(.*)'$/.exec(line);
          if (m && m[1] !== 'CC_EFFECTS') target[m[1] as string] = m[2] as string;
        }
        expect(Object.keys(target)).toEqual(
          expect.arrayContaining(['CC_BASE_URL', 'CC_KEY_ID', 'CC_KEY2_ID', 'CC_OTHER_KEY_ID', 'CC_REVOKED_KEY_ID', 'CC_LIMITS_KEY_ID']),
        );
        // No effect allowed: the checks that need one are skipped, so the run is incomplete, exit 3.
        const first = await run('npx', ['cc-conformance', 'run', '--reports', 'first', '--write-expectations', 'cc-expectations.json'], project, target);
        expect(first.code, `${first.stdout.slice(-3000)}\n${first.stderr.slice(-3000)}`).toBe(3);
        // As on a live account: each fuzzed check sends its boundaries and three of each lane one value beyond
        // them, the contacts go ten a request at the core lane's end, and no check or lane sends more than the
        // plan printed for this target.
        expect(first.stdout).toMatch(/fuzzing: \d+ checks send their exact boundaries; 3 of each lane's \(CC_FUZZ_CHECKS\) send at most 1 more value each/);
        expect(first.stdout).toMatch(/deleted at the lanes' end: up to \d+ records the checks made, contacts, ten a request/);
        const firstReport = JSON.parse(readFileSync(join(project, 'first', 'conformance.json'), 'utf8')) as RunReport;
        expect(firstReport.checks.filter((c) => c.requests > c.allowance).map((c) => `${c.check}: ${c.requests} > ${c.allowance}`)).toEqual([]);
        for (const cost of firstReport.costliest.filter((c) => c.lane !== 'budget')) {
          const planned = Number(new RegExp(`lane ${cost.lane} \\([^\\n]*\\): \\d+ checks, at most (\\d+) requests`).exec(first.stdout)?.[1]);
          expect(cost.requests, cost.lane).toBeLessThanOrEqual(planned);
        }
        const written = JSON.parse(readFileSync(join(project, 'cc-expectations.json'), 'utf8')) as { entries: { expect: string; reason: string }[] };
        expect(written.entries.length).toBeGreaterThan(0);
        // Every entry puts out of scope a check the team will not let do something to its account.
        for (const entry of written.entries)
          expect(entry).toMatchObject({ expect: 'out-of-scope', reason: expect.stringMatching(/needs (CC_VOICE_AGENT_ID, or )?CC_EFFECTS to include /) });
        const gated = await run('npx', ['cc-conformance', 'run', '--reports', 'gated', '--expect', 'cc-expectations.json'], project, target);
        expect(gated.code, `${gated.stdout.slice(-3000)}\n${gated.stderr.slice(-3000)}`).toBe(0);
        const report = JSON.parse(readFileSync(join(project, 'gated', 'conformance.json'), 'utf8')) as RunReport;
        expect(report.gate).toMatchObject({ outcome: 'as-expected', exitCode: 0 });
        expect(report.gate?.counts.outOfScope).toBe(written.entries.length);
        expect(report.summary.required.skipped).toBe(0);
      } finally {
        process.kill(-(mock.pid as number), 'SIGINT');
      }
    },
  );
});
