import { describe, expect, test } from 'vitest';
import { type DialerRouteName, DIALER_ROUTES, type DialerRoutes, dialerRoute } from '../../lib/dialer/routes.ts';
import { VARIANT_ROUTES } from '../../mock/hosts/ai/dialer/dialect.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/**
 * Every validation 400 the Dialer checks provoke carries subErrors, an array of at least one string, in
 * both dialects (spec: Errors on the {ai_url} host, 2), the undecodable cursor's and the malformed jobId's
 * included; the fault takes them away.
 */
type Body = Record<string, unknown>;

interface Refusal {
  readonly what: string;
  readonly status: number;
  readonly body: Body;
}

async function refusals(c: MockClient, routes: DialerRoutes): Promise<Refusal[]> {
  const send = async (what: string, name: DialerRouteName, params: Record<string, string> = {}, query = '', body?: unknown): Promise<Refusal> => {
    const { method, path } = dialerRoute(routes, name, params);
    const res = await c.send('ai', { method: method as 'GET', url: `/v1${path}${query}`, ...(body === undefined ? {} : json(body)) });
    return { what, status: res.statusCode, body: res.json() as Body };
  };
  const made = await send('create', 'campaigns.create', {}, '', { name: 'validation', mode: 'power' });
  const campaignId = String(((made.body.data ?? made.body) as Body).id);
  const tags = await send('tags', 'dispositions.tags');
  const tagId = (((tags.body.data ?? tags.body) as Body[])[0] as Body).id;
  return [
    await send('limit=0', 'campaigns.list', {}, '?limit=0'),
    await send('limit=abc', 'scripts.list', {}, '?limit=abc'),
    await send('include_deleted=yes', 'campaigns.list', {}, '?include_deleted=yes'),
    await send('an undecodable cursor', 'campaigns.list', {}, '?cursor=!!not-a-cursor!!'),
    await send('a whitespace-only name', 'campaigns.update', { campaignId }, '', { name: ' \t ' }),
    await send('an impossible start_date', 'campaigns.update', { campaignId }, '', { schedule_policy: { start_date: '2027-02-30', start_time: '09:30' } }),
    await send('filters.contactId 0', 'campaign.export', { campaignId }, '', { filters: { contactId: 0 } }),
    await send('an unknown outcome_kind', 'campaign.buttons.replace', { campaignId }, '', { buttons: [{ tag_id: tagId, outcome_kind: 'cc_unknown' }] }),
    await send('a jobId that is no UUID', 'exports.status', { jobId: 'not-a-uuid' }),
  ];
}

const carriesSubErrors = (body: Body): boolean =>
  Array.isArray(body.subErrors) && body.subErrors.length > 0 && body.subErrors.every((s) => typeof s === 'string');

describe('Dialer validation failures', () => {
  for (const [dialect, routes] of [
    ['reference', DIALER_ROUTES],
    ['variant', VARIANT_ROUTES],
  ] as const) {
    test(`carry subErrors in the ${dialect} dialect`, async () => {
      const answers = await refusals(await mockClient({ dialect }), routes);
      expect(answers.map((a) => [a.what, a.status, carriesSubErrors(a.body)])).toEqual(answers.map((a) => [a.what, 400, true]));
      expect(answers.find((a) => a.what === 'an undecodable cursor')?.body.code).toBe('PAGINATION.INVALID_CURSOR');
      expect(answers.find((a) => a.what === 'a jobId that is no UUID')?.body.message).toBe('Validation failed (uuid is expected)');
    });
  }

  test('carry none under dialer-validation-no-suberrors, keeping their status and message', async () => {
    const answers = await refusals(await mockClient({ faults: ['dialer-validation-no-suberrors'] }), DIALER_ROUTES);
    expect(answers.map((a) => [a.what, a.status, 'subErrors' in a.body])).toEqual(answers.map((a) => [a.what, 400, false]));
    expect(answers.find((a) => a.what === 'a jobId that is no UUID')?.body.message).toBe('Validation failed (uuid is expected)');
  });
});
