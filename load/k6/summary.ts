/**
 * What both scripts return from `handleSummary`: a short text on stdout, k6's whole summary as JSON
 * and a JUnit file with one testcase per threshold, under CC_K6_REPORTS (default `reports`, which must
 * exist: k6 does not create folders).
 */
import { junitXml, summaryText, thresholdVerdicts, type SummaryData } from './junit.ts';

export type { SummaryData } from './junit.ts';

export interface SummaryOptions {
  /** Names the files: `k6-<run>-summary.json`, `k6-<run>-junit.xml`. */
  readonly run: string;
  /** What each threshold's metric means, for people reading the JUnit file. */
  readonly meaning: Readonly<Record<string, string>>;
}

/** `count` too: a trend threshold with no samples reads as zero otherwise, and passes without a measurement. */
export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'];

export function reportPaths(run: string): { readonly json: string; readonly junit: string } {
  const dir = (__ENV.CC_K6_REPORTS || 'reports').replace(/\/+$/, '');
  return { json: `${dir}/k6-${run}-summary.json`, junit: `${dir}/k6-${run}-junit.xml` };
}

/** Both scripts' setup() returns its notes; no setup data means setup() stopped the run. */
function notesOf(data: SummaryData): string[] | undefined {
  const notes = (data.setup_data as { notes?: unknown } | undefined)?.notes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : undefined;
}

export function reportFiles(data: SummaryData, options: SummaryOptions): Record<string, string> {
  const paths = reportPaths(options.run);
  const verdicts = thresholdVerdicts(data, options.meaning);
  const stoppedEarly = notesOf(data) === undefined;
  const notes = notesOf(data) ?? ['setup() did not finish: the run stopped before any load'];
  return {
    stdout: summaryText(options.run, verdicts, notes, [paths.json, paths.junit], stoppedEarly),
    [paths.json]: JSON.stringify(data, null, 1),
    [paths.junit]: junitXml(options.run, verdicts, data.state?.testRunDurationMs ?? 0, notes),
  };
}
