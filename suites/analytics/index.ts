import type { Assertions } from '../../lib/checks/assertions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { readPage } from '../shared/core-reads.ts';
import { UNKNOWN_ID } from '../shared/inert-values.ts';
import { judgeConfiguredPrefix } from '../shared/base-path.ts';
import { credentialChecks, withWrongSecret } from '../shared/credentials.ts';
import { checkUtf8Json, successMediaJudge } from '../shared/media.ts';
import { httpsOnlyCheck } from '../shared/https-only.ts';
import { wrongHostCheck } from '../shared/wrong-host.ts';
import { expectServiceError } from '../shared/service-errors.ts';

/**
 * Analytics host: Get call details (spec: Endpoints > Analytics; path from the vendor reference) and
 * its own error shape { statusCode, message, error } without correlationId.
 */

/** A call of the company under test, from the core call history (1 core request, shared by the run). */
async function knownCallId(t: CheckContext): Promise<string> {
  const id = await t.memo('analytics.call-id', async () => {
    const { page } = await readPage<{ Cdr?: { id?: unknown } }>(t, '/calls/index.json', { limit: 1 });
    return page.data[0]?.Cdr?.id;
  });
  if (id === undefined || id === null) t.skip('the call history is empty, so there is no call to ask details of');
  return String(id);
}

const details = (t: CheckContext, id: string | number, surface: Surface = 'analytics') => t.req(surface, 'GET', `/calls/${id}`);

/** An error of Get call details: the service shape with the analytics schema, and no correlationId. */
export function expectAnalyticsError(t: Assertions, ex: Exchange): void {
  expectServiceError(t, 'ANALYTICS-ERR-SHAPE', ex, 'analytics/error');
  t.check('ANALYTICS-ERR-NO-CORRELATION', !('correlationId' in (ex.json as object)), 'the error carries a correlationId', ex);
}

export const ANALYTICS_CHECKS = [
  httpsOnlyCheck({ surface: 'analytics', rule: 'ANALYTICS-HTTPS-ONLY', path: `/calls/${UNKNOWN_ID}` }),

  defineCheck({
    id: 'analytics.call-details',
    title: 'Get call details of a call of the history: 200 with an object',
    surface: 'analytics',
    // ANALYTICS-JSON-UTF8 on the same answer: the host's success bodies.
    rules: ['ANALYTICS-CALL-DETAILS', 'ANALYTICS-JSON-UTF8'],
    cost: { requests: 2 },
    needs: { surfaces: ['core'] },
    async run(t) {
      const ex = await details(t, await knownCallId(t)).send();
      const media = successMediaJudge(t, 'ANALYTICS-JSON-UTF8');
      media.judge(ex, 'Get call details of a call of the history');
      media.settle('Get call details of a call of the history');
      t.expectStatus('ANALYTICS-CALL-DETAILS', ex, 200);
      const body = ex.json;
      t.check('ANALYTICS-CALL-DETAILS', body !== null && typeof body === 'object' && !Array.isArray(body), 'the call details are not a JSON object', ex);
      t.note(
        'ANALYTICS-CALL-DETAILS',
        `fields: ${Object.keys(body as object)
          .slice(0, 20)
          .join(', ')}`,
      );
    },
  }),

  defineCheck({
    id: 'analytics.unknown-call',
    title: 'Get call details of a call that does not exist: 404',
    surface: 'analytics',
    rules: ['ANALYTICS-UNKNOWN-404'],
    cost: { requests: 1 },
    run: async (t) => t.expectStatus('ANALYTICS-UNKNOWN-404', await details(t, UNKNOWN_ID).send(), 404),
  }),

  defineCheck({
    id: 'analytics.errors',
    title: 'Get call details errors: { statusCode, message, error }, no correlationId',
    surface: 'analytics',
    rules: ['ANALYTICS-ERR-SHAPE', 'ANALYTICS-ERR-NO-CORRELATION'],
    cost: { requests: 2 },
    async run(t) {
      expectAnalyticsError(t, await details(t, UNKNOWN_ID).send());
      const invalid = await details(t, 'not-a-call-id').send();
      expectAnalyticsError(t, invalid);
      const message = (invalid.json as { message: unknown }).message;
      t.note(
        'ANALYTICS-ERR-SHAPE',
        `a non-numeric callId answered ${invalid.status} with message as ${Array.isArray(message) ? 'an array of validation strings' : 'a string'}`,
      );
    },
  }),

  defineCheck({
    id: 'analytics.auth',
    title: 'analytics: no credentials and a wrong secret get 401',
    surface: 'analytics',
    rules: ['ANALYTICS-AUTH-401'],
    cost: { requests: 2 },
    async run(t) {
      t.expectStatus('ANALYTICS-AUTH-401', await details(t, UNKNOWN_ID).noAuth().send(), 401);
      t.expectStatus('ANALYTICS-AUTH-401', await withWrongSecret(t, details(t, UNKNOWN_ID)).send(), 401);
    },
  }),

  // Missing and wrong credentials are judged by analytics.auth above.
  ...credentialChecks({
    name: 'analytics',
    surface: 'analytics',
    rules: { malformed: 'ANALYTICS-AUTH-MALFORMED-401', revoked: 'ANALYTICS-AUTH-REVOKED-401' },
    bodyRules: [],
    probes: [{ method: 'GET', path: `/calls/${UNKNOWN_ID}` }],
    expect401: (t, rule, ex) => t.expectStatus(rule, ex, 401),
  }),

  defineCheck({
    id: 'analytics.json',
    title: 'analytics bodies are UTF-8 JSON, under the /api the configured URL ends in',
    surface: 'analytics',
    rules: ['ANALYTICS-JSON-UTF8', 'ANALYTICS-BASE-PATH'],
    cost: { requests: 2 },
    async run(t) {
      judgeConfiguredPrefix(t, 'ANALYTICS-BASE-PATH', 'analytics', '/api');
      for (const probe of [details(t, UNKNOWN_ID), details(t, UNKNOWN_ID).noAuth()]) {
        const ex = await probe.send();
        checkUtf8Json(t, 'ANALYTICS-JSON-UTF8', ex);
      }
    },
  }),

  defineCheck({
    id: 'analytics.same-key',
    title: 'the core key pair works on the analytics host',
    surface: 'analytics',
    rules: ['ANALYTICS-SAME-KEY'],
    cost: { requests: 1 },
    async run(t) {
      const ex = await details(t, UNKNOWN_ID).send();
      t.check('ANALYTICS-SAME-KEY', ex.status !== 401, 'the key pair of the core API was refused with 401 on the analytics host', ex);
    },
  }),

  defineCheck({
    id: 'analytics.isolation',
    title: "another company's key never reads this company's call details",
    surface: 'analytics',
    rules: ['ANALYTICS-ISOLATION'],
    cost: { requests: 3 },
    needs: { surfaces: ['core'], keys: ['other'] },
    async run(t) {
      const id = await knownCallId(t);
      const own = await details(t, id).send();
      t.expectOk(own, 'reading the call details with the own key');
      const uuid = (own.json as { uuid?: unknown }).uuid;
      const foreign = await details(t, id).as('other').send();
      t.check('ANALYTICS-ISOLATION', [401, 404].includes(foreign.status), `expected 401 or 404 for another company's call, got ${foreign.status}`, foreign);
      if (typeof uuid === 'string') t.check('ANALYTICS-ISOLATION', !foreign.text.includes(uuid), "the other company's answer holds the call's uuid", foreign);
      t.note('ANALYTICS-ISOLATION', `another company's key answered ${foreign.status}`);
    },
  }),

  wrongHostCheck({
    paths: 'analytics',
    sentTo: ['core', 'ai', 'cuecard'],
    rule: 'ANALYTICS-WRONG-HOST-404',
    title: 'the Get call details path on another host is 404',
    cost: {
      requests: { 'the call history': 1, 'a probe on each other host': 3 },
      // The call history once (memoised with the other analytics checks), then one probe per other host.
      elsewhere: { core: 2, ai: 1, cuecard: 1 },
    },
    needs: { surfaces: ['core'] },
    // A real call: a host that wrongly serves the path would answer it with 200, not a 404 for an unknown id.
    // knownCallId reads the history before the first probe only; later hosts get the memoised id.
    requests: async (t, host) => [details(t, await knownCallId(t), host)],
  }),
];
