import { unparsableJson } from '../../lib/checks/assertions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { addContact, commandResults, CONTACT_ACTIONS_MAX, CONTACT_DELETIONS, createContact, deleteContact, leavesContacts, probeAgent } from './fixtures.ts';
import { type CheckCost, type CheckDefinition, partsOf } from '../../lib/checks/define.ts';
import { DAILY_PRICE_LIMIT, EXTENSION } from '../../lib/contract/limits.ts';
import { createdId } from './shapes.ts';
import { AGENT_LIST, type ListRead, listFrom, type Page, pageFrom, recordOf, responseData } from '../shared/core-reads.ts';
import { fictionalNumber, UNKNOWN_ID } from '../shared/inert-values.ts';
import { isObject } from '../shared/json.ts';

/**
 * What the core lane's checks share (lib/checks/shared-records.ts): made once a run by the first check that
 * needs it and handed to every other as it is, so the plan and the budget count it once.
 *
 * - Answers several checks judge alike: one GET (or one request the target must refuse and that changes
 *   nothing), sent by the first of them, each judging or building on the answer as it would on its own. Nothing
 *   is made, so nothing is deleted. A check that compares a list before and after something keeps its own reads.
 * - Records several checks use as they are and none changes: the contact the List contacts filters, the single
 *   envelope and the isolation read look for, and a blacklist entry when the blacklist is empty. Each is
 *   deleted when the lane ends. A check that edits, deletes or otherwise changes its record keeps its own.
 *
 * A sharer declares each in `records.shares` (those its records' makes use too); the planner counts their
 * makes in its allowance, since it may be the first.
 */

type Query = Readonly<Record<string, string | number>>;

/** An answer several checks judge alike, and the request it answers. */
export type SharedAnswer = SharedRecord<Exchange> & { readonly path: string; readonly query: Query };

function sharedAnswer(name: string, method: string, path: string, query: Query = {}, body?: unknown): SharedAnswer {
  return {
    key: `core.answer.${name}`,
    lane: 'core',
    meter: 'core',
    makeRequests: 1,
    removeRequests: 0,
    path,
    query,
    async make(t) {
      const spec = t.core(method, path).query(query);
      return { value: await (body === undefined ? spec : spec.json(body)).send() };
    },
  };
}

const read = (name: string, path: string, query: Query = {}): SharedAnswer => sharedAnswer(name, 'GET', path, query);

/** List countries, whole. */
export const COUNTRIES = read('countries', '/countries/index.json');
/** The first 100 calls of the call history: the sample the filter checks pick values from, and its first page. */
export const CALL_SAMPLE = read('calls', '/calls/index.json', { limit: 100 });
/** The first 100 blacklist entries. */
export const BLACKLIST_SAMPLE = read('blacklist', '/blacklist/index.json', { limit: 100 });
/** The blacklist with limit 1: its first page for the walk, the page past the last, and limit 1 of the bounds. */
export const BLACKLIST_LIMIT_1 = read('blacklist-limit-1', '/blacklist/index.json', { limit: 1 });
/** List contacts with limit 1. */
export const CONTACTS_LIMIT_1 = read('contacts-limit-1', '/contacts/index.json', { limit: 1 });
/** The first two tags of the account (vendor reference list). */
export const FIRST_TAGS = read('tags', '/tags/index.json', { limit: 2 });
/** The contact attributes of the account (vendor reference list). */
export const ATTRIBUTES = read('attributes', '/contacts/attributes.json');
/**
 * Plain contacts (a name each) for the checks that each edit a contact of their own: made together with one
 * Contact actions request of `add_contact` commands (vendor reference: POST /bulk/contacts.json), one for each
 * check of the run that shares the pool (at most ten), instead of one create each; each is left to the lane's
 * end, deleted there with the other contacts. A check takes one (`pooledContact`) and is its only user. A target
 * that refuses the batch, or a command of it, made none, or fewer: a check that finds none left makes its own,
 * which its allowance counts (`ifBatchRefused`) and the plan names apart.
 */
export const CONTACT_POOL: SharedRecord<{ readonly ids: string[] }> = {
  key: 'core.contact-pool',
  lane: 'core',
  meter: 'core',
  makeRequests: 1,
  // Deleted with the lane's other contacts, counted there: each sharer declares the one it uses in `batched`.
  removeRequests: 0,
  madeTogether: {
    what: (sharers) => `the plain contacts ${sharers} each edit, ten a request with Contact actions (POST /bulk/contacts.json, vendor reference)`,
    ifRefused: 'a target that refuses them gets one create each',
  },
  async make(t) {
    // One request: Contact actions take at most ten commands.
    const count = Math.min(CONTACT_ACTIONS_MAX, t.sharersOf(CONTACT_POOL) ?? CONTACT_ACTIONS_MAX);
    if (count === 0) return { value: { ids: [] } };
    const commands = Array.from({ length: count }, (_, i) => ({ action: 'add_contact', command_id: `add-${i}`, data: { name: t.uniqueName() } }));
    const ex = await t.core('POST', '/bulk/contacts.json').json(commands).send();
    const ids = commandResults(ex, commands.length)
      .filter((r) => r.status >= 200 && r.status < 300 && r.id !== undefined)
      .map((r) => r.id as string);
    for (const id of ids) t.deleteForSharersWhenLaneEnds(CONTACT_DELETIONS, id);
    return { value: { ids } };
  },
};

/**
 * A plain contact of the company under test, the check's own to edit: one of the pool's, or, when the target
 * made the pool none to spare, one it creates, deleted when the lane ends like the pool's. Returns its id.
 */
export async function pooledContact(t: CheckContext): Promise<string> {
  return (await t.shared(CONTACT_POOL)).ids.shift() ?? createContact(t);
}

/**
 * What a check that edits a contact of the pool declares: what it `sends` on its contact, besides the makes of
 * what it shares (`also`, and the pool), and the create a target that refuses the pool costs it; its contact,
 * left to the lane's end.
 */
export function editsPooledContact(
  sends: CheckCost['sends'],
  also: readonly SharedRecord<unknown>[] = [],
  more: Omit<CheckCost, 'sends'> = {},
): Pick<CheckDefinition, 'cost' | 'records'> {
  return {
    cost: {
      sends: { ...partsOf(sends), 'its own contact, should the pool have none to spare': 1 },
      ifBatchRefused: [{ record: CONTACT_POOL, requests: 1 }],
      ...more,
    },
    records: { shares: [...also, CONTACT_POOL], batched: leavesContacts(1) },
  };
}

/** The agent list as `listAgents` reads it; only for checks that read the agents the account had, not those a check made. */
export const AGENTS = read('agents', AGENT_LIST.path, AGENT_LIST.query);
/** The first two numbers of the account (vendor reference list). */
export const FIRST_NUMBERS = read('numbers', '/numbers/index.json', { limit: 2 });
/** The groups of the account (vendor reference list). */
export const GROUPS = read('groups', '/groups/index.json', { limit: 1000 });
/** Edit contact of a contact no account holds: refused, changing nothing. */
export const UNKNOWN_CONTACT_EDIT = sharedAnswer('unknown-contact-edit', 'POST', `/contacts/edit/${UNKNOWN_ID}.json`, {}, { name: 'x' });
/** Delete a tag no account holds: refused, changing nothing. */
export const UNKNOWN_TAG_DELETE = sharedAnswer('unknown-tag-delete', 'DELETE', `/tags/delete/${UNKNOWN_ID}.json`);

/** The tags a tag list shows with an id and a name that is not blank, the first of each name (vendor reference items { Tag: { id, name } }, or bare records). */
export function tagsIn(ex: Exchange): { readonly id: string; readonly name: string }[] {
  // A collection envelope, or a plain list in responseData: the spec shows no tag list.
  const body = isObject(ex.json) ? ex.json.responseData : undefined;
  const items = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.data) ? body.data : [];
  const tags = items.map(tagOf).filter((tag) => tag !== undefined && tag.name.trim() !== '');
  return tags.filter((tag, i) => tags.findIndex((other) => other?.name === tag?.name) === i) as { id: string; name: string }[];
}

/** Names of the tags a tag list page shows: names an edit may send without making a tag. */
export function tagNamesIn(ex: Exchange): string[] {
  return tagsIn(ex).map((tag) => tag.name);
}

/** Ids of the contact attributes a read of them shows (vendor reference list GET /contacts/attributes.json, items { ContactAttribute: { id } }). */
export function attributeIdsIn(ex: Exchange): number[] {
  const list = (ex.json as { responseData?: unknown } | undefined)?.responseData;
  return (Array.isArray(list) ? list : []).map((item: { ContactAttribute?: { id?: unknown } }) => Number(item?.ContactAttribute?.id)).filter(Number.isInteger);
}

/** One page of a shared collection read, judged as `readPage` judges its own. */
export async function sharedPage<T = Record<string, unknown>>(t: CheckContext, answer: SharedAnswer): Promise<{ ex: Exchange; page: Page<T> }> {
  return pageFrom<T>(t, answer.path, await t.shared(answer));
}

/** A shared list read, read as `readList` reads its own. */
export async function sharedList(t: CheckContext, answer: SharedAnswer): Promise<ListRead> {
  return listFrom(t, answer.path, await t.shared(answer));
}

/** The country ids List countries shows, in its order: `{ Country: { id } }` (vendor reference) or bare records. */
export function countryIds(ex: Exchange): number[] {
  const list = isObject(ex.json) ? ex.json.responseData : undefined;
  return (Array.isArray(list) ? list : []).map((c) => Number(recordOf(c, 'Country')?.id)).filter(Number.isInteger);
}

/** A tag as the tag list shows it, when it shows both its id and its name ({ Tag: { id, name } }, vendor reference). */
export function tagOf(item: unknown): { readonly id: string; readonly name: string } | undefined {
  const tag = recordOf(item, 'Tag');
  return typeof tag?.name === 'string' && (typeof tag.id === 'string' || typeof tag.id === 'number') ? { id: String(tag.id), name: tag.name } : undefined;
}

/** The items of a list answer, read without judging: a plain array in responseData, or responseData.data. */
export function itemsOf(ex: Exchange): readonly unknown[] {
  const data = responseData<unknown>(ex);
  if (Array.isArray(data)) return data;
  return isObject(data) && Array.isArray(data.data) ? data.data : [];
}

/**
 * A read a make takes values from without judging it: any answer will do (a list of another shape, or none, only
 * leaves its values out), except one the target did not serve (a 5xx, a body labelled JSON that does not parse),
 * which is an error of the run for every sharer, as a step each builds on, and never read as an empty list.
 */
function served(t: CheckContext, ex: Exchange, what: string): Exchange {
  if (ex.status >= 500) t.expectOk(ex, what);
  if (unparsableJson(ex) !== undefined) t.prerequisite(false, what, ex);
  return ex;
}

/** One Add an agent of the agents at the bounds: the bounds it carried, by field, and its answer. */
export interface AgentAtBounds {
  readonly values: Readonly<Record<string, number>>;
  readonly ex: Exchange;
}

/**
 * Two agents, one carrying the lowest value each ranged field of Add an agent takes and one the highest, each
 * created and deleted at once (`probeAgent`): the accepted bounds the range checks and Add an agent judge, two
 * creates instead of one for each value (daily_price_limit 1 and 200, extension 1000 and 9999, the account's
 * first number as call_number_id). An extension an agent of the account uses is left out (it would be refused
 * for uniqueness), as is one the agent list cannot show in full, and call_number_id when the number list
 * shows none. A create accepted shows each value it carried accepted; a check that finds the one carrying its
 * value refused (or a value left out) probes its value alone, which its allowance counts (`ifBatchRefused`):
 * the fields are judged apart, as each check would on its own. Reads the agent and number lists without
 * judging them: the checks that judge a value from them read them too.
 */
export const AGENTS_AT_BOUNDS: SharedRecord<{ readonly lowest: AgentAtBounds; readonly highest: AgentAtBounds }> = {
  key: 'core.agents-at-bounds',
  lane: 'core',
  meter: 'core',
  // two creates, each deleted at once
  makeRequests: 4,
  removeRequests: 0,
  madeTogether: {
    what: (sharers) => `the accepted bounds of Add an agent ${sharers} judge, in two agents each created and deleted at once`,
    ifRefused: 'a target that refuses one gets each value alone',
  },
  async make(t) {
    const agents = served(t, await t.shared(AGENTS), 'reading the agent list');
    const listed = itemsOf(agents);
    const shownInFull = agents.status === 200 && listed.length < AGENT_LIST.query.limit;
    const used = new Set(listed.map((item) => Number(recordOf(item, 'Agent')?.extension)));
    const free = (extension: number): Record<string, number> => (shownInFull && !used.has(extension) ? { extension } : {});
    const numberId = Number(recordOf(itemsOf(served(t, await t.shared(FIRST_NUMBERS), 'reading the number list'))[0], 'CallNumber')?.id);
    const lowestValues: Record<string, number> = {
      daily_price_limit: DAILY_PRICE_LIMIT.min,
      ...free(EXTENSION.min),
      ...(Number.isInteger(numberId) ? { call_number_id: numberId } : {}),
    };
    const lowest = { values: lowestValues, ex: await probeAgent(t, lowestValues) };
    // An account at its agent maximum refuses every create alike: the second would judge nothing more.
    if (lowest.ex.status === 403) return { value: { lowest, highest: lowest } };
    const highestValues: Record<string, number> = { daily_price_limit: DAILY_PRICE_LIMIT.max, ...free(EXTENSION.max) };
    return { value: { lowest, highest: { values: highestValues, ex: await probeAgent(t, highestValues) } } };
  },
};

/** What a sharer of the agents at the bounds declares: those agents and the reads their values come from. */
export const AGENTS_AT_BOUNDS_SHARES: readonly SharedRecord<unknown>[] = [AGENTS, FIRST_NUMBERS, AGENTS_AT_BOUNDS];

/** The lane's contact: a name and an industry no other record has, the first country of List countries and the first tag of the account. */
export interface LaneContact {
  readonly id: string;
  readonly name: string;
  readonly industry: string;
  /** The first country List countries shows, when it shows one. */
  readonly countryId?: number;
  /** The first tag of the account, when the tag list shows one with its id and name. */
  readonly tag?: { readonly id: string; readonly name: string };
}

/**
 * The contact the checks that only look for a contact share: the List contacts filters (country, tag, industry,
 * keyword: each list is narrowed by its industry, which only it has), the single envelope and the isolation
 * read. It carries every value one of them filters by, taken from the same shared reads those checks take
 * theirs from, so each finds in it the value it filters by. Created with the first sharer's requests, deleted
 * when the lane ends; no check edits it.
 */
export const LANE_CONTACT: SharedRecord<LaneContact> = {
  key: 'core.contact',
  lane: 'core',
  meter: 'core',
  makeRequests: 1,
  removeRequests: 1,
  async make(t) {
    // Read without judging: a list the sharer cannot read leaves the contact without that value, and the
    // sharer that filters by it judges the same list and is skipped by it before it looks for the contact.
    const countryId = countryIds(await t.shared(COUNTRIES))[0];
    const tag = tagOf(itemsOf(await t.shared(FIRST_TAGS))[0]);
    const name = t.uniqueName();
    const industry = t.uniqueName();
    const id = await addContact(t, {
      name,
      industry,
      ...(countryId !== undefined ? { country_id: countryId } : {}),
      ...(tag !== undefined ? { ContactsTag: [{ name: tag.name }] } : {}),
    });
    return {
      value: { id, name, industry, ...(countryId !== undefined ? { countryId } : {}), ...(tag !== undefined ? { tag } : {}) },
      removal: deleteContact(t, id),
    };
  },
};

/** What a sharer of the lane's contact declares: the contact and the reads its make takes its values from. */
export const LANE_CONTACT_SHARES: readonly SharedRecord<unknown>[] = [COUNTRIES, FIRST_TAGS, LANE_CONTACT];

/** A blacklist entry as List blacklist shows it. */
export interface BlacklistEntry {
  readonly id: string;
  readonly type: string;
  readonly public_number: string | number;
}
export type BlacklistItem = { Blacklist?: BlacklistEntry };

const digitsOnly = (n: unknown): string => String(n).replace(/^\+/, '');

/**
 * Blacklist entries of the account, from the shared first 100; when there are none, one with a fictional number is
 * added (Add number to blacklist: path and payload from the vendor reference), shared, and deleted when the lane ends.
 */
export const BLACKLIST_ENTRIES: SharedRecord<{ readonly entries: readonly BlacklistEntry[]; readonly added: boolean }> = {
  key: 'core.blacklist-entries',
  lane: 'core',
  meter: 'core',
  makeRequests: 1,
  removeRequests: 1,
  async make(t) {
    const { page } = await sharedPage<BlacklistItem>(t, BLACKLIST_SAMPLE);
    const found = page.data.map((item) => item.Blacklist).filter((e): e is BlacklistEntry => e !== undefined);
    if (found.length > 0) return { value: { entries: found, added: false } };
    const number = digitsOnly(fictionalNumber(500));
    const created = await t
      .core('PUT', '/blacklist/add.json')
      .json({ type: 'all', public_number: Number(number) })
      .send();
    t.expectOk(created, 'adding a blacklist entry to an empty blacklist');
    const id = createdId(created);
    t.prerequisite(id !== undefined, 'adding a blacklist entry returned no id in responseData.data.id or responseData.id', created);
    return {
      value: { entries: [{ id: String(id), type: 'all', public_number: number }], added: true },
      removal: t.core('DELETE', `/blacklist/delete/${String(id)}.json`),
    };
  },
};

/** What a sharer of the blacklist entries declares: the entries and the read they come from. */
export const BLACKLIST_ENTRIES_SHARES: readonly SharedRecord<unknown>[] = [BLACKLIST_SAMPLE, BLACKLIST_ENTRIES];
