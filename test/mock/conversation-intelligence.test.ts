import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { schemas } from '../../lib/schemas/registry.ts';
import { DEFAULT_CI_LIMIT } from '../../mock/hosts/ai/conversation-intelligence.ts';
import type { Call, Company } from '../../mock/state/model.ts';
import { type MockClient, mockClient } from './inject.ts';

let client: MockClient;
let company: Company;
beforeAll(async () => {
  client = await mockClient();
  company = client.mock.state.companies.get(1) as Company;
});

const registry = schemas();
const READS = ['summary', 'overall-sentiment', 'talk-listen-ratio', 'topics', 'transcription', 'smart-notes', 'details-link'];
const VENDOR: Record<string, string> = {
  summary: 'ai/ci-summary',
  'overall-sentiment': 'ai/ci-overall-sentiment',
  'talk-listen-ratio': 'ai/ci-talk-listen-ratio',
  'smart-notes': 'ai/ci-smart-notes',
  'details-link': 'ai/ci-details-link',
};

interface Page {
  data: {
    callId: number;
    segments: { start: number; end: number; caller: string; text: string }[];
    topics: unknown[];
    callers: { id: number; type: string; localIdentifier: string }[];
    language: string;
  };
  pagination: { limit: number; offset: number; total: number };
}

const get = (url: string, as = 'a1', c = client) => c.send('ai', { method: 'GET', url: `/v1${url}`, as });
const answered = (c: Company) => [...c.calls.values()].filter((call) => call.answeredAt !== null && call.contactId !== null);
const analysed = (c: Company): Call => answered(c)[0] as Call;

function expectServiceError(res: { statusCode: number; json(): unknown }, status: number, message: string, subErrors: boolean): void {
  expect(res.statusCode).toBe(status);
  expect(registry.validate('ai/service-error', res.json()).problems).toEqual([]);
  const body = res.json() as { statusCode: number; message: string; subErrors?: string[] };
  expect(body.statusCode).toBe(status);
  expect(body.message).toBe(message);
  expect(body.subErrors !== undefined).toBe(subErrors);
}

describe('Conversation Intelligence on the mock', () => {
  test('the seven reads of an analysed call answer 200 without responseData: the two paged ones as data and pagination, the five others with their fields at the top level, as the vendor reference shows', async () => {
    const call = analysed(company);
    for (const read of READS) {
      const res = await get(`/ai/calls/${call.id}/${read}`);
      expect(res.statusCode, read).toBe(200);
      const body = res.json() as Record<string, unknown>;
      expect(body).not.toHaveProperty('responseData');
      if (read === 'topics' || read === 'transcription') {
        expect(registry.validate(`ai/${read}`, body).problems, read).toEqual([]);
        expect((body as unknown as Page).pagination).toMatchObject({ offset: 0, limit: DEFAULT_CI_LIMIT });
      } else {
        // The vendor reference's shape: the fields at the top level, as its clients read them.
        expect(body).not.toHaveProperty('data');
        expect(registry.validate(VENDOR[read] as string, body).problems, read).toEqual([]);
      }
    }
  });

  test('a transcription: 25 to 80 segments in time order, end >= start, callers the call contact and agent', async () => {
    for (const call of answered(company).slice(0, 12)) {
      const res = await get(`/ai/calls/${call.id}/transcription?limit=1000`);
      if (res.statusCode === 404) continue;
      const { data } = res.json() as Page;
      expect(data.callId).toBe(call.id);
      expect(data.callers).toEqual([
        { id: call.contactId, type: 'contact', localIdentifier: 'caller1' },
        { id: call.userId, type: 'agent', localIdentifier: 'caller2' },
      ]);
      expect(data.segments.length).toBeGreaterThanOrEqual(25);
      expect(data.segments.length).toBeLessThanOrEqual(80);
      data.segments.forEach((s, i) => {
        expect(s.end).toBeGreaterThanOrEqual(s.start);
        expect(['caller1', 'caller2']).toContain(s.caller);
        if (i > 0) expect(s.start).toBeGreaterThan((data.segments[i - 1] as { start: number }).start);
      });
      const topics = (await get(`/ai/calls/${call.id}/topics?limit=100`)).json() as Page;
      expect(topics.pagination.total).toBeGreaterThanOrEqual(3);
      expect(topics.pagination.total).toBeLessThanOrEqual(8);
    }
  });

  test('walking with any limit yields every item once and adds up to total', async () => {
    const call = analysed(company);
    for (const read of ['transcription', 'topics'] as const) {
      const whole = (await get(`/ai/calls/${call.id}/${read}?limit=1000`)).json() as Page;
      const all = read === 'transcription' ? whole.data.segments : whole.data.topics;
      for (const limit of [1, 3, 7, whole.pagination.total, whole.pagination.total + 5]) {
        const seen: unknown[] = [];
        for (let offset = 0; offset < whole.pagination.total; offset += limit) {
          const page = (await get(`/ai/calls/${call.id}/${read}?limit=${limit}&offset=${offset}`)).json() as Page;
          expect(page.pagination).toEqual({ limit, offset, total: whole.pagination.total });
          expect(page.data.callers).toEqual(whole.data.callers);
          seen.push(...(read === 'transcription' ? page.data.segments : page.data.topics));
        }
        expect(seen).toEqual(all);
      }
      const past = (await get(`/ai/calls/${call.id}/${read}?offset=${whole.pagination.total}`)).json() as Page;
      expect(read === 'transcription' ? past.data.segments : past.data.topics).toEqual([]);
    }
  });

  test('analyses are the same for the same seed, whatever the order they are read in, and differ across seeds', async () => {
    const [first, second] = answered(company).slice(0, 2) as [Call, Call];
    const again = await mockClient();
    const other = await mockClient({ seed: 7 });
    const read = async (c: MockClient, id: number) => (await get(`/ai/calls/${id}/transcription?limit=1000`, 'a1', c)).json();
    const a = [await read(client, first.id), await read(client, second.id)];
    const b = [await read(again, second.id), await read(again, first.id)].reverse();
    expect(b).toEqual(a);
    const otherFirst = analysed(other.mock.state.companies.get(1) as Company);
    expect(await read(other, otherFirst.id)).not.toEqual(a[0]);
  });

  test('unknown and unanalysed calls: 404 with their own messages, no subErrors', async () => {
    const unanswered = [...company.calls.values()].find((c) => c.answeredAt === null) as Call;
    const fourth = answered(company)[3] as Call;
    const foreign = analysed(client.mock.state.companies.get(2) as Company);
    for (const read of READS) {
      expectServiceError(await get(`/ai/calls/${unanswered.id}/${read}`), 404, 'Conversation Intelligence is not available for this call', false);
      expectServiceError(await get(`/ai/calls/${fourth.id}/${read}`), 404, 'Conversation Intelligence is not available for this call', false);
      expectServiceError(await get(`/ai/calls/2147480123/${read}`), 404, 'Call not found', false);
      // Identifiers are scoped to the company of the key: company B's call is unknown to company A.
      expectServiceError(await get(`/ai/calls/${foreign.id}/${read}`), 404, 'Call not found', false);
    }
  });

  test('bad limit, offset or callId: 400 Validation failed with subErrors', async () => {
    const id = analysed(company).id;
    const cases: [string, string][] = [
      ['limit=0', 'limit must not be less than 1'],
      ['limit=-1', 'limit must not be less than 1'],
      ['limit=abc', 'limit must be an integer number'],
      ['limit=1.5', 'limit must be an integer number'],
      ['limit=', 'limit must be an integer number'],
      ['limit=1&limit=2', 'limit must be a single value'],
      ['offset=-1', 'offset must not be less than 0'],
      ['offset=abc', 'offset must be an integer number'],
      ['limit=99999999999999999999', `limit must not be greater than ${Number.MAX_SAFE_INTEGER}`],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/ai/calls/${id}/transcription?${query}`);
      expectServiceError(res, 400, 'Validation failed', true);
      expect((res.json() as { subErrors: string[] }).subErrors, query).toEqual([message]);
    }
    expectServiceError(await get('/ai/calls/abc/summary'), 400, 'Validation failed', true);
  });

  test('no list endpoint and no write: other paths and methods are unrouted 404s', async () => {
    expectServiceError(await get('/ai/calls'), 404, 'Route not found', false);
    const id = analysed(company).id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await client.send('ai', { method, url: `/v1/ai/calls/${id}/summary`, payload: '{}', headers: { 'content-type': 'application/json' } });
      expectServiceError(res, 404, 'Route not found', false);
    }
    expect((await get(`/ai/calls/${id}/summary`)).statusCode).toBe(200);
  });

  test("another company's key cannot read the analysis: 404 with none of it", async () => {
    const call = analysed(company);
    const own = await get(`/ai/calls/${call.id}/summary`);
    const foreign = await get(`/ai/calls/${call.id}/summary`, 'b1');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain((own.json() as { summary: string }).summary);
  });

  test('fuzzed limit, offset and callId never get a 5xx, and every answer is 200, 400 or 404', async () => {
    const id = String(analysed(company).id);
    const value = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.integer({ min: -5, max: 200 }).map(String),
      fc.constantFrom('', '1e3', '-0', '1.0', '99999999999999999999'),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'offset'), value, { maxKeys: 2 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READS), fc.oneof(fc.constant(id), value), query, async (read, callId, q) => {
        const url = `/ai/calls/${encodeURIComponent(callId)}/${read}?${new URLSearchParams(q).toString()}`;
        const res = await get(url);
        expect([200, 400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
