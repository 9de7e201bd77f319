import { judgeLimitedBodies, judgeResetHeaders } from '../../lib/budget/judge-trial.ts';
import { ServerClock } from '../../lib/budget/server-clock.ts';
import { isEdgeBlock } from '../../lib/requests/pipeline.ts';
import { eachExchange, ruleJudge, type TrafficJudge } from '../../lib/traffic/judge.ts';
import type { ObservedExchange } from '../../lib/traffic/observed.ts';
import { OBSERVABLE_FROM_TRAFFIC } from '../../lib/rules/traffic.ts';
import { CORE_PAGE_JUDGES } from './core-pages.ts';
import { DIALER_LIST_JUDGES } from './dialer-lists.ts';
import { RESOURCE_JUDGES } from './resources.ts';
import { judgeCountries } from '../core/actions/countries-and-actions.ts';
import { expectCore401, judgeCore401Body } from '../core/authentication/keys.ts';
import { judgeBlacklistItems } from '../core/blacklist/entries.ts';
import { judgeCallDates } from '../core/calls/history.ts';
import { judgeCollection, judgeCoreFailure, judgeSingle } from '../core/service/envelopes.ts';
import { expectAi401 } from '../ai/host.ts';
import { expectDialer401 } from '../dialer/authentication/host.ts';
import { judgeCampaignListPage } from '../dialer/campaigns/lists.ts';
import { judgeAuthLayer401Body } from '../shared/credentials.ts';
import { checkUtf8Json } from '../shared/media.ts';
import { isObject, type Json } from '../shared/json.ts';
import { judgeAgentRead, judgeCreatedAgent } from '../ai/voice-agents/index.ts';
import { expectRequestId } from '../ai/voice-agents/errors.ts';
import { judgeTimestamps } from '../ai/voice-agents/reads.ts';
import { judgeTranscription } from '../ai/conversation-intelligence/reads.ts';
import { judgeCiLimitEcho, judgePagedEnvelope } from '../ai/conversation-intelligence/paging.ts';
import type { PagedRead } from '../ai/conversation-intelligence/calls.ts';
import { expectAnalyticsError } from '../analytics/index.ts';
import { expectServiceError } from '../shared/service-errors.ts';

/**
 * The judges of traffic: each reads the exchanges of a capture its rules speak of and judges them with the
 * function the run's checks call on the same kind of answer (one fact, one judge). What each reads is the
 * catalogue's word (lib/rules/traffic.ts).
 */

/** An answer the API gave: not an edge's HTML page in front of it, and with its body kept by the recording. */
const fromApi = (seen: ObservedExchange): boolean => !isEdgeBlock(seen.exchange) && !seen.bodyLeftOut;
const on = (seen: ObservedExchange, part: ObservedExchange['placement']['part']): boolean => seen.placement.part === part && fromApi(seen);
const get = (seen: ObservedExchange, path: RegExp): boolean => seen.exchange.request.method === 'GET' && path.test(seen.placement.path);
const ok = (seen: ObservedExchange): boolean => seen.exchange.status >= 200 && seen.exchange.status < 300;
/** Conversation Intelligence and VoiceAgent: the AI host but the Dialer. */
const aiServices = (seen: ObservedExchange): boolean => on(seen, 'ai');
const ciPath = (seen: ObservedExchange): boolean => /^\/ai\//.test(seen.placement.path);

const beforeService = (seen: ObservedExchange): boolean => seen.exchange.status === 401 || seen.exchange.status === 429;
const agentCreate = (seen: ObservedExchange): boolean => seen.exchange.request.method === 'POST' && seen.placement.path === '/voice-agents';
/** The voiceAgentId a read asks for, or undefined when the exchange is no read of one voice agent. */
const agentRead = (seen: ObservedExchange): string | undefined =>
  seen.exchange.request.method === 'GET' ? /^\/voice-agents\/([^/]+)$/.exec(seen.placement.path)?.[1] : undefined;
const dataOfAgent = (ex: ObservedExchange['exchange']): Json | undefined => (isObject(ex.json) && isObject(ex.json.data) ? ex.json.data : undefined);
/** The callId a transcription read asks for, when it is a number. */
const transcriptionOf = (seen: ObservedExchange): number | undefined => {
  const id = /^\/ai\/calls\/(\d+)\/transcription$/.exec(seen.placement.path)?.[1];
  return seen.exchange.request.method === 'GET' && id !== undefined ? Number(id) : undefined;
};

/** Which paged read of an analysed call an exchange is: topics or transcription. */
const pagedRead = (seen: ObservedExchange): PagedRead | undefined =>
  seen.exchange.request.method === 'GET' ? (/^\/ai\/calls\/[^/]+\/(topics|transcription)$/.exec(seen.placement.path)?.[1] as PagedRead | undefined) : undefined;
/** The limit a paged read sent, when it is a whole number. */
const ciLimit = (seen: ObservedExchange): number | undefined => {
  const raw = new URL(seen.exchange.request.url).searchParams.get('limit');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
};

/** X-ServiceAPI-ResetTime on each core 429, the server's clock bounded by the Date of every core answer before it. */
function resetHeaders(): TrafficJudge {
  const rule = 'CORE-RATE-RESET-HEADER';
  return {
    id: 'traffic.core.reset-header',
    title: `${rule} from traffic`,
    surface: 'core',
    rules: [rule],
    reading: OBSERVABLE_FROM_TRAFFIC[rule] ?? '',
    reads: (seen) => on(seen, 'core'),
    start() {
      const clock = new ServerClock();
      return {
        see(t, seen) {
          clock.observe(seen.exchange);
          if (seen.exchange.status === 429) judgeResetHeaders(t, [seen.exchange], clock);
        },
      };
    },
  };
}

export const TRAFFIC_JUDGES: readonly TrafficJudge[] = [
  ...CORE_PAGE_JUDGES,
  ...DIALER_LIST_JUDGES,
  ...RESOURCE_JUDGES,
  ruleJudge(
    'traffic.core.missing-credentials',
    'CORE-AUTH-MISSING-401',
    'core',
    (s) => on(s, 'core') && s.unauthenticated,
    (t, s) => expectCore401(t, 'CORE-AUTH-MISSING-401', s.exchange),
    ['CORE-AUTH-401-BODY'],
  ),
  ruleJudge(
    'traffic.core.401-body',
    'CORE-AUTH-401-BODY',
    'core',
    (s) => on(s, 'core') && s.exchange.status === 401,
    (t, s) => judgeCore401Body(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.json',
    'CORE-JSON-UTF8',
    'core',
    (s) => on(s, 'core') && s.exchange.request.method !== 'HEAD',
    (t, s) => checkUtf8Json(t, 'CORE-JSON-UTF8', s.exchange),
  ),
  ruleJudge(
    'traffic.core.failures',
    'CORE-ERR-ENVELOPE',
    'core',
    (s) => on(s, 'core') && s.exchange.status >= 400,
    (t, s) => judgeCoreFailure(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.collections',
    'CORE-ENV-COLLECTION',
    'core',
    (s) => on(s, 'core') && get(s, /^\/(calls|blacklist|contacts)\/index\.json$/) && ok(s),
    (t, s) => judgeCollection(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.single',
    'CORE-ENV-SINGLE',
    'core',
    (s) => on(s, 'core') && get(s, /^\/contacts\/show\/[^/]+\.json$/) && ok(s),
    (t, s) => judgeSingle(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.blacklist',
    'CORE-BLACKLIST-ITEM',
    'core',
    (s) => on(s, 'core') && get(s, /^\/blacklist\/index\.json$/) && ok(s),
    (t, s) => {
      judgeBlacklistItems(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.core.call-dates',
    'CORE-CALLS-DATE-FORMAT',
    'core',
    (s) => on(s, 'core') && get(s, /^\/calls\/index\.json$/) && ok(s),
    (t, s) => {
      judgeCallDates(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.core.countries',
    'CORE-COUNTRIES-PLAIN-ARRAY',
    'core',
    (s) => on(s, 'core') && get(s, /^\/countries\/index\.json$/) && ok(s),
    (t, s) => judgeCountries(t, s.exchange),
  ),
  ruleJudge(
    'traffic.core.429-body',
    'CORE-RATE-429-BODY',
    'core',
    (s) => on(s, 'core') && s.exchange.status === 429,
    (t, s) => judgeLimitedBodies(t, 'core', [s.exchange]),
  ),
  resetHeaders(),
  ruleJudge(
    'traffic.ai.missing-credentials',
    'AI-AUTH-MISSING-401',
    'ai',
    (s) => aiServices(s) && s.unauthenticated,
    (t, s) => expectAi401(t, 'AI-AUTH-MISSING-401', s.exchange),
    ['AI-AUTH-401-NO-CORRELATION', 'AI-AUTH-401-BODY'],
  ),
  eachExchange({
    id: 'traffic.ai.401-body',
    title: 'AI-AUTH-401-BODY and AI-AUTH-401-NO-CORRELATION from traffic',
    surface: 'ai',
    rules: ['AI-AUTH-401-NO-CORRELATION', 'AI-AUTH-401-BODY'],
    reading: OBSERVABLE_FROM_TRAFFIC['AI-AUTH-401-BODY'] ?? '',
    reads: (s) => aiServices(s) && s.exchange.status === 401,
    judge: (t, s) => judgeAuthLayer401Body(t, s.exchange, 'AI-AUTH-401-NO-CORRELATION', 'AI-AUTH-401-BODY'),
  }),
  ruleJudge(
    'traffic.ai.json',
    'AI-JSON-UTF8',
    'ai',
    (s) => (on(s, 'ai') || on(s, 'dialer')) && s.exchange.bodyBytes > 0,
    (t, s) => checkUtf8Json(t, 'AI-JSON-UTF8', s.exchange),
  ),
  ruleJudge(
    'traffic.ai.service-errors',
    'AI-ERR-SERVICE-SHAPE',
    'ai',
    (s) => aiServices(s) && ciPath(s) && s.exchange.status >= 400 && !beforeService(s),
    (t, s) => expectServiceError(t, 'AI-ERR-SERVICE-SHAPE', s.exchange),
  ),
  ruleJudge(
    'traffic.dialer.missing-credentials',
    'DIALER-AUTH-MISSING-401',
    'dialer',
    (s) => on(s, 'dialer') && s.unauthenticated,
    (t, s) => expectDialer401(t, 'DIALER-AUTH-MISSING-401', s.exchange),
    ['DIALER-AUTH-401-BODY'],
  ),
  ruleJudge(
    'traffic.dialer.401-body',
    'DIALER-AUTH-401-BODY',
    'dialer',
    (s) => on(s, 'dialer') && s.exchange.status === 401,
    (t, s) => judgeAuthLayer401Body(t, s.exchange, 'DIALER-AUTH-401-BODY', 'DIALER-AUTH-401-BODY'),
  ),
  ruleJudge(
    'traffic.dialer.x-api-key',
    'DIALER-X-API-KEY-401',
    'dialer',
    (s) => on(s, 'dialer') && s.exchange.request.headers['x-api-key'] !== undefined,
    (t, s) => {
      t.expectStatus('DIALER-X-API-KEY-401', s.exchange, 401);
    },
  ),
  ruleJudge(
    'traffic.dialer.campaign-list',
    'DIALER-CAMPAIGN-LIST-ENVELOPE',
    'dialer',
    (s) => on(s, 'dialer') && s.route?.name === 'campaigns.list' && ok(s),
    (t, s) => {
      judgeCampaignListPage(t, s.exchange);
    },
  ),
  ruleJudge(
    'traffic.dialer.429-body',
    'DIALER-RATE-429-BODY',
    'dialer',
    (s) => on(s, 'dialer') && s.exchange.status === 429,
    (t, s) => judgeLimitedBodies(t, 'dialer', [s.exchange]),
  ),
  ruleJudge(
    'traffic.cuecard.json',
    'CUECARD-JSON-UTF8',
    'cuecard',
    (s) => on(s, 'cuecard') && s.exchange.bodyBytes > 0,
    (t, s) => checkUtf8Json(t, 'CUECARD-JSON-UTF8', s.exchange),
  ),
  ruleJudge(
    'traffic.analytics.json',
    'ANALYTICS-JSON-UTF8',
    'analytics',
    (s) => on(s, 'analytics') && s.exchange.bodyBytes > 0,
    (t, s) => checkUtf8Json(t, 'ANALYTICS-JSON-UTF8', s.exchange),
  ),
  ruleJudge(
    'traffic.voice-agents.create',
    'VA-CREATE-ENVELOPE',
    'ai',
    (s) => aiServices(s) && agentCreate(s) && ok(s),
    (t, s) => judgeCreatedAgent(t, s.exchange),
  ),
  ruleJudge(
    'traffic.voice-agents.get',
    'VA-GET',
    'ai',
    (s) => aiServices(s) && agentRead(s) !== undefined && ok(s),
    (t, s) => judgeAgentRead(t, s.exchange, agentRead(s) as string),
  ),
  // A 401 and a 429 come from the layers ahead of the service, which give no requestId.
  ruleJudge(
    'traffic.voice-agents.request-id',
    'VA-REQUEST-ID',
    'ai',
    (s) => aiServices(s) && (agentCreate(s) || agentRead(s) !== undefined) && !beforeService(s),
    (t, s) => expectRequestId(t, s.exchange, `${s.exchange.request.method} ${s.placement.path}`),
  ),
  ruleJudge(
    'traffic.voice-agents.timestamps',
    'VA-TIMESTAMPS',
    'ai',
    (s) => aiServices(s) && (agentCreate(s) || agentRead(s) !== undefined) && ok(s) && isObject(dataOfAgent(s.exchange)?.attributes),
    (t, s) => {
      judgeTimestamps(t, dataOfAgent(s.exchange)?.attributes as Json, `${s.exchange.request.method} ${s.placement.path}`, s.exchange);
    },
  ),
  eachExchange({
    id: 'traffic.ci.transcription',
    title: 'CI-TRANSCRIPTION-SCHEMA, CI-SEGMENT-CALLER and CI-SEGMENT-TIMES from traffic',
    surface: 'ai',
    rules: ['CI-TRANSCRIPTION-SCHEMA', 'CI-SEGMENT-CALLER', 'CI-SEGMENT-TIMES'],
    reading: OBSERVABLE_FROM_TRAFFIC['CI-TRANSCRIPTION-SCHEMA'] ?? '',
    reads: (s) => aiServices(s) && transcriptionOf(s) !== undefined && s.exchange.status === 200,
    judge: (t, s) => {
      judgeTranscription(t, s.exchange, transcriptionOf(s) as number);
    },
  }),
  eachExchange({
    id: 'traffic.analytics.errors',
    title: 'ANALYTICS-ERR-SHAPE and ANALYTICS-ERR-NO-CORRELATION from traffic',
    surface: 'analytics',
    rules: ['ANALYTICS-ERR-SHAPE', 'ANALYTICS-ERR-NO-CORRELATION'],
    reading: OBSERVABLE_FROM_TRAFFIC['ANALYTICS-ERR-SHAPE'] ?? '',
    reads: (s) => on(s, 'analytics') && get(s, /^\/calls\/[^/]+$/) && s.exchange.status >= 400 && !beforeService(s),
    judge: (t, s) => expectAnalyticsError(t, s.exchange),
  }),
  ruleJudge(
    'traffic.ci.paged-envelope',
    'CI-PAGED-ENVELOPE',
    'ai',
    (s) => aiServices(s) && pagedRead(s) !== undefined && s.exchange.status === 200,
    (t, s) => {
      judgePagedEnvelope(t, s.exchange, pagedRead(s) as PagedRead);
    },
  ),
  ruleJudge(
    'traffic.ci.limit-echo',
    'CI-LIMIT-ECHO',
    'ai',
    (s) => aiServices(s) && pagedRead(s) !== undefined && s.exchange.status === 200 && (ciLimit(s) ?? 0) >= 1,
    (t, s) => judgeCiLimitEcho(t, s.exchange, pagedRead(s) as PagedRead, ciLimit(s) as number),
  ),
];
