import { jsonFileText, writeScrubbed } from '../lib/render/report-files.ts';
import type { RunReport } from '../lib/results/report.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderSummaryMarkdown } from './summary-md.ts';

export interface WrittenReports {
  readonly json: string;
  readonly junit: string;
  readonly html: string;
  readonly summary: string;
}

/**
 * Writes the JSON report and its JUnit, HTML and Markdown summary views. `scrub` runs over every byte written, a last guard
 * that no credential reaches a file even if one slipped into a message.
 */
export function writeReports(report: RunReport, dir: string, scrub: (text: string) => string): WrittenReports {
  return writeScrubbed(dir, scrub, {
    json: ['conformance.json', () => jsonFileText(report)],
    junit: ['junit.xml', () => renderJunit(report)],
    html: ['conformance.html', () => renderHtml(report)],
    summary: ['summary.md', () => renderSummaryMarkdown(report)],
  });
}
