import { readFileSync } from 'node:fs';
import { ConfigError } from '../errors.ts';
import { REPORT_FORMAT, REPORT_VERSION, type RunReport } from './report.ts';

/**
 * A conformance report read back from its file, for the commands that start from one (`--rerun-failed`,
 * `--write-expectations --from-report`, `compare`). Anything else, a missing file, text that is not JSON, a
 * report of another format or version, is a one-line ConfigError that begins with `who` (the option or
 * command reading it) and names the file.
 */
/**
 * Versions read back: this one, 6, which lacks only the `blocked` status and the fields that came with it,
 * and 5, which also lacks `evidence.sequence`: yesterday's report still compares with today's.
 */
export const READABLE_VERSIONS: readonly number[] = [5, 6, 7, 8, REPORT_VERSION];

export function readRunReport(path: string, who: string): RunReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `${who}: no report at ${path}` : `${who}: cannot read ${path} (${code ?? (err as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${who}: ${path} is not JSON (${(err as Error).message})`);
  }
  const { format, version, seed, rules } = (typeof doc === 'object' && doc !== null ? doc : {}) as {
    format?: unknown;
    version?: unknown;
    seed?: unknown;
    rules?: unknown;
  };
  if (format !== REPORT_FORMAT || !READABLE_VERSIONS.includes(version as number)) {
    throw new ConfigError(
      `${who}: ${path} is ${format === REPORT_FORMAT ? `version ${JSON.stringify(version)} of the report` : 'not a conformance report'}; this version reads format ${REPORT_FORMAT} version ${READABLE_VERSIONS.join(' or ')} only`,
    );
  }
  if (typeof seed !== 'number' || !Number.isInteger(seed) || !Array.isArray(rules))
    throw new ConfigError(`${who}: ${path} has no integer seed or no rules list`);
  return doc as RunReport;
}
