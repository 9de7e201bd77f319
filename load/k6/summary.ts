/**
 * What both scripts return from `handleSummary`: a short text on stdout (the thresholds, then the request
 * figures k6's own summary would have printed), k6's whole summary as JSON and a JUnit file with one
 * testcase per threshold, under CC_K6_REPORTS (default `reports`, which must exist: k6 does not create
 * folders). Nothing is imported from a URL: the machines this runs on reach only package registries.
 */
import { junitXml, requestFigures, summaryText, thresholdVerdicts, type SummaryData } from './junit.ts';

export type { SummaryData } from './junit.ts';

export interface SummaryOptions {
  /** Names the files: `k6-<run>-summary.json`, `k6-<run>-junit.xml`. */
  readonly run: string;
  /** What each threshold's metric means, for people reading the JUnit file. */
  readonly meaning: Readonly<Record<string, string>>;
}

/** `count` too: a trend threshold with no samples reads as zero otherwise, and passes without a measurement. */
export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'];

function reportsFolder(): string {
  return (__ENV.CC_K6_REPORTS || 'reports').replace(/\/+$/, '');
}

/**
 * Whether the reports folder is missing, told in the init context (the only place k6 lets a script look
 * at files): k6 writes handleSummary's files into it but makes no folder, and without one it only logs
 * an error and still exits 0. `open()` resolves paths against the script, not the working directory, so
 * a relative folder is looked for under the shell's PWD. From an archive k6 reads the archive's own
 * files, where no folder is ever found ("file does not exist"): nothing can be told there, and the run
 * goes on. Undefined when the folder is there or cannot be looked for.
 */
function missingReportsFolder(): string | undefined {
  const dir = reportsFolder();
  const base = __ENV.PWD;
  if (!dir.startsWith('/') && !base) return undefined;
  const path = dir.startsWith('/') ? dir : `${base}/${dir}`;
  try {
    open(path);
  } catch (err) {
    if (/no such file or directory/.test(String(err)))
      return `the reports folder ${dir} does not exist (k6 makes no folder for its summary): mkdir -p ${dir}, or set CC_K6_REPORTS to an existing folder`;
  }
  return undefined;
}

const REPORTS_FOLDER_MISSING = missingReportsFolder();

/** Stops the run in setup(), before any request, when its summary could not be written. */
export function refuseMissingReportsFolder(abort: (reason: string) => void): void {
  if (REPORTS_FOLDER_MISSING !== undefined) abort(REPORTS_FOLDER_MISSING);
}

export function reportPaths(run: string): { readonly json: string; readonly junit: string } {
  const dir = reportsFolder();
  return { json: `${dir}/k6-${run}-summary.json`, junit: `${dir}/k6-${run}-junit.xml` };
}

/** Both scripts' setup() returns its notes; no setup data means setup() stopped the run. */
function notesOf(data: SummaryData): string[] | undefined {
  const notes = (data.setup_data as { notes?: unknown } | undefined)?.notes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : undefined;
}

export function reportFiles(data: SummaryData, options: SummaryOptions): Record<string, string> {
  // setup() stopped the run for this already, in one line: k6 would only add a second about the files.
  if (REPORTS_FOLDER_MISSING !== undefined) return {};
  const paths = reportPaths(options.run);
  const verdicts = thresholdVerdicts(data, options.meaning);
  const stoppedEarly = notesOf(data) === undefined;
  const notes = notesOf(data) ?? ['setup() did not finish: the run stopped before any load'];
  return {
    stdout: summaryText(options.run, verdicts, notes, [paths.json, paths.junit], stoppedEarly, requestFigures(data)),
    [paths.json]: JSON.stringify(data, null, 1),
    [paths.junit]: junitXml(options.run, verdicts, data.state?.testRunDurationMs ?? 0, notes),
  };
}
