import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from '../lib/results/report.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';

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
  return writeScrubbed(dir, scrub, {
    json: ['conformance.json', `${JSON.stringify(report, null, 2)}\n`],
    junit: ['junit.xml', renderJunit(report)],
    html: ['conformance.html', renderHtml(report)],
  });
}

/** Writes each view of a document into `dir` under its file name, every byte through `scrub`; returns their paths. */
export function writeScrubbed<K extends string>(
  dir: string,
  scrub: (text: string) => string,
  views: Readonly<Record<K, readonly [file: string, text: string]>>,
): Record<K, string> {
  mkdirSync(dir, { recursive: true });
  const paths = {} as Record<K, string>;
  for (const key of Object.keys(views) as K[]) {
    const [file, text] = views[key];
    paths[key] = join(dir, file);
    writeFileSync(paths[key], scrub(text));
  }
  return paths;
}
