import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from '../lib/results/report.js';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';

export interface WrittenReports {
  readonly json: string;
  readonly junit: string;
  readonly html: string;
}

/**
 * Writes the JSON report and its JUnit and HTML views. `scrub` runs over every byte written, a last guard
 * that no credential reaches a file even if one slipped into a message.
 */
export function writeReports(report: RunReport, dir: string, scrub: (text: string) => string): WrittenReports {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'conformance.json');
  const junit = join(dir, 'junit.xml');
  writeFileSync(json, `${scrub(JSON.stringify(report, null, 2))}\n`);
  const html = join(dir, 'conformance.html');
  writeFileSync(junit, scrub(renderJunit(report)));
  writeFileSync(html, scrub(renderHtml(report)));
  return { json, junit, html };
}
