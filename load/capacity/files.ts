/** Writes `capacity.json` and `capacity.html` side by side. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderLoadHtml } from '../report/html.ts';
import type { CapacityDocument } from './document.ts';
import { planSections, renderPlanPage } from './render-html.ts';

export interface WrittenCapacityReports {
  readonly json: string;
  readonly html: string;
}

/**
 * With a probe the page is the load report's, the plan above its charts; without, the plan's own page.
 * `scrub` (the caller's credential redactor) runs over every byte written.
 */
export function writeCapacityReports(doc: CapacityDocument, dir: string, scrub: (text: string) => string): WrittenCapacityReports {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'capacity.json');
  const html = join(dir, 'capacity.html');
  writeFileSync(json, `${scrub(JSON.stringify(doc, null, 2))}\n`);
  const page = doc.probe ? renderLoadHtml(doc.probe.report, { sections: planSections(doc) }) : renderPlanPage(doc);
  writeFileSync(html, scrub(page));
  return { json, html };
}
