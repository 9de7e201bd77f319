import { readRunReport } from '../lib/results/report-file.ts';
import { hasRule } from '../lib/rules/index.ts';

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
  const { seed, rules } = readRunReport(path, '--rerun-failed');
  const failed = rules.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.id);
  return { report: path, seed, rules: failed.filter((id) => hasRule(id)), unknown: failed.filter((id) => !hasRule(id)) };
}
