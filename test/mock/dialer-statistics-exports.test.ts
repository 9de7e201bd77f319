import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type Release, RELEASES } from '../../lib/dialer/releases.ts';
import { schemas } from '../../lib/schemas/registry.ts';
import { RUN_AFTER_MS } from '../../mock/hosts/ai/dialer/exports.ts';
import { resourcesOf } from '../../mock/state/dialer-resources.ts';
import { inconsistency } from '../../suites/dialer/resources/statistics.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/** Campaign statistics and data exports, per release profile; and no 5xx under fuzzed input. */
const registry = schemas();
const D = '/v1/dialer';
type Body = Record<string, unknown>;

const send = async (c: MockClient, method: string, path: string, body?: unknown) => {
  const res = await c.send('ai', { method: method as 'GET', url: `${D}${path}`, ...(body === undefined ? {} : json(body)) });
  return { status: res.statusCode, body: res.json() as Body, data: (res.json() as Body).data as Body };
};
const campaigns = (c: MockClient) => [...(c.mock.state.companies.get(1)?.dialer.campaigns.values() ?? [])];
const jobs = (c: MockClient) => resourcesOf(c.mock.state.companies.get(1) as never).exports.size;

afterEach(() => vi.restoreAllMocks());

describe('campaign statistics', () => {
  test('counted from the dialing list: the same on every build of a seed, consistent, narrowed by a window', async () => {
    const [a, b] = [await mockClient(), await mockClient()];
    const id = campaigns(a)[0]?.id as string;
    const all = await send(a, 'GET', `/campaigns/${id}/statistics`);
    expect((await send(b, 'GET', `/campaigns/${id}/statistics`)).data).toEqual(all.data);
    expect(registry.validate('dialer/statistics', all.data).problems).toEqual([]);
    expect(inconsistency(all.data as never)).toBeUndefined();
    expect((all.data.calls as Body).dialed).toBeGreaterThan(0);
    const created = Date.parse(campaigns(a)[0]?.createdAt as string);
    const mid = new Date(created + 10 * 86_400_000).toISOString();
    const early = await send(a, 'GET', `/campaigns/${id}/statistics?dateTo=${mid}`);
    const late = await send(a, 'GET', `/campaigns/${id}/statistics?dateFrom=${mid}`);
    const dialed = (s: Body) => (s.calls as { dialed: number }).dialed;
    expect(dialed(early.data) + dialed(late.data)).toBe(dialed(all.data));
    expect(dialed(early.data)).toBeLessThan(dialed(all.data));
    expect(inconsistency(early.data as never)).toBeUndefined();
    expect((await send(a, 'GET', `/campaigns/${id}/statistics?dateFrom=2026-09-01`)).status).toBe(400);
  });

  test("a deleted campaign's statistics stay available", async () => {
    const c = await mockClient();
    const deleted = campaigns(c).find((x) => x.status === 'deleted');
    expect((await send(c, 'GET', `/campaigns/${deleted?.id}/statistics`)).status).toBe(200);
    expect((await send(c, 'PUT', `/campaigns/${deleted?.id}/disposition-buttons`, { buttons: [] })).status).toBe(404);
  });
});

describe('data exports', () => {
  test('202 with a UUID jobId; the first status read runs the job; its window defaults to the campaign creation and the run time', async () => {
    const c = await mockClient();
    const campaign = campaigns(c)[0];
    const accepted = await send(c, 'POST', `/campaigns/${campaign?.id}/exports`, {});
    expect(accepted.status).toBe(202);
    const jobId = accepted.data.jobId as string;
    expect(jobId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await send(c, 'GET', `/exports/${jobId}/download`)).status).toBe(409);
    const status = await send(c, 'GET', `/exports/${jobId.toUpperCase()}`);
    expect(status.data).toMatchObject({ jobId, status: 'complete', window: { dateFrom: campaign?.createdAt } });
    expect(Date.parse((status.data.window as Body).dateTo as string)).toBeGreaterThanOrEqual(Date.parse(status.data.requestedAt as string));
    const link = await send(c, 'GET', `/exports/${jobId}/download`);
    expect(link.data.url).toMatch(new RegExp(`^https://[^/]+/.*${jobId}`));
    expect(registry.validate('dialer/export-job', status.data).problems).toEqual([]);
  });

  test('a job left alone runs once its time has come', async () => {
    const c = await mockClient();
    const jobId = (await send(c, 'POST', `/campaigns/${campaigns(c)[0]?.id}/exports`, { filters: { dateFrom: '2026-08-01T00:00:00Z' } })).data.jobId as string;
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + RUN_AFTER_MS);
    expect((await send(c, 'GET', `/exports/${jobId}/download`)).status).toBe(200);
  });

  test('filters are validated from v1.0.21: ids 400, unparsable bounds and inverted windows 422 and no job; before, 202', async () => {
    const cases: [Body, number, string?][] = [
      [{ contactId: 0 }, 400],
      [{ userId: 1.5 }, 400],
      [{ userId: '1' }, 400],
      [{ dateFrom: '2026-09-01' }, 400],
      [{ dateFrom: 'yesterday' }, 422, 'dateFrom must be a parseable ISO 8601 date-time'],
      [{ dateTo: '2026-02-29T00:00:00Z' }, 422, 'dateTo must be a parseable ISO 8601 date-time'],
      [{ dateFrom: '2026-09-01T10:00:00Z', dateTo: '2026-09-01T12:00:00+02:00' }, 422, 'dateTo must be after dateFrom'],
      [{ contactId: 1, dateFrom: '2024-02-29T10:00:00Z', dateTo: '2026-09-01t12:00:00z' }, 202],
    ];
    for (const release of ['pre-1.0.21', '1.0.21'] as Release[]) {
      const c = await mockClient({ dialerRelease: release });
      for (const [filters, status, message] of cases) {
        const before = jobs(c);
        const res = await send(c, 'POST', `/campaigns/${campaigns(c)[0]?.id}/exports`, { filters });
        expect(res.status, `${release} ${JSON.stringify(filters)}`).toBe(release === 'pre-1.0.21' ? 202 : status);
        if (release === '1.0.21' && message) expect(res.body.message).toBe(message);
        expect(jobs(c) - before).toBe(res.status === 202 ? 1 : 0);
      }
    }
  });

  test('a jobId that is not a UUID: 500 before v1.0.21, 400 from it; UUIDs in any case, nil among them, are looked up', async () => {
    for (const release of RELEASES) {
      const c = await mockClient({ dialerRelease: release });
      const bad = await send(c, 'GET', '/exports/not-a-uuid');
      expect(bad.status, release).toBe(release === 'pre-1.0.21' ? 500 : 400);
      if (release !== 'pre-1.0.21') expect(bad.body.message).toBe('Validation failed (uuid is expected)');
      for (const id of ['C0C0C0C0-0000-4000-8000-0000000000B5', '00000000-0000-0000-0000-000000000000'])
        expect((await send(c, 'GET', `/exports/${id}/download`)).status).toBe(404);
    }
  });
});

describe('fuzzed input on every resource route', () => {
  test('no 5xx but the documented 500 of a malformed jobId before v1.0.21; every error in the service shape', async () => {
    const clients = await Promise.all(RELEASES.map((release) => mockClient({ dialerRelease: release })));
    const routes =
      clients[0]?.mock.routes.ai.filter((r) =>
        /dialer\/(call-scripts|surveys|disposition|exports|campaigns\/:campaignId\/(associations|disposition|statistics|exports))/.test(r.url),
      ) ?? [];
    expect(routes.length).toBe(15);
    const id = fc.constantFrom(campaigns(clients[0] as MockClient)[0]?.id as string, 'abc', '00000000-0000-0000-0000-000000000000', '%7Bx%7D');
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('2026-02-30T00:00:00Z', '2026-09-01', -1, 0, 1.5, ' ', ''));
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom('name', 'content', 'questions', 'buttons', 'associations', 'filters'),
        fc.oneof(
          value,
          fc.array(fc.dictionary(fc.constantFrom('tag_id', 'outcome_kind', 'ref_id', 'type', 'text', 'options'), value)),
          fc.dictionary(fc.constantFrom('contactId', 'userId', 'dateFrom', 'dateTo'), value),
        ),
      ),
    );
    const query = fc.dictionary(
      fc.constantFrom('limit', 'cursor', 'dateFrom', 'dateTo'),
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('2026-09-01T00:00:00Z', '0', '101')),
      { maxKeys: 2 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: RELEASES.length - 1 }),
        fc.constantFrom(...routes),
        id,
        body,
        query,
        async (which, route, param, payload, q) => {
          const client = clients[which] as MockClient;
          const url = `${route.url.replace(/:(\w+)/g, param)}?${new URLSearchParams(q).toString()}`;
          const res = await client.send('ai', { method: route.method as 'GET', url, ...(route.method === 'GET' ? {} : json(payload)) });
          const documented500 = RELEASES[which] === 'pre-1.0.21' && url.includes('/exports/') && param !== '00000000-0000-0000-0000-000000000000';
          if (!documented500) expect(res.statusCode, `${RELEASES[which]} ${route.method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(registry.validate('ai/service-error', res.json()).problems).toEqual([]);
        },
      ),
      { numRuns: 400, seed: 7 },
    );
  });
});
