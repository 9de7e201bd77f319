import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { HttpClient } from '../../lib/http/client.ts';
import { Pacer } from '../../lib/http/pacer.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { Ledger } from '../../lib/ledger/ledger.ts';
import { newRun } from '../../lib/ledger/run-id.ts';
import { buildPipeline } from '../../lib/requests/pipeline.ts';
import { RequestScope } from '../../lib/requests/request-scope.ts';
import { SeenRecords } from '../../lib/requests/seen-records.ts';
import { schemas } from '../../lib/schemas/registry.ts';
import { startMock } from '../../mock/start.ts';
import { FakeClock, literalTarget } from '../harness/support.ts';
import { json, type MockClient, mockClient } from './inject.ts';

/** The VoiceAgent routes of the AI host: the spec's shapes, the chosen statuses, the stop and the outage. */
const registry = schemas();
const NUMBER = '+447700900123';

type Body = Record<string, any>;

const full = (agentName: string): Body => ({
  agentName,
  defaultOutboundNumberId: 7,
  similarity: 0.75,
  tone: ['professional'],
  voiceProviderSettings: { asrKeywords: ['a'], backgroundSound: { isCrossfadeLoopEnabled: true, volume: 0.5 }, isVadEnabled: false },
  guardrails: [{ isEnabled: true, reply: 'no', when: 'legal advice' }],
  scenarios: [{ isEnabled: true, reply: 'wait', when: 'order status', actionParameters: { a: 1 }, toolId: 't1' }],
  skills: {
    answerQuestions: { isEnabled: true, transferConfig: { agentId: 3, agentExtension: '2001' } },
    extractData: { isEnabled: true, endpoint: 'https://example.com/x', properties: [{ name: 'n', description: 'd', type: 'STRING' }] },
    transferToHuman: { isEnabled: true, includeProperties: ['n'], rules: [{ condition: 'asks', groupId: 5, groupExtension: '3001' }] },
  },
});

async function create(client: MockClient, body: unknown, as = 'a1') {
  return client.send('ai', { method: 'POST', url: '/v1/voice-agents', as, ...json(body) });
}

async function created(client: MockClient, as = 'a1'): Promise<string> {
  const res = await create(client, full(`agent-${as}`), as);
  expect(res.statusCode).toBe(201);
  return (res.json() as Body).data.id;
}

function expectNested(res: { statusCode: number; json(): unknown }, status: number): Body {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Body;
  expect(registry.validate('ai/nested-error', body).problems).toEqual([]);
  expect(body.requestId).toMatch(/^req_\w+$/);
  return body;
}

const call = (client: MockClient, body: unknown, as = 'a1') => client.send('ai', { method: 'POST', url: '/v1/voice-agent/calls', as, ...json(body) });
const stop = (client: MockClient, active: unknown, as = 'a1') =>
  client.send('ai', { method: 'POST', url: '/v1/voice-agent/emergency-stop', as, ...json({ active }) });

describe('VoiceAgent create and get', () => {
  test('create answers 201 with the envelope; every sent attribute comes back unchanged on create and on get', async () => {
    const client = await mockClient();
    const sent = full('round trip');
    const res = await create(client, sent);
    expect(res.statusCode).toBe(201);
    const body = res.json() as Body;
    expect(body).toMatchObject({ data: { id: expect.stringMatching(/^[0-9a-f]{24}$/), type: 'voiceAgent', attributes: sent }, requestId: expect.any(String) });
    const got = await client.send('ai', { method: 'GET', url: `/v1/voice-agents/${body.data.id}` });
    expect(got.statusCode).toBe(200);
    expect((got.json() as Body).data).toEqual(body.data);
    expect((got.json() as Body).requestId).not.toBe(body.requestId);
  });

  test('the response-only fields are filled in, with the values the spec shows', async () => {
    const client = await mockClient();
    const a = ((await create(client, full('fields'))).json() as Body).data.attributes;
    expect(registry.validate('ai/voice-agent', a).problems).toEqual([]);
    expect(a).toMatchObject({ verbosity: 'concise', llmOverride: 'openai - gpt-4o', resolvedLlm: { model: 'gpt-4o', provider: 'openai' }, status: 'enabled' });
    expect(a.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(a.updatedAt).toBe(a.createdAt);
    expect(a.voiceProviderSettings).toMatchObject({ turnEagerness: 'patient', turnModel: 'turn_v2', backgroundSound: { preset: 'city' } });
    expect(a.scenarios[0]).toMatchObject({ action: 'toolCall', triggerType: 'custom' });
    expect(a.skills.answerQuestions).toMatchObject({ action: 'admitUncertainty', transferConfig: { destination: 'agent' } });
    expect(a.skills.transferToHuman.rules[0].destination).toBe('group');
  });

  test('bad payloads are 400 in the nested shape, naming each member; parse errors and wrong content types too', async () => {
    const client = await mockClient();
    const body = expectNested(
      await create(client, {
        agentName: 1,
        similarity: '0.5',
        tone: 'x',
        skills: { transferToHuman: { rules: [{ agentId: '7' }] } },
        verbosity: 'x',
        colour: 'red',
      }),
      400,
    );
    expect(body.error.details.map((d: Body) => `${d.code} ${d.target}`).sort()).toEqual([
      'INVALID_TYPE agentName',
      'INVALID_TYPE similarity',
      'INVALID_TYPE skills.transferToHuman.rules[0].agentId',
      'INVALID_TYPE tone',
      'READ_ONLY_ATTRIBUTE verbosity',
      'UNKNOWN_ATTRIBUTE colour',
    ]);
    expect(expectNested(await create(client, { greeting: 'hi' }), 400).error.details).toEqual([
      expect.objectContaining({ code: 'REQUIRED', target: 'agentName' }),
    ]);
    expectNested(await create(client, [{ agentName: 'x' }]), 400);
    expectNested(
      await client.send('ai', { method: 'POST', url: '/v1/voice-agents', payload: '{"agentName": ', headers: { 'content-type': 'application/json' } }),
      400,
    );
    expectNested(
      await client.send('ai', {
        method: 'POST',
        url: '/v1/voice-agents',
        payload: 'agentName=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      400,
    );
    expectNested(await client.send('ai', { method: 'POST', url: '/v1/voice-agents', ...json({ agentName: 'x'.repeat(1_100_000) }) }), 400);
  });

  test("an unknown id, or another company's, is 404 in the nested shape; other methods are not routed", async () => {
    const client = await mockClient();
    const id = await created(client);
    expectNested(await client.send('ai', { method: 'GET', url: '/v1/voice-agents/000000000000000000000000' }), 404);
    const foreign = await client.send('ai', { method: 'GET', url: `/v1/voice-agents/${id}`, as: 'b1' });
    expectNested(foreign, 404);
    expect(foreign.body).not.toContain('agent-a1');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await client.send('ai', { method, url: `/v1/voice-agents/${id}`, ...json({ agentName: 'changed' }) })).statusCode).toBe(404);
    }
    expect(((await client.send('ai', { method: 'GET', url: `/v1/voice-agents/${id}` })).json() as Body).data.attributes.agentName).toBe('agent-a1');
  });
});

describe('VoiceAgent calls and the emergency stop', () => {
  test('initiate: 204 with no body; 404 for an agent the company lacks; 400 for a bad payload', async () => {
    const client = await mockClient();
    const id = await created(client);
    const ok = await call(client, {
      call_number: NUMBER,
      voice_agent_id: id,
      call_properties: { output: { variables: { x: 1 } }, system_prompt: { variables: { name: 'A' } } },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expectNested(await call(client, { call_number: NUMBER, voice_agent_id: id }, 'b1'), 404);
    expectNested(await call(client, { call_number: NUMBER, voice_agent_id: '000000000000000000000000' }), 404);
    for (const bad of [
      { voice_agent_id: id },
      { call_number: 'call me', voice_agent_id: id },
      { call_number: NUMBER, voice_agent_id: id, call_properties: { output: 'x' } },
      [],
    ]) {
      expectNested(await call(client, bad), 400);
    }
  });

  test('the stop refuses calls with 409 until lifted, for the stopping company only', async () => {
    const client = await mockClient();
    const [a, b] = [await created(client, 'a1'), await created(client, 'b1')];
    expectNested(await stop(client, 'yes'), 400);
    const stopped = await stop(client, true);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ data: { active: true }, requestId: expect.any(String) });
    expectNested(await call(client, { call_number: NUMBER, voice_agent_id: a }), 409);
    expect((await call(client, { call_number: NUMBER, voice_agent_id: b }, 'b1')).statusCode).toBe(204);
    expect((await stop(client, false)).statusCode).toBe(200);
    expect((await call(client, { call_number: NUMBER, voice_agent_id: a })).statusCode).toBe(204);
  });
});

describe('VoiceAgent outage and bad input', () => {
  test('during an outage each VoiceAgent request is 503 with Retry-After: 1, then service resumes; a 401 does not use it up', async () => {
    const client = await mockClient({ voiceAgentOutage: 2 });
    expect((await client.send('ai', { method: 'GET', url: '/v1/voice-agents/x', as: null })).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) {
      const res = await create(client, full('during outage'));
      expectNested(res, 503);
      expect(res.headers['retry-after']).toBe('1');
    }
    expect((await create(client, full('after outage'))).statusCode).toBe(201);
    expect(client.mock.context.outage.voiceAgent).toBe(0);
  });

  test("the suite's client rides out the outage over HTTPS: two 503s retried, then the 201", async () => {
    const running = await startMock({ voiceAgentOutage: 2, metered: false });
    const clock = new FakeClock(Date.now());
    const client = new HttpClient({ ca: readFileSync(running.caFile, 'utf8'), timeoutMs: 5000, redactor: new Redactor({ keys: {} }) });
    // The session's pipeline around the client: its 503 stage retries, on the fake clock.
    const target = literalTarget({
      urls: running.urls,
      keys: { primary: { id: running.env.CC_KEY_ID as string, secret: running.env.CC_KEY_SECRET as string } },
    });
    const pacer = new Pacer({ windowMs: 1000, perWindow: 100, now: clock.now, sleep: clock.sleep });
    const pipeline = buildPipeline({ target, ledger: new Ledger(newRun(), DIALER_ROUTES), seen: new SeenRecords(), pacer, client, sleep: clock.sleep });
    try {
      const ex = await new RequestScope(pipeline, 'mock.voice-agents').req('ai', 'POST', '/voice-agents').json(full('retried')).send();
      expect(ex.status).toBe(201);
      expect(clock.slept).toEqual([1000, 1000]);
      expect(client.stats.retried503).toBe(2);
    } finally {
      await client.close();
      await running.close();
    }
  });

  test('fuzzed bodies on every VoiceAgent route never get a 5xx, and every body carries a requestId', async () => {
    const client = await mockClient();
    const id = await created(client);
    const member = fc.constantFrom(
      'agentName',
      'similarity',
      'tone',
      'skills',
      'scenarios',
      'voiceProviderSettings',
      'call_number',
      'voice_agent_id',
      'call_properties',
      'active',
    );
    const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(member, fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(id)), { maxKeys: 4 }));
    const route = fc.constantFrom('/v1/voice-agents', '/v1/voice-agent/calls', '/v1/voice-agent/emergency-stop');
    await fc.assert(
      fc.asyncProperty(route, body, async (url, payload) => {
        const res = await client.send('ai', { method: 'POST', url, ...json(payload) });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (res.statusCode !== 204) expect((res.json() as Body).requestId).toEqual(expect.any(String));
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
