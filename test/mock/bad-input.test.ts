import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { schemas } from '../../lib/schemas/registry.ts';
import type { MockRoute } from '../../mock/build.ts';
import { json, type MockClient, mockClient } from './inject.ts';

let client: MockClient;
beforeAll(async () => {
  client = await mockClient();
});

const registry = schemas();

/** Spec: failures carry the core envelope with a status the spec names; a 500 is never the answer to a client's input. */
function expectCoreFailure(res: { statusCode: number; json(): unknown }, status: number): void {
  expect(res.statusCode).toBe(status);
  const result = registry.validate('core/error', res.json());
  expect(result.problems).toEqual([]);
  expect((res.json() as { responseData: { status: number } }).responseData.status).toBe(status);
}

/** A concrete path for a route pattern: path parameters become a seeded record's id or a word. */
function concrete(route: MockRoute, id: string): string {
  return route.url.replace(/:(\w+)/g, () => id);
}

describe('the core host answers bad input with the spec statuses', () => {
  test('malformed JSON is 400 in the core envelope', async () => {
    const res = await client.send('core', {
      method: 'PUT',
      url: '/api/contacts/add.json',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expectCoreFailure(res, 400);
  });

  test('a body that is not JSON is 406 Invalid input data.', async () => {
    const res = await client.send('core', {
      method: 'PUT',
      url: '/api/contacts/add.json',
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectCoreFailure(res, 406);
    expect((res.json() as { responseData: { message: string } }).responseData.message).toBe('Invalid input data.');
  });

  test('a body over the size limit is 400, not a crash', async () => {
    const res = await client.send('core', {
      method: 'PUT',
      url: '/api/contacts/add.json',
      payload: `{"name":"${'x'.repeat(1_100_000)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expectCoreFailure(res, 400);
  });

  test('unknown fields are 406 naming the field', async () => {
    const res = await client.send('core', { method: 'PUT', url: '/api/contacts/add.json', ...json({ name: 'x', favourite_colour: 'red' }) });
    expectCoreFailure(res, 406);
    expect((res.json() as { responseData: { data: Record<string, string[]> } }).responseData.data).toHaveProperty('favourite_colour');
  });

  test('wrong types are 406 naming each field', async () => {
    const res = await client.send('core', {
      method: 'PUT',
      url: '/api/agents/add.json',
      ...json({ firstname: 1, lastname: [], email: {}, pass: true, extension: '1234' }),
    });
    expectCoreFailure(res, 406);
    expect(Object.keys((res.json() as { responseData: { data: Record<string, string[]> } }).responseData.data).sort()).toEqual([
      'email',
      'extension',
      'firstname',
      'lastname',
      'pass',
    ]);
  });

  test('a repeated query parameter is 400, not a server fault', async () => {
    for (const query of ['keyword=a&keyword=b', 'limit=5&limit=6']) {
      expectCoreFailure(await client.send('core', { method: 'GET', url: `/api/contacts/index.json?${query}` }), 400);
    }
  });

  test('an unrouted path or method is 404 Not found.', async () => {
    expectCoreFailure(await client.send('core', { method: 'GET', url: '/api/nothing/here.json' }), 404);
    expectCoreFailure(await client.send('core', { method: 'PATCH', url: '/api/contacts/edit/1.json', ...json({}) }), 404);
  });

  test('fuzzed bodies and queries on every core route never get a 5xx, and every answer is a core envelope', async () => {
    const routes = client.mock.routes.core;
    expect(routes.length).toBeGreaterThan(15);
    const contactId = String([...(client.mock.state.companies.get(1)?.contacts.keys() ?? [])][0]);
    const queryValue = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 2000 }).map(String),
      fc.constantFrom('', '1e3', '-0', '2026-02-30 00:00:00'),
    );
    const query = fc.dictionary(
      fc.constantFrom('limit', 'page', 'keyword', 'id', 'type', 'date_from', 'date_to', 'contact_id', 'country_code', 'public_number', 'tag_id'),
      queryValue,
      { maxKeys: 4 },
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom('name', 'email', 'group_id', 'agent_id', 'extension', 'ContactEmail', 'ExternalUrl', 'type', 'public_number', 'action', 'data'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 5 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        query,
        body,
        fc.constantFrom(contactId, 'abc', '0', '99999999999999999999'),
        async (route, q, payload, id) => {
          const url = `${concrete(route, id)}?${new URLSearchParams(q).toString()}`;
          const res = await client.send('core', { method: route.method as 'GET', url, ...(route.method === 'GET' ? {} : json(payload)) });
          expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          if (String(res.headers['content-type']).startsWith('audio/')) return;
          const envelope = res.json() as { responseData?: unknown };
          expect(envelope, `${route.method} ${url} answered without responseData`).toHaveProperty('responseData');
          if (res.statusCode >= 400) expect(registry.validate('core/error', envelope).problems, `${route.method} ${url}`).toEqual([]);
        },
      ),
      { numRuns: 400, seed: 20261122 },
    );
  });
});
