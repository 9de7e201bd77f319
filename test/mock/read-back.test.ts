import { describe, expect, test } from 'vitest';
import { dialerRoute, type DialerRouteName } from '../../lib/dialer/routes.ts';
import { HOST_PREFIX } from '../../mock/context.ts';
import { DIALECTS, type Dialect } from '../../mock/dialect.ts';
import { routesOf } from '../../mock/hosts/ai/dialer/dialect.ts';
import type { Company } from '../../mock/state/model.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/**
 * A real integration reads a record, changes a field and writes it back. Every record kind the mock lists
 * and has an edit or update route for, taken as it is listed and sent back unchanged, must be accepted, and
 * must then be listed with exactly the values it was given back. Both dialects: each lists its own shapes.
 *
 * The one change a client makes to a core record is to lift the record's own fields out of their model key
 * (`{ Campaign: {...}, Button: [...] }` becomes `{ ...Campaign, Button: [...] }`): the edit payloads of the
 * vendor reference are flat. A contact is read whole with Inspect a contact; the contact list shows a summary
 * (name, company, the first number and e-mail), not a record to write back.
 */
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A listed core item as an edit payload: its own fields lifted out of the model key, the lists beside them kept. */
function flat(item: Json, modelKey: string): Json {
  const { [modelKey]: own, ...lists } = item;
  return isRecord(own) ? { ...own, ...lists } : item;
}

async function core(client: MockClient, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await client.send('core', { method, url: `${HOST_PREFIX.core}${path}`, ...(body === undefined ? {} : json(body)) });
  return { status: res.statusCode, body: res.json() as Json };
}

/** The items of a core list, whichever form the dialect answers it in (a collection, `{ data }`, or a plain array). */
async function coreList(client: MockClient, path: string): Promise<Json[]> {
  const { status, body } = await core(client, 'GET', path);
  expect(status, path).toBe(200);
  const data = body.responseData;
  const items = Array.isArray(data) ? data : (data as Json).data;
  expect(Array.isArray(items), `${path} lists its items`).toBe(true);
  return items as Json[];
}

async function dialer(
  client: MockClient,
  name: DialerRouteName,
  params: Record<string, string> = {},
  body?: unknown,
  query = '',
): Promise<{ status: number; body: unknown }> {
  const route = dialerRoute(routesOf(client.mock.context), name, params);
  const res = await client.send('ai', {
    method: route.method as 'GET',
    url: `${HOST_PREFIX.ai}${route.path}${query}`,
    ...(body === undefined ? {} : json(body)),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** Every item of a Dialer cursor list, page by page. */
async function dialerList(client: MockClient, name: DialerRouteName): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | null = '';
  do {
    const { status, body } = await dialer(client, name, {}, undefined, `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(status, name).toBe(200);
    const page = body as { data: Json[]; meta: { nextCursor: string | null } };
    items.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor);
  return items;
}

/** A single record or a list that is no cursor page: `{ data }` in the reference dialect, bare in the variant. */
const unwrapped = (client: MockClient, body: unknown): unknown => (client.mock.context.dialect === 'variant' ? body : (body as Json).data);

interface Kind {
  readonly name: string;
  /** The records as the mock lists them, by id. */
  readonly read: (client: MockClient) => Promise<Map<string, Json>>;
  /** Sends one record back through the kind's edit or update route; the status it got. */
  readonly write: (client: MockClient, id: string, record: Json) => Promise<number>;
}

/** A core record kind listed at `list` under `modelKey`, edited at `edit` + id + `.json`. */
const coreKind = (name: string, list: string, modelKey: string, edit: string): Kind => ({
  name,
  read: async (client) => new Map((await coreList(client, list)).map((item) => flat(item, modelKey)).map((record) => [String(record.id), record])),
  write: async (client, id, record) => (await core(client, 'POST', `${edit}${id}.json`, record)).status,
});

const KINDS: readonly Kind[] = [
  {
    name: 'contacts',
    read: async (client) => {
      const records = new Map<string, Json>();
      for (const item of await coreList(client, '/contacts/index.json?limit=1000')) {
        const id = String((item.Contact as Json).id);
        const shown = await core(client, 'GET', `/contacts/show/${id}.json`);
        expect(shown.status).toBe(200);
        records.set(id, flat(shown.body.responseData as Json, 'Contact'));
      }
      return records;
    },
    write: async (client, id, record) => (await core(client, 'POST', `/contacts/edit/${id}.json`, record)).status,
  },
  coreKind('agents', '/agents/index.json?limit=1000', 'Agent', '/agents/edit/'),
  coreKind('core campaigns', '/campaigns/index.json?limit=1000', 'Campaign', '/campaigns/edit/'),
  coreKind('notes', '/notes/index.json?limit=1000', 'ContactNote', '/notes/edit/'),
  coreKind('activities', '/activity/index.json?limit=1000', 'ContactActivity', '/activity/edit/'),
  coreKind('numbers', '/numbers/index.json?limit=1000', 'CallNumber', '/numbers/edit/'),
  coreKind('blacklist entries', '/blacklist/index.json?limit=1000', 'Blacklist', '/blacklist/edit/'),
  coreKind('tags', '/tags/index.json?limit=1000', 'Tag', '/tags/edit/'),
  {
    name: 'Dialer campaigns',
    read: async (client) => new Map((await dialerList(client, 'campaigns.list')).map((c) => [String(c.id), c])),
    write: async (client, id, record) => (await dialer(client, 'campaigns.update', { campaignId: id }, record)).status,
  },
  {
    name: 'call scripts',
    read: async (client) => new Map((await dialerList(client, 'scripts.list')).map((s) => [String(s.id), s])),
    write: async (client, id, record) => (await dialer(client, 'scripts.update', { scriptId: id }, record)).status,
  },
  {
    name: 'surveys',
    read: async (client) => new Map((await dialerList(client, 'surveys.list')).map((s) => [String(s.id), s])),
    write: async (client, id, record) => (await dialer(client, 'surveys.update', { surveyId: id }, record)).status,
  },
  {
    // A campaign's buttons are one sub-collection, read and replaced whole: the record is `{ buttons }`.
    name: 'disposition buttons',
    read: async (client) => {
      const records = new Map<string, Json>();
      for (const campaign of await dialerList(client, 'campaigns.list')) {
        const { status, body } = await dialer(client, 'campaign.buttons.get', { campaignId: String(campaign.id) });
        expect(status).toBe(200);
        records.set(String(campaign.id), { buttons: unwrapped(client, body) });
      }
      return records;
    },
    write: async (client, id, record) => (await dialer(client, 'campaign.buttons.replace', { campaignId: id }, record)).status,
  },
];

describe.each(DIALECTS)('every listed record written back unchanged (%s dialect)', (dialect: Dialect) => {
  test.each(KINDS.map((kind) => [kind.name, kind] as const))('%s: accepted, and listed afterwards as given', async (_, kind) => {
    const client = await mockClient({ dialect });
    const before = await kind.read(client);
    expect(before.size, `the seed lists ${kind.name}`).toBeGreaterThan(0);
    const refused: string[] = [];
    for (const [id, record] of before) {
      const status = await kind.write(client, id, record);
      if (status !== 200) refused.push(`${id}: ${status}`);
    }
    expect(refused, `${kind.name} written back as listed`).toEqual([]);
    expect(await kind.read(client)).toEqual(before);
  });
});

describe('what an edit will not apply is refused, never dropped', () => {
  const setUp = async () => {
    const client = await mockClient();
    return { client, company: client.mock.state.companies.get(1) as Company };
  };
  /** The field names of a core 406, or the status when it is no 406. */
  const refusedFields = (res: { status: number; body: Json }) =>
    res.status === 406 ? Object.keys(((res.body.responseData as Json).data ?? {}) as Json).sort() : res.status;

  test('Edit agent: an unknown availability_status, another presence or another extension is 406 naming the field, and nothing changes', async () => {
    const { client, company } = await setUp();
    const agent = [...company.agents.values()][0];
    if (!agent) throw new Error('the seed has no agent');
    const { firstname, lastname, email } = agent;
    const other = agent.availability_status === 'paused' ? 'online' : 'paused';
    for (const [field, value] of [
      ['availability_status', 'busy'],
      ['availability_status', other],
      ['extension', (agent.extension ?? 1000) + 1],
      ['id', String(agent.id + 1)],
    ] as const) {
      expect(
        refusedFields(await core(client, 'POST', `/agents/edit/${agent.id}.json`, { firstname: 'Changed', lastname, email, [field]: value })),
        `${field} ${value}`,
      ).toEqual([field]);
    }
    expect(agent).toMatchObject({ firstname, availability_status: agent.availability_status, extension: agent.extension });
  });

  test('Edit contact, campaign, note, number and tag: a changed id, date or derived label is 406 naming it', async () => {
    const { client, company } = await setUp();
    const contact = [...company.contacts.values()][0];
    const note = [...company.notes.values()][0];
    const number = [...company.numbers.values()][0];
    const tag = [...company.tags.values()].find((t) => !t.archived);
    const [campaign] = (await coreList(client, '/campaigns/index.json')).map((item) => flat(item, 'Campaign'));
    if (!contact || !note || !number || !tag || !campaign) throw new Error('the seed lacks a record this test edits');
    expect(refusedFields(await core(client, 'POST', `/contacts/edit/${contact.id}.json`, { modified: '2000-01-01T00:00:00.000Z', id: contact.id }))).toEqual([
      'modified',
    ]);
    const renamedGroup = { ...campaign, Group: (campaign.Group as Json[]).map((g) => ({ ...g, internal_name: 'Renamed here' })) };
    expect(refusedFields(await core(client, 'POST', `/campaigns/edit/${campaign.id}.json`, renamedGroup))).toEqual(['Group']);
    expect(
      refusedFields(
        await core(client, 'POST', `/notes/edit/${note.id}.json`, { contact_id: note.contact_id, note: note.note, created: '2000-01-01T00:00:00.000Z' }),
      ),
    ).toEqual(['created']);
    expect(refusedFields(await core(client, 'POST', `/numbers/edit/${number.id}.json`, { country_code: number.country_code + 1 }))).toEqual(['country_code']);
    expect(refusedFields(await core(client, 'POST', `/tags/edit/${tag.id}.json`, { id: tag.id + 1, name: tag.name }))).toEqual(['id']);
  });

  test('Dialer: a changed updatedAt, survey questions sent to PATCH or a button name unlike its tag is 400 in the validation shape', async () => {
    const { client } = await setUp();
    const [campaign] = await dialerList(client, 'campaigns.list');
    const [survey] = await dialerList(client, 'surveys.list');
    if (!campaign || !survey) throw new Error('the seed lacks a Dialer campaign or survey');
    const subErrors = (res: { status: number; body: unknown }) => [res.status, ((res.body as Json).subErrors as string[] | undefined)?.length];
    expect(
      subErrors(
        await dialer(client, 'campaigns.update', { campaignId: String(campaign.id) }, { ...campaign, name: 'Renamed', updatedAt: '2000-01-01T00:00:00.000Z' }),
      ),
    ).toEqual([400, 1]);
    expect(
      subErrors(await dialer(client, 'surveys.update', { surveyId: String(survey.id) }, { name: 'Renamed', questions: [{ text: 'New?', options: [] }] })),
    ).toEqual([400, 1]);
    const buttons = (await dialer(client, 'campaign.buttons.get', { campaignId: String(campaign.id) })).body as { data: Json[] };
    const renamed = buttons.data.map((b, i) => (i === 0 ? { ...b, name: 'Not the tag' } : b));
    expect(subErrors(await dialer(client, 'campaign.buttons.replace', { campaignId: String(campaign.id) }, { buttons: renamed }))).toEqual([400, 1]);
    // Nothing of a refused write is applied.
    expect((await dialerList(client, 'campaigns.list')).find((c) => c.id === campaign.id)).toEqual(campaign);
  });
});

describe('accepted as a client sends them', () => {
  test('an ExternalUrl without a name is accepted and listed without one', async () => {
    const client = await mockClient();
    const contact = [...(client.mock.state.companies.get(1) as Company).contacts.values()][0];
    const urls = [{ url: 'https://crm.example.com/c/1' }, { name: 'Helpdesk', url: 'https://help.example.com/u/1' }];
    expect((await core(client, 'POST', `/contacts/edit/${contact?.id}.json`, { ExternalUrl: urls })).status).toBe(200);
    expect(((await core(client, 'GET', `/contacts/show/${contact?.id}.json`)).body.responseData as Json).ExternalUrl).toEqual(urls);
  });

  test('a date alone in date_from and date_to stands for the whole day', async () => {
    const client = await mockClient();
    const calls = [...(client.mock.state.companies.get(1) as Company).calls.values()];
    const day = new Date(calls[0]?.startedAt ?? 0).toISOString().slice(0, 10);
    const onDay = calls
      .filter((c) => new Date(c.startedAt).toISOString().startsWith(day))
      .map((c) => String(c.id))
      .sort();
    const listed = await coreList(client, `/calls/index.json?limit=1000&date_from=${day}&date_to=${day}`);
    expect(listed.map((item) => String((item.Cdr as Json).id)).sort()).toEqual(onDay);
    expect((await core(client, 'GET', `/calls/index.json?date_from=${day}T00:00:00`)).status).toBe(400);
  });
});
