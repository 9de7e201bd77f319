import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface Run extends CommandRun {
  readonly reports: string;
}

/** What a command printed and how it ended. */
export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A command of cli/ as its npm script starts it, with no CC_* variable inherited from this process. */
export function command(script: string, args: readonly string[], env: Record<string, string> = {}): Promise<CommandRun> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
  return new Promise((resolve, reject) => {
    // As the npm scripts start a command: one Node process with tsx's loader (the tsx binary would add a second).
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `npm run conformance` as a user would, its reports in a fresh folder unless `reports` names one. */
export async function conformance(args: string[], env: Record<string, string> = {}, reports = mkdtempSync(join(tmpdir(), 'cc-reports-'))): Promise<Run> {
  return { ...(await command('cli/conformance.ts', ['--reports', reports, ...args], env)), reports };
}
