import { credentialsOf } from '../lib/config/load.ts';
import { toolCommand } from '../lib/invocation.ts';
import { checkComparable, compareReports, comparisonExitCode } from '../lib/results/comparison.ts';
import type { RunReport } from '../lib/results/report.ts';
import { readRunReport } from '../lib/results/report-file.ts';
import { renderComparisonConsole } from '../reporters/comparison-console.ts';
import { writeComparisonFiles } from '../reporters/comparison-files.ts';
import { CommandOutput } from './output.ts';
import { commandSettings } from './settings.ts';
import { parseCommandLine } from './command-line.ts';

const HELP = `Usage: ${toolCommand('compare', 'BEFORE.json AFTER.json [--reports DIR] [--verbose]')}

Compares two conformance reports (two runs, two targets, two Dialer releases) and lists every rule
whose status changed, grouped as new failures, fixed, newly skipped (judged before, not now), newly
judged, added and removed (a catalogue change), and other changes, with what each report said.
Rules and checks are matched by ID, never by their order. Writes compare.json, compare-junit.xml and
compare.html into the reports folder, scrubbed of the credentials of the target the CC_* variables name.

Options:
  --reports DIR   where the comparison files go (default: reports)
  --verbose       also the request of each side, the curl line that replays it, and the checks
  --help

Exit codes: 0 no rule newly fails; 1 a rule newly fails (a regression); 2 bad input (a missing file,
not a conformance report, a version this one does not read, wrong arguments).`;

const out = new CommandOutput('cc-compare');

/** A report file read and checked; anything else is one line naming the side and the file. */
function readReport(path: string, side: 'BEFORE' | 'AFTER'): RunReport {
  const report = readRunReport(path, side);
  checkComparable(report, `${side}: ${path}`);
  return report;
}

async function main(): Promise<number> {
  const parsed = parseCommandLine(
    {
      allowPositionals: true,
      options: { reports: { type: 'string', default: 'reports' }, verbose: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
      strict: true,
    },
    out.fail,
  );
  const { values: args, positionals } = parsed;
  if (args.help) {
    out.say(HELP);
    return 0;
  }
  if (positionals.length !== 2) return out.fail(`give two reports, BEFORE.json AFTER.json; got ${positionals.length} (see --help)`);
  const [beforePath, afterPath] = positionals as [string, string];
  // The same scrub as the run's files: the credentials the settings hold. It sends nothing, so nothing
  // else of the target is read or checked (a CA file that is gone, a URL left half typed).
  out.redactFor(credentialsOf(commandSettings(process.env, out.warn, 'scrub')));
  const doc = compareReports({ path: beforePath, report: readReport(beforePath, 'BEFORE') }, { path: afterPath, report: readReport(afterPath, 'AFTER') });
  const written = writeComparisonFiles(doc, args.reports, out.scrub);
  out.say(renderComparisonConsole(doc, { verbose: args.verbose, color: process.stdout.isTTY }));
  out.say(`comparison: ${written.json}, ${written.junit}, ${written.html}`);
  return comparisonExitCode(doc);
}

out.exitWith(main);
