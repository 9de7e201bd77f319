import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

/** The repository's own executable, run as the installed one is, from a folder that holds nothing. */
const BIN = new URL('../../bin/cc-conformance.js', import.meta.url).pathname;
const ROOT = new URL('../..', import.meta.url).pathname;
const SUBCOMMANDS = ['run', 'plan', 'mock', 'cleanup', 'compare', 'load', 'k6', 'capacity', 'fingerprint'];
const runFile = promisify(execFile);
// Nor the npm or npx that started these tests: the executable reads npm_lifecycle_* to tell npx apart.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_') && !k.startsWith('npm_lifecycle_')));
// No node_modules, no tsconfig, no package.json: whatever the executable starts, it found from its own location.
const elsewhere = mkdtempSync(`${tmpdir()}/cc-wrapper-`);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(elsewhere, { recursive: true, force: true });
});

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

async function ccConformance(args: string[], env: Record<string, string> = {}): Promise<Ended> {
  try {
    const { stdout, stderr } = await runFile(process.execPath, [BIN, ...args], { cwd: elsewhere, env: { ...cleanEnv, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/**
 * `cc-conformance mock` in a process group of its own, as a terminal runs a command, once the mock
 * printed `ready`; resolves its end with the exit code or the signal it died of.
 */
async function startMock(): Promise<{ wrapper: ChildProcess; ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; caFolder: string }> {
  const wrapper = spawn(process.execPath, [BIN, 'mock', '--rate-window-ms', '1000'], {
    cwd: elsewhere,
    env: cleanEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(wrapper);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    wrapper.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let ready = false;
  let caFile = '';
  for await (const line of createInterface({ input: wrapper.stdout as NodeJS.ReadableStream })) {
    caFile = /^export CC_CA_FILE='(.*)'$/.exec(line)?.[1] ?? caFile;
    if (line === 'ready') {
      ready = true;
      break;
    }
  }
  expect(ready, 'the mock printed ready').toBe(true);
  expect(caFile).not.toBe('');
  return { wrapper, ended, caFolder: dirname(caFile) };
}

/** The command the wrapper started: its only child. */
function commandOf(wrapper: ChildProcess): number {
  const pid = wrapper.pid as number;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

/** The process group of a process, from the fields after its name in /proc/PID/stat: state, parent, group. */
function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

describe('bin/cc-conformance.js, run from an empty folder', () => {
  test('--help lists every subcommand on one screen, on stdout, exit 0', async () => {
    const { code, stdout, stderr } = await ccConformance(['--help']);
    expect(code, stderr).toBe(0);
    for (const name of SUBCOMMANDS) expect(stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    expect(stdout.trimEnd().split('\n').length).toBeLessThanOrEqual(24);
  });

  test('no subcommand shows the same list on stderr and exits 2', async () => {
    const [help, bare] = await Promise.all([ccConformance(['--help']), ccConformance([])]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toBe(help.stdout);
  });

  test('an unknown subcommand is one line on stderr, exit 2', async () => {
    const { code, stdout, stderr } = await ccConformance(['conform']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('unknown subcommand "conform"')]);
  });

  test('--version names the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect((await ccConformance(['--version'])).stdout).toBe(`cc-conformance ${version}\n`);
  });

  test("mock --help reaches cli/mock.ts through tsx, and a bad option gets the mock's own line and exit code", async () => {
    const help = await ccConformance(['mock', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cc-conformance mock \[options\]/);
    expect(help.stdout).toContain('--rate-window-ms N');
    const bad = await ccConformance(['mock', '--rate-window-ms', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^cc-mock: --rate-window-ms/)]);
  });

  test('what a command prints to run names the executable, through npx when npx started it; the npm script says npm run', async () => {
    const OTHERS = ['mock', 'cleanup', 'compare', 'load', 'k6', 'capacity', 'fingerprint'];
    const [named, npx, script, ...others] = await Promise.all([
      ccConformance(['run', '--help']),
      ccConformance(['run', '--help'], { npm_lifecycle_event: 'npx', npm_lifecycle_script: "'cc-conformance'" }),
      runFile(process.execPath, ['--import', 'tsx', 'cli/conformance.ts', '--help'], { cwd: ROOT, env: cleanEnv }),
      ...OTHERS.map((name) => ccConformance([name, '--help'])),
    ]);
    expect(named.stdout.split('\n')[0]).toBe('Usage: cc-conformance run [options]');
    expect(npx.stdout.split('\n')[0]).toBe('Usage: npx cc-conformance run [options]');
    expect(script.stdout.split('\n')[0]).toBe('Usage: npm run conformance -- [options]');
    const help = new Map(OTHERS.map((name, i) => [name, others[i]?.stdout ?? '']));
    for (const name of OTHERS) expect(help.get(name), name).toMatch(new RegExp(`^Usage: cc-conformance ${name} `));
    // The mock's recipe starts the executable; the fingerprint's and load's help name the commands they point to.
    expect(help.get('mock')).toContain('\n  cc-conformance mock > mock.env &\n');
    expect(help.get('fingerprint')).toContain('`cc-conformance cleanup --ledger` reads');
    expect(help.get('load')).toContain('cc-conformance mock --list-faults');
  });

  test('capacity --help names an example profile that exists, and --profile example plans from any folder', async () => {
    const help = await ccConformance(['capacity', '--help']);
    const example = /--profile example`? uses the\s+example that ships with the tool, (\S+)/.exec(help.stdout)?.[1];
    expect(example, help.stdout).toBeDefined();
    expect(isAbsolute(example as string)).toBe(true);
    expect(existsSync(example as string)).toBe(true);
    const plan = await ccConformance(['capacity', '--contacts', '1000', '--profile', 'example', '--reports', join(elsewhere, 'capacity')]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`(${example as string})`);
    expect(plan.stdout).toMatch(/\bGO\b/);
  });

  // A terminal's Ctrl-C reaches the whole group, and npm relays it to its child again: the mock, which
  // a second SIGINT kills outright, must get it once and stop cleanly.
  test('Ctrl-C to the group, twice at once, stops the mock once: its clean exit 0 is the exit code', async () => {
    const { wrapper, ended } = await startMock();
    // A signal to the group the user's terminal (or timeout(1)) knows reaches the command only through the wrapper.
    const command = commandOf(wrapper);
    expect(groupOf(wrapper.pid as number)).toBe(wrapper.pid);
    expect(groupOf(command)).toBe(command);
    process.kill(-(wrapper.pid as number), 'SIGINT');
    process.kill(wrapper.pid as number, 'SIGINT');
    expect(await ended).toEqual({ code: 0, signal: null });
  });

  test('SIGTERM sent to the executable alone, as a CI runner or container stop sends it, reaches the command', async () => {
    const { wrapper, ended } = await startMock();
    wrapper.kill('SIGTERM');
    expect(await ended).toEqual({ code: 0, signal: null });
  });

  test('a command killed by a signal ends the executable with the same signal', async () => {
    const { wrapper, ended, caFolder } = await startMock();
    process.kill(commandOf(wrapper), 'SIGKILL');
    expect(await ended).toEqual({ code: null, signal: 'SIGKILL' });
    // A mock killed outright leaves the certificate folder it removes when it stops.
    rmSync(caFolder, { recursive: true, force: true });
  });
});
