/** Writes a run's load report and its HTML page side by side. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${basename}.json`);
  const html = join(dir, `${basename}.html`);
  writeFileSync(json, `${scrub(JSON.stringify(report, null, 2))}\n`);
  writeFileSync(html, scrub(renderLoadHtml(report, extra)));
  return { json, html };
}
