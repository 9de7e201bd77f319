/**
 * The one writer of report files, for every report (conformance, comparison, load, capacity). Node only:
 * the k6 scripts hand their files to k6's handleSummary instead, so nothing under load/k6 imports this.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A document as its JSON file holds it: indented by two, ending with a newline. */
export function jsonFileText(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/**
 * Writes each view of a document into `dir` (made if missing) under its file name, in the order given,
 * and returns their paths by the same keys. Each view is rendered just before it is written, so a view
 * that fails to render leaves the ones before it (the JSON document first) on disk. `scrub`, the caller's credential redactor, runs over every byte written: a last
 * guard that no credential reaches a file even if one slipped into a message, a note or an error.
 */
export function writeScrubbed<K extends string>(
  dir: string,
  scrub: (text: string) => string,
  views: Readonly<Record<K, readonly [file: string, render: () => string]>>,
): Record<K, string> {
  mkdirSync(dir, { recursive: true });
  const paths = {} as Record<K, string>;
  for (const key of Object.keys(views) as K[]) {
    const [file, render] = views[key];
    paths[key] = join(dir, file);
    writeFileSync(paths[key], scrub(render()));
  }
  return paths;
}
