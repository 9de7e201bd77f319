/** Writes `capacity.json` and `capacity.html` side by side. */
import { jsonFileText, writeScrubbed } from '../../lib/render/report-files.ts';
import type { CapacityDocument } from './document.ts';
import { renderCapacityPage } from './render-html.ts';

export interface WrittenCapacityReports {
  readonly json: string;
  readonly html: string;
}

/** `scrub` (the caller's credential redactor) runs over every byte written. */
export function writeCapacityReports(doc: CapacityDocument, dir: string, scrub: (text: string) => string): WrittenCapacityReports {
  return writeScrubbed(dir, scrub, {
    json: ['capacity.json', () => jsonFileText(doc)],
    html: ['capacity.html', () => renderCapacityPage(doc)],
  });
}
