/**
 * Ctrl-C reaching cc-k6, with a stand-in for k6 (no k6 needed): the first signal goes to k6 once, and a
 * second one, when k6 does not stop, ends the command at once and kills k6 rather than leave it sending.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { SAME_SIGNAL_MS } from '../../cli/interrupt.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'cc-k6-signals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether a process still exists (a zombie does too, until it is reaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, withinMs = 15_000): Promise<void> {
  const end = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a k6 that ignores the forwarded SIGINT: a second Ctrl-C a moment later exits 130 at once and kills k6', { timeout: 30_000 }, async () => {
  // Notes each SIGINT it gets and carries on; `exec` keeps one process, whose pid it prints.
  const standIn = join(dir, 'k6');
  writeFileSync(standIn, `#!/bin/sh\ntrap 'echo "k6 got SIGINT"' INT\necho "k6 running $$"\nwhile :; do sleep 0.1; done\n`);
  chmodSync(standIn, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/load/k6-signals-child.ts', standIn], { cwd: ROOT, detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const group = -(child.pid as number);

  await until(() => /k6 running \d+/.test(output), 'the stand-in started');
  const k6 = Number(/k6 running (\d+)/.exec(output)?.[1]);
  process.kill(group, 'SIGINT');
  await until(() => output.includes('k6 got SIGINT'), 'the SIGINT was forwarded to k6');
  const firstAt = Date.now();
  expect(output.match(/k6 got SIGINT/g)).toHaveLength(1);
  expect(alive(k6)).toBe(true);

  // A repeat within SAME_SIGNAL_MS is the same Ctrl-C relayed twice: it must not count as the second one.
  process.kill(group, 'SIGINT');
  await until(() => Date.now() - firstAt > SAME_SIGNAL_MS + 100, 'time passed');
  expect(child.exitCode).toBeNull();
  expect(output.match(/k6 got SIGINT/g)).toHaveLength(1);

  process.kill(group, 'SIGINT');
  const secondAt = Date.now();
  expect(await exited).toBe(130);
  expect(Date.now() - secondAt).toBeLessThan(5_000);
  expect(output).not.toContain('k6 exited');
  await until(() => !alive(k6), 'k6 was killed');
});
