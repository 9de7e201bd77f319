import { randomInt } from 'node:crypto';
import { join } from 'node:path';

/**
 * The identity of a run on the target: a short random id, and the prefix every name the run gives a
 * record starts with. The form `cc-conformance-<8 of [a-z0-9]>` fits every name field the run fills:
 * the spec forbids no character in any of them, and the longest name the run makes (an agent's e-mail
 * local part, `<prefix>-NNNN-1`) stays far below the shortest cap it fills (contact industry, 100).
 * A prefix of exactly this form is all `npm run cleanup -- --prefix` accepts, so it can never reach a
 * record this tool did not name.
 */
export const RUN_ID_LENGTH = 8;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const RUN_PREFIX_FORM = /^cc-conformance-[a-z0-9]{8}$/;
/** A name a run gave: its prefix, then a counter of four digits or more. */
export const RUN_NAME_FORM = /^cc-conformance-[a-z0-9]{8}-\d{4,}/;

export interface RunIdentity {
  readonly id: string;
  readonly prefix: string;
  /** Where the run's ledger is appended; none keeps it in memory only (the in-process proofs). */
  readonly ledgerFile?: string;
}

export function newRunId(): string {
  let id = '';
  for (let i = 0; i < RUN_ID_LENGTH; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export function prefixOf(runId: string): string {
  return `cc-conformance-${runId}`;
}

export function isRunPrefix(prefix: string): boolean {
  return RUN_PREFIX_FORM.test(prefix);
}

/** The ledger file of a run in the reports folder. */
export function ledgerPath(reportsDir: string, runId: string): string {
  return join(reportsDir, `ledger-${runId}.jsonl`);
}

/** A new run: id, prefix and, when a reports folder is given, its ledger file there. */
export function newRun(reportsDir?: string): RunIdentity {
  const id = newRunId();
  return { id, prefix: prefixOf(id), ...(reportsDir !== undefined ? { ledgerFile: ledgerPath(reportsDir, id) } : {}) };
}
