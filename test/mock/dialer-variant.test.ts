import { describe, expect, test } from 'vitest';
import { type DialerRouteName, DIALER_ROUTES, dialerRoute, SPEC_SHOWN_ROUTES } from '../../lib/dialer/routes.ts';
import { VARIANT_ROUTES } from '../../mock/hosts/ai/dialer/dialect.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/**
 * The variant dialect differs from the reference at each point the spec leaves open on the AI host, and
 * nowhere the spec shows: Dialer paths, association words, record wrappers, the values the spec leaves
 * open, the older releases' unstated behaviours, and VoiceAgent's number coercion, language case and overrides.
 */
type Body = Record<string, unknown>;

async function send(c: MockClient, method: string, path: string, body?: unknown): Promise<{ status: number; body: Body | unknown[] }> {
  const res = await c.send('ai', { method: method as 'GET', url: `/v1${path}`, ...(body === undefined ? {} : json(body)) });
  return { status: res.statusCode, body: (res.body === '' ? {} : res.json()) as Body };
}

const both = async () => ({ reference: await mockClient(), variant: await mockClient({ dialect: 'variant' }) });
const messageOf = (body: unknown): unknown => (body as Body).message;
/** The record an answer carries, wrapped in data or not. */
const recordIn = (body: unknown): Body => ((body as Body).data ?? body) as Body;

describe('the variant dialect of the AI host', () => {
  test('moves every Dialer path the spec does not show, and keeps the ones it shows', async () => {
    const { reference, variant } = await both();
    const made = await send(variant, 'POST', '/dialer/campaigns', { name: 'variant', mode: 'power' });
    expect(made.status).toBe(201);
    const campaignId = (made.body as Body).id as string;
    const params = { campaignId, jobId: 'c0c0c0c0-0000-4000-8000-0000000000b5', scriptId: 'x', surveyId: 'x' };
    const moved = (Object.keys(DIALER_ROUTES) as DialerRouteName[]).filter((name) => VARIANT_ROUTES[name] !== DIALER_ROUTES[name]);
    expect(moved.some((name) => SPEC_SHOWN_ROUTES.has(name))).toBe(false);
    expect(moved.length).toBeGreaterThan(10);
    for (const name of moved) {
      const ours = dialerRoute(DIALER_ROUTES, name, params);
      const theirs = dialerRoute(VARIANT_ROUTES, name, params);
      expect([name, messageOf((await send(variant, ours.method, ours.path, {})).body)]).toEqual([name, 'Route not found']);
      expect([name, messageOf((await send(variant, theirs.method, theirs.path, {})).body)]).not.toEqual([name, 'Route not found']);
      expect([name, messageOf((await send(reference, theirs.method, theirs.path, {})).body)]).toEqual([name, 'Route not found']);
    }
    expect((await send(variant, 'GET', '/dialer/campaigns?limit=1')).status).toBe(200);
    expect(messageOf((await send(variant, 'DELETE', '/dialer/surveys/x')).body)).toBe('Route not found');
  });

  test('finds no campaign of another company (404), or refuses it as foreign credentials (401): read, edit and delete', async () => {
    const { reference, variant } = await both();
    for (const [client, status] of [
      [reference, 404],
      [variant, 401],
    ] as const) {
      const made = await send(client, 'POST', '/dialer/campaigns', { name: 'isolated', mode: 'power' });
      const id = recordIn(made.body).id as string;
      const path = client === variant ? VARIANT_ROUTES['campaigns.get'] : DIALER_ROUTES['campaigns.get'];
      const url = `/v1${path.split(' ')[1]?.replace('{campaignId}', id)}`;
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await client.send('ai', { method, url, as: 'b1', ...(method === 'PATCH' ? json({ name: 'intruder' }) : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
      const own = await client.send('ai', { method: 'GET', url });
      expect(recordIn(own.json()).name).toBe('isolated');
    }
  });

  test('names the kinds of association entry in its own words', async () => {
    const { reference, variant } = await both();
    for (const [c, routes, word, foreign] of [
      [reference, DIALER_ROUTES, 'agent', 'user'],
      [variant, VARIANT_ROUTES, 'user', 'agent'],
    ] as const) {
      const campaignId = recordIn((await send(c, 'POST', '/dialer/campaigns', { name: 'words' })).body).id as string;
      const put = dialerRoute(routes, 'campaign.associations', { campaignId });
      expect((await send(c, put.method, put.path, { associations: [{ ref_id: 7, type: word }] })).status).toBe(200);
      expect((await send(c, put.method, put.path, { associations: [{ ref_id: 7, type: foreign }] })).status).toBe(400);
    }
  });

  test('answers records and the lists that are no cursor pages without the data wrapper, cursor pages with it', async () => {
    const { reference, variant } = await both();
    for (const [c, routes, wrapped] of [
      [reference, DIALER_ROUTES, true],
      [variant, VARIANT_ROUTES, false],
    ] as const) {
      const made = (await send(c, 'POST', '/dialer/campaigns', { name: 'wrappers' })).body as Body;
      expect('data' in made).toBe(wrapped);
      const campaignId = (wrapped ? (made.data as Body).id : made.id) as string;
      const tags = dialerRoute(routes, 'dispositions.tags');
      expect(Array.isArray((await send(c, tags.method, tags.path)).body)).toBe(!wrapped);
      const contacts = dialerRoute(routes, 'campaign.contacts', { campaignId });
      expect(Object.keys((await send(c, contacts.method, contacts.path)).body).sort()).toEqual(['data', 'meta']);
    }
  });

  test('takes the values the spec leaves open the other way: 24:00 and leap seconds, an empty include_deleted, numeric filter ids, form feed in a name', async () => {
    const { reference, variant } = await both();
    for (const [c, routes, other] of [
      [reference, DIALER_ROUTES, false],
      [variant, VARIANT_ROUTES, true],
    ] as const) {
      const campaignId = recordIn((await send(c, 'POST', '/dialer/campaigns', { name: 'open values' })).body).id as string;
      const update = dialerRoute(routes, 'campaigns.update', { campaignId });
      for (const time of ['24:00', '24:00:00', '23:59:60']) {
        expect([time, (await send(c, update.method, update.path, { schedule_policy: { start_time: time } })).status]).toEqual([time, other ? 200 : 400]);
      }
      expect((await send(c, update.method, update.path, { schedule_policy: { start_time: '24:30' } })).status).toBe(400);
      expect((await send(c, 'GET', '/dialer/campaigns?include_deleted=')).status).toBe(other ? 200 : 400);
      const exported = dialerRoute(routes, 'campaign.export', { campaignId });
      expect((await send(c, exported.method, exported.path, { filters: { contactId: '1' } })).status).toBe(other ? 202 : 400);
      expect((await send(c, exported.method, exported.path, { filters: { contactId: '0' } })).status).toBe(400);
      const script = dialerRoute(routes, 'scripts.create');
      expect((await send(c, script.method, script.path, { name: '\f', content: 'open values' })).status).toBe(other ? 201 : 400);
      expect((await send(c, script.method, script.path, { name: ' \t\r\n', content: 'open values' })).status).toBe(400);
    }
  });

  test('reads calling_policy back as an empty object, or null, for a campaign created without one; its knobs either way', async () => {
    const { reference, variant } = await both();
    for (const [c, routes, other] of [
      [reference, DIALER_ROUTES, false],
      [variant, VARIANT_ROUTES, true],
    ] as const) {
      const campaignId = recordIn((await send(c, 'POST', '/dialer/campaigns', { name: 'no policy' })).body).id as string;
      const read = dialerRoute(routes, 'campaigns.get', { campaignId });
      expect(recordIn((await send(c, read.method, read.path)).body)).toHaveProperty('calling_policy', other ? null : {});
      const update = dialerRoute(routes, 'campaigns.update', { campaignId });
      expect((await send(c, update.method, update.path, { calling_policy: { max_attempts: 3 } })).status).toBe(200);
      expect(recordIn((await send(c, read.method, read.path)).body).calling_policy).toEqual({ max_attempts: 3 });
    }
  });

  test('keeps a name padded with whitespace trimmed, or as sent; validates it trimmed either way', async () => {
    const { reference, variant } = await both();
    for (const [c, routes, other] of [
      [reference, DIALER_ROUTES, false],
      [variant, VARIANT_ROUTES, true],
    ] as const) {
      const campaignId = recordIn((await send(c, 'POST', '/dialer/campaigns', { name: ' \tpadded ' })).body).id as string;
      const read = dialerRoute(routes, 'campaigns.get', { campaignId });
      expect(recordIn((await send(c, read.method, read.path)).body).name).toBe(other ? ' \tpadded ' : 'padded');
      const update = dialerRoute(routes, 'campaigns.update', { campaignId });
      expect((await send(c, update.method, update.path, { name: '  renamed  ' })).status).toBe(200);
      expect(recordIn((await send(c, read.method, read.path)).body).name).toBe(other ? '  renamed  ' : 'renamed');
      expect((await send(c, update.method, update.path, { name: ' \t ' })).status).toBe(400);
      const script = dialerRoute(routes, 'scripts.create');
      expect(recordIn((await send(c, script.method, script.path, { name: '\tgreeting ', content: 'padded' })).body).name).toBe(
        other ? '\tgreeting ' : 'greeting',
      );
    }
  });

  test('links an export over plain http and names the statistics otherwise, calls a plain count, with a signed trend', async () => {
    const { reference, variant } = await both();
    for (const [c, routes, other] of [
      [reference, DIALER_ROUTES, false],
      [variant, VARIANT_ROUTES, true],
    ] as const) {
      const campaignId = recordIn((await send(c, 'POST', '/dialer/campaigns', { name: 'links' })).body).id as string;
      const exported = dialerRoute(routes, 'campaign.export', { campaignId });
      const jobId = recordIn((await send(c, exported.method, exported.path, {})).body).jobId as string;
      const status = dialerRoute(routes, 'exports.status', { jobId });
      expect((await send(c, status.method, status.path)).status).toBe(200);
      const download = dialerRoute(routes, 'exports.download', { jobId });
      expect(String(recordIn((await send(c, download.method, download.path)).body).url).split(':')[0]).toBe(other ? 'http' : 'https');
      const statistics = dialerRoute(routes, 'campaign.statistics', { campaignId });
      const figures = recordIn((await send(c, statistics.method, statistics.path)).body);
      expect(typeof figures.calls).toBe(other ? 'number' : 'object');
      expect((figures.funnel as Record<string, unknown> | undefined)?.changePercent).toBe(other ? -12 : undefined);
    }
  });

  test('plays the newer behaviour in an older release where the changelog does not state the older one, and the stated older one as the reference does', async () => {
    const [reference, variant] = await Promise.all([
      mockClient({ dialerRelease: 'pre-1.0.21' }),
      mockClient({ dialect: 'variant', dialerRelease: 'pre-1.0.21' }),
    ]);
    for (const [c, routes, other] of [
      [reference, DIALER_ROUTES, false],
      [variant, VARIANT_ROUTES, true],
    ] as const) {
      expect((await send(c, 'POST', '/dialer/campaigns', { name: '   ' })).status).toBe(other ? 400 : 201);
      expect((await send(c, 'GET', '/dialer/campaigns?include_deleted=yes')).status).toBe(other ? 400 : 200);
      expect(messageOf((await send(c, 'GET', '/dialer/no-such-route')).body)).toBe(other ? 'Route not found' : 'Cannot GET /v1/dialer/no-such-route');
      // '400 rather than 500': the changelog states the older answer, so both play it.
      const status = dialerRoute(routes, 'exports.status', { jobId: 'not-a-uuid' });
      expect((await send(c, status.method, status.path)).status).toBe(500);
    }
  });

  test('VoiceAgent takes numeric strings as numbers, writes language codes in lower case, and answers null overrides', async () => {
    const { reference, variant } = await both();
    const payload = { agentName: 'dialect', language: 'en-US', maxCallDurationMinutes: '5' };
    expect((await send(reference, 'POST', '/voice-agents', payload)).status).toBe(400);
    const made = await send(variant, 'POST', '/voice-agents', payload);
    expect(made.status).toBe(201);
    const attributes = ((made.body as Body).data as Body).attributes as Body;
    expect([attributes.maxCallDurationMinutes, attributes.language, attributes.llmOverride, attributes.providerOverride]).toEqual([5, 'en-us', null, null]);
    const plain = ((await send(reference, 'POST', '/voice-agents', { ...payload, maxCallDurationMinutes: 5 })).body as Body).data as Body;
    expect([(plain.attributes as Body).language, typeof (plain.attributes as Body).llmOverride]).toEqual(['en-US', 'string']);
  });
});
