/**
 * Both engines, one verdict per rule: every budget fault of the mock, and each conforming way of counting
 * the minute, run under the conformance budget check (in process, as `npm run conformance` runs it) and
 * under the k6 budget probe (`npm run k6 -- budget`, against a mock started alike), and every required
 * budget rule must get the same verdict from both: pass, fail, or not judged. Slow (two runs of several
 * windows per case), so it runs apart: `npm run test:parity`, a step of its own in CI.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, type TestContext } from 'vitest';
import { findK6 } from '../../cli/k6-process.ts';
import { requiredRulesOf } from '../../lib/budget/rule-ids.ts';
import { thresholdOfRule } from '../../load/shared/budget-rules.ts';
import type { LoadReport } from '../../load/report/model.ts';
import { startMockProcess } from '../../mock/child-process.js';
import type { Dialect } from '../../mock/dialect.js';
import type { RateAlgorithm } from '../../mock/http/rate-meter.js';
import { BUDGET_FAULT_GROUPS, BUDGET_PROOF_WINDOW_MS, describeRules, proveBudget } from './budget-proof.js';


const ROOT = new URL('../..', import.meta.url).pathname;
const K6 = findK6(ROOT);
const RULES = [...requiredRulesOf('core'), ...requiredRulesOf('dialer')];

type Verdict = 'pass' | 'fail' | 'not judged';

interface Case {
  readonly name: string;
  readonly faults?: readonly string[];
  readonly algorithm?: RateAlgorithm;
  readonly dialect?: Dialect;
}

const CASES: readonly Case[] = [
  ...BUDGET_FAULT_GROUPS.map((faults) => ({ name: faults.join(' + '), faults })),
  { name: 'fixed windows, no fault', algorithm: 'fixed' },
  // As the budget readings prove it: clock-aligned windows whose resets move within a window (the variant dialect).
  { name: 'clock-aligned windows with moving resets, no fault', algorithm: 'clock', dialect: 'variant' },
  { name: 'a sliding log, no fault', algorithm: 'sliding' },
];

function mockArgs(c: Case): string[] {
  return ['--rate-window-ms', String(BUDGET_PROOF_WINDOW_MS), '--rate-algorithm', c.algorithm ?? 'fixed', ...(c.dialect ? ['--dialect', c.dialect] : []), ...(c.faults ?? []).flatMap((f) => ['--fault', f])];
}

async function conformanceVerdicts(c: Case): Promise<{ verdicts: Map<string, Verdict>; words: string }> {
  const results = await proveBudget({ ...(c.faults ? { faults: c.faults } : {}), ...(c.algorithm ? { algorithm: c.algorithm } : {}), ...(c.dialect ? { dialect: c.dialect } : {}) });
  const verdicts = new Map<string, Verdict>();
  for (const id of RULES) {
    const status = results.get(id)?.status;
    verdicts.set(id, status === 'pass' ? 'pass' : status === 'fail' ? 'fail' : 'not judged');
  }
  return { verdicts, words: describeRules(results, RULES) };
}

/** `npm run k6 -- budget` against a mock of the case, as a configured target that allows spending the budget. */
async function k6Verdicts(c: Case): Promise<{ verdicts: Map<string, Verdict>; words: string }> {
  const mock = await startMockProcess(mockArgs(c));
  const reports = mkdtempSync(join(tmpdir(), 'cc-parity-'));
  try {
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CC_'))), ...mock.env, CC_EFFECTS: 'budget', CC_BUDGET_EXCLUSIVE: 'true' };
    const child = spawn('npm', ['run', '--silent', 'k6', '--', 'budget', '--reports', reports, '--', '--quiet'], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0 && code !== 1 && code !== 3) throw new Error(`npm run k6 -- budget exited ${code}:\n${output}`);
    const report = JSON.parse(readFileSync(join(reports, 'k6-budget.json'), 'utf8')) as LoadReport;
    const verdicts = new Map<string, Verdict>();
    const lines: string[] = [];
    for (const id of RULES) {
      const e = report.expectations.find((x) => x.kind === 'threshold' && x.subject === thresholdOfRule(id));
      verdicts.set(id, e?.status === 'pass' ? 'pass' : e?.status === 'fail' ? 'fail' : 'not judged');
      lines.push(`${id}: ${e ? `${e.status} ${e.detail}` : 'no threshold'}`);
    }
    return { verdicts, words: lines.join('\n') };
  } finally {
    await mock.stop();
  }
}

describe.concurrent('the conformance budget check and the k6 budget probe give every budget rule the same verdict', () => {
  for (const c of CASES) {
    test(c.name, { timeout: 240_000 }, async (ctx: TestContext) => {
      if (!K6) {
        if (process.env.CI === 'true') throw new Error('k6 not installed: npm run k6:install');
        return ctx.skip('k6 not installed: npm run k6:install');
      }
      // One engine after the other: side by side they would slow each other's bursts into inconclusive ones.
      const conformance = await conformanceVerdicts(c);
      const k6 = await k6Verdicts(c);
      const differ = RULES.filter((id) => conformance.verdicts.get(id) !== k6.verdicts.get(id)).map((id) => `${id}: conformance ${conformance.verdicts.get(id)}, k6 ${k6.verdicts.get(id)}`);
      expect(differ, `conformance:\n${conformance.words}\n\nk6:\n${k6.words}`).toEqual([]);
      // A fault is caught by both, not missed by both alike.
      if (c.faults) expect([...conformance.verdicts.values()]).toContain('fail');
      else expect([...conformance.verdicts.values()].every((v) => v === 'pass'), conformance.words).toBe(true);
    });
  }
});
