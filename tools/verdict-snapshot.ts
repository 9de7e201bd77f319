/**
 * `npm run snapshot -- write FILE` and `npm run snapshot -- compare BEFORE AFTER`: what a change of the
 * project's structure must leave as it was. It runs the suite against the bundled mock with seeds 7, 11
 * and 12, and against the mock as a configured target with one key pair and no effects, and keeps each
 * rule's status, each check's request count, and the plan's figures, by id. Two snapshots compared name
 * every difference; a refactoring that changes none of them changed no verdict and no request.
 *
 * `npm run snapshot -- declared FILE` writes, in about a second and without a run, what the planner derives
 * from the checks' declarations: each check's allowance and the whole plan, for a matrix of target settings.
 * A change of how checks declare their costs compares equal there before it is worth a run.
 *
 * The budget check's requests are left out of the counts: its bursts run until the target's 429, which
 * lands a request earlier or later with the machine's timing. Its rules' statuses are kept.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { planRun } from '../cli/run-plan.ts';
import { targetFromSettings } from '../lib/config/load.ts';
import type { RunReport } from '../lib/results/report.ts';
import { ALL_CHECKS } from '../suites/index.ts';
import { allowanceOn } from '../lib/checks/define.ts';
import { EFFECTS } from '../lib/config/target.ts';
import { RELEASES } from '../lib/dialer/releases.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEEDS = [7, 11, 12];
/** Checks whose request count follows the machine's timing, not the code: see above. */
const TIMED = new Set(['budget.both-surfaces']);

interface Run {
  readonly rules: Record<string, string>;
  readonly requests: Record<string, number>;
}
interface Snapshot {
  readonly runs: Record<string, Run>;
  readonly plans: Record<string, unknown>;
}

/** The environment of a run: the caller's, without any target variable, plus `extra`. */
const envWith = (extra: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_'))),
  ...extra,
});

function conformance(args: string[], env: Record<string, string>): Promise<RunReport> {
  const reports = mkdtempSync(join(tmpdir(), 'cc-snapshot-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/conformance.ts', '--reports', reports, ...args], {
    cwd: ROOT,
    env: envWith(env),
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && code !== 1 && code !== 3) reject(new Error(`conformance ${args.join(' ')} exited ${code}`));
      else resolve(JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as RunReport);
    });
  });
}

function runOf(report: RunReport): Run {
  return {
    rules: Object.fromEntries(report.rules.map((r) => [r.id, r.status])),
    requests: Object.fromEntries(report.checks.filter((c) => !TIMED.has(c.check)).map((c) => [c.check, c.requests])),
  };
}

/** The mock as a live account looks: one key pair, no effect, its own process, until stopped. */
async function liveLikeMock(): Promise<{ env: Record<string, string>; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/mock.ts', '--live-like', '--rate-window-ms', '1000'], {
    cwd: ROOT,
    env: envWith({}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'ready') break;
    const m = /^export (\w+)='(.*)'$/.exec(line);
    if (m) env[m[1] as string] = m[2] as string;
  }
  return { env, stop: () => child.kill('SIGINT') };
}

async function take(): Promise<Snapshot> {
  const runs: Record<string, Run> = {};
  const plans: Record<string, unknown> = {};
  for (const seed of SEEDS) {
    process.stderr.write(`snapshot: bundled mock, seed ${seed}\n`);
    runs[`bundled-mock-seed-${seed}`] = runOf(await conformance(['--seed', String(seed)], {}));
  }
  const mock = await liveLikeMock();
  try {
    process.stderr.write('snapshot: the mock as a configured target, one key pair, no effects, seed 7\n');
    runs['configured-one-key-no-effects-seed-7'] = runOf(await conformance(['--seed', '7'], mock.env));
    // The plan is pure: the same target settings give the same figures wherever the mock listens.
    const ports = Object.fromEntries(Object.entries(mock.env).map(([k, v]) => [k, k.endsWith('_URL') ? v.replace(/:\d+\//, ':1/') : v]));
    plans['configured-one-key-no-effects'] = planRun(targetFromSettings(ports, ROOT, true), ALL_CHECKS);
  } finally {
    mock.stop();
  }
  return { runs, plans };
}

const ONE_KEY = {
  CC_BASE_URL: 'https://127.0.0.1:1/api',
  CC_ANALYTICS_URL: 'https://127.0.0.1:2/api',
  CC_AI_URL: 'https://127.0.0.1:3/v1',
  CC_CUECARD_URL: 'https://127.0.0.1:4/api',
  CC_KEY_ID: 'k',
  CC_KEY_SECRET: 's',
};
const EVERY_KEY = {
  ...ONE_KEY,
  ...Object.fromEntries(
    ['KEY2', 'OTHER_KEY', 'REVOKED_KEY', 'LIMITS_KEY'].flatMap((k) => [
      [`CC_${k}_ID`, k],
      [`CC_${k}_SECRET`, k],
    ]),
  ),
  CC_EFFECTS: EFFECTS.join(','),
  CC_DIALER_ARCHIVED_TAG_ID: 'archived',
};
/** Target settings whose plans a declared snapshot keeps: each turns on or off something a check's cost depends on. */
const DECLARED_SETTINGS: Record<string, { readonly settings: Record<string, string>; readonly bundledMock?: boolean }> = {
  'bundled-mock': { settings: EVERY_KEY, bundledMock: true },
  'one-key-no-effects': { settings: ONE_KEY },
  'every-key-every-effect': { settings: EVERY_KEY },
  'every-key-every-effect-all-fuzz-and-sequences': {
    settings: { ...EVERY_KEY, CC_FUZZ_RANDOM: 'all', CC_FUZZ_CHECKS: 'all', CC_SEQUENCES: '3', CC_SEQUENCE_CHECKS: 'all' },
  },
  'no-fuzz-no-sequences': { settings: { ...EVERY_KEY, CC_FUZZ_RANDOM: '0', CC_SEQUENCES: '0' } },
  ...Object.fromEntries(RELEASES.map((release) => [`release-${release}`, { settings: { ...EVERY_KEY, CC_DIALER_RELEASE: release } }])),
};

/** What the planner derives from the declarations, for each of DECLARED_SETTINGS: no run, no request. */
function declared(): Snapshot {
  const plans: Record<string, unknown> = {};
  for (const [name, { settings, bundledMock }] of Object.entries(DECLARED_SETTINGS)) {
    const target = targetFromSettings(settings, ROOT, bundledMock ?? false);
    plans[name] = {
      allowances: Object.fromEntries(ALL_CHECKS.map((c) => [c.id, allowanceOn(c, target)])),
      plan: planRun(target, ALL_CHECKS),
    };
  }
  return { runs: {}, plans };
}

/** Every difference between two snapshots, a line each, by id. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const run of keys(before.runs, after.runs)) {
    const [b, a] = [before.runs[run], after.runs[run]];
    if (!b || !a) {
      out.push(`${run}: only ${b ? 'before' : 'after'}`);
      continue;
    }
    for (const id of keys(b.rules, a.rules))
      if (b.rules[id] !== a.rules[id]) out.push(`${run}: rule ${id}: ${b.rules[id] ?? 'absent'} -> ${a.rules[id] ?? 'absent'}`);
    for (const id of keys(b.requests, a.requests))
      if (b.requests[id] !== a.requests[id]) out.push(`${run}: check ${id}: ${b.requests[id] ?? 'absent'} -> ${a.requests[id] ?? 'absent'} requests`);
  }
  for (const plan of keys(before.plans, after.plans)) {
    const [b, a] = [before.plans[plan], after.plans[plan]] as { allowances?: Record<string, number> }[];
    if (b?.allowances && a?.allowances)
      for (const id of keys(b.allowances, a.allowances))
        if (b.allowances[id] !== a.allowances[id])
          out.push(`plan ${plan}: check ${id}: allowance ${b.allowances[id] ?? 'absent'} -> ${a.allowances[id] ?? 'absent'}`);
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push(`plan ${plan}: its figures differ`);
  }
  return out;
}

const USAGE = 'Usage: npm run snapshot -- write FILE | declared FILE | compare BEFORE AFTER\n';

async function main(args: readonly string[]): Promise<number> {
  const [command, ...files] = args;
  if (command === 'write' && files.length === 1) {
    writeFileSync(files[0] as string, `${JSON.stringify(await take(), null, 1)}\n`);
    process.stdout.write(`snapshot: wrote ${files[0]}\n`);
    return 0;
  }
  if (command === 'declared' && files.length === 1) {
    writeFileSync(files[0] as string, `${JSON.stringify(declared(), null, 1)}\n`);
    process.stdout.write(`snapshot: wrote ${files[0]}\n`);
    return 0;
  }
  if (command === 'compare' && files.length === 2) {
    const [before, after] = files.map((file) => JSON.parse(readFileSync(file as string, 'utf8')) as Snapshot) as [Snapshot, Snapshot];
    const found = differences(before, after);
    process.stdout.write(found.length === 0 ? 'snapshot: no difference\n' : `${found.join('\n')}\n`);
    return found.length === 0 ? 0 : 1;
  }
  process.stderr.write(USAGE);
  return 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2).filter((arg) => arg !== '--')).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`snapshot: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
