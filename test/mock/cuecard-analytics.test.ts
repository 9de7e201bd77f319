import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { schemas } from '../../lib/schemas/registry.ts';
import { json, type MockClient, mockClient } from './inject.ts';

let client: MockClient;
beforeAll(async () => {
  client = await mockClient();
});

const companyA = () => client.mock.state.companies.get(1);
const card = (callUuid: string) => ({ call_uuid: callUuid, type: 'html', title: 'Offer', content: '<p>10% off</p>' });

describe('CueCard host', () => {
  test('a card for a live call of the company is accepted; for any other call it is 424', async () => {
    const live = [...(companyA()?.activeCalls.keys() ?? [])];
    expect(live.length).toBeGreaterThan(0);
    const ok = await client.send('cuecard', { method: 'POST', url: '/api/cuecards', ...json(card(live[0] as string)) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    const finished = [...(companyA()?.calls.values() ?? [])][0]?.uuid as string;
    expect((await client.send('cuecard', { method: 'POST', url: '/api/cuecards', ...json(card(finished)) })).statusCode).toBe(424);
    // Another company's live call is not this company's: identifiers are scoped per company.
    expect((await client.send('cuecard', { method: 'POST', url: '/api/cuecards', as: 'b1', ...json(card(live[0] as string)) })).statusCode).toBe(424);
  });

  test('the vendor payload is validated with 400 { success: false, errors }', async () => {
    const res = await client.send('cuecard', { method: 'POST', url: '/api/cuecards', ...json({ title: 1 }) });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { success: boolean; errors: string[] };
    expect(body.success).toBe(false);
    expect(body.errors.join(' ')).toMatch(/call_uuid/);
  });

  test('POST-only: other methods are 404; no credentials are 401', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const)
      expect((await client.send('cuecard', { method, url: '/api/cuecards' })).statusCode).toBe(404);
    expect((await client.send('cuecard', { method: 'POST', url: '/api/cuecards', as: null, ...json(card('x')) })).statusCode).toBe(401);
  });

  test('fuzzed bodies never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ call_uuid: fc.jsonValue(), type: fc.jsonValue(), title: fc.jsonValue(), content: fc.jsonValue() }, { requiredKeys: [] }),
        ),
        async (body) => {
          const res = await client.send('cuecard', { method: 'POST', url: '/api/cuecards', ...json(body) });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 200, seed: 424 },
    );
  });
});

describe('analytics host', () => {
  const registry = schemas();

  test("Get call details answers the company's call, and 404 in the third error shape for others", async () => {
    const call = [...(companyA()?.calls.values() ?? [])][0];
    const res = await client.send('analytics', { method: 'GET', url: `/api/calls/${call?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cdr_id: call?.id, uuid: call?.uuid, company_id: 1 });
    const foreign = await client.send('analytics', { method: 'GET', url: `/api/calls/${call?.id}`, as: 'b1' });
    expect(foreign.statusCode).toBe(404);
    expect(registry.validate('analytics/error', foreign.json()).problems).toEqual([]);
    expect(foreign.json()).not.toHaveProperty('correlationId');
  });

  test('a non-numeric callId is 400 with message as an array of validation strings', async () => {
    const res = await client.send('analytics', { method: 'GET', url: '/api/calls/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: ['callId must be a number conforming to the specified constraints'], error: 'Bad Request' });
  });

  test('fuzzed call ids never get a 5xx and every error has the third shape', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 30 }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String)), async (id) => {
        const res = await client.send('analytics', { method: 'GET', url: `/api/calls/${encodeURIComponent(id)}` });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(registry.validate('analytics/error', res.json()).problems).toEqual([]);
      }),
      { numRuns: 200, seed: 404 },
    );
  });
});
