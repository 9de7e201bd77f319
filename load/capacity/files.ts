/** Writes `capacity.json` and `capacity.html` side by side. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CapacityDocument } from './document.ts';
import { renderCapacityPage } from './render-html.ts';

export interface WrittenCapacityReports {
  readonly json: string;
  readonly html: string;
}

/** `scrub` (the caller's credential redactor) runs over every byte written. */
export function writeCapacityReports(doc: CapacityDocument, dir: string, scrub: (text: string) => string): WrittenCapacityReports {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'capacity.json');
  const html = join(dir, 'capacity.html');
  writeFileSync(json, `${scrub(JSON.stringify(doc, null, 2))}\n`);
  writeFileSync(html, scrub(renderCapacityPage(doc)));
  return { json, html };
}
