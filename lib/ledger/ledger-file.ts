import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type KeySlot, partOf, type Surface } from '../contract/vocabulary.ts';
import { ConfigError } from '../errors.ts';
import { toolCommand } from '../invocation.ts';
import type { LeftoverRecord } from '../results/report.ts';
import type { LedgerRequest } from './kinds.ts';

/**
 * The ledger file: one JSON object a line, appended synchronously as each event happens, so a run killed
 * at any moment leaves every record it may have made written down. Events:
 * - `run`: the run's id and prefix, first;
 * - `intent`: a create is about to go out (kind, the name it gives, the check, the key slot);
 * - `created`: its answer made a record (the id when the answer names one, and the request that deletes it);
 * - `refused`: its answer made nothing;
 * - `deleted`: a record of the ledger was deleted (or found already gone).
 */

export interface IntentEvent {
  readonly event: 'intent';
  readonly seq: number;
  readonly at: string;
  readonly check: string;
  /** The kind's key (`contact`) and what it is in words. */
  readonly key: string;
  readonly kind: string;
  readonly surface: Surface;
  /** The key slot the create went out with: its company owns the record, and only its keys delete it. */
  readonly slot?: KeySlot;
  readonly company: string;
  readonly request: string;
  readonly name?: string;
  /** Set when the request alone names the record (a membership), so even an unanswered create can be undone. */
  readonly id?: string;
  readonly delete?: LedgerRequest;
  /** Why the API cannot delete records of this kind. */
  readonly undeletable?: string;
  /** What a delete leaves on the target, when the API keeps deleted records. */
  readonly kept?: string;
  /** Records of the kind can be found by the name the run gave them (the API lists the kind). */
  readonly findable: boolean;
}

export type LedgerEvent =
  | { readonly event: 'run'; readonly runId: string; readonly prefix: string; readonly at: string }
  | IntentEvent
  | { readonly event: 'created'; readonly seq: number; readonly id?: string; readonly name?: string; readonly delete?: LedgerRequest }
  | { readonly event: 'refused'; readonly seq: number; readonly status: number }
  | { readonly event: 'deleted'; readonly seq: number; readonly id?: string; readonly by: string; readonly status: number };

/** One record of the ledger, as its events leave it. */
export interface LedgerRecord {
  readonly intent: IntentEvent;
  /** `pending`: the create went out and no answer came (the run was killed, or the transport failed). */
  state: 'pending' | 'created' | 'deleted';
  id?: string;
  name?: string;
  delete?: LedgerRequest;
}

export interface LedgerContents {
  readonly runId?: string;
  readonly prefix?: string;
  readonly records: LedgerRecord[];
  /** The highest sequence number used, so an appending process goes on after it. */
  readonly lastSeq: number;
}

export function appendEvent(file: string, event: LedgerEvent): void {
  appendFileSync(file, `${JSON.stringify(event)}\n`);
}

export function ensureLedgerDir(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
}

/** Folds events into records; the state of the world the ledger knows of. */
export function applyEvent(records: LedgerRecord[], event: LedgerEvent): void {
  if (event.event === 'run') return;
  if (event.event === 'intent') {
    records.push({
      intent: event,
      state: 'pending',
      ...(event.id !== undefined ? { id: event.id } : {}),
      ...(event.name !== undefined ? { name: event.name } : {}),
      ...(event.delete ? { delete: event.delete } : {}),
    });
    return;
  }
  const ofSeq = records.filter((r) => r.intent.seq === event.seq);
  const first = ofSeq[0];
  if (!first) return;
  if (event.event === 'refused') {
    for (const r of ofSeq) if (r.state === 'pending') records.splice(records.indexOf(r), 1);
    return;
  }
  if (event.event === 'created') {
    // The pending record of the create, or one its answer left without an id, found later by name (cleanup).
    const pending =
      ofSeq.find((r) => r.state === 'pending') ??
      ofSeq.find((r) => r.state === 'created' && r.id === undefined && event.id !== undefined && r.name !== undefined && r.name === event.name);
    // A create that made several records (Contact actions) writes a line for each.
    const record: LedgerRecord = pending ?? { intent: first.intent, state: 'created' };
    if (!pending) records.push(record);
    record.state = 'created';
    if (event.id !== undefined) record.id = event.id;
    if (event.name !== undefined) record.name = event.name;
    if (event.delete) record.delete = event.delete;
    return;
  }
  // A record with no id (looked for by name and not found) is deleted by a line without one.
  const record = ofSeq.find((r) => r.id === event.id && r.state !== 'deleted');
  if (record) record.state = 'deleted';
}

export function readLedger(file: string): LedgerContents {
  if (!existsSync(file)) throw new ConfigError(`no ledger at ${file}`);
  const records: LedgerRecord[] = [];
  let runId: string | undefined;
  let prefix: string | undefined;
  let lastSeq = 0;
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let event: LedgerEvent;
    try {
      event = JSON.parse(line) as LedgerEvent;
    } catch {
      // Only the last line can be cut short, by a kill in the middle of a write.
      if (i >= lines.length - 2) break;
      throw new ConfigError(`${file}: line ${i + 1} is not JSON`);
    }
    if (event.event === 'run') {
      runId = event.runId;
      prefix = event.prefix;
    }
    if ('seq' in event) lastSeq = Math.max(lastSeq, event.seq);
    applyEvent(records, event);
  }
  return { ...(runId !== undefined ? { runId } : {}), ...(prefix !== undefined ? { prefix } : {}), records, lastSeq };
}

export const describeRequest = (r: LedgerRequest): string => `${r.method} ${r.path}${r.body ? ` ${JSON.stringify(r.body)}` : ''}`;

/** The records a ledger shows still on the target: not deleted, or deleted and kept by the API. */
export function leftoversOf(records: readonly LedgerRecord[]): LeftoverRecord[] {
  const out: LeftoverRecord[] = [];
  for (const r of records) {
    const { intent } = r;
    const base = {
      kind: intent.kind,
      // Named as rules are grouped: a Dialer record is the Dialer's, not its host's (`ai`). The intent's
      // request is `METHOD /path`, its path on the host.
      surface: partOf(intent.surface, intent.request.slice(intent.request.indexOf(' ') + 1)),
      ...(r.id !== undefined ? { id: r.id } : {}),
      ...(r.name !== undefined ? { name: r.name } : {}),
      check: intent.check,
    };
    if (r.state === 'deleted') {
      if (intent.kept) out.push({ ...base, deletable: false, how: intent.kept });
      continue;
    }
    if (intent.undeletable) {
      out.push({ ...base, deletable: false, how: intent.undeletable });
    } else if (r.delete) {
      out.push({ ...base, deletable: true, how: describeRequest(r.delete) });
    } else {
      // No id to delete it by: the create's answer never came (a kill, a transport error), or named none.
      const findable = intent.findable && r.name !== undefined;
      const why = r.state === 'pending' ? 'the create went out and no answer came, so it may exist' : 'created, but the answer named no id';
      out.push({
        ...base,
        deletable: findable,
        how: `${why}; ${findable ? `${toolCommand('cleanup', '--ledger')} looks for it by name` : 'nothing names it to look for it by'}`,
      });
    }
  }
  return out;
}
