import { describe, expect, test } from 'vitest';
import { RELEASES } from '../../lib/dialer/releases.ts';
import { schemas } from '../../lib/schemas/registry.ts';
import { mockClient } from './inject.ts';

const AUTH_401 = { code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' };

describe('the Dialer in front of its routes', () => {
  test('x-api-key is refused with 401 in every release, even beside valid Basic credentials', async () => {
    for (const release of RELEASES) {
      const client = await mockClient({ dialerRelease: release });
      const res = await client.send('ai', { method: 'GET', url: '/v1/dialer/campaigns', headers: { 'x-api-key': 'anything' } });
      expect(res.statusCode, release).toBe(401);
      expect(res.json()).toEqual(AUTH_401);
    }
  });

  test("an unmatched route is 'Route not found' with a correlationId from 1.0.21, the echoing default before", async () => {
    const url = '/v1/dialer/nowhere?secret=hunter2';
    const fixed = await (await mockClient({ dialerRelease: '1.0.21' })).send('ai', { method: 'GET', url });
    expect(fixed.statusCode).toBe(404);
    expect(schemas().validate('ai/service-error', fixed.json()).problems).toEqual([]);
    expect(fixed.json()).toMatchObject({ message: 'Route not found' });
    expect(fixed.body).not.toMatch(/nowhere|hunter2/);
    const legacy = await (await mockClient({ dialerRelease: 'pre-1.0.21' })).send('ai', { method: 'DELETE', url: '/v1/dialer/surveys/abc' });
    expect(legacy.statusCode).toBe(404);
    expect(legacy.json()).not.toHaveProperty('correlationId');
  });

  test('DELETE /dialer/surveys/{surveyId} is not a route', async () => {
    const res = await (await mockClient()).send('ai', { method: 'DELETE', url: '/v1/dialer/surveys/abc' });
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Route not found' });
  });

  test('the authentication layer answers before routing: without valid credentials, routed or not, the 401 and its body', async () => {
    const client = await mockClient();
    const revoked = client.key('a-revoked');
    const a1 = client.key('a1');
    const headers = [
      undefined,
      'Bearer abc',
      `Basic ${Buffer.from(`${a1.id}:wrong`).toString('base64')}`,
      `Basic ${Buffer.from(`${revoked.id}:${revoked.secret}`).toString('base64')}`,
    ];
    for (const [method, url] of [
      ['GET', '/v1/dialer/campaigns'],
      ['DELETE', '/v1/dialer/campaigns/c0c0c0c0-0000-4000-8000-00000000c0de'],
      ['DELETE', '/v1/dialer/surveys/abc'],
      ['GET', '/v1/cc-conformance-unrouted'],
    ] as const) {
      for (const authorization of headers) {
        const res = await client.send('ai', { method, url, as: null, headers: authorization ? { authorization } : {} });
        expect([res.statusCode, res.json()], `${method} ${url} ${authorization ?? 'without credentials'}`).toEqual([401, AUTH_401]);
      }
    }
  });

  test('the Dialer-scoped authentication faults leave the other services of the host their 401', async () => {
    for (const fault of ['dialer-auth-missing-accepted', 'dialer-auth-malformed-accepted', 'dialer-401-core-body']) {
      const client = await mockClient({ faults: [fault] });
      const authorization = fault === 'dialer-auth-malformed-accepted' ? { authorization: 'Bearer abc' } : {};
      const dialer = await client.send('ai', { method: 'GET', url: '/v1/dialer/campaigns', as: null, headers: authorization });
      expect([dialer.statusCode, dialer.json()], fault).not.toEqual([401, AUTH_401]);
      const other = await client.send('ai', { method: 'GET', url: '/v1/ai/calls/1/summary', as: null, headers: authorization });
      expect([other.statusCode, other.json()], fault).toEqual([401, AUTH_401]);
    }
  });

  test("under ai-route-before-auth an unrouted path answers 'Route not found' to a request without credentials", async () => {
    const client = await mockClient({ faults: ['ai-route-before-auth'] });
    const res = await client.send('ai', { method: 'DELETE', url: '/v1/dialer/surveys/abc', as: null });
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Route not found' });
    expect((await client.send('ai', { method: 'GET', url: '/v1/dialer/campaigns', as: null })).statusCode).toBe(401);
  });

  test('its own budget: 60 per company, apart from the core budget; then 429', async () => {
    const client = await mockClient({ metered: true });
    const dialer = (as: string) => client.send('ai', { method: 'GET', url: '/v1/dialer/nowhere', as });
    for (let i = 0; i < 30; i++) expect((await dialer('a1')).statusCode).toBe(404);
    for (let i = 0; i < 30; i++) expect((await dialer('a2')).statusCode).toBe(404);
    const limited = await dialer('a1');
    expect(limited.statusCode).toBe(429);
    expect(schemas().validate('ai/service-error', limited.json()).problems).toEqual([]);
    expect((await dialer('b1')).statusCode).toBe(404);
    expect((await client.send('core', { method: 'GET', url: '/api/countries/index.json' })).statusCode).toBe(200);
    // The rest of the AI host has no documented budget; the Dialer's does not spill over to it.
    expect((await client.send('ai', { method: 'GET', url: '/v1/voice-agents/none' })).statusCode).not.toBe(429);
  });

  test('an outage answers 503 with Retry-After, then recovers', async () => {
    const client = await mockClient({ dialerOutage: 2 });
    const get = () => client.send('ai', { method: 'GET', url: '/v1/dialer/nowhere' });
    for (let i = 0; i < 2; i++) {
      const res = await get();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
    }
    expect((await get()).statusCode).toBe(404);
  });
});
