import { describe, expect, test } from 'vitest';
import { RateMeter } from '../../mock/http/rate-meter.js';
import { mockClient } from './inject.js';

describe('the rate meter', () => {
  test('allows the limit per window, refuses the rest, and opens a new window at the reset', () => {
    const meter = new RateMeter(60, 1000);
    const verdicts = Array.from({ length: 61 }, (_, i) => meter.hit('company:1', 10_000 + i));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(60);
    expect(verdicts[60]).toEqual({ allowed: false, resetAt: 11_000 });
    expect(meter.hit('company:1', 10_999).allowed).toBe(false);
    expect(meter.hit('company:1', 11_000).allowed).toBe(true);
  });

  test('counts buckets apart', () => {
    const meter = new RateMeter(1, 1000);
    expect(meter.hit('company:1', 0).allowed).toBe(true);
    expect(meter.hit('company:2', 0).allowed).toBe(true);
    expect(meter.hit('company:1', 1).allowed).toBe(false);
  });
});

describe('the core budget on the mock', () => {
  test('60 requests per company, whichever key; then 429 with the spec body and reset header; another company is unaffected', async () => {
    const client = await mockClient({ metered: true, rateWindowMs: 60_000 });
    const get = (as: string) => client.send('core', { method: 'GET', url: '/api/countries/index.json', as });
    for (let i = 0; i < 30; i++) expect((await get('a1')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) expect((await get('a2')).statusCode).toBe(200);
    const before = Math.floor(Date.now() / 1000);
    const limited = await get('a1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ responseData: { status: 429, message: 'Too Many Requests' } });
    const reset = Number(limited.headers['x-serviceapi-resettime']);
    expect(reset).toBeGreaterThanOrEqual(before);
    expect(reset).toBeLessThanOrEqual(before + 61);
    expect((await get('a2')).statusCode).toBe(429);
    expect((await get('b1')).statusCode).toBe(200);
  });

  test('unauthenticated requests spend no company budget', async () => {
    const client = await mockClient({ metered: true });
    for (let i = 0; i < 70; i++) await client.send('core', { method: 'GET', url: '/api/countries/index.json', as: null });
    expect((await client.send('core', { method: 'GET', url: '/api/countries/index.json' })).statusCode).toBe(200);
  });
});
