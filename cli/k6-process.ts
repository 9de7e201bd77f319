/**
 * Finding the k6 binary and running it as a child: secrets only in its environment, everything it
 * prints scrubbed on the way out, Ctrl-C handed to it once so it stops the way k6 stops (it still
 * runs handleSummary and writes its outputs).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { invocationOf } from '../lib/invocation.ts';

/** What to do without k6: a checkout builds the pinned one; an installed package holds no build of it. */
export function k6Missing(): string {
  return invocationOf() === 'checkout'
    ? 'k6 not found: npm run k6:install (needs Go 1.26)'
    : 'k6 not found on PATH: install k6 (https://grafana.com/docs/k6/latest/set-up/install-k6/) and put it on PATH';
}

/** Whether this process may run the file at `path`. */
export function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The project's own build (`npm run k6:install`) first, then whatever k6 is on PATH. */
export function findK6(root: string, path = process.env.PATH ?? ''): string | undefined {
  const local = join(root, '.tools', 'bin', 'k6');
  if (existsSync(local) && executable(local)) return local;
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'k6');
    if (existsSync(candidate) && executable(candidate)) return candidate;
  }
  return undefined;
}

export interface K6RunOptions {
  readonly binary: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly scrub: (text: string) => string;
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** Aborted by the caller on Ctrl-C: SIGINT goes to k6 once. If the caller exits, k6 is killed. */
  readonly signal: AbortSignal;
}

/** Line by line, so a credential can never be split across two chunks and slip past the scrub. */
function relay(from: Readable, to: Writable, scrub: (text: string) => string): Promise<void> {
  const lines = createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => to.write(`${scrub(line)}\n`));
  return new Promise((resolve) => lines.once('close', resolve));
}

/** Resolves with k6's exit code (signals as 128 + number, the shell's convention). */
export function runK6(options: K6RunOptions): Promise<number> {
  // Its own process group: a Ctrl-C at the terminal reaches only us, and k6 gets exactly one SIGINT
  // from us. Two would make k6 quit without its summary.
  const child = spawn(options.binary, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const relayed = Promise.all([relay(child.stdout, options.stdout, options.scrub), relay(child.stderr, options.stderr, options.scrub)]);
  const interrupt = () => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  options.signal.addEventListener('abort', interrupt, { once: true });
  // If we die first, k6 must not run on alone against the target.
  const orphaned = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', orphaned);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      options.signal.removeEventListener('abort', interrupt);
      process.off('exit', orphaned);
      void relayed.then(() => resolve(code ?? 128 + signalNumber(signal)));
    });
  });
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : signal === 'SIGTERM' ? 15 : 1;
}
