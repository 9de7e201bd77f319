import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPORT_FORMAT, REPORT_VERSION, type RunReport } from '../../lib/results/report.ts';
import { rerunOf, withOptionalValue } from '../../cli/rerun.ts';
import { LANES } from '../../lib/checks/lanes.ts';
import { laneEndStep } from '../../lib/checks/lane-end.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { conformance } from './conformance-run.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'cc-rerun-'));
const report = (dir: string): RunReport => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as RunReport;

function written(doc: unknown, raw?: string): string {
  const path = join(folder(), 'conformance.json');
  writeFileSync(path, raw ?? JSON.stringify(doc));
  return path;
}

describe('what --rerun-failed reads', () => {
  test('a bare flag takes the default; a value, given either way, is kept', () => {
    expect(withOptionalValue(['--rerun-failed'], '--rerun-failed')).toEqual(['--rerun-failed=']);
    expect(withOptionalValue(['--rerun-failed', '--seed', '3'], '--rerun-failed')).toEqual(['--rerun-failed=', '--seed', '3']);
    expect(withOptionalValue(['--rerun-failed', 'old.json', '--verbose'], '--rerun-failed')).toEqual(['--rerun-failed', 'old.json', '--verbose']);
    expect(withOptionalValue(['--rerun-failed=old.json'], '--rerun-failed')).toEqual(['--rerun-failed=old.json']);
  });

  test('the fail and error rules of the report, in its order, with its seed; rules the catalogue lost are set apart', () => {
    const rules = [
      { id: 'CORE-TAG-DELETE-404', status: 'fail' },
      { id: 'CORE-TAG-DELETE-200', status: 'pass' },
      { id: 'CORE-PAGE-PAST-LAST', status: 'error' },
      { id: 'CORE-AUTH-KEY-SCOPE', status: 'skipped' },
      { id: 'CORE-NO-SUCH-RULE', status: 'fail' },
    ];
    const path = written({ format: REPORT_FORMAT, version: REPORT_VERSION, seed: 77, rules });
    expect(rerunOf(path)).toEqual({ report: path, seed: 77, rules: ['CORE-TAG-DELETE-404', 'CORE-PAGE-PAST-LAST'], unknown: ['CORE-NO-SUCH-RULE'] });
  });

  // The command turns a ConfigError into one line on stderr and exit 2, as for every option.
  test('a missing, unreadable or foreign report is a configuration error that says which', () => {
    const missing = join(folder(), 'nothing.json');
    expect(() => rerunOf(missing)).toThrow(`--rerun-failed: no report at ${missing}`);
    expect(() => rerunOf(folder())).toThrow(/--rerun-failed: cannot read .* \(EISDIR\)/);
    expect(() => rerunOf(written(undefined, '{"format":'))).toThrow(/is not JSON/);
    expect(() => rerunOf(written({ format: 'cc-load-report', version: REPORT_VERSION, seed: 1, rules: [] }))).toThrow(
      /is not a conformance report; this version reads format cc-conformance-report version/,
    );
    // Version 5 lacks only an optional field and is still read; 4 is not.
    expect(() => rerunOf(written({ format: REPORT_FORMAT, version: 4, seed: 1, rules: [] }))).toThrow(`is version 4 of the report`);
    expect(() => rerunOf(written({ format: REPORT_FORMAT, version: REPORT_VERSION, seed: 'x', rules: [] }))).toThrow(/no integer seed/);
  });
});

describe('npm run conformance -- --rerun-failed', () => {
  test("runs again only the checks of the failed rules, with the report's seed", { timeout: 120_000 }, async () => {
    const dir = folder();
    const rules = [
      { id: 'CORE-TAG-DELETE-404', status: 'fail' },
      { id: 'CORE-TAG-DELETE-200', status: 'pass' },
    ];
    writeFileSync(join(dir, 'conformance.json'), JSON.stringify({ format: REPORT_FORMAT, version: REPORT_VERSION, seed: 4711, rules }));
    const again = await conformance(['--mock-fault', 'tag-delete-unknown-200', '--rerun-failed'], {}, dir);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toContain(`rerunning 1 failed or erring rule(s) of ${join(dir, 'conformance.json')}: CORE-TAG-DELETE-404`);
    const doc = report(dir);
    expect(doc.seed).toBe(4711);
    expect(doc.rules.find((r) => r.id === 'CORE-TAG-DELETE-404')?.status).toBe('fail');
    // The rule that passed is not selected any more; only the checks that judge the failed one ran (beside them the
    // report lists the step that deletes what their lane shared, a step of the run and no check).
    expect(doc.rules.filter((r) => r.status !== 'disabled').map((r) => r.id)).toEqual(['CORE-TAG-DELETE-404']);
    const steps = new Set(LANES.map(laneEndStep));
    expect(doc.checks.map((c) => c.check).filter((id) => !steps.has(id))).toEqual(
      ALL_CHECKS.filter((c) => c.rules.includes('CORE-TAG-DELETE-404')).map((c) => c.id),
    );
  });

  test('a report with nothing failed: a message and exit 0, nothing run', { timeout: 120_000 }, async () => {
    const path = written({ format: REPORT_FORMAT, version: REPORT_VERSION, seed: 1, rules: [{ id: 'CORE-TAG-DELETE-404', status: 'pass' }] });
    const run = await conformance(['--rerun-failed', path]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`cc-conformance: nothing to rerun: no rule of ${path} failed or erred\n`);
  });
});
