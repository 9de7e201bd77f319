import { describe, expect, test } from 'vitest';
import { RACE_WINDOW_MS, spend } from '../../mock/http/rate-limiter.ts';
import { RateMeter } from '../../mock/http/rate-meter.ts';
import { mockClient } from './inject.ts';

describe('the rate meter', () => {
  test('fixed: a window opened by the first request allows the limit, refuses the rest, and opens again at its end', () => {
    const meter = new RateMeter({ limit: 60, windowMs: 1000 });
    const verdicts = Array.from({ length: 61 }, (_, i) => meter.hit('company:1', 10_000 + i));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(60);
    expect(verdicts[60]).toEqual({ allowed: false, resetAt: 11_000 });
    expect(meter.hit('company:1', 10_999).allowed).toBe(false);
    expect(meter.hit('company:1', 11_000).allowed).toBe(true);
  });

  test('clock: windows start at multiples of the window length, so a burst across a boundary gets two allowances', () => {
    const meter = new RateMeter({ limit: 60, windowMs: 1000, algorithm: 'clock' });
    const early = Array.from({ length: 70 }, () => meter.hit('company:1', 10_900));
    expect(early.filter((v) => v.allowed)).toHaveLength(60);
    expect(early[69]).toEqual({ allowed: false, resetAt: 11_000 });
    const late = Array.from({ length: 70 }, () => meter.hit('company:1', 11_000));
    expect(late.filter((v) => v.allowed)).toHaveLength(60);
  });

  test('sliding: a slot frees exactly one window after the request that took it', () => {
    const meter = new RateMeter({ limit: 2, windowMs: 1000, algorithm: 'sliding' });
    expect(meter.hit('c', 0).allowed).toBe(true);
    expect(meter.hit('c', 400).allowed).toBe(true);
    expect(meter.hit('c', 999)).toEqual({ allowed: false, resetAt: 1000 });
    expect(meter.hit('c', 1000).allowed).toBe(true);
    expect(meter.hit('c', 1001)).toEqual({ allowed: false, resetAt: 1400 });
  });

  test('late recovery (a fault): the bucket stays refused past the reset it announced', () => {
    const meter = new RateMeter({ limit: 1, windowMs: 1000, lateRecoveryMs: 500 });
    meter.hit('c', 0);
    expect(meter.hit('c', 10)).toEqual({ allowed: false, resetAt: 1000 });
    expect(meter.hit('c', 1200)).toEqual({ allowed: false, resetAt: 1000 });
    expect(meter.hit('c', 1500).allowed).toBe(true);
  });

  test('counts buckets apart', () => {
    const meter = new RateMeter({ limit: 1, windowMs: 1000 });
    expect(meter.hit('company:1', 0).allowed).toBe(true);
    expect(meter.hit('company:2', 0).allowed).toBe(true);
    expect(meter.hit('company:1', 1).allowed).toBe(false);
  });

  test('a racing limiter (a fault) lets requests arriving together past the limit', async () => {
    const meter = new RateMeter({ limit: 5, windowMs: 60_000 });
    const honest = await Promise.all(Array.from({ length: 10 }, () => spend(meter, 'a', false)));
    expect(honest.filter((v) => v.allowed)).toHaveLength(5);
    const racy = await Promise.all(Array.from({ length: 10 }, () => spend(meter, 'b', true)));
    expect(racy.filter((v) => v.allowed)).toHaveLength(10);
    // Once the late counts land, the bucket is as full as what it let through.
    await new Promise((resolve) => setTimeout(resolve, RACE_WINDOW_MS + 20));
    expect((await spend(meter, 'b', true)).allowed).toBe(false);
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
