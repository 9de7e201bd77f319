/**
 * `capacity --baseline FILE`: what the company's own integrations already spend of each budget, read from a
 * conformance report the `observe` command wrote (`traffic.budgetUse`) or measured from a HAR capture. Which
 * of the two a file is, its content says: a report has `format: 'cc-conformance-report'`.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import type { BudgetUse, CompanyUse, MeasuredUse } from '../../lib/budget/measured-use.ts';
import { REPORT_FORMAT } from '../../lib/results/report.ts';
import type { BaselineFigures } from './campaign-plan.ts';

/** A baseline that cannot be used: one line naming the file and what is wrong. */
export class BaselineError extends Error {
  override readonly name = 'BaselineError';
}

export type BaselineKind = 'har' | 'report';

/** The baseline the plan uses: one company's use, picked from the capture. */
export interface Baseline {
  readonly file: string;
  readonly kind: BaselineKind;
  readonly windowMs: number;
  readonly from: string;
  readonly to: string;
  /** The company planned for (a salted hash of its key ID), and how it was chosen. */
  readonly company: string;
  readonly chosen: 'the most requests' | '--company' | 'no request on a metered budget';
  /** Every company of the capture, with its requests on both budgets, the busiest first. */
  readonly companies: readonly { readonly company: string; readonly requests: number }[];
  readonly core: BudgetUse;
  readonly dialer: BudgetUse;
}

/** The figures the plan takes off each share. */
export function baselineFigures(baseline: Baseline): Record<'core' | 'dialer', BaselineFigures> {
  const of = (u: BudgetUse): BaselineFigures => ({ median: u.median, p95: u.p95, peak: u.peak });
  return { core: of(baseline.core), dialer: of(baseline.dialer) };
}

const HEAD_BYTES = 64 * 1024;

/** The file's first bytes: enough to tell a HAR (`{"log": …`) from anything else without reading it all. */
function head(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new BaselineError(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * What a file holds. A HAR is recognised by its opening `{"log":` (without reading the rest, which may be
 * large); anything else is read whole as JSON, a report by its `format`, a HAR whose `log` is not first by
 * having one.
 */
export function baselineKind(file: string): { kind: 'har' } | { kind: 'report'; doc: Record<string, unknown> } {
  if (/^\uFEFF?\s*\{\s*"log"\s*:/.test(head(file))) return { kind: 'har' };
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new BaselineError(`${file}: not JSON, so neither a HAR 1.2 file nor a conformance report`);
  }
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    const obj = doc as Record<string, unknown>;
    if (obj.format === REPORT_FORMAT) return { kind: 'report', doc: obj };
    if ('log' in obj) return { kind: 'har' };
  }
  throw new BaselineError(`${file}: neither a HAR 1.2 file (no "log") nor a conformance report (format "${REPORT_FORMAT}")`);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function budgetUse(raw: unknown, at: string): BudgetUse {
  const obj = (raw ?? {}) as Record<string, unknown>;
  for (const key of ['windows', 'median', 'p95', 'peak', 'refused', 'requests'] as const)
    if (!isCount(obj[key])) throw new BaselineError(`${at}.${key}: must be a whole number, 0 or more, got ${JSON.stringify(obj[key]) ?? 'nothing'}`);
  return obj as unknown as BudgetUse;
}

/** `traffic.budgetUse` of a report, checked field by field. */
export function measuredUseOf(doc: Record<string, unknown>, file: string): MeasuredUse {
  const at = `${file}: traffic.budgetUse`;
  const traffic = doc.traffic as Record<string, unknown> | undefined;
  const use = traffic?.budgetUse as Record<string, unknown> | undefined;
  if (use === undefined || use === null || typeof use !== 'object')
    throw new BaselineError(`${at}: missing; the report holds no measured use (the observe command writes it)`);
  if (!isCount(use.windowMs) || use.windowMs === 0) throw new BaselineError(`${at}.windowMs: must be a whole number of ms above 0`);
  if (typeof use.from !== 'string' || typeof use.to !== 'string') throw new BaselineError(`${at}: from and to must be ISO 8601 strings`);
  if (!Array.isArray(use.companies)) throw new BaselineError(`${at}.companies: must be a list`);
  const companies = use.companies.map((raw: unknown, i): CompanyUse => {
    const c = (raw ?? {}) as Record<string, unknown>;
    if (typeof c.company !== 'string' || c.company === '') throw new BaselineError(`${at}.companies[${i}].company: must be a non-empty string`);
    return { company: c.company, core: budgetUse(c.core, `${at}.companies[${i}].core`), dialer: budgetUse(c.dialer, `${at}.companies[${i}].dialer`) };
  });
  return { windowMs: use.windowMs, from: use.from, to: use.to, companies };
}

const EMPTY: BudgetUse = { windows: 0, median: 0, p95: 0, peak: 0, refused: 0, requests: 0 };

/**
 * The company to plan for: the one `--company` names, else the one with the most requests. A capture with
 * no metered request plans against a baseline of 0.
 */
export function baselineOf(use: MeasuredUse, input: { file: string; kind: BaselineKind; windowMs: number; company?: string }): Baseline {
  const { file, kind, windowMs } = input;
  if (use.windowMs !== windowMs)
    throw new BaselineError(
      `${file}: measured in windows of ${use.windowMs} ms, the plan's window is ${windowMs} ms; give --window-ms ${use.windowMs}, or measure again in the plan's window`,
    );
  const total = (c: CompanyUse) => c.core.requests + c.dialer.requests;
  const companies = [...use.companies].sort((a, b) => total(b) - total(a)).map((c) => ({ company: c.company, requests: total(c) }));
  const common = { file, kind, windowMs, from: use.from, to: use.to, companies };
  if (input.company !== undefined) {
    const found = use.companies.find((c) => c.company === input.company);
    if (!found)
      throw new BaselineError(
        `--company: ${input.company} is not in ${file} (${companies.length === 0 ? 'no company there' : `companies: ${companies.map((c) => c.company).join(', ')}`})`,
      );
    return { ...common, company: found.company, chosen: '--company', core: found.core, dialer: found.dialer };
  }
  const busiest = [...use.companies].sort((a, b) => total(b) - total(a))[0];
  if (!busiest) return { ...common, company: 'none', chosen: 'no request on a metered budget', core: EMPTY, dialer: EMPTY };
  return { ...common, company: busiest.company, chosen: 'the most requests', core: busiest.core, dialer: busiest.dialer };
}
