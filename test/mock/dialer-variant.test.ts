import { describe, expect, test } from 'vitest';
import { type DialerRouteName, DIALER_ROUTES, dialerRoute, SPEC_SHOWN_ROUTES } from '../../lib/dialer/routes.js';
import { VARIANT_ROUTES } from '../../mock/hosts/ai/dialer/dialect.js';
import { json, type MockClient, mockClient } from './inject.js';

/**
 * The variant dialect differs from the reference at each point the spec leaves open on the AI host, and
 * nowhere the spec shows: Dialer paths, association words, record wrappers, and VoiceAgent's number
 * coercion, language case and overrides.
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
