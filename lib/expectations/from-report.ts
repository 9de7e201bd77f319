import type { RunReport } from '../results/report.ts';
import { failureLine } from './failure-line.ts';
import { EXPECTATIONS_FORMAT, EXPECTATIONS_VERSION, type ExpectationEntry, type ExpectationsDocument, type NumberedEntry } from './expectations-file.ts';

/**
 * The expectations that make a run's report pass the gate as it stands, so a team can switch the gate on
 * today and burn the list down: every required rule that failed becomes a `fail` entry, every one that was
 * skipped an `out-of-scope` entry, each with a reason that says which run it came from and what it said; a
 * `fail` entry also keeps the failure's first line, so a failure that later says otherwise is shown. A rule
 * blocked by another's failure gets none: it was never chosen out of scope.
 * Entries the run already applied are kept as they were (with their links and expiry dates), except those
 * whose rule passed (fixed). `kept` carries over entries the report cannot show: those for other Dialer releases.
 */
export function expectationsFromReport(report: RunReport, kept: readonly NumberedEntry[] = []): ExpectationsDocument {
  const where = report.target.bundledMock ? 'the bundled mock' : (report.target.urls.core ?? 'the target');
  const from = `run ${report.runId} of ${report.startedAt.slice(0, 10)} against ${where}, Dialer release ${report.target.dialerRelease}`;
  const entries: ExpectationEntry[] = [];
  const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0];
  const written = new Set<string>();
  for (const rule of report.rules) {
    const e = rule.expectation;
    if (e && rule.standing !== 'fixed') {
      // An entry for a check speaks for each of its rules: written once, as it was.
      if (written.has(e.entry)) continue;
      written.add(e.entry);
      entries.push({
        ...(e.check !== undefined ? { check: e.check } : { rule: rule.id }),
        expect: e.expect,
        reason: e.reason,
        ...(e.link !== undefined ? { link: e.link } : {}),
        ...(e.expires !== undefined ? { expires: e.expires } : {}),
        ...(e.releases !== undefined ? { releases: e.releases as ExpectationEntry['releases'] } : {}),
        ...(e.failure !== undefined ? { failure: e.failure } : {}),
      });
      continue;
    }
    if (e || rule.level !== 'required') continue;
    // A rule blocked by another's failure gets no entry: what a failure hid is judged again once it is fixed.
    if (rule.status === 'fail')
      entries.push({ rule: rule.id, expect: 'fail', reason: `failed in ${from}: ${firstLine(rule.detail)}`, failure: failureLine(rule.detail) });
    else if (rule.status === 'skipped') entries.push({ rule: rule.id, expect: 'out-of-scope', reason: `skipped in ${from}: ${firstLine(rule.detail)}` });
  }
  for (const entry of kept) {
    const { index: _index, ...rest } = entry;
    entries.push(rest);
  }
  return { format: EXPECTATIONS_FORMAT, version: EXPECTATIONS_VERSION, entries };
}
