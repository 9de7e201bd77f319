import type { Target } from '../config/target.ts';
import { type KeySlot } from '../contract/vocabulary.ts';
import { NotConfiguredError } from '../errors.ts';
import type { Exchange } from '../http/exchange.ts';
import { isJson, kindByKey, type LedgerRequest, type RecordKind } from './kinds.ts';
import { isGone, type Ledger } from './ledger.ts';
import { describeRequest, type LedgerRecord } from './ledger-file.ts';
import type { RequestScope } from '../requests/request-scope.ts';

/**
 * What `npm run cleanup` does, apart from the command line: delete what a ledger shows created and not
 * deleted, or every record of a listable kind whose name starts with a run prefix. Requests go through
 * the session's pipeline in a request scope of their own, so they are paced within the budget, carry the
 * right key, and the deletes land in the ledger like a run's own.
 */

/** Who cleans up: the request scope it sends in, and the target whose hosts and keys it may use. */
export interface Cleaner {
  readonly requests: RequestScope;
  readonly target: Target;
}

export type StepResult = 'deleted' | 'already gone' | 'would delete' | 'failed' | 'not deletable' | 'kept' | 'not found';

export interface CleanupStep {
  readonly kind: string;
  readonly id?: string;
  readonly name?: string;
  readonly result: StepResult;
  readonly detail: string;
}

export interface CleanupOptions {
  readonly dryRun: boolean;
  /** Checked before each request: true once the user asked to stop (the request in flight finishes). */
  readonly stopped: () => boolean;
}

/** Steps whose record may still be on the target and could be deleted: what makes the command exit 1. */
export const LEFT_BEHIND: ReadonlySet<StepResult> = new Set(['failed', 'would delete']);

/** Bounds a listing: a list that never ends (a server ignoring `page`) is read this far and no further. */
const MAX_PAGES = 50;

function send(t: Cleaner, request: LedgerRequest, slot: KeySlot, extraQuery: Readonly<Record<string, string>> = {}): Promise<Exchange> {
  let spec = t.requests
    .req(request.surface, request.method, request.path)
    .as(slot)
    .query({ ...request.query, ...extraQuery });
  if (request.body) spec = spec.json(request.body);
  return spec.send();
}

async function deleteOne(
  t: Cleaner,
  request: LedgerRequest,
  slot: KeySlot,
  base: Omit<CleanupStep, 'result' | 'detail'>,
  dryRun: boolean,
): Promise<CleanupStep> {
  if (dryRun) return { ...base, result: 'would delete', detail: describeRequest(request) };
  const ex = await send(t, request, slot);
  if (!isGone(ex.status, ex.json)) return { ...base, result: 'failed', detail: `${describeRequest(request)} answered ${ex.status}` };
  return { ...base, result: ex.status === 404 ? 'already gone' : 'deleted', detail: describeRequest(request) };
}

/** A listing the target answered with an error: that kind cannot be searched, the others still can. */
class ListingRefused extends Error {}

/** Every record of a kind the key's company holds, page by page, as id and name. */
export async function listKind(
  t: Cleaner,
  kind: RecordKind,
  slot: KeySlot,
  query: Readonly<Record<string, string>> = {},
): Promise<{ id: string; name: string; gone?: boolean }[]> {
  const list = kind.list;
  if (!list) return [];
  const found: { id: string; name: string; gone?: boolean }[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const paging: Record<string, string> = list.paging === 'page' ? { page: String(page) } : cursor !== undefined ? { cursor } : {};
    const ex = await send(t, list.request, slot, { ...query, ...paging });
    if (ex.status < 200 || ex.status >= 300)
      throw new ListingRefused(`listing ${kind.kind}s: ${list.request.method} ${list.request.path} answered ${ex.status}`);
    const items = list.read(ex.json);
    found.push(...items);
    if (list.paging === 'page') {
      const data = isJson(ex.json) && isJson(ex.json.responseData) ? ex.json.responseData : {};
      if (items.length === 0 || !(Number(data.pageNumber ?? page) < Number(data.pageCount ?? 0))) break;
    } else {
      const next = isJson(ex.json) && isJson(ex.json.meta) ? ex.json.meta.nextCursor : undefined;
      if (typeof next !== 'string' || next === '') break;
      cursor = next;
    }
  }
  return found;
}

/**
 * The records of a kind whose name passes `matches`. The contact list is first narrowed on the server by
 * its keyword; the spec does not say what a keyword matches, so when that narrowed listing holds none, the
 * whole list is read: a target whose keyword searches other fields still has its records found.
 */
async function findNamed(
  t: Cleaner,
  kind: RecordKind,
  slot: KeySlot,
  text: string,
  matches: (name: string) => boolean,
): Promise<{ id: string; name: string; gone?: boolean }[]> {
  if (kind.key === 'contact') {
    const narrowed = (await listKind(t, kind, slot, { keyword: text })).filter((r) => matches(r.name));
    if (narrowed.length > 0) return narrowed;
  }
  return (await listKind(t, kind, slot)).filter((r) => matches(r.name));
}

/** Deletes, newest first, every record the ledger shows created and not deleted; lists those the API cannot delete. */
export async function cleanLedger(t: Cleaner, ledger: Ledger, kinds: readonly RecordKind[], options: CleanupOptions): Promise<CleanupStep[]> {
  const steps: CleanupStep[] = [];
  for (const record of [...ledger.records()].reverse()) {
    if (options.stopped()) break;
    const { intent } = record;
    const base = { kind: intent.kind, ...(record.id !== undefined ? { id: record.id } : {}), ...(record.name !== undefined ? { name: record.name } : {}) };
    if (record.state === 'deleted') {
      if (intent.kept) steps.push({ ...base, result: 'kept', detail: intent.kept });
      continue;
    }
    if (intent.undeletable) {
      steps.push({ ...base, result: 'not deletable', detail: intent.undeletable });
      continue;
    }
    const slot = intent.slot ?? 'primary';
    try {
      steps.push(await cleanRecord(t, ledger, record, kindByKey(kinds, intent.key), slot, base, options.dryRun));
    } catch (err) {
      // A host or key this command was not given: the record stays listed, and the rest are still cleaned.
      if (!(err instanceof NotConfiguredError)) throw err;
      steps.push({ ...base, result: 'failed', detail: `not sent: ${err.message}` });
    }
  }
  return steps;
}

async function cleanRecord(
  t: Cleaner,
  ledger: Ledger,
  record: LedgerRecord,
  kind: RecordKind | undefined,
  slot: KeySlot,
  base: Omit<CleanupStep, 'result' | 'detail'>,
  dryRun: boolean,
): Promise<CleanupStep> {
  if (record.delete) return deleteOne(t, record.delete, slot, base, dryRun);
  // No id: the answer never came (a kill mid-request) or named none. The name the run gave finds it.
  const name = record.name;
  if (name === undefined || !kind?.list || !kind.deleteOf)
    return { ...base, result: 'failed', detail: 'created without an id the answer named, and nothing to find it by' };
  const matches = (await findNamed(t, kind, slot, name, (n) => n === name)).filter((r) => !r.gone);
  if (matches.length === 0) {
    if (!dryRun) ledger.notFound(record, 'cleanup');
    return { ...base, result: 'not found', detail: `no ${kind.kind} named ${name}: the create made nothing, or it is gone` };
  }
  let last: CleanupStep = { ...base, result: 'not found', detail: '' };
  for (const match of matches) {
    if (!dryRun) ledger.found(record, match.id);
    last = await deleteOne(t, kind.deleteOf(match.id), slot, { ...base, id: match.id }, dryRun);
    if (last.result === 'failed') return last;
  }
  return last;
}

/** The key slots of distinct companies the target configures: a run creates records with each. */
export function companySlots(t: Cleaner): KeySlot[] {
  return (['primary', 'other', 'limits'] as const).filter((slot) => t.target.keys[slot] !== undefined);
}

/**
 * Lists every kind of record a run can create that the API lists, and deletes those whose name starts with
 * `prefix` (already checked to be a run prefix); lists the kinds it cannot search and those it cannot delete.
 */
export async function cleanPrefix(t: Cleaner, prefix: string, kinds: readonly RecordKind[], options: CleanupOptions): Promise<CleanupStep[]> {
  const steps: CleanupStep[] = [];
  // Read trimmed: a target may keep a name sent with whitespace around it as sent (a Dialer name, 'trimmed before validation').
  const ours = (name: string) => name.trim() === prefix || name.trim().startsWith(`${prefix}-`);
  for (const kind of kinds) {
    if (!kind.list || !kind.namedByRun) continue;
    if (t.target.urls[kind.surface] === undefined) continue;
    for (const slot of companySlots(t)) {
      if (options.stopped()) return steps;
      let found: Awaited<ReturnType<typeof findNamed>>;
      try {
        found = await findNamed(t, kind, slot, prefix, ours);
      } catch (err) {
        // A kind whose list path the target does not route (a Dialer path is this project's choice) is reported, and the search goes on.
        if (!(err instanceof ListingRefused)) throw err;
        const hint = kind.list.request.path.startsWith('/dialer') ? '; CC_DIALER_ROUTES maps the Dialer paths a target routes elsewhere' : '';
        steps.push({ kind: kind.kind, result: 'failed', detail: `not searched: ${err.message}${hint}` });
        continue;
      }
      for (const record of found) {
        if (options.stopped()) return steps;
        const base = { kind: kind.kind, id: record.id, name: record.name };
        if (record.gone) steps.push({ ...base, result: 'kept', detail: kind.keptWhenDeleted ?? 'deleted, and kept by the API' });
        else if (!kind.deleteOf) steps.push({ ...base, result: 'not deletable', detail: kind.undeletable ?? 'the API has no delete for it' });
        else steps.push(await deleteOne(t, kind.deleteOf(record.id), slot, base, options.dryRun));
      }
    }
  }
  return steps;
}

/** Kinds `--prefix` cannot search, and why, for the command to say so. */
export function unsearchedKinds(kinds: readonly RecordKind[]): string[] {
  return kinds
    .filter((k) => !k.list || !k.namedByRun)
    .map((k) => `${k.kind}: ${k.list ? 'carries no name the run gave it' : 'the API lists none'}${k.deleteOf ? '' : ` (${k.undeletable ?? 'not deletable'})`}`);
}
