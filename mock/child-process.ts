import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const ROOT = new URL('..', import.meta.url).pathname;

export interface MockProcess {
  readonly child: ChildProcess;
  /** The CC_* variables the mock printed, secrets included: for pointing a local client at it. */
  readonly env: Readonly<Record<string, string>>;
  /** Interrupts the mock and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * `npm run mock` in a process of its own, for benchmarks and tests that must not share an event loop
 * with the mock; resolves once it printed `ready`, with the variables of its `export` lines.
 */
export async function startMockProcess(args: readonly string[]): Promise<MockProcess> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
  const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['cli/mock.ts', ...args], { cwd: ROOT, env: clean, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const env: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    if (line === 'ready') {
      return {
        child,
        env,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGINT');
          await exited;
        },
      };
    }
    const m = /^export (\w+)='(.*)'$/.exec(line);
    if (m) env[m[1] as string] = (m[2] as string).replace(/'\\''/g, "'");
  }
  throw new Error(`the mock exited before it was ready (tsx cli/mock.ts ${args.join(' ')})`);
}
