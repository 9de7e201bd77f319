import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import { judgeConfiguredPrefix } from '../shared/base-path.ts';
import { credentialChecks, withWrongSecret } from '../shared/credentials.ts';
import { checkUtf8Json } from '../shared/media.ts';
import { httpsOnlyCheck } from '../shared/https-only.ts';
import { wrongHostCheck } from '../shared/wrong-host.ts';
import { IDLE_CALL_REQUESTS, idleAgentCall } from './idle-call.ts';

/**
 * CueCard (spec: Endpoints > CueCard). The path and payload follow the vendor reference. A card is only
 * ever sent for a call UUID made up for the run, or for a call that has ended and whose agent the core API
 * shows not on a call, so no live call on an account ever gets one.
 */
export function cuecardFor(t: CheckContext, callUuid: string): Record<string, unknown> {
  return { call_uuid: callUuid, type: 'html', title: t.uniqueName(), content: '<p>cc-conformance probe</p>' };
}

const create = (t: CheckContext, surface: Surface = 'cuecard') => t.req(surface, 'POST', '/cuecards').json(cuecardFor(t, randomUUID()));

export const CUECARD_CHECKS = [
  httpsOnlyCheck({ surface: 'cuecard', rule: 'CUECARD-HTTPS-ONLY', path: '/cuecards' }),

  defineCheck({
    id: 'cuecard.no-active-call',
    title: 'Create CueCard: 424 for a call whose agent has no active call; what a made-up call answers is reported',
    surface: 'cuecard',
    rules: ['CUECARD-UNKNOWN-CALL', 'CUECARD-424-NO-CALL'],
    cost: { requests: { 'a card for a made-up call': 1, "find an idle agent's call": IDLE_CALL_REQUESTS, 'a card for that call': 1 } },
    async run(t) {
      const made = await create(t).send();
      t.observe('CUECARD-UNKNOWN-CALL', `a card for a call UUID no call has answered ${made.status}: ${made.text.slice(0, 200)}`);
      t.done('CUECARD-UNKNOWN-CALL');

      const rule = 'CUECARD-424-NO-CALL';
      if (!t.hasSurface('core') || !t.hasSurface('analytics'))
        t.skip("needs CC_BASE_URL and CC_ANALYTICS_URL: an agent without an active call is found through the core agent list and a call's details");
      const idle = await idleAgentCall(t);
      const { uuid, callId, agentId, availability } = typeof idle === 'string' ? t.skip(`no agent known to be without an active call: ${idle}`) : idle;
      const ex = await t.req('cuecard', 'POST', '/cuecards').json(cuecardFor(t, uuid)).send();
      t.expectStatus(rule, ex, 424);
      t.note(rule, `call ${callId} of agent ${agentId} (${availability}): 424 ${ex.text.slice(0, 160)}`);
    },
  }),

  defineCheck({
    id: 'cuecard.post-only',
    title: 'CueCard is POST-only',
    surface: 'cuecard',
    rules: ['CUECARD-POST-ONLY'],
    cost: { requests: 4 },
    async run(t) {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
        const spec = t.req('cuecard', method, '/cuecards');
        const ex = await (method === 'GET' || method === 'DELETE' ? spec : spec.json(cuecardFor(t, randomUUID()))).send();
        t.check('CUECARD-POST-ONLY', ex.status < 200 || ex.status >= 300, `${method} /cuecards answered ${ex.status}`, ex);
      }
    },
  }),

  defineCheck({
    id: 'cuecard.auth',
    title: 'CueCard: no credentials and a wrong secret get 401',
    surface: 'cuecard',
    rules: ['CUECARD-AUTH-401'],
    cost: { requests: 2 },
    async run(t) {
      t.expectStatus('CUECARD-AUTH-401', await create(t).noAuth().send(), 401);
      t.expectStatus('CUECARD-AUTH-401', await withWrongSecret(t, create(t)).send(), 401);
    },
  }),

  // Missing and wrong credentials are judged by cuecard.auth above. The probe's card is for a made-up call.
  ...credentialChecks({
    name: 'cuecard',
    surface: 'cuecard',
    rules: { malformed: 'CUECARD-AUTH-MALFORMED-401', revoked: 'CUECARD-AUTH-REVOKED-401' },
    bodyRules: [],
    probes: [
      {
        method: 'POST',
        path: '/cuecards',
        body: { call_uuid: '00000000-0000-4000-8000-00000000c0de', type: 'html', title: 'cc-conformance probe', content: '<p>cc-conformance probe</p>' },
      },
    ],
    expect401: (t, rule, ex) => t.expectStatus(rule, ex, 401),
  }),

  defineCheck({
    id: 'cuecard.json',
    title: 'CueCard bodies are UTF-8 JSON, under the /api the configured URL ends in',
    surface: 'cuecard',
    rules: ['CUECARD-JSON-UTF8', 'CUECARD-BASE-PATH'],
    cost: { requests: 2 },
    async run(t) {
      judgeConfiguredPrefix(t, 'CUECARD-BASE-PATH', 'cuecard', '/api');
      for (const probe of [create(t).noAuth(), create(t)]) {
        const ex = await probe.send();
        // A bodiless answer holds nothing to judge here (the success status of a card is not shown).
        if (ex.bodyBytes === 0) {
          t.note('CUECARD-JSON-UTF8', `${ex.request.method} /cuecards answered ${ex.status} without a body`);
          continue;
        }
        checkUtf8Json(t, 'CUECARD-JSON-UTF8', ex);
      }
    },
  }),

  defineCheck({
    id: 'cuecard.same-key',
    title: 'the core key pair works on the CueCard host',
    surface: 'cuecard',
    rules: ['CUECARD-SAME-KEY'],
    cost: { requests: 1 },
    async run(t) {
      const ex = await create(t).send();
      t.check('CUECARD-SAME-KEY', ex.status !== 401, 'the key pair of the core API was refused with 401 on the CueCard host', ex);
      t.note('CUECARD-SAME-KEY', `a card for a call that is not live answered ${ex.status}`);
    },
  }),

  wrongHostCheck({
    paths: 'cuecard',
    sentTo: ['core', 'analytics', 'ai'],
    rule: 'CUECARD-WRONG-HOST-404',
    title: 'the CueCard path on another host is 404',
    cost: {
      requests: 3,
      elsewhere: { core: 1, analytics: 1, ai: 1 },
    },
    requests: (t, host) => [create(t, host)],
  }),
];
