/**
 * `npm run prove -- NAME [NAME…]`: the proofs of the faults named, or of every fault of each rule named,
 * as `npm run test:faults` runs them, in seconds rather than minutes. A contributor adding a fault or a
 * rule proves it with one command. Budget faults are proved by both engines: `npm run test:parity`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RULES } from '../lib/rules/index.ts';
import { FAULTS, type FaultSpec } from '../mock/faults/registry.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROOFS = [
  'test/proofs/faults.test.ts',
  'test/proofs/fuzz-boundaries.test.ts',
  'test/proofs/stateful-sequences.test.ts',
  'test/proofs/live-defaults.test.ts',
];
const isBudgetFault = (fault: FaultSpec) => /^(CORE|DIALER)-RATE-/.test(fault.breaks);

const USAGE = `Usage: npm run prove -- NAME [NAME ...]

Runs the proofs of each fault named, or of every fault of each rule named: the suite must report the
rule failed with the fault on. The same proofs npm run test:faults runs, for these faults only.
npm run mock -- --list-faults lists the faults; npm run conformance -- --list-rules the rules.
`;

function fail(message: string): never {
  process.stderr.write(`prove: ${message}\n`);
  process.exit(2);
}

const names = process.argv.slice(2).filter((arg) => arg !== '--');
if (names.length === 0 || names.includes('--help') || names.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(names.length === 0 ? 2 : 0);
}

const faults: FaultSpec[] = [];
for (const name of names) {
  const fault = FAULTS.find((f) => f.name === name);
  if (fault) {
    faults.push(fault);
    continue;
  }
  if (!RULES.some((r) => r.id === name)) fail(`${name} is neither a fault of the mock nor a rule of the catalogue`);
  const ofRule = FAULTS.filter((f) => f.breaks === name);
  if (ofRule.length === 0) fail(`${name} has no fault of its own: an observed rule, or one the release matrix proves (npm run test:variants)`);
  faults.push(...ofRule);
}
const budget = faults.filter(isBudgetFault);
if (budget.length > 0) fail(`${budget.map((f) => f.name).join(', ')}: a budget fault, proved under both engines by npm run test:parity`);

// A slow-test threshold of 0 names each proof run, fast or not. Every proof names its fault first, then " → ", ": " or nothing (test/proofs/*.test.ts).
const escaped = [...new Set(faults.map((f) => f.name))].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const pattern = `(^|\\s)(${escaped.join('|')})( →|:|$)`;
process.stdout.write(`prove: ${faults.length} fault${faults.length === 1 ? '' : 's'}: ${faults.map((f) => `${f.name} (${f.breaks})`).join(', ')}\n`);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const result = spawnSync(process.execPath, [vitest, 'run', '--config', 'test/apart.config.ts', '--slowTestThreshold', '0', ...PROOFS, '-t', pattern], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
