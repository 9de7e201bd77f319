import { beforeAll, describe, expect, test } from 'vitest';
import { schemas } from '../../lib/schemas/registry.ts';
import { analysisOf } from '../../mock/state/analysis.ts';
import type { Company } from '../../mock/state/model.ts';
import { json, type MockClient, mockClient } from './inject.ts';

type Body = Record<string, any>;

const registry = schemas();
const UNKNOWN_CALL = 2147480123;

/**
 * The AI host's `variant` dialect must differ from `reference` at every point of Conversation Intelligence and
 * VoiceAgent the spec leaves open and the suite reads, or a clean variant run (test/proofs/dialect.test.ts)
 * would prove nothing there; and where the spec does state the answer, both must give it.
 */
describe('AI host: the variant dialect', () => {
  let reference: MockClient;
  let variant: MockClient;
  beforeAll(async () => {
    [reference, variant] = await Promise.all([mockClient(), mockClient({ dialect: 'variant' })]);
  });

  const get = (client: MockClient, url: string) => client.send('ai', { method: 'GET', url: `/v1${url}` });
  const createRaw = (client: MockClient, payload: string, contentType: string) =>
    client.send('ai', { method: 'POST', url: '/v1/voice-agents', payload, headers: { 'content-type': contentType } });
  const analysedCallId = (client: MockClient): number => {
    const company = client.mock.state.companies.get(1) as Company;
    const call = [...company.calls.values()].find((c) => analysisOf(client.mock.state.seed, company, c.id));
    if (!call) throw new Error('the seeded company has no analysed call');
    return call.id;
  };

  test("an unknown call is a 404 service error: 'Call not found', or the table's other wording 'Not found.'", async () => {
    for (const [client, message] of [
      [reference, 'Call not found'],
      [variant, 'Not found.'],
    ] as const) {
      const res = await get(client, `/ai/calls/${UNKNOWN_CALL}/summary`);
      expect(res.statusCode).toBe(404);
      expect(registry.validate('ai/service-error', res.json()).problems).toEqual([]);
      expect((res.json() as Body).message).toBe(message);
    }
  });

  test('two identical failures carry distinct correlationIds, or one id naming the failure', async () => {
    for (const [client, shared] of [
      [reference, false],
      [variant, true],
    ] as const) {
      const [first, second] = [await get(client, `/ai/calls/${UNKNOWN_CALL}/summary`), await get(client, `/ai/calls/${UNKNOWN_CALL}/summary`)];
      const ids = [first, second].map((res) => (res.json() as Body).correlationId as string);
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0] === ids[1]).toBe(shared);
    }
    // The variant's id still tells failures apart: another message gets another id.
    const other = await get(variant, '/ai/calls/not-a-call/summary');
    expect((other.json() as Body).correlationId).not.toBe((await get(variant, `/ai/calls/${UNKNOWN_CALL}/summary`)).json().correlationId);
  });

  test('an analysed call has smart notes and topics, or lacks those parts: a 404 while its other reads answer 200', async () => {
    for (const read of ['smart-notes', 'topics']) expect((await get(reference, `/ai/calls/${analysedCallId(reference)}/${read}`)).statusCode, read).toBe(200);
    const id = analysedCallId(variant);
    for (const read of ['smart-notes', 'topics']) {
      const lacking = await get(variant, `/ai/calls/${id}/${read}`);
      expect(lacking.statusCode, read).toBe(404);
      expect(registry.validate('ai/service-error', lacking.json()).problems).toEqual([]);
    }
    for (const read of ['summary', 'overall-sentiment', 'talk-listen-ratio', 'transcription', 'details-link']) {
      expect((await get(variant, `/ai/calls/${id}/${read}`)).statusCode, read).toBe(200);
    }
  });

  test('create refuses input outside the documented types, or its binder takes what converts', async () => {
    const name = 'cc-dialect-probe';
    const cases = [
      {
        payload: `agentName=${name}&similarity=0.5&isAgentSpeakingFirst=true`,
        type: 'application/x-www-form-urlencoded',
        stored: { agentName: name, similarity: 0.5, isAgentSpeakingFirst: true },
      },
      { payload: JSON.stringify([{ agentName: name }]), type: 'application/json', stored: { agentName: name } },
      { payload: JSON.stringify({ agentName: 42 }), type: 'application/json', stored: { agentName: '42' } },
      { payload: JSON.stringify({ agentName: name, tone: 'professional' }), type: 'application/json', stored: { tone: ['professional'] } },
      { payload: JSON.stringify({ agentName: name, isAgentSpeakingFirst: 'true' }), type: 'application/json', stored: { isAgentSpeakingFirst: true } },
    ];
    for (const { payload, type, stored } of cases) {
      const refused = await createRaw(reference, payload, type);
      expect(refused.statusCode, payload).toBe(400);
      expect(registry.validate('ai/nested-error', refused.json()).problems).toEqual([]);
      const taken = await createRaw(variant, payload, type);
      expect(taken.statusCode, payload).toBe(201);
      expect((taken.json() as Body).data.attributes).toMatchObject(stored);
    }
    // What converts to nothing, and a body that does not parse, are refused in the nested shape by both.
    for (const client of [reference, variant]) {
      for (const [payload, type] of [
        ['{"agentName": ', 'application/json'],
        ['[]', 'application/json'],
        [JSON.stringify({ agentName: name, tone: {} }), 'application/json'],
      ]) {
        const res = await createRaw(client, payload as string, type as string);
        expect(res.statusCode, payload).toBe(400);
        expect(registry.validate('ai/nested-error', res.json()).problems).toEqual([]);
      }
    }
  });

  test('a call naming prompt variables the voice agent does not use is placed, or refused with 422 while one without them is placed', async () => {
    for (const [client, refused] of [
      [reference, false],
      [variant, true],
    ] as const) {
      const made = await client.send('ai', {
        method: 'POST',
        url: '/v1/voice-agents',
        ...json({ agentName: 'cc-dialect-probe', goalPrompt: 'Greet {{greeting}}.' }),
      });
      const id = (made.json() as Body).data.id as string;
      const call = (body: Body) =>
        client.send('ai', { method: 'POST', url: '/v1/voice-agent/calls', ...json({ call_number: '+447700900123', voice_agent_id: id, ...body }) });
      const unused = await call({ call_properties: { system_prompt: { variables: { name: 'A' } } } });
      expect(unused.statusCode).toBe(refused ? 422 : 204);
      if (refused) expect(registry.validate('ai/nested-error', unused.json()).problems).toEqual([]);
      for (const body of [{}, { call_properties: { system_prompt: { variables: { greeting: 'A' } } } }]) {
        const placed = await call(body);
        expect([placed.statusCode, placed.body], JSON.stringify(body)).toEqual([204, '']);
      }
    }
  });

  test('numbers come back as sent, or as a single-precision store keeps them; times with seconds, or to the minute', async () => {
    const payload = { agentName: 'cc-dialect-probe', stability: 0.55, voiceProviderSettings: { backgroundSound: { volume: 0.35 } } };
    const ref = ((await reference.send('ai', { method: 'POST', url: '/v1/voice-agents', ...json(payload) })).json() as Body).data.attributes;
    expect([ref.stability, ref.voiceProviderSettings.backgroundSound.volume]).toEqual([0.55, 0.35]);
    expect(ref.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const res = await variant.send('ai', { method: 'POST', url: '/v1/voice-agents', ...json(payload) });
    const attributes = (res.json() as Body).data.attributes;
    expect([attributes.stability, attributes.voiceProviderSettings.backgroundSound.volume]).toEqual([Math.fround(0.55), Math.fround(0.35)]);
    expect(attributes.stability).not.toBe(0.55);
    expect(attributes.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/);
    const read = ((await get(variant, `/voice-agents/${(res.json() as Body).data.id as string}`)).json() as Body).data.attributes;
    expect([read.stability, read.createdAt, read.updatedAt]).toEqual([attributes.stability, attributes.createdAt, attributes.updatedAt]);
  });
});
