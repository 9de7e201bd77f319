import { type Surface } from '../contract/vocabulary.ts';
import { type DialerRouteName, type DialerRoutes, dialerRoute } from '../dialer/routes.ts';

/**
 * Every kind of record a run can leave on the target: what it is in words, the request that deletes one
 * (or why the API has none), and how to find records of the kind by name, for `npm run cleanup -- --prefix`
 * and for a create whose answer never came. Paths are those the suites send: the spec's, the vendor
 * reference's where the spec names an operation without showing it (contact, agent, tag, blacklist and
 * membership deletes, the lists), and the target's Dialer route table.
 */

export type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface LedgerRequest {
  readonly surface: Surface;
  readonly method: string;
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** A JSON body, for deletes that name what they remove in it (group membership). */
  readonly body?: Json;
}

/** How records of a kind are listed: one page at a time, by page number (core) or cursor (Dialer). */
export interface ListSpec {
  readonly request: LedgerRequest;
  readonly paging: 'page' | 'cursor';
  /** The id and name of each record a page shows. */
  read(page: unknown): { id: string; name: string; gone?: boolean }[];
}

export interface RecordKind {
  /** Stable key written in the ledger: `contact`, `dialer-campaign`. */
  readonly key: string;
  /** What it is, in words, as reports name it. */
  readonly kind: string;
  readonly surface: Surface;
  /** The request that deletes the record with this id; absent when the API has no way to. */
  readonly deleteOf?: (id: string) => LedgerRequest;
  /** Why the API cannot delete it, for kinds without `deleteOf`. */
  readonly undeletable?: string;
  /** What a delete leaves behind, when the API keeps the record (a Dialer campaign stays with status `deleted`). */
  readonly keptWhenDeleted?: string;
  /** Lists the kind; absent when the API lists none. */
  readonly list?: ListSpec;
  /** Whether a name the run gave a record of this kind is what `list` reads as its name (not so for a blacklist number). */
  readonly namedByRun: boolean;
}

export const idText = (value: unknown): string | undefined =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined;

/** The core collection's items: `responseData.data`, each record possibly wrapped under a key (`{ Contact: {...} }`, vendor reference). */
function coreItems(page: unknown, key: string, nameField: string): { id: string; name: string }[] {
  const data = isJson(page) && isJson(page.responseData) ? page.responseData.data : undefined;
  if (!Array.isArray(data)) return [];
  const out: { id: string; name: string }[] = [];
  for (const item of data) {
    const record = isJson(item) && isJson(item[key]) ? item[key] : item;
    if (!isJson(record)) continue;
    const id = idText(record.id);
    const name = record[nameField];
    if (id !== undefined && (typeof name === 'string' || typeof name === 'number')) out.push({ id, name: String(name) });
  }
  return out;
}

/** A Dialer list's items: `data` (or the body when it is the array). */
function dialerItems(page: unknown): { id: string; name: string; gone?: boolean }[] {
  const data = Array.isArray(page) ? page : isJson(page) && Array.isArray(page.data) ? page.data : [];
  return data.filter(isJson).flatMap((item) => {
    const id = idText(item.id);
    return id !== undefined && typeof item.name === 'string' ? [{ id, name: item.name, ...(item.status === 'deleted' ? { gone: true } : {}) }] : [];
  });
}

const core = (method: string, path: string, body?: Json): LedgerRequest => ({ surface: 'core', method, path, ...(body ? { body } : {}) });
const coreList = (path: string, key: string, nameField: string): ListSpec => ({
  request: { surface: 'core', method: 'GET', path, query: { limit: '1000' } },
  paging: 'page',
  read: (page) => coreItems(page, key, nameField),
});

function dialerRequest(routes: DialerRoutes, name: DialerRouteName, params: Readonly<Record<string, string>> = {}): LedgerRequest {
  const { method, path } = dialerRoute(routes, name, params);
  return { surface: 'ai', method, path };
}

function dialerList(routes: DialerRoutes, name: DialerRouteName): ListSpec {
  const request = dialerRequest(routes, name);
  return { request: { ...request, query: { limit: '100' } }, paging: 'cursor', read: dialerItems };
}

/** A membership's id in the ledger: the agent and the group, as Remove agent from group takes them. */
export const membershipId = (agentId: string, groupId: string): string => `${agentId}:${groupId}`;

export function recordKinds(routes: DialerRoutes): readonly RecordKind[] {
  return [
    {
      key: 'contact',
      kind: 'contact',
      surface: 'core',
      deleteOf: (id) => core('DELETE', `/contacts/delete/${encodeURIComponent(id)}.json`),
      list: { ...coreList('/contacts/index.json', 'Contact', 'name') },
      namedByRun: true,
    },
    {
      key: 'agent',
      kind: 'agent',
      surface: 'core',
      deleteOf: (id) => core('DELETE', `/agents/delete/${encodeURIComponent(id)}.json`),
      // The run's agents carry its name as their last name (and in their e-mail).
      list: coreList('/agents/index.json', 'Agent', 'lastname'),
      namedByRun: true,
    },
    {
      key: 'group-membership',
      kind: 'group membership',
      surface: 'core',
      deleteOf: (id) => {
        const [agent = '', group = ''] = id.split(':');
        return core('DELETE', `/groups/delete/${encodeURIComponent(agent)}.json`, { group_id: /^\d+$/.test(group) ? Number(group) : group });
      },
      namedByRun: false,
    },
    {
      key: 'tag',
      kind: 'tag',
      surface: 'core',
      deleteOf: (id) => core('DELETE', `/tags/delete/${encodeURIComponent(id)}.json`),
      list: coreList('/tags/index.json', 'Tag', 'name'),
      namedByRun: true,
    },
    {
      key: 'blacklist-entry',
      kind: 'blacklist entry',
      surface: 'core',
      deleteOf: (id) => core('DELETE', `/blacklist/delete/${encodeURIComponent(id)}.json`),
      // Found by its number, which the run chose from a range that reaches no one; it carries no name.
      list: coreList('/blacklist/index.json', 'Blacklist', 'public_number'),
      namedByRun: false,
    },
    {
      key: 'call',
      kind: 'call (Make a call)',
      surface: 'core',
      undeletable: 'a placed call stays in the call history; the API deletes no call',
      namedByRun: false,
    },
    { key: 'sms', kind: 'SMS', surface: 'core', undeletable: 'a sent SMS cannot be taken back', namedByRun: false },
    {
      key: 'dialer-campaign',
      kind: 'Dialer campaign',
      surface: 'ai',
      deleteOf: (id) => dialerRequest(routes, 'campaigns.delete', { campaignId: id }),
      keptWhenDeleted: 'deleted: the API keeps a deleted campaign, with status deleted, for reporting, and has no way to remove it',
      list: dialerList(routes, 'campaigns.list'),
      namedByRun: true,
    },
    {
      key: 'call-script',
      kind: 'Dialer call script',
      surface: 'ai',
      undeletable: 'the API has no delete for call scripts',
      list: dialerList(routes, 'scripts.list'),
      namedByRun: true,
    },
    {
      key: 'survey',
      kind: 'Dialer survey',
      surface: 'ai',
      undeletable: 'the API has no delete for surveys (DELETE /dialer/surveys/{surveyId} is not a route)',
      list: dialerList(routes, 'surveys.list'),
      namedByRun: true,
    },
    { key: 'export-job', kind: 'Dialer export job', surface: 'ai', undeletable: 'the API has no delete for export jobs', namedByRun: false },
    { key: 'voice-agent', kind: 'voice agent', surface: 'ai', undeletable: 'the API has no delete for voice agents, and lists none', namedByRun: true },
    {
      key: 'voice-agent-call',
      kind: 'VoiceAgent call',
      surface: 'ai',
      undeletable: 'a started call stays in the call history; the API deletes no call',
      namedByRun: false,
    },
    {
      key: 'cuecard',
      kind: 'CueCard',
      surface: 'cuecard',
      undeletable: 'a card shown to an agent cannot be withdrawn; the API has no delete',
      namedByRun: true,
    },
  ];
}

export function kindByKey(kinds: readonly RecordKind[], key: string): RecordKind | undefined {
  return kinds.find((k) => k.key === key);
}
