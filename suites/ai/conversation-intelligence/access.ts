import fc from 'fast-check';
import { defineCheck } from '../../../lib/checks/define.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import { UNKNOWN_ID } from '../../shared/inert-values.ts';
import { validationSubErrorsJudge } from '../../shared/sub-errors.ts';
import { analysedCall, CI_READS, type CiRead, ciPath, FIND_CALL_REQUESTS, isObject } from './calls.ts';

/** What Conversation Intelligence refuses: unknown and malformed calls, a list, writes, another company's key. */

/** The 404 messages the error table lists, compared ignoring case and a trailing period: which endpoint uses which is not said. */
const LISTED_NOT_FOUND = ['not found', 'call not found'];
const isListedNotFound = (message: string): boolean => LISTED_NOT_FOUND.includes(message.replace(/\.$/, '').toLowerCase());

/** What only the analysis holds: its string values long enough not to turn up in an error body by chance. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= 12 ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  return isObject(value) ? Object.values(value).flatMap(textsOf) : [];
}

export const CI_ACCESS_CHECKS = [
  defineCheck({
    id: 'ai.ci.unknown-call',
    title: "a call id the company does not have: 404 service error on every read, with the endpoint's own message (reported)",
    surface: 'ai',
    rules: ['CI-UNKNOWN-CALL-404', 'CI-CALL-NOT-FOUND'],
    cost: { requests: CI_READS.length },
    async run(t) {
      const rule = 'CI-UNKNOWN-CALL-404';
      const messages = new Set<string>();
      const byRead: string[] = [];
      for (const read of CI_READS) {
        const ex = await t.req('ai', 'GET', ciPath(String(UNKNOWN_ID), read)).send();
        t.expectStatus(rule, ex, 404);
        t.expectSchema(rule, ex, 'ai/service-error');
        const body = ex.json as { statusCode: number; message: string; subErrors?: unknown };
        t.expectEqual(rule, body.statusCode, 404, `${read}: statusCode`, ex);
        t.check(rule, body.subErrors === undefined, `${read}: a missing call is no validation failure, yet subErrors is present`, ex);
        t.check(
          rule,
          body.message !== 'Route not found' && body.message.length > 0,
          () => `${read}: message ${JSON.stringify(body.message)} is not the endpoint's own`,
          ex,
        );
        byRead.push(`${read} ${JSON.stringify(body.message)}`);
        messages.add(body.message);
      }
      t.note(rule, `messages: ${[...messages].map((m) => JSON.stringify(m)).join(', ')}`);
      const listed = [...messages].every(isListedNotFound);
      t.observe(
        'CI-CALL-NOT-FOUND',
        `${byRead.join(', ')}; ${listed ? "each one of the error table's 404 messages" : "not all of them among the error table's 404 messages ('Not found.', 'Call not found')"}`,
      );
    },
  }),

  defineCheck({
    id: 'ai.ci.callid-malformed',
    title: 'a malformed callId is 400 or 404, never 2xx or 5xx (fuzzed)',
    surface: 'ai',
    rules: ['CI-CALLID-MALFORMED', 'CI-VALIDATION-SUBERRORS'],
    cost: {
      requests: 7,
      randomValues: { count: 2, requestsEach: 1 },
    },
    async run(t) {
      const rule = 'CI-CALLID-MALFORMED';
      const seen: string[] = [];
      const subErrors = validationSubErrorsJudge(t, 'CI-VALIDATION-SUBERRORS');
      let n = 0;
      await explore(t, {
        arbitrary: fc.oneof(
          fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_-'), minLength: 1, maxLength: 8 }),
          fc.integer({ min: -100_000, max: -1 }).map(String),
          fc.tuple(fc.nat(99_999), fc.integer({ min: 1, max: 99 })).map(([a, b]) => `${a}.${b}`),
        ),
        boundaries: ['abc', '1.5', '-1', '1e3', '99999999999999999999'],
        property: async (raw) => {
          // Each value goes to another of the seven reads, so every endpoint meets malformed ids.
          const read = CI_READS[n++ % CI_READS.length] as CiRead;
          const ex = await t.req('ai', 'GET', ciPath(raw, read)).send();
          subErrors.judge(ex, `${read} with callId ${JSON.stringify(raw)}`);
          t.expectStatus(rule, ex, [400, 404]);
          const statusCode = isObject(ex.json) ? ex.json.statusCode : undefined;
          t.expectEqual(rule, statusCode, ex.status, `${read} with callId ${JSON.stringify(raw)}: statusCode of the service error`, ex);
          seen.push(`${JSON.stringify(raw)} ${ex.status}`);
        },
      });
      subErrors.settle('callIds that are no call id');
      t.note(rule, `answers: ${seen.join(', ')}`);
    },
  }),

  defineCheck({
    id: 'ai.ci.no-list',
    title: 'no endpoint lists calls: GET /ai/calls is 404',
    surface: 'ai',
    rules: ['CI-NO-LIST'],
    cost: { requests: 1 },
    async run(t) {
      const ex = await t.req('ai', 'GET', '/ai/calls').send();
      t.expectStatus('CI-NO-LIST', ex, 404);
    },
  }),

  defineCheck({
    id: 'ai.ci.read-only',
    title: 'POST, PUT, PATCH and DELETE on a summary never succeed and change nothing',
    surface: 'ai',
    rules: ['CI-READ-ONLY'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'the summary before and after': 2, 'the four writes': 4 } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const rule = 'CI-READ-ONLY';
      const call = await analysedCall(t);
      // The summary, the least costly read to lose should a target wrongly honour a write.
      const path = ciPath(call.id, 'summary');
      const before = await t.req('ai', 'GET', path).send();
      t.expectOk(before, 'reading the summary');
      const statuses: string[] = [];
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const base = t.req('ai', method, path);
        const ex = await (method === 'DELETE' ? base : base.json({ summary: 'cc-conformance' })).send();
        t.check(rule, ex.status < 200 || ex.status >= 300, `${method} ${path} answered ${ex.status}`, ex);
        statuses.push(`${method} ${ex.status}`);
      }
      const after = await t.req('ai', 'GET', path).send();
      t.expectEqual(rule, { status: after.status, body: after.json }, { status: before.status, body: before.json }, 'the summary after the writes', after);
      t.note(rule, statuses.join(', '));
    },
  }),

  defineCheck({
    id: 'ai.ci.isolation',
    title: "another company's key reads none of this company's call analysis",
    surface: 'ai',
    rules: ['AI-ISOLATION-CALLS'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'two reads by each company': 4 } },
    needs: { surfaces: ['core'], keys: ['other'] },
    async run(t) {
      const rule = 'AI-ISOLATION-CALLS';
      const call = await analysedCall(t);
      const statuses: string[] = [];
      for (const [read, query] of [
        ['summary', {}],
        ['transcription', { limit: 3 }],
      ] as const) {
        const own = await t.req('ai', 'GET', ciPath(call.id, read)).query(query).send();
        t.expectOk(own, `reading the ${read} with the company's own key`);
        const secrets = textsOf(own.json);
        const ex = await t.req('ai', 'GET', ciPath(call.id, read)).query(query).as('other').send();
        t.expectStatus(rule, ex, [401, 404]);
        const leaked = secrets.find((s) => ex.text.includes(JSON.stringify(s).slice(1, -1)));
        t.check(rule, leaked === undefined, () => `the other company's ${ex.status} on the ${read} holds ${leaked}`, ex);
        statuses.push(`${read} ${ex.status}`);
      }
      t.note(rule, `the other company's key got: ${statuses.join(', ')}`);
    },
  }),
];
