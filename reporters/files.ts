import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from '../lib/results/report.js';
import { renderJunit } from './junit.js';

export interface WrittenReports {
  readonly json: string;
  readonly junit: string;
}

/**
 * Writes the JSON report and the JUnit view. `scrub` runs over every byte written, a last guard
 * that no credential reaches a file even if one slipped into a message.
 */
export function writeReports(report: RunReport, dir: string, scrub: (text: string) => string): WrittenReports {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'conformance.json');
  const junit = join(dir, 'junit.xml');
  writeFileSync(json, `${scrub(JSON.stringify(report, null, 2))}\n`);
  writeFileSync(junit, scrub(renderJunit(report)));
  return { json, junit };
}
