import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Session } from '../../lib/checks/session.js';
import { runChecks } from '../../lib/checks/runner.js';
import { targetFromSettings } from '../../lib/config/load.js';
import { buildReport, type RuleResult } from '../../lib/results/report.js';
import type { RateAlgorithm } from '../../mock/http/rate-meter.js';
import { BUDGET_CHECKS } from '../../suites/budget/index.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;

/**
 * Window of the budget proofs' mocks. The budget checks time bursts against the window, so it must
 * leave room for a loaded machine; each proof then lasts about five windows.
 */
export const BUDGET_PROOF_WINDOW_MS = 3000;

/** Budget proofs at once: each fires bursts of up to 121 requests, and the machine has two cores. */
const AT_ONCE = 3;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** `npm run mock` in its own process, so the mock and the suite each get a core, as in a real run. */
async function mockProcess(args: readonly string[]): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_')));
  const child = spawn(TSX, ['cli/mock.ts', ...args], { cwd: ROOT, env: clean, stdio: ['ignore', 'pipe', 'inherit'] });
  const env: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    if (line === 'ready') return { child, env };
    const m = /^export (\w+)='(.*)'$/.exec(line);
    if (m) env[m[1] as string] = (m[2] as string).replace(/'\\''/g, "'");
  }
  throw new Error(`the mock exited before it was ready (${args.join(' ')})`);
}

/**
 * Runs the budget checks, as a conformance run does, against a mock counting its minute by `algorithm`
 * with `faults` on, and returns what the report says of each rule.
 */
export function proveBudget(options: { readonly faults?: readonly string[]; readonly algorithm?: RateAlgorithm }): Promise<Map<string, RuleResult>> {
  return slot(async () => {
    const args = ['--rate-window-ms', String(BUDGET_PROOF_WINDOW_MS), '--rate-algorithm', options.algorithm ?? 'fixed', ...(options.faults ?? []).flatMap((f) => ['--fault', f])];
    const { child, env } = await mockProcess(args);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const target = targetFromSettings(env, process.cwd(), true);
    const session = new Session(target, 1);
    try {
      const outcomes = await runChecks(session, BUDGET_CHECKS);
      const report = buildReport({ outcomes, target, seed: 1, startedAt: new Date(), durationMs: 0 });
      return new Map(report.rules.filter((r) => BUDGET_CHECKS.some((c) => c.rules.includes(r.id))).map((r) => [r.id, r]));
    } finally {
      await session.close();
      child.kill('SIGINT');
      await exited;
    }
  });
}

export function describeRules(results: Map<string, RuleResult>, ids?: readonly string[]): string {
  return [...results.values()]
    .filter((r) => !ids || ids.includes(r.id))
    .map((r) => `${r.id}: ${r.status}${r.detail ? ` (${r.detail})` : ''}${r.notes.length ? ` [${r.notes.join('; ')}]` : ''}`)
    .join('\n');
}
