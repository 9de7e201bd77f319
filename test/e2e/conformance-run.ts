import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRun, type RunPlan } from '../../cli/run-plan.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import type { Target } from '../../lib/config/target.ts';
import { startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';

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

/**
 * The plan a run makes with these settings and `--rule`s, as the object it prints from (cli/run-plan.ts),
 * and its target. With `bundledWindowMs`, against the bundled mock a run would start with that window: a mock
 * started here for its variables, as the command starts its own. A run prints only a few lines of it, so
 * its figures are checked here rather than read back from what the run printed.
 */
export async function planOf(
  settings: Record<string, string>,
  options: { readonly rules?: readonly string[]; readonly bundledWindowMs?: number } = {},
): Promise<{ plan: RunPlan; target: Target }> {
  const mock = options.bundledWindowMs === undefined ? undefined : await startMock({ rateWindowMs: options.bundledWindowMs });
  try {
    const target = targetFromSettings({ ...settings, ...mock?.env }, ROOT, mock !== undefined, 'plan');
    const rules = options.rules;
    return { plan: planRun(target, rules ? ALL_CHECKS.filter((c) => c.rules.some((r) => rules.includes(r))) : ALL_CHECKS), target };
  } finally {
    await mock?.close();
  }
}
