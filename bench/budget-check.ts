/**
 * How long a full budget check of both surfaces takes at a real window, printed, never asserted.
 * The floor of any budget check is one quiet window plus the wait for the reset after the budget is
 * spent: this prints the check's wall time and requests beside that floor, with both surfaces run in
 * parallel as the check runs them.
 * Usage: npm run bench:budget -- [--window-ms N] [--rate-algorithm fixed|clock|sliding]
 */
import { parseArgs } from 'node:util';
import { Session } from '../lib/checks/session.ts';
import { runChecks } from '../lib/checks/runner.ts';
import { targetFromSettings } from '../lib/config/load.ts';
import { startMockProcess } from '../mock/child-process.ts';
import { BUDGET_CHECKS } from '../suites/budget/index.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'window-ms': { type: 'string', default: '60000' }, 'rate-algorithm': { type: 'string', default: 'fixed' } } });
  const windowMs = Number(values['window-ms']);
  const mock = await startMockProcess(['--rate-window-ms', String(windowMs), '--rate-algorithm', values['rate-algorithm'] ?? 'fixed']);
  const session = new Session(targetFromSettings({ ...mock.env }, process.cwd(), true), 1);
  try {
    console.log(`budget check of both surfaces against the mock (${values['rate-algorithm']}, ${windowMs} ms window), started ${new Date().toISOString()}`);
    const started = performance.now();
    const [outcome] = await runChecks(session, BUDGET_CHECKS);
    const ms = performance.now() - started;
    const statuses = new Map<string, number>();
    for (const v of outcome?.verdicts ?? []) statuses.set(v.status, (statuses.get(v.status) ?? 0) + 1);
    const recovery = outcome?.verdicts.find((v) => v.rule === 'CORE-RATE-CLIENT-RECOVERY')?.notes.join('; ') ?? '';
    console.log(
      `wall time ${(ms / 1000).toFixed(1)} s = ${(ms / windowMs).toFixed(2)} windows; ${outcome?.requests ?? 0} requests; rules ${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')}`,
    );
    console.log(
      `floor of any budget check: one quiet window plus the reset wait, at most ${((2 * windowMs) / 1000).toFixed(0)} s (2 windows); the check starts without a quiet wait here, as the mock is fresh`,
    );
    console.log(`core client recovery after the burst into a fresh window: ${recovery}`);
    for (const v of outcome?.verdicts ?? []) if (v.status !== 'pass') console.log(`  ${v.rule}: ${v.status} ${v.detail ?? ''}`);
  } finally {
    await session.close();
    await mock.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
