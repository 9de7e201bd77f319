import { readFileSync } from 'node:fs';
import { ConfigError } from '../lib/errors.js';
import { REPORT_FORMAT, REPORT_VERSION } from '../lib/results/report.js';
import { hasRule } from '../lib/rules/index.js';

/** What `--rerun-failed` runs again: the rules a report called `fail` or `error`, with its seed. */
export interface Rerun {
  readonly report: string;
  readonly seed: number;
  /** Rules of the report that failed or erred and the catalogue still has, in report order. */
  readonly rules: readonly string[];
  /** Failed or erring rules the catalogue no longer has: not run, said so. */
  readonly unknown: readonly string[];
}

/**
 * `--rerun-failed` takes an optional value, which `parseArgs` cannot express: a bare flag (last, or
 * followed by another option) becomes `--rerun-failed=`, the empty value meaning the default report.
 */
export function withOptionalValue(argv: readonly string[], flag: string): string[] {
  return argv.map((arg, i) => (arg === flag && (i === argv.length - 1 || (argv[i + 1] as string).startsWith('-')) ? `${flag}=` : arg));
}

/** Reads a run report and picks what to run again; any report this command did not write is a ConfigError. */
export function rerunOf(path: string): Rerun {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `--rerun-failed: no report at ${path}; run npm run conformance first, or name the report` : `--rerun-failed: cannot read ${path} (${code ?? (err as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`--rerun-failed: ${path} is not JSON (${(err as Error).message})`);
  }
  const { format, version, seed, rules } = (typeof doc === 'object' && doc !== null ? doc : {}) as { format?: unknown; version?: unknown; seed?: unknown; rules?: unknown };
  if (format !== REPORT_FORMAT || version !== REPORT_VERSION) {
    throw new ConfigError(`--rerun-failed: ${path} is ${format === REPORT_FORMAT ? `version ${JSON.stringify(version)} of the report` : 'not a conformance report'}; this version reads format ${REPORT_FORMAT} version ${REPORT_VERSION} only`);
  }
  if (typeof seed !== 'number' || !Number.isInteger(seed) || !Array.isArray(rules)) throw new ConfigError(`--rerun-failed: ${path} has no integer seed or no rules list`);
  const failed = rules
    .filter((r): r is { id: string; status: string } => typeof r === 'object' && r !== null && typeof r.id === 'string' && (r.status === 'fail' || r.status === 'error'))
    .map((r) => r.id);
  return { report: path, seed, rules: failed.filter((id) => hasRule(id)), unknown: failed.filter((id) => !hasRule(id)) };
}
