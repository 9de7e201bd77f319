import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
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
const SHIPPED = ['bin', 'cli', 'lib', 'mock', 'suites', 'reporters', 'schemas', 'load', 'docs', 'tsconfig.json', 'README.md', 'package.json'];
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

/** The installed `cc-conformance mock` with `args`, in its own process group, and the variables it exported once ready. */
async function installedMock(args: string[]): Promise<{ target: Record<string, string>; stop: () => void }> {
  const mock = spawn(join(project, 'node_modules', '.bin', 'cc-conformance'), ['mock', ...args], {
    cwd: project,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const target: Record<string, string> = {};
  for await (const line of createInterface({ input: mock.stdout as NodeJS.ReadableStream })) {
    if (line === 'ready') break;
    const m = /^export (\w+)='(.*)'$/.exec(line);
    if (m) target[m[1] as string] = m[2] as string;
  }
  return { target, stop: () => process.kill(-(mock.pid as number), 'SIGINT') };
}

/** The `rerun:` line a failed rule printed, as printed. */
function rerunLine(stdout: string): string {
  const line = /^ {4}rerun: (.+)$/m.exec(stdout)?.[1];
  expect(line, stdout.slice(-3000)).toBeDefined();
  return line as string;
}

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
      'docs/reference/rules.md',
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
    for (const file of ['conformance.json', 'junit.xml', 'conformance.html', 'summary.md'])
      expect(statSync(join(project, 'reports', file)).size, file).toBeGreaterThan(0);
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
        // The run printed a few lines of plan, and how to see the whole of it as the tool was called; the
        // installed tool prints that, for the same target, without sending anything.
        expect(first.stdout).toContain("\nthe whole plan: npx cc-conformance plan (with this run's options), or --verbose in a run\n");
        const plan = await run('npx', ['cc-conformance', 'plan'], project, target);
        expect(plan.code, plan.stderr).toBe(0);
        // As on a live account: each fuzzed check sends its boundaries and three of each lane one value beyond
        // them, the contacts go ten a request at the core lane's end, and no check or lane sends more than the
        // plan for this target says.
        expect(plan.stdout).toMatch(/fuzzing: \d+ checks send their exact boundaries; 3 of each lane's \(CC_FUZZ_CHECKS\) send at most 1 more value each/);
        expect(plan.stdout).toMatch(/deleted at the lanes' end: up to \d+ records the checks made, contacts, ten a request/);
        const firstReport = JSON.parse(readFileSync(join(project, 'first', 'conformance.json'), 'utf8')) as RunReport;
        expect(firstReport.checks.filter((c) => c.requests > c.allowance).map((c) => `${c.check}: ${c.requests} > ${c.allowance}`)).toEqual([]);
        for (const cost of firstReport.costliest.filter((c) => c.lane !== 'budget')) {
          const planned = Number(new RegExp(`lane ${cost.lane} \\([^\\n]*\\): \\d+ checks, at most (\\d+) requests`).exec(plan.stdout)?.[1]);
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
  test(
    "a failed rule's rerun line names the tool as it was called, and run as printed from the install folder it fails that rule again",
    { timeout: 240_000 },
    async () => {
      // A live account's setup (one key pair, no effect) on a mock that breaks one rule.
      const mock = await installedMock(['--live-like', '--fault', 'auth-missing-accepted', '--rate-window-ms', '1000']);
      try {
        const rule = 'CORE-AUTH-MISSING-401';
        const first = await run('npx', ['cc-conformance', 'run', '--rule', rule, '--reports', 'rerun-first'], project, mock.target);
        expect(first.code, `${first.stdout.slice(-3000)}\n${first.stderr.slice(-3000)}`).toBe(1);
        const seed = (JSON.parse(readFileSync(join(project, 'rerun-first', 'conformance.json'), 'utf8')) as RunReport).seed;
        const printed = rerunLine(first.stdout);
        expect(printed).toBe(`npx cc-conformance run --seed ${seed} --rule ${rule}`);
        expect(first.stdout).not.toContain('npm run');
        // As a user pastes it, in a shell in the install folder: it runs, and the rule fails again with that seed.
        const again = await run('bash', ['-c', `${printed} --reports rerun-again`], project, mock.target);
        expect(again.code, `${again.stdout.slice(-3000)}\n${again.stderr.slice(-3000)}`).toBe(1);
        const report = JSON.parse(readFileSync(join(project, 'rerun-again', 'conformance.json'), 'utf8')) as RunReport;
        expect(report.seed).toBe(seed);
        expect(report.rules.find((r) => r.id === rule)).toMatchObject({ status: 'fail', reproduce: { seed, rerun: printed } });
        // Called by its name, as a global install or a job with node_modules/.bin on PATH does: the line says so, and runs as printed.
        const onPath = { ...mock.target, PATH: `${join(project, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` };
        const named = await run('bash', ['-c', `cc-conformance run --rule ${rule} --seed ${seed} --reports rerun-named`], project, onPath);
        expect(named.code, named.stderr.slice(-3000)).toBe(1);
        const byName = rerunLine(named.stdout);
        expect(byName).toBe(`cc-conformance run --seed ${seed} --rule ${rule}`);
        const pasted = await run('bash', ['-c', `${byName} --reports rerun-pasted`], project, onPath);
        expect(pasted.code, pasted.stderr.slice(-3000)).toBe(1);
      } finally {
        mock.stop();
      }
    },
  );

  test("capacity --help's example profile is a file of the installed package, and --profile example plans from any folder", async () => {
    const bin = join(project, 'node_modules', '.bin', 'cc-conformance');
    const help = await run(bin, ['capacity', '--help'], elsewhere);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cc-conformance capacity /);
    const example = /--profile example`? uses the\s+example that ships with the tool, (\S+)/.exec(help.stdout)?.[1] as string;
    expect(example, help.stdout).toBeDefined();
    expect(isAbsolute(example)).toBe(true);
    expect(example.startsWith(join(project, 'node_modules', 'cc-conformance'))).toBe(true);
    expect(existsSync(example)).toBe(true);
    for (const profile of ['example', example]) {
      const plan = await run(bin, ['capacity', '--contacts', '1000', '--profile', profile, '--deadline', '8h'], elsewhere);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toContain(`(${example})`);
      expect(existsSync(join(elsewhere, 'reports', 'capacity.json'))).toBe(true);
    }
  });

  test("the README's packing line works in a fresh clone, where dist/ does not exist, and writes the tarball its install line names", async () => {
    // A fresh clone's files: what git tracks or would add, read from this checkout.
    const clone = join(workspace, 'clone');
    const listed = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], ROOT);
    expect(listed.code, listed.stderr).toBe(0);
    for (const file of listed.stdout.split('\n').filter((f) => f !== '' && f !== 'node_modules')) {
      if (!existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(clone, file));
    }
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const packLine = /^(.*npm pack --pack-destination dist)\s+# in a checkout$/m.exec(readme)?.[1] as string;
    const installed = /^npm install --no-audit --no-fund \.\/(dist\/\S+\.tgz)/m.exec(readme)?.[1] as string;
    expect(packLine).toBeDefined();
    const packedHere = await run('bash', ['-c', packLine], clone);
    expect(packedHere.code, packedHere.stderr).toBe(0);
    expect(existsSync(join(clone, installed)), installed).toBe(true);
  });
});
