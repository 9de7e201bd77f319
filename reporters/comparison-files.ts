import { jsonFileText, writeScrubbed } from '../lib/render/report-files.ts';
import type { Comparison } from '../lib/results/comparison.ts';
import { renderComparisonHtml } from './comparison-html.ts';
import { renderComparisonJunit } from './comparison-junit.ts';

/** Where the comparison's files went. */
export type WrittenComparison = Readonly<Record<'json' | 'junit' | 'html', string>>;

/**
 * Writes `compare.json` (the document itself), `compare-junit.xml` and `compare.html` into `dir`. `scrub`
 * runs over every byte written, as for the run reports: the reports compared were scrubbed when written,
 * and this keeps a credential out even of a report that was not.
 */
export function writeComparisonFiles(doc: Comparison, dir: string, scrub: (text: string) => string): WrittenComparison {
  return writeScrubbed(dir, scrub, {
    json: ['compare.json', () => jsonFileText(doc)],
    junit: ['compare-junit.xml', () => renderComparisonJunit(doc)],
    html: ['compare.html', () => renderComparisonHtml(doc)],
  });
}
