import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;
const run = promisify(execFile);
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));

function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * A base port whose four ports (core, analytics, AI, CueCard) were all free a moment ago: each is
 * held at once, then released. Other tests bind random ports meanwhile, so a base is tried again
 * when any of the four is taken.
 */
async function freePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = await listenOn(0);
    const base = (first?.address() as AddressInfo | null)?.port;
    const rest = base !== undefined && base <= 65532 ? await Promise.all([1, 2, 3].map((i) => listenOn(base + i))) : [];
    const held = [first, ...rest].filter((s): s is Server => s !== undefined);
    await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
    if (base !== undefined && held.length === 4) return base;
  }
  throw new Error('found no four consecutive free ports');
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts `npm run mock` as its script does and collects what it prints up to `ready`. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawn(TSX, ['cli/mock.ts', ...args], { cwd: ROOT, env: cleanEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    lines.push(line);
    if (line === 'ready') break;
  }
  return { child, lines };
}

describe('npm run mock', () => {
  test('prints one export line per target variable, then ready; eval of it points curl at the mock', async () => {
    const base = await freePortBase();
    const { child, lines } = await startCli(['--port-base', String(base), '--rate-window-ms', '500']);
    expect(lines.at(-1)).toBe('ready');
    const exports = lines.slice(0, -1);
    expect(exports.every((line) => /^export CC_[A-Z0-9_]+='.*'$/.test(line))).toBe(true);
    const names = exports.map((line) => /^export (\w+)=/.exec(line)?.[1]);
    for (const name of [
      'CC_BASE_URL',
      'CC_ANALYTICS_URL',
      'CC_AI_URL',
      'CC_CUECARD_URL',
      'CC_KEY_ID',
      'CC_KEY_SECRET',
      'CC_KEY2_ID',
      'CC_KEY2_SECRET',
      'CC_OTHER_KEY_ID',
      'CC_OTHER_KEY_SECRET',
      'CC_CA_FILE',
      'CC_RATE_WINDOW_MS',
    ]) {
      expect(names).toContain(name);
    }
    expect(exports).toContain(`export CC_BASE_URL='https://127.0.0.1:${base}/api'`);
    expect(exports).toContain(`export CC_CUECARD_URL='https://127.0.0.1:${base + 3}/api'`);
    expect(exports).toContain("export CC_RATE_WINDOW_MS='500'");
    const script = `${exports.join('\n')}\ncurl -sS --cacert "$CC_CA_FILE" -u "$CC_KEY_ID:$CC_KEY_SECRET" -H 'Accept: application/json' "$CC_BASE_URL/contacts/index.json?limit=2"`;
    const { stdout } = await run('bash', ['-c', script], { env: cleanEnv });
    expect((JSON.parse(stdout) as { responseData: { limit: number } }).responseData.limit).toBe(2);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  test('the three lines --help gives start the mock in the background and bring its variables into the shell', { timeout: 60_000 }, async () => {
    const { stdout: help } = await run(TSX, ['cli/mock.ts', '--help'], { cwd: ROOT, env: cleanEnv });
    const lines = help.split('\n');
    const first = lines.findIndex((line) => line.trimStart().startsWith('npm run --silent mock'));
    const recipe = lines.slice(first, first + 3).map((line) => line.trim());
    expect(recipe).toHaveLength(3);
    expect(recipe.at(-1)).toMatch(/^eval /);
    // docs/mock.md gives the same lines, and git ignores the file they write.
    const page = readFileSync(join(ROOT, 'docs', 'mock.md'), 'utf8');
    for (const line of recipe) expect(page).toContain(`\n${line}\n`);
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('mock.env');
    // Run as given, but with the variables file in a folder of the test's own instead of the project root.
    const envFile = join(mkdtempSync(join(tmpdir(), 'cc-mock-recipe-')), 'mock.env');
    const script = [
      ...recipe.map((line) => line.replaceAll('mock.env', envFile)),
      'curl -sS --cacert "$CC_CA_FILE" -u "$CC_KEY_ID:$CC_KEY_SECRET" -H \'Accept: application/json\' "$CC_BASE_URL/contacts/index.json?limit=2"',
    ].join('\n');
    // Its own process group: the mock it leaves running in the background is stopped with it afterwards.
    const shell = spawn('bash', ['-c', script], { cwd: ROOT, env: cleanEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    shell.stdout?.on('data', (d) => (stdout += d));
    shell.stderr?.on('data', (d) => (stderr += d));
    try {
      const code = await new Promise<number | null>((resolve) => shell.on('exit', resolve));
      expect(code, stderr).toBe(0);
      expect((JSON.parse(stdout) as { responseData: { limit: number } }).responseData.limit).toBe(2);
    } finally {
      try {
        process.kill(-(shell.pid as number), 'SIGINT');
      } catch {
        // The group is gone already.
      }
    }
  });

  test('--live-like exports one key pair and no effect, unsetting the others first; a run then plans as on a live account', async () => {
    const { child, lines } = await startCli(['--live-like', '--rate-window-ms', '500']);
    expect(lines.at(-1)).toBe('ready');
    const [unset, ...exports] = lines.slice(0, -1);
    const leftOut = [
      'CC_KEY2_ID',
      'CC_KEY2_SECRET',
      'CC_OTHER_KEY_ID',
      'CC_OTHER_KEY_SECRET',
      'CC_REVOKED_KEY_ID',
      'CC_REVOKED_KEY_SECRET',
      'CC_LIMITS_KEY_ID',
      'CC_LIMITS_KEY_SECRET',
      'CC_EFFECTS',
    ];
    expect(unset).toBe(`unset ${leftOut.join(' ')}`);
    const names = exports.map((line) => /^export (\w+)='.*'$/.exec(line)?.[1]);
    expect(names).toEqual([
      'CC_BASE_URL',
      'CC_ANALYTICS_URL',
      'CC_AI_URL',
      'CC_CUECARD_URL',
      'CC_KEY_ID',
      'CC_KEY_SECRET',
      'CC_CA_FILE',
      'CC_RATE_WINDOW_MS',
      'CC_DIALER_RELEASE',
      'CC_DIALER_ARCHIVED_TAG_ID',
    ]);
    // Evaluated as the recipe does, in a shell that held a fuller set from before: none of it is left.
    const script = [
      'export CC_KEY2_ID=stale CC_KEY2_SECRET=stale CC_EFFECTS=budget',
      'eval "$(printf \'%s\\n\' "$MOCK_LINES" | grep -E \'^(unset|export) \')"',
      'env | grep -o "^CC_[A-Z0-9_]*" | sort',
      'curl -sS --cacert "$CC_CA_FILE" -u "$CC_KEY_ID:$CC_KEY_SECRET" -H \'Accept: application/json\' "$CC_BASE_URL/contacts/index.json?limit=2" > /dev/null',
    ].join('\n');
    const { stdout } = await run('bash', ['-c', script], { env: { ...cleanEnv, MOCK_LINES: lines.join('\n') } });
    expect(stdout.trim().split('\n')).toEqual([...(names as string[])].sort());
    // The plan of a run against it is a live run's: one key pair, and the campaigns the README says such a run leaves.
    const target = Object.fromEntries(exports.map((line) => /^export (\w+)='(.*)'$/.exec(line)?.slice(1) as [string, string]));
    const { stdout: plan } = await run(process.execPath, ['--import', 'tsx', 'cli/conformance.ts', '--plan'], { cwd: ROOT, env: { ...cleanEnv, ...target } });
    expect(plan).toMatch(/key pairs: primary, rate window 500 ms/);
    expect(plan).toContain('what the run leaves: at most 3 Dialer campaigns');
    // How it stops is the first test's to prove.
    child.kill('SIGINT');
  });

  test('--keys and --effects export the key pairs and effects named, in their usual order', async () => {
    const { child, lines } = await startCli(['--keys', 'other, primary', '--effects', 'budget,sms']);
    expect(lines[0]).toBe('unset CC_KEY2_ID CC_KEY2_SECRET CC_REVOKED_KEY_ID CC_REVOKED_KEY_SECRET CC_LIMITS_KEY_ID CC_LIMITS_KEY_SECRET');
    const names = lines.map((line) => /^export (\w+)=/.exec(line)?.[1]).filter((name) => name !== undefined);
    expect(names.filter((name) => name.includes('KEY'))).toEqual(['CC_KEY_ID', 'CC_KEY_SECRET', 'CC_OTHER_KEY_ID', 'CC_OTHER_KEY_SECRET']);
    expect(lines).toContain("export CC_EFFECTS='sms,budget'");
    child.kill('SIGINT');
  });

  test.each([
    [['--live-like', '--effects', 'sms'], '--live-like is --keys primary --effects none: give it alone'],
    [['--keys', 'second'], '--keys: must include primary'],
    [['--keys', 'primary,boss'], '--keys: unknown key pair "boss"'],
    [['--effects', 'none,sms'], '--effects: none stands alone'],
    [['--effects', 'smss'], '--effects: unknown effect "smss"'],
  ])('%j is refused with one line and exit code 2, before the mock starts', async (args, message) => {
    const result = await run(TSX, ['cli/mock.ts', ...args], { cwd: ROOT, env: cleanEnv }).catch((err: { code: number; stdout: string; stderr: string }) => err);
    expect((result as { code: number }).code).toBe(2);
    expect((result as { stdout: string }).stdout).toBe('');
    expect((result as { stderr: string }).stderr.trim().split('\n')).toEqual([expect.stringContaining(`cc-mock: ${message}`)]);
  });

  test('a bad option stops it with one line and exit code 2', async () => {
    const result = await run(TSX, ['cli/mock.ts', '--rate-window-ms', 'soon'], { cwd: ROOT, env: cleanEnv }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect((result as { code: number }).code).toBe(2);
    expect((result as { stderr: string }).stderr.trim().split('\n')).toEqual([expect.stringContaining('--rate-window-ms')]);
  });

  test('--list-faults names every fault with the rule it breaks', async () => {
    const { stdout } = await run(TSX, ['cli/mock.ts', '--list-faults'], { cwd: ROOT, env: cleanEnv });
    expect(stdout).toMatch(/^auth-missing-accepted\s+breaks CORE-AUTH-MISSING-401/m);
  });
});
