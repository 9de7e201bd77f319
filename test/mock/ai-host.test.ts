import { beforeAll, describe, expect, test } from 'vitest';
import { schemas } from '../../lib/schemas/registry.ts';
import { type MockClient, mockClient } from './inject.ts';

let client: MockClient;
beforeAll(async () => {
  client = await mockClient();
});
const registry = schemas();
const AUTH_401 = { code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' };

describe('AI host: the authentication layer answers before the service', () => {
  test('missing, malformed, wrong, revoked and unknown credentials: 401 with the exact body, no correlationId', async () => {
    const revoked = client.key('a-revoked');
    const a1 = client.key('a1');
    const headers = [
      undefined,
      'Bearer abc',
      'Basic !!!',
      `Basic ${Buffer.from(`${a1.id}:wrong`).toString('base64')}`,
      `Basic ${Buffer.from(`${revoked.id}:${revoked.secret}`).toString('base64')}`,
      `Basic ${Buffer.from('CCKNOBODY:secret').toString('base64')}`,
    ];
    for (const authorization of headers) {
      const res = await client.send('ai', { method: 'GET', url: '/v1/ai/calls/1/summary', as: null, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual(AUTH_401);
    }
  });

  test('it answers before routing: even an unrouted path gets the 401', async () => {
    const res = await client.send('ai', { method: 'DELETE', url: '/v1/nowhere', as: null });
    expect(res.json()).toEqual(AUTH_401);
  });
});

describe('AI host: service errors', () => {
  test('an unrouted path is 404 in the service shape, with a fresh correlationId and no echo of path or query', async () => {
    const url = '/v1/nowhere/secret-path?token=hunter2';
    const first = await client.send('ai', { method: 'GET', url });
    const second = await client.send('ai', { method: 'GET', url });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(404);
      expect(registry.validate('ai/service-error', res.json()).problems).toEqual([]);
      expect(res.body).not.toMatch(/secret-path|hunter2/);
      expect(res.json()).not.toHaveProperty('subErrors');
    }
    expect((first.json() as { correlationId: string }).correlationId).not.toBe((second.json() as { correlationId: string }).correlationId);
  });

  test('the status name goes in error, the HTTP status in statusCode', async () => {
    const res = await client.send('ai', { method: 'GET', url: '/v1/nowhere' });
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Route not found' });
  });
});
