import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ExpectationEntry, ExpectationsDocument } from '../../lib/expectations/expectations-file.ts';
import type { RunReport } from '../../lib/results/report.ts';
import { conformance, type Run } from './conformance-run.ts';

/** Two rules of the core API, each broken by a fault of the bundled mock and judged by a short check. */
const TAG_404 = 'CORE-TAG-DELETE-404';
const AUTH_401 = 'CORE-AUTH-MISSING-401';
const BREAKS: Readonly<Record<string, string>> = { [TAG_404]: 'tag-delete-unknown-200', [AUTH_401]: 'auth-missing-accepted' };

function expectations(entries: readonly ExpectationEntry[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cc-gate-')), 'cc-expectations.json');
  writeFileSync(file, JSON.stringify({ format: 'cc-conformance-expectations', version: 1, entries } satisfies ExpectationsDocument));
  return file;
}

/** A run of the two rules only, against the bundled mock breaking `broken`, judged against `entries`. */
function gate(broken: readonly string[], entries: readonly ExpectationEntry[], more: string[] = []): Promise<Run> {
  return conformance([
    '--rule',
    TAG_404,
    '--rule',
    AUTH_401,
    ...broken.flatMap((rule) => ['--mock-fault', BREAKS[rule] as string]),
    '--expect',
    expectations(entries),
    ...more,
  ]);
}

const report = (run: Run): RunReport => JSON.parse(readFileSync(join(run.reports, 'conformance.json'), 'utf8')) as RunReport;
const verdictLine = (run: Run) =>
  run.stdout
    .trim()
    .split('\n')
    .find((line) => line.startsWith('verdict: ')) ?? '';

describe('npm run conformance --expect: the gate', () => {
  test(
    'written from a run, the expectations keep the gate green; a second deviation turns it red naming only the new rule; a fixed failure, an expired entry and a lost rule each turn it red with one line',
    { timeout: 150_000 },
    async () => {
      // Adoption: a run that breaks one rule, and the expectations written from its report.
      const first = await gate([TAG_404], []);
      expect(first.code, first.stdout + first.stderr).toBe(1);
      const written = join(first.reports, 'cc-expectations.json');
      const fromReport = await conformance(['--write-expectations', written, '--from-report', join(first.reports, 'conformance.json')]);
      expect(fromReport.code, fromReport.stderr).toBe(0);
      const document = JSON.parse(readFileSync(written, 'utf8')) as ExpectationsDocument;
      expect(document.entries).toEqual([
        {
          rule: TAG_404,
          expect: 'fail',
          reason: expect.stringMatching(/^failed in run \w+ of \d{4}-\d\d-\d\d against the bundled mock, Dialer release latest: /),
          failure: expect.any(String),
        },
      ]);
      const known = document.entries[0] as ExpectationEntry;
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

      const [asExpected, unexpected, stale, malformed] = await Promise.all([
        conformance(['--rule', TAG_404, '--rule', AUTH_401, '--mock-fault', BREAKS[TAG_404] as string, '--expect', written]),
        gate([TAG_404, AUTH_401], [known]),
        // Nothing broken: the expected failure passes; and the entry expired yesterday, and another names a lost rule.
        gate(
          [],
          [
            { ...known, expires: yesterday },
            { rule: 'CORE-RULE-RENAMED-AWAY', expect: 'out-of-scope', reason: 'x' },
          ],
        ),
        conformance(['--expect', expectations([{ rule: TAG_404, expect: 'fail' } as ExpectationEntry])]),
      ]);

      expect(asExpected.code, asExpected.stdout + asExpected.stderr).toBe(0);
      expect(verdictLine(asExpected)).toMatch(/^verdict: AS EXPECTED \(exit 0;/);
      expect(report(asExpected).rules.find((r) => r.id === TAG_404)).toMatchObject({ status: 'fail', standing: 'expected-failure' });

      expect(unexpected.code, unexpected.stdout + unexpected.stderr).toBe(1);
      expect(report(unexpected).gate?.reasons).toEqual([expect.stringMatching(new RegExp(`^${AUTH_401} failed, and no entry expects it to: `))]);
      expect(verdictLine(unexpected)).toMatch(/^verdict: UNEXPECTED FAILURE \(exit 1;/);

      expect(stale.code, stale.stdout + stale.stderr).toBe(4);
      expect(report(stale).gate?.reasons).toEqual([
        `${TAG_404} passed, but entries[0] (${TAG_404}) expects it to fail: fixed, remove the entry`,
        `entries[0] (${TAG_404}) expired on ${yesterday}, 1 day ago: renew it or remove it`,
        'entries[1] (CORE-RULE-RENAMED-AWAY) names a rule the catalogue does not have (renamed or removed): rename or remove the entry',
      ]);
      expect(verdictLine(stale)).toMatch(/^verdict: STALE EXPECTATIONS \(exit 4;/);

      expect(malformed.code).toBe(2);
      expect(malformed.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^cc-conformance: CC_ERR_CONFIG: expectations: .*: entries\[0\] \(CORE-TAG-DELETE-404\): must have required property 'reason'$/),
      ]);
    },
  );

  const BODY_401 = 'CORE-AUTH-401-BODY';

  test(
    'a wrong 401 body fails its own rule only; expectations written from that run still turn red on a target that also serves unauthenticated requests',
    { timeout: 150_000 },
    async () => {
      const wording = ['--rule', AUTH_401, '--rule', BODY_401, '--mock-fault', 'auth-401-body-wording'];
      const first = await conformance(wording);
      expect(first.code, first.stdout + first.stderr).toBe(1);
      // The body's failure no longer hides the status rule: it was judged, and held.
      expect(
        Object.fromEntries(
          report(first)
            .rules.filter((r) => r.status !== 'disabled')
            .map((r) => [r.id, r.status]),
        ),
      ).toEqual({ [AUTH_401]: 'pass', [BODY_401]: 'fail' });
      const written = join(first.reports, 'cc-expectations.json');
      const fromReport = await conformance(['--write-expectations', written, '--from-report', join(first.reports, 'conformance.json')]);
      expect(fromReport.code, fromReport.stderr).toBe(0);
      expect((JSON.parse(readFileSync(written, 'utf8')) as ExpectationsDocument).entries.map((e) => [e.rule, e.expect])).toEqual([[BODY_401, 'fail']]);

      const breach = await conformance([...wording, '--mock-fault', 'auth-missing-accepted', '--expect', written]);
      expect(breach.code, breach.stdout + breach.stderr).toBe(1);
      expect(report(breach).gate?.reasons).toEqual([
        expect.stringMatching(new RegExp(`^${AUTH_401} failed, and no entry expects it to: expected HTTP 401, got 200`)),
      ]);
      expect(verdictLine(breach)).toMatch(/^verdict: UNEXPECTED FAILURE \(exit 1;/);
    },
  );

  test(
    'an out-of-scope entry an older run wrote for a rule a failure hid is not applied: the breach it would hide exits 1, naming it',
    { timeout: 150_000 },
    async () => {
      const hidden: ExpectationEntry = {
        rule: AUTH_401,
        expect: 'out-of-scope',
        reason: `skipped in run ab12cd34 of 2026-12-01 against the bundled mock, Dialer release latest: not judged in full: ${BODY_401} failed first in this check`,
      };
      const run = await conformance(['--rule', AUTH_401, '--mock-fault', 'auth-missing-accepted', '--expect', expectations([hidden])]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(report(run).gate?.reasons).toEqual([
        expect.stringMatching(new RegExp(`^${AUTH_401} failed, and no entry expects it to: `)),
        expect.stringMatching(new RegExp(`^entries\\[0\\] \\(${AUTH_401}\\) puts ${AUTH_401} out of scope because another rule failed first`)),
      ]);
      expect(run.stdout).toContain(`${AUTH_401} failed, and no entry expects it to`);
    },
  );
});
