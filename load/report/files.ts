/** Writes a run's load report and its HTML page side by side. */
import { jsonFileText, writeScrubbed } from '../../lib/render/report-files.ts';
import { type LoadHtmlExtra, renderLoadHtml } from './html.ts';
import type { LoadReport } from './report-model.ts';

export interface WrittenLoadReports {
  readonly json: string;
  readonly html: string;
}

/**
 * `<dir>/<basename>.json` and `<dir>/<basename>.html`. `scrub` (the caller's credential redactor) runs
 * over every byte written: a last guard in case a credential slipped into a note or an error.
 */
export function writeLoadReports(
  report: LoadReport,
  dir: string,
  basename: string,
  scrub: (text: string) => string,
  extra?: LoadHtmlExtra,
): WrittenLoadReports {
  return writeScrubbed(dir, scrub, {
    json: [`${basename}.json`, () => jsonFileText(report)],
    html: [`${basename}.html`, () => renderLoadHtml(report, extra)],
  });
}
