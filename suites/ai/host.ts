import type { Assertions } from '../../lib/checks/assertions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import { EdgeBlockError } from '../../lib/errors.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { UNKNOWN_ID } from '../shared/inert-values.ts';
import { credentialChecks, expectAuthLayer401, type Probe } from '../shared/credentials.ts';
import { httpsOnlyCheck } from '../shared/https-only.ts';
import { checkUtf8Json } from '../shared/media.ts';
import { expectServiceError } from '../shared/service-errors.ts';
import { wrongHostCheck } from '../shared/wrong-host.ts';

/**
 * Rules of the AI host as a whole: the authentication layer in front of every service, the shape of
 * errors the services raise, JSON bodies, and its paths on the wrong host.
 */

/** One probe per service; the authentication layer answers before either is reached. */
const AI_PROBES: readonly Probe[] = [
  { method: 'GET', path: `/ai/calls/${UNKNOWN_ID}/summary` },
  { method: 'GET', path: '/voice-agents/cc-conformance-probe' },
  { method: 'POST', path: '/voice-agents', body: {} },
];

/** A service-raised error no call of any account can avoid: Conversation Intelligence of a call that does not exist. */
const unknownCall = (t: CheckContext) => t.req('ai', 'GET', `/ai/calls/${UNKNOWN_ID}/summary`);

/** What a request got: the API's answer, or the page of an edge in front of it (which the client raises). */
async function edgeAnswer(request: RequestSpec): Promise<{ served: Exchange } | { blocked: Exchange }> {
  try {
    return { served: await request.send() };
  } catch (err) {
    if (err instanceof EdgeBlockError && err.exchange) return { blocked: err.exchange };
    throw err;
  }
}

/** A request to the AI host's services refused for its credentials: the authentication layer's 401 under `rule`. */
export function expectAi401(t: Assertions, rule: RuleId, ex: Exchange): void {
  expectAuthLayer401(t, rule, ex, 'AI-AUTH-401-NO-CORRELATION', 'AI-AUTH-401-BODY');
}

export const AI_HOST_CHECKS = [
  ...credentialChecks({
    name: 'ai',
    surface: 'ai',
    rules: { missing: 'AI-AUTH-MISSING-401', incorrect: 'AI-AUTH-INCORRECT-401', malformed: 'AI-AUTH-MALFORMED-401', revoked: 'AI-AUTH-REVOKED-401' },
    bodyRules: ['AI-AUTH-401-NO-CORRELATION', 'AI-AUTH-401-BODY'],
    probes: AI_PROBES,
    expect401: expectAi401,
  }),

  defineCheck({
    id: 'ai.auth.before-routing',
    title: "an unrouted path without valid credentials gets the authentication layer's 401, not 'Route not found'",
    surface: 'ai',
    rules: ['AI-AUTH-BEFORE-ROUTING'],
    cost: {
      requests: 4,
      elsewhere: { dialer: 2 },
    },
    async run(t) {
      const rule = 'AI-AUTH-BEFORE-ROUTING';
      const malformed = 'Bearer abcdef0123456789';
      // The spec names the first as not a route; no service of the host has the second.
      for (const request of [t.req('ai', 'DELETE', `/dialer/surveys/${UNKNOWN_ID}`), t.req('ai', 'GET', '/cc-conformance-unrouted')]) {
        const sent = [
          ['without credentials', request.noAuth()],
          ['with a Bearer Authorization header', request.authorization(malformed, 'another scheme (Bearer)', { kind: 'literal', header: malformed })],
        ] as const;
        for (const [how, spec] of sent) {
          const ex = await spec.send();
          const message = (ex.json as { message?: unknown } | undefined)?.message;
          t.check(
            rule,
            ex.status === 401,
            () => `${request.fields.method} ${request.fields.path} ${how} answered ${ex.status} ${JSON.stringify(message)}, not the authentication layer's 401`,
            ex,
          );
          t.expectSchema(rule, ex, 'ai/auth-401');
        }
      }
    },
  }),

  httpsOnlyCheck({ surface: 'ai', rule: 'AI-HTTPS-ONLY', path: `/ai/calls/${UNKNOWN_ID}/summary` }),

  defineCheck({
    id: 'ai.errors.service-shape',
    title: 'service errors carry { statusCode, message, error, correlationId }',
    surface: 'ai',
    rules: ['AI-ERR-SERVICE-SHAPE'],
    cost: { requests: 2 },
    async run(t) {
      // A missing resource, and a malformed parameter (a validation failure, or the same 404 if the call is looked up first).
      expectServiceError(t, 'AI-ERR-SERVICE-SHAPE', await unknownCall(t).send());
      expectServiceError(t, 'AI-ERR-SERVICE-SHAPE', await t.req('ai', 'GET', `/ai/calls/${UNKNOWN_ID}/transcription`).query({ limit: 0 }).send());
    },
  }),

  defineCheck({
    id: 'ai.errors.correlation-unique',
    title: 'whether two service errors of the same request share a correlationId (observed)',
    surface: 'ai',
    rules: ['AI-ERR-CORRELATION-UNIQUE'],
    cost: { requests: 2 },
    async run(t) {
      const ids: unknown[] = [];
      for (let i = 0; i < 2; i++) {
        const ex = await unknownCall(t).send();
        const id = (ex.json as { correlationId?: unknown } | undefined)?.correlationId;
        t.prerequisite(
          ex.status >= 400 && typeof id === 'string',
          'the unknown call did not answer a service error with a correlationId (judged by AI-ERR-SERVICE-SHAPE)',
          ex,
        );
        ids.push(id);
      }
      t.observe(
        'AI-ERR-CORRELATION-UNIQUE',
        ids[0] === ids[1]
          ? `two errors of the same request share the correlationId ${JSON.stringify(ids[0])}`
          : 'two errors of the same request carry distinct correlationIds',
      );
    },
  }),

  defineCheck({
    id: 'ai.errors.sub-errors',
    title: 'subErrors only on validation failures',
    surface: 'ai',
    rules: ['AI-ERR-SUBERRORS'],
    cost: { requests: 2 },
    async run(t) {
      const missing = await unknownCall(t).send();
      t.prerequisite(missing.status === 404, `the unknown call answered ${missing.status}, not 404 (judged by CI-UNKNOWN-CALL-404)`, missing);
      t.check(
        'AI-ERR-SUBERRORS',
        !('subErrors' in ((missing.json ?? {}) as object)),
        'a 404 for a missing resource carries subErrors, which belong to validation failures only',
        missing,
      );
      const invalid = await t.req('ai', 'GET', '/ai/calls/not-a-call-id/summary').send();
      const sub = (invalid.json as { subErrors?: unknown } | undefined)?.subErrors;
      if (sub === undefined) return t.note('AI-ERR-SUBERRORS', `a non-numeric callId answered ${invalid.status} without subErrors`);
      t.check(
        'AI-ERR-SUBERRORS',
        invalid.status === 400 || invalid.status === 422,
        `subErrors on a ${invalid.status}, which is no validation failure`,
        invalid,
      );
      t.check(
        'AI-ERR-SUBERRORS',
        Array.isArray(sub) && sub.every((s) => typeof s === 'string'),
        `subErrors is ${JSON.stringify(sub)}, not an array of strings`,
        invalid,
      );
    },
  }),

  defineCheck({
    id: 'ai.json',
    title: 'AI-host bodies are UTF-8 JSON',
    surface: 'ai',
    rules: ['AI-JSON-UTF8'],
    cost: { requests: 2 },
    async run(t) {
      for (const probe of [unknownCall(t), t.req('ai', 'GET', '/voice-agents/cc-conformance-probe').noAuth()]) {
        const ex = await probe.send();
        checkUtf8Json(t, 'AI-JSON-UTF8', ex);
      }
    },
  }),

  defineCheck({
    id: 'ai.base-path',
    title: 'the AI host serves under /v1: the configured URL ends in it and the service answers there',
    surface: 'ai',
    rules: ['AI-BASE-PATH'],
    cost: { requests: 1 },
    async run(t) {
      const rule = 'AI-BASE-PATH';
      const base = new URL(t.target.urls.ai as string);
      const path = base.pathname.replace(/\/+$/, '');
      t.check(rule, path.endsWith('/v1'), `the configured AI URL has the path ${JSON.stringify(base.pathname)}, which does not end in /v1`);
      t.note(rule, `the base path ${path} is judged on the configured CC_AI_URL: only the URL a user gives shows it`);
      const ex = await unknownCall(t).send();
      const message = (ex.json as { message?: unknown } | undefined)?.message;
      t.check(
        rule,
        ex.status === 404 && message !== 'Route not found' && typeof message === 'string',
        () => `a Conversation Intelligence read under ${path} answered ${ex.status} ${JSON.stringify(message)}, not the service's own 404`,
        ex,
      );
    },
  }),

  defineCheck({
    id: 'ai.edge-block',
    title: 'an edge-block 403 (HTML, provoked by a blank User-Agent) carries no correlationId',
    surface: 'ai',
    rules: ['AI-EDGE-403-NO-CORRELATION'],
    cost: { requests: 1 },
    async run(t) {
      const rule = 'AI-EDGE-403-NO-CORRELATION';
      const answer = await edgeAnswer(unknownCall(t).header('user-agent', ''));
      if ('served' in answer) t.skip(`a request with a blank User-Agent was answered ${answer.served.status} by the API itself: no edge block to judge`);
      const { blocked } = answer as { blocked: Exchange };
      const headers = Object.keys(blocked.headers).filter((name) => /correlation/i.test(name));
      t.check(rule, headers.length === 0, () => `the edge-block 403 sends the header(s) ${headers.join(', ')}`, blocked);
      t.check(rule, !/correlation[-_ ]?id/i.test(blocked.text), 'the edge-block page quotes a correlationId', blocked);
    },
  }),

  wrongHostCheck({
    paths: 'ai',
    sentTo: ['core', 'analytics', 'cuecard'],
    rule: 'AI-WRONG-HOST-404',
    title: 'AI paths on another host are 404',
    cost: {
      requests: 6,
      elsewhere: { core: 2, analytics: 2, cuecard: 2 },
    },
    // Requests a serving host answers with a validation error, not a 404, so serving them cannot hide behind 'not found'.
    requests: (t, host) => [t.req(host, 'GET', '/ai/calls/not-a-call-id/summary'), t.req(host, 'POST', '/voice-agents').json({ agentName: 42 })],
  }),
];
