import type { Target } from '../config/target.ts';
import { dialerRoute } from '../dialer/routes.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Handler, Metered, Stage } from './pipeline.ts';

/**
 * The records a run read from the company under test in the lists it reads anyway: the evidence isolation
 * compares another company's reads with, so a record the company already had is compared too, not only those
 * the run made. Identifiers may overlap between projects (Authentication 3: identifiers are scoped to a
 * project), so a match on the id alone is no leak; a match on the id and every field the spec names that both
 * reads show is.
 */
export type SeenKind = 'contact' | 'campaign' | 'call script';

type Item = Readonly<Record<string, unknown>>;

/** The fields the spec names on each kind (Resources and their fields; Dialer records), compared besides the id. */
export const SEEN_FIELDS: Readonly<Record<SeenKind, readonly string[]>> = {
  contact: ['name', 'title', 'company', 'industry', 'website', 'address', 'city', 'zip', 'state', 'country_id', 'favorite_agent'],
  campaign: ['name', 'status', 'mode', 'schedule_policy', 'calling_policy'],
  'call script': ['name'],
};

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list item's record: `{ Contact: {...} }` (vendor reference) or the record itself. */
function recordIn(item: unknown, wrapper?: string): Item | undefined {
  if (!isItem(item)) return undefined;
  const inner = wrapper !== undefined ? item[wrapper] : undefined;
  return isItem(inner) ? inner : item;
}

/** A leak: a record another company read that matches one of the company under test on its id and every field both show. */
export interface SeenMatch {
  readonly id: string;
  /** The fields compared besides the id, each equal. */
  readonly fields: readonly string[];
}

export class SeenRecords {
  readonly #byKind = new Map<SeenKind, Map<string, Item>>();

  /** Keeps the latest read of each record, by its id. */
  add(kind: SeenKind, items: readonly unknown[], wrapper?: string): void {
    const kept = this.#byKind.get(kind) ?? new Map<string, Item>();
    for (const item of items) {
      const record = recordIn(item, wrapper);
      const id = record?.id;
      if (record && (typeof id === 'string' || typeof id === 'number')) kept.set(String(id), record);
    }
    this.#byKind.set(kind, kept);
  }

  /** How many records of a kind the run has read from the company under test. */
  count(kind: SeenKind): number {
    return this.#byKind.get(kind)?.size ?? 0;
  }

  /**
   * The items of another company's read that are records of the company under test: the same id, and every field
   * the spec names that both show equal, at least one of them. An id alone, or a field that differs, is another record.
   */
  matches(kind: SeenKind, items: readonly unknown[], wrapper?: string): SeenMatch[] {
    const kept = this.#byKind.get(kind);
    if (!kept) return [];
    const found: SeenMatch[] = [];
    for (const item of items) {
      const record = recordIn(item, wrapper);
      const id = record?.id;
      if (!record || (typeof id !== 'string' && typeof id !== 'number')) continue;
      const ours = kept.get(String(id));
      if (!ours) continue;
      const both = SEEN_FIELDS[kind].filter((field) => field in record && field in ours);
      if (both.length > 0 && both.every((field) => JSON.stringify(record[field]) === JSON.stringify(ours[field]))) found.push({ id: String(id), fields: both });
    }
    return found;
  }
}

/** The company under test's list answers whose items the run keeps, by method and path. */
function listsOf(target: Target): ReadonlyMap<string, { kind: SeenKind; wrapper?: string }> {
  const route = (name: 'campaigns.list' | 'scripts.list') => {
    const { method, path } = dialerRoute(target.dialer.routes, name);
    return `ai ${method} ${path}`;
  };
  return new Map<string, { kind: SeenKind; wrapper?: string }>([
    ['core GET /contacts/index.json', { kind: 'contact', wrapper: 'Contact' }],
    [route('campaigns.list'), { kind: 'campaign' }],
    [route('scripts.list'), { kind: 'call script' }],
  ]);
}

/** The items of a list answer: `responseData.data` on the core API, `data` on the Dialer. */
function itemsOf(ex: Exchange): readonly unknown[] {
  const body = ex.json as { responseData?: { data?: unknown }; data?: unknown } | undefined;
  const data = body?.responseData?.data ?? body?.data;
  return Array.isArray(data) ? data : [];
}

/** Keeps what the company under test's lists answered, as it passes: no request of its own. */
export function recordsSeen(target: Target, seen: SeenRecords): Stage<Metered, Metered> {
  const lists = listsOf(target);
  return (next: Handler<Metered>) => async (d) => {
    const ex = await next(d);
    const auth = d.fields.credentials;
    const list = lists.get(`${d.fields.surface} ${d.fields.method} ${d.fields.path}`);
    if (list && ex.status === 200 && auth.kind === 'slot' && auth.slot === 'primary') seen.add(list.kind, itemsOf(ex), list.wrapper);
    return ex;
  };
}
