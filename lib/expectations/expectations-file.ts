import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseJsonFile } from '../config/json-file.ts';
import type { Release } from '../dialer/releases.ts';
import { ConfigError } from '../errors.ts';
import { schemas } from '../schemas/registry.ts';

/**
 * The expectations file a team commits beside its CI configuration (format: schemas/gate/expectations.json):
 * rules or checks out of scope here, and rules known to fail, each with its reason.
 */
export const EXPECTATIONS_FORMAT = 'cc-conformance-expectations';
export const EXPECTATIONS_VERSION = 1;

export type Expect = 'out-of-scope' | 'fail';

export interface ExpectationEntry {
  readonly rule?: string;
  readonly check?: string;
  readonly expect: Expect;
  readonly reason: string;
  readonly link?: string;
  /** The last day the entry holds, `YYYY-MM-DD`. */
  readonly expires?: string;
  readonly releases?: readonly Release[];
  /**
   * On a `fail` entry: how the rule failed in the run that wrote it (the violation's first line). A later
   * failure that says otherwise is shown as failing in a new way, so a second breach never hides behind
   * the first one's entry.
   */
  readonly failure?: string;
}

export interface ExpectationsDocument {
  readonly format: typeof EXPECTATIONS_FORMAT;
  readonly version: typeof EXPECTATIONS_VERSION;
  readonly entries: readonly ExpectationEntry[];
}

/** An entry and where it stands in its file, for lines that name it. */
export interface NumberedEntry extends ExpectationEntry {
  /** Its index in `entries`, as `entries[3]`. */
  readonly index: number;
}

export interface ExpectationsFile {
  /** The file as given, resolved. */
  readonly path: string;
  readonly entries: readonly NumberedEntry[];
}

/** How a line names an entry: its index and what it names. */
export function entryName(entry: NumberedEntry): string {
  return `entries[${entry.index}] (${entry.rule ?? `check ${entry.check}`})`;
}

/**
 * Reads and validates an expectations file. A file that is missing, not JSON or not of the schema is a
 * configuration error: one line naming the file and, for a schema error, the entry. Whether the rules and
 * checks it names exist is not decided here: a name the catalogue lost is a finding of the gate.
 */
export function readExpectations(file: string, cwd = process.cwd()): ExpectationsFile {
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new ConfigError(`expectations: no file at ${path}`);
  const document = parseJsonFile(path, 'expectations');
  const result = schemas().validate('gate/expectations', document);
  if (!result.ok) {
    const first = result.problems[0] as { instancePath: string; message: string };
    const at = /^\/entries\/(\d+)(\/.*)?$/.exec(first.instancePath);
    const entries = (document as { entries?: unknown[] }).entries;
    const entry = at ? (entries?.[Number(at[1])] as { rule?: unknown; check?: unknown } | undefined) : undefined;
    const names = typeof entry?.rule === 'string' ? ` (${entry.rule})` : typeof entry?.check === 'string' ? ` (check ${entry.check})` : '';
    const where = at
      ? `entries[${at[1]}]${names}${at[2] ? ` ${at[2].slice(1)}` : ''}`
      : first.instancePath === '/'
        ? 'the document'
        : first.instancePath.slice(1);
    const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more problem${result.problems.length > 2 ? 's' : ''})` : '';
    throw new ConfigError(`expectations: ${path}: ${where}: ${first.message}${more}`);
  }
  const doc = document as ExpectationsDocument;
  return { path, entries: doc.entries.map((entry, index) => ({ ...entry, index })) };
}
