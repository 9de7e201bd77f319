import { beforeAll, describe, expect, test } from 'vitest';
import { HOST_PREFIX } from '../../mock/context.ts';
import { SURFACES } from '../../lib/contract/vocabulary.ts';
import { type MockClient, mockClient } from './inject.ts';

// Two mocks of one seed: each gets the same requests in the same order, one with the header and one
// without, so a request that changes state (a DELETE) meets the same state on both.
let plain: MockClient;
let labelled: MockClient;
beforeAll(async () => {
  [plain, labelled] = await Promise.all([mockClient({ seed: 3 }), mockClient({ seed: 3 })]);
});

/** Values that differ between two mocks for reasons other than the request: generated ids and times. */
function stable(body: string): string {
  return body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, '<time>')
    .replace(/"(requestId|correlationId|timestamp)":"[^"]*"/g, '"$1":"<id>"');
}

describe('a request without a body answers the same with or without Content-Type: application/json', () => {
  test('every route of every host, sent without a body', async () => {
    let compared = 0;
    for (const host of SURFACES) {
      for (const route of plain.mock.routes[host]) {
        // A path parameter becomes a seeded id where one exists; the answer (found or not) must match either way.
        const url = route.url.replace(/:(\w+)/g, '1');
        const a = await plain.send(host, { method: route.method as 'GET', url });
        const b = await labelled.send(host, { method: route.method as 'GET', url, headers: { 'content-type': 'application/json' } });
        expect(`${b.statusCode} ${stable(b.body)}`, `${route.method} ${url}`).toBe(`${a.statusCode} ${stable(a.body)}`);
        compared += 1;
      }
    }
    // A route table read wrong would compare none.
    expect(compared).toBe(SURFACES.reduce((n, host) => n + plain.mock.routes[host].length, 0));
    expect(compared).toBeGreaterThan(40);
  });

  test('a DELETE with the header and no body is not refused as a bad request (the spec: Delete a tag answers 200 or 404)', async () => {
    const res = await labelled.send('core', {
      method: 'DELETE',
      url: `${HOST_PREFIX.core}/tags/delete/999999.json`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });

  test('malformed JSON is still refused', async () => {
    const res = await labelled.send('core', {
      method: 'PUT',
      url: `${HOST_PREFIX.core}/contacts/add.json`,
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
