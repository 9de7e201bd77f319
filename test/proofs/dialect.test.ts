import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../lib/checks/define.ts';
import { Session } from '../../lib/checks/session.ts';
import { runChecks } from '../../lib/checks/runner.ts';
import { targetFromSettings } from '../../lib/config/load.ts';
import { NEWEST, type Release, RELEASES } from '../../lib/dialer/releases.ts';
import { buildReport, type RunReport } from '../../lib/results/report.ts';
import { VARIANT_ROUTES } from '../../mock/hosts/ai/dialer/dialect.ts';
import { startMock } from '../../mock/start.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { BUDGET_CHECKS } from '../../suites/budget/index.ts';
import { RELEASE_CHECKS } from '../../cli/release-matrix-cells.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { harEntry, harLog } from '../../lib/http/har.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { observedFiles } from '../../suites/traffic/report.ts';

/** Every Dialer check but the budget's. */
const DIALER_CHECKS = ALL_CHECKS.filter((check) => check.id.startsWith('dialer.') && !BUDGET_CHECKS.includes(check));
import { PROOF_SEED, PROOF_WINDOW_MS } from './prove.ts';

/**
 * A server that follows the spec but chose otherwise wherever the spec is silent (the mock's `variant`
 * dialect: other wrappers, vendor paths, Dialer routes and association names) must get no failed rule:
 * what we borrowed or chose is a prerequisite, never a verdict. The budget checks are left out: they
 * judge counts and timing, which the dialect does not touch, and cost whole windows.
 */
test('against the variant dialect no rule fails, and what cannot be judged says why', { timeout: 240_000 }, async () => {
  const running = await startMock({ rateWindowMs: PROOF_WINDOW_MS, dialect: 'variant' });
  const target = targetFromSettings({ ...running.env }, process.cwd(), true);
  const session = new Session(target, PROOF_SEED);
  const exchanges: Exchange[] = [];
  session.watchExchanges((ex) => exchanges.push(ex));
  try {
    const outcomes = await runChecks(
      session,
      ALL_CHECKS.filter((check) => !BUDGET_CHECKS.includes(check)),
    );
    const report = buildReport({ outcomes, target, seed: PROOF_SEED, startedAt: new Date(), durationMs: 0 });
    const judged = report.rules.filter((r) => r.checks.length > 0);
    expect(judged.filter((r) => r.status === 'fail').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
    expect(judged.filter((r) => r.status === 'error').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
    // The allowances hold here too, whichever way the variant answers: no check sent more, its cleanup included.
    expect(report.checks.filter((c) => c.requests > c.allowance).map((c) => `${c.check}: ${c.requests} > ${c.allowance}`)).toEqual([]);
    const skipped = judged.filter((r) => r.status === 'skipped');
    // The variant really differs where the spec is silent: some rules meet a choice they cannot judge through.
    expect(skipped.length).toBeGreaterThan(0);
    for (const rule of skipped) expect(rule.detail ?? '', rule.id).toMatch(/\S{3}/);
    expect(judged.filter((r) => r.status === 'pass').length).toBeGreaterThan(skipped.length);
    // Where the spec is silent on a value the variant chose otherwise (core API, AI host), and the rules say what they met.
    const met: Record<string, RegExp> = {
      'CORE-ENV-ACK': /responseData\.status is 207 with HTTP 200/,
      'CORE-CONTACTS-KEYWORD-NAME': /does not list the contact of that name/,
      'CORE-CONTACTS-FILTER-KEYWORD': /may join filters with OR/,
      'CORE-CONTACTS-FILTER-COUNTRY': /may join filters with OR/,
      // An analysed call of the variant has no topics, which the spec allows: the paging rules judge the transcription.
      'CI-PAGED-ENVELOPE': /topics answered 404 .*has no topics/,
      'CI-LIMIT-ECHO': /topics\?limit=2 answered 404 .*has no topics/,
      'CI-WALK': /walk-topics skipped: topics answered 404 .*has no topics to walk/,
      // The variant refuses (422) a call whose prompt variables its voice agent does not use; the call without them is judged.
      'VA-INITIATE-204': /with call_properties was refused: 422 .*the call accepted after it is judged/,
    };
    for (const [id, note] of Object.entries(met)) {
      const rule = report.rules.find((r) => r.id === id);
      expect([rule?.status, rule?.notes.some((n) => note.test(n))], `${id}: ${rule?.notes.join(' | ')}`).toEqual(['pass', true]);
    }
    // The run's own traffic, observed as a HAR, fails nothing either: the judges of traffic leave the same choices open.
    const har = join(mkdtempSync(join(tmpdir(), 'cc-variant-har-')), 'run.har');
    writeFileSync(har, JSON.stringify(harLog(exchanges.map(harEntry))));
    const observed = (await observedFiles([har], target, { redactor: new Redactor(target), salt: 'variant' })).report;
    expect(observed.rules.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
    expect(observed.traffic?.judged.length).toBeGreaterThan(20);
  } finally {
    await session.close();
    await running.close();
  }
});

/**
 * A report of the checks given, run against the variant dialect's Dialer playing `release` and configured with
 * its routes, as a user would; with it, the report of the run's traffic observed with those routes.
 */
async function variantDialerReport(release: Release, checks: readonly CheckDefinition[]): Promise<RunReport & { observed: RunReport }> {
  const folder = mkdtempSync(join(tmpdir(), 'cc-variant-routes-'));
  const routes = join(folder, 'routes.json');
  writeFileSync(routes, JSON.stringify(VARIANT_ROUTES));
  const running = await startMock({ rateWindowMs: PROOF_WINDOW_MS, dialect: 'variant', dialerRelease: release });
  const target = targetFromSettings({ ...running.env, CC_DIALER_RELEASE: release, CC_DIALER_ROUTES: routes }, process.cwd(), true);
  const session = new Session(target, PROOF_SEED);
  const exchanges: Exchange[] = [];
  session.watchExchanges((ex) => exchanges.push(ex));
  try {
    const outcomes = await runChecks(session, checks);
    const har = join(folder, 'run.har');
    writeFileSync(har, JSON.stringify(harLog(exchanges.map(harEntry))));
    const observed = (await observedFiles([har], target, { redactor: new Redactor(target), salt: 'variant' })).report;
    return { ...buildReport({ outcomes, target, seed: PROOF_SEED, startedAt: new Date(), durationMs: 0 }), observed };
  } finally {
    await session.close();
    await running.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const failedOrErred = (report: RunReport): string[] =>
  report.rules.filter((r) => r.checks.length > 0 && (r.status === 'fail' || r.status === 'error')).map((r) => `${r.id}: ${r.status} ${r.detail ?? ''}`);

/**
 * With its routes configured, the variant's Dialer is judged through: where the spec is silent on a value
 * (24:00, an empty include_deleted, a filter id as a numeric string, vertical tab and form feed in a name,
 * a plain-http download link, the statistics' names and a signed trend among them, names kept as sent, a null
 * calling_policy) it chose otherwise, and no rule may fail for it.
 */
test('against the variant dialect with its Dialer routes configured no Dialer rule fails', { timeout: 240_000 }, async () => {
  const report = await variantDialerReport(NEWEST, DIALER_CHECKS);
  expect(failedOrErred(report)).toEqual([]);
  // Its traffic, observed with the same routes, fails nothing either, and the routes place the Dialer's reads.
  expect(report.observed.rules.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => `${r.id}: ${r.detail ?? ''}`)).toEqual([]);
  expect(report.observed.rules.find((r) => r.id === 'DIALER-CAMPAIGN-LIST-ENVELOPE')?.status).toBe('pass');
  expect(report.checks.filter((c) => c.requests > c.allowance).map((c) => `${c.check}: ${c.requests} > ${c.allowance}`)).toEqual([]);
  // Each rule met the variant's other choice and passed, saying what it met.
  const met: Record<string, RegExp> = {
    'DIALER-SCHEDULE-TIME-PINNED': /"24:00" accepted/,
    'DIALER-INCLUDE-DELETED-STRICT': /include_deleted="" read as absent/,
    'DIALER-EXPORT-IDS-400': /converted and accepted/,
    'DIALER-SCRIPT-SURVEY-NAME-400': /update with name "[^"]*\\u000b[^"]*" accepted/,
    'DIALER-NAME-WHITESPACE-400': /name "\\u000b\\f" accepted/,
    'DIALER-EXPORT-DOWNLOAD': /plain http, reported/,
    'DIALER-STATS-FIGURES': /not as the reference has them/,
    'DIALER-STATS-VALUES': /judged finite only: funnel\.changePercent/,
    'DIALER-CAMPAIGN-NAME-TRIMMED': /read after the PATCH: the name sent as "  [^"]+  " is kept as sent/,
    'DIALER-NAME-TRIMMED': /call script created: the name sent as "  [^"]+  " is kept as sent/,
    'DIALER-CAMPAIGN-RECORD-FIELDS': /calling_policy of a campaign created without one: null after the create, null after the update/,
  };
  for (const [id, note] of Object.entries(met)) {
    const rule = report.rules.find((r) => r.id === id);
    expect([rule?.status, rule?.notes.some((n) => note.test(n))], `${id}: ${rule?.notes.join(' | ')}`).toEqual(['pass', true]);
  }
});

/**
 * Where the changelog does not state what a Dialer release did before a change, the variant behaves the newer
 * way in every release (mock/hosts/ai/dialer/dialect.ts, changedBy), so a target expected to be the oldest
 * release meets the other way on every such point: the release checks end without a failed rule, and each
 * older side the changelog leaves unstated is reported, never judged.
 */
test('against the variant dialect playing the oldest Dialer release no release rule fails', { timeout: 240_000 }, async () => {
  const report = await variantDialerReport(RELEASES[0], RELEASE_CHECKS);
  expect(failedOrErred(report)).toEqual([]);
  const unstated = report.rules.filter((r) => r.checks.length > 0 && r.level === 'observed' && r.until !== undefined);
  // Reported, each the newer way round; one the variant's other choices leave unreachable says why.
  const reported = unstated.filter((r) => r.status === 'pass');
  expect(reported.length).toBeGreaterThan(10);
  expect(
    reported.filter((r) => !r.notes.some((note) => note.startsWith('the target showed the behaviour after'))).map((r) => `${r.id}: ${r.notes.join(' | ')}`),
  ).toEqual([]);
  for (const rule of unstated.filter((r) => r.status !== 'pass')) expect(`${rule.status} ${rule.detail ?? ''}`, rule.id).toMatch(/^skipped \S{3}/);
});
