import { existsSync } from 'node:fs';
import { type KeySlot, type Surface } from '../contract/vocabulary.ts';
import type { DialerRoutes } from '../dialer/routes.ts';
import type { LeftoverRecord } from '../results/report.ts';
import { createOf, type CreateOperation, createTable } from './creates.ts';
import type { LedgerRequest } from './kinds.ts';
import { appendEvent, applyEvent, ensureLedgerDir, type LedgerEvent, type LedgerRecord, leftoversOf, readLedger } from './ledger-file.ts';
import type { RunIdentity } from './run-id.ts';

/** A request about to go out, as the ledger needs to know it. */
export interface OutgoingRequest {
  readonly surface: Surface;
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  /** The key slot it goes out with; absent for requests without a configured key. */
  readonly slot?: KeySlot;
  /** The company the credentials belong to: a record belongs to it, and only its keys delete it. */
  readonly company: string;
  /** The check (or command) that sends it. */
  readonly by: string;
}

export interface PendingCreate {
  readonly seq: number;
  readonly op: CreateOperation;
  readonly body: unknown;
}

function parsed(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** A delete answered this way leaves nothing to delete; a Dialer `Route not found` only says the path is not the target's. */
export function isGone(status: number, answer: unknown): boolean {
  const routeNotFound = answer !== null && typeof answer === 'object' && (answer as { message?: unknown }).message === 'Route not found';
  return is2xx(status) || (status === 404 && !routeNotFound);
}

/** Whether a request is the one that deletes a record: same method and path, and the body names the same thing. */
function sameRequest(wanted: LedgerRequest, request: OutgoingRequest): boolean {
  if (wanted.surface !== request.surface || wanted.method !== request.method.toUpperCase() || wanted.path !== request.path) return false;
  if (!wanted.body) return true;
  const body = parsed(request.body) as Record<string, unknown> | undefined;
  return Object.entries(wanted.body).every(([key, value]) => body !== undefined && String(body[key]) === String(value));
}

/**
 * The contacts a Contact actions request deleted (vendor reference: POST /bulk/contacts.json), each as the
 * delete of that contact alone, with the status its command was answered: `delete_contact` commands whose
 * result is 2xx, or 404 (the contact is gone either way).
 */
function bulkDeletes(request: OutgoingRequest, answer: unknown): { request: OutgoingRequest; status: number }[] {
  if (request.surface !== 'core' || request.method.toUpperCase() !== 'POST' || request.path !== '/bulk/contacts.json') return [];
  const commands = parsed(request.body);
  const data = answer !== null && typeof answer === 'object' ? (answer as { responseData?: { data?: unknown } }).responseData?.data : undefined;
  if (!Array.isArray(commands) || !Array.isArray(data)) return [];
  return commands.flatMap((command: unknown, i) => {
    const { action, data: fields } = (command ?? {}) as { action?: unknown; data?: { id?: unknown } };
    const status = Number((data[i] as { status?: unknown } | undefined)?.status);
    const id = fields?.id;
    if (action !== 'delete_contact' || !(is2xx(status) || status === 404) || (typeof id !== 'string' && typeof id !== 'number')) return [];
    return [{ request: { ...request, method: 'DELETE', path: `/contacts/delete/${encodeURIComponent(String(id))}.json`, body: undefined }, status }];
  });
}

/**
 * The run's ledger: every record the run may have made, written to the ledger file the moment its create
 * goes out and again when the answer comes, and every delete of one of them. The state is kept in memory
 * too, so a run without a file (the in-process proofs) still knows its leftovers. Opening an existing
 * file goes on from it: `npm run cleanup -- --ledger` appends its deletes to the run's own ledger.
 */
export class Ledger {
  readonly run: RunIdentity;
  readonly #table: readonly CreateOperation[];
  readonly #records: LedgerRecord[] = [];
  #seq = 0;

  constructor(run: RunIdentity, routes: DialerRoutes) {
    this.run = run;
    this.#table = createTable(routes);
    const file = run.ledgerFile;
    if (file === undefined) return;
    if (existsSync(file)) {
      const contents = readLedger(file);
      this.#records.push(...contents.records);
      this.#seq = contents.lastSeq;
      return;
    }
    ensureLedgerDir(file);
    this.#write({ event: 'run', runId: run.id, prefix: run.prefix, at: new Date().toISOString() });
  }

  get file(): string | undefined {
    return this.run.ledgerFile;
  }

  #write(event: LedgerEvent): void {
    if (this.run.ledgerFile !== undefined) appendEvent(this.run.ledgerFile, event);
    applyEvent(this.#records, event);
  }

  /** Called for every request before it goes out: a create is written down as an intent. */
  beforeSend(request: OutgoingRequest): PendingCreate | undefined {
    const op = createOf(this.#table, request.surface, request.method, request.path);
    if (!op) return undefined;
    const body = parsed(request.body);
    if (op.makesAny && !op.makesAny(body)) return undefined;
    this.#seq += 1;
    const { kind } = op;
    const name = op.nameOf(body);
    const id = op.idOf?.(body);
    this.#write({
      event: 'intent',
      seq: this.#seq,
      at: new Date().toISOString(),
      check: request.by,
      key: kind.key,
      kind: kind.kind,
      surface: request.surface,
      ...(request.slot !== undefined ? { slot: request.slot } : {}),
      company: request.company,
      request: `${op.method} ${request.path}`,
      ...(name !== undefined ? { name } : {}),
      ...(id !== undefined ? { id } : {}),
      ...(id !== undefined && kind.deleteOf ? { delete: kind.deleteOf(id) } : {}),
      ...(kind.undeletable !== undefined ? { undeletable: kind.undeletable } : {}),
      ...(kind.keptWhenDeleted !== undefined ? { kept: kind.keptWhenDeleted } : {}),
      findable: kind.list !== undefined,
    });
    return { seq: this.#seq, op, body };
  }

  /** The answer to a create: the records it made, or that it made none. */
  afterCreate(pending: PendingCreate, status: number, answer: unknown): void {
    if (!is2xx(status)) {
      this.#write({ event: 'refused', seq: pending.seq, status });
      return;
    }
    const { kind } = pending.op;
    for (const made of pending.op.made(answer, pending.body, status)) {
      this.#write({
        event: 'created',
        seq: pending.seq,
        ...(made.id !== undefined ? { id: made.id } : {}),
        ...(made.name !== undefined ? { name: made.name } : {}),
        ...(made.id !== undefined && kind.deleteOf ? { delete: kind.deleteOf(made.id) } : {}),
      });
    }
  }

  /** Called for every answered request: a delete of a ledger record that left it gone is written down. */
  afterAnswer(request: OutgoingRequest, status: number, answer: unknown): void {
    const deletes = isGone(status, answer) ? [{ request, status }] : [];
    if (is2xx(status)) deletes.push(...bulkDeletes(request, answer));
    for (const { request: deletion, status: answered } of deletes) {
      for (const record of this.#records) {
        if (record.state === 'deleted' || !record.delete || record.id === undefined || record.intent.company !== deletion.company) continue;
        if (sameRequest(record.delete, deletion)) this.#write({ event: 'deleted', seq: record.intent.seq, id: record.id, by: deletion.by, status: answered });
      }
    }
  }

  /** A record the create's answer did not name, found by its name (cleanup): written down with its id. */
  found(record: LedgerRecord, id: string): void {
    const kind = this.#table.find((op) => op.kind.key === record.intent.key)?.kind;
    this.#write({
      event: 'created',
      seq: record.intent.seq,
      id,
      ...(record.name !== undefined ? { name: record.name } : {}),
      ...(kind?.deleteOf ? { delete: kind.deleteOf(id) } : {}),
    });
  }

  /**
   * A record looked for by name and not found: a create never answered made nothing (written down as
   * refused), one answered without an id is gone (written down as deleted).
   */
  notFound(record: LedgerRecord, by: string): void {
    if (record.state === 'pending') this.#write({ event: 'refused', seq: record.intent.seq, status: 404 });
    else if (record.state === 'created')
      this.#write({ event: 'deleted', seq: record.intent.seq, ...(record.id !== undefined ? { id: record.id } : {}), by, status: 404 });
  }

  records(): readonly LedgerRecord[] {
    return this.#records;
  }

  leftovers(): LeftoverRecord[] {
    return leftoversOf(this.#records);
  }
}
