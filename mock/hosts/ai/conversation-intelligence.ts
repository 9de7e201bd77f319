import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyOf, type MockContext } from '../../context.ts';
import { analysisOf, type CallAnalysis } from '../../state/analysis.ts';
import { serviceError } from './errors.ts';

/**
 * Conversation Intelligence: read-only analysis of one call per request (spec: Endpoints >
 * Conversation Intelligence). Only GET is routed; every other method falls to the host's 404.
 */

/**
 * Page size when no limit is sent. The spec gives only the minimum (1); 50 is the default the spec
 * gives its other paginated lists (Dialer), and is echoed in pagination.limit like any applied limit.
 */
export const DEFAULT_CI_LIMIT = 50;

type Query = Record<string, string | string[] | undefined>;
interface Route {
  Params: { callId: string };
  Querystring: Query;
}
type Request = FastifyRequest<Route>;

/** A parsed count, absent (undefined), or the validation message for subErrors. */
type Count = { value: number | undefined } | { problem: string };

function parseCount(ctx: MockContext, raw: string | string[] | undefined, name: 'limit' | 'offset', min: number): Count {
  if (raw === undefined) return { value: undefined };
  if (Array.isArray(raw)) return { problem: `${name} must be a single value` };
  if (name === 'offset' && !/^-?\d+$/.test(raw) && ctx.faults.on('ci-offset-nan-500')) throw new Error(`offset ${raw} is NaN`);
  if (!/^-?\d+$/.test(raw)) return { problem: `${name} must be an integer number` };
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) return { problem: `${name} must not be greater than ${Number.MAX_SAFE_INTEGER}` };
  if (name === 'limit' && n === 0 && ctx.faults.on('ci-limit-zero-echoed')) return { value: 0 };
  if (n < min) return { problem: `${name} must not be less than ${min}` };
  return { value: n };
}

/** What a fault makes of a call the company does not have: an analysis with nothing in it. */
function emptyAnalysis(callId: number): CallAnalysis {
  return {
    callId,
    language: 'en',
    callers: [],
    segments: [],
    topics: [],
    summary: '',
    overallSentiment: 'neutral',
    talkListenRatio: [],
    smartNotes: {
      callDetails: { callDateTime: new Date(0).toISOString(), participants: [], callMetadata: '' },
      actionItems: [],
      decisionsMade: [],
      openQuestions: [],
      importantDatesAndDeadlines: [],
      risksAndIssues: [],
      customerFeedback: [],
    },
    detailsLink: '',
  };
}

/** The analysis the request asks for, or undefined once an error has been sent. */
function analysisFor(ctx: MockContext, req: Request, reply: FastifyReply): CallAnalysis | undefined {
  const { state, faults } = ctx;
  const raw = req.params.callId;
  if (!/^\d+$/.test(raw)) {
    if (faults.on('ci-callid-nan-500')) throw new Error(`callId ${raw} is NaN`);
    // The fault's service refuses the callId as a validation failure, yet sends no subErrors with it.
    serviceError(ctx, reply, 400, 'Validation failed', faults.on('ci-callid-400-no-suberrors') ? undefined : ['callId must be an integer number']);
    return undefined;
  }
  const callId = Number(raw);
  // Identifiers are scoped to the company of the credentials; the leak fault forgets that.
  const companies = faults.on('ci-isolation-leak') ? [companyOf(req), ...state.companies.values()] : [companyOf(req)];
  for (const company of companies) {
    const found = analysisOf(state.seed, company, callId);
    if (found === undefined) continue;
    if (found === null) {
      serviceError(ctx, reply, 404, 'Conversation Intelligence is not available for this call');
      return undefined;
    }
    return found;
  }
  if (faults.on('ci-unknown-call-500')) throw new Error(`call ${callId} dereferenced while missing`);
  if (faults.on('ci-unknown-call-200')) return emptyAnalysis(callId);
  // The error table lists 'Not found.' and 'Call not found' for a 404 without saying which endpoint uses which:
  // the reference dialect names the call, the variant gives the generic wording.
  serviceError(ctx, reply, 404, ctx.dialect === 'variant' ? 'Not found.' : 'Call not found');
  return undefined;
}

/** The five unpaginated reads: fields as the vendor reference names them, inside `data`. */
const SINGLE_READS: Readonly<Record<string, (a: CallAnalysis) => Record<string, unknown>>> = {
  summary: (a) => ({ callId: a.callId, summary: a.summary }),
  'overall-sentiment': (a) => ({ callId: a.callId, overallSentiment: a.overallSentiment }),
  'talk-listen-ratio': (a) => ({ callId: a.callId, talkListenRatio: a.talkListenRatio, callers: a.callers }),
  'smart-notes': (a) => ({ callId: a.callId, smartNotes: a.smartNotes }),
  'details-link': (a) => ({ link: a.detailsLink }),
};

interface Window {
  readonly offset: number;
  readonly send: (items: readonly unknown[], data: (page: readonly unknown[]) => Record<string, unknown>) => FastifyReply;
}

/** Reads limit and offset; sends the 400 and returns undefined when either is invalid. */
function pageWindow(ctx: MockContext, req: Request, reply: FastifyReply): Window | undefined {
  const { faults } = ctx;
  const limit = parseCount(ctx, req.query.limit, 'limit', 1);
  const offset = parseCount(ctx, req.query.offset, 'offset', 0);
  if ('problem' in limit || 'problem' in offset) {
    // Each fault's service refuses its parameter as a validation failure, yet sends no subErrors with it.
    const bare = ('problem' in limit && faults.on('ci-limit-400-no-suberrors')) || ('problem' in offset && faults.on('ci-offset-400-no-suberrors'));
    serviceError(ctx, reply, 400, 'Validation failed', bare ? undefined : [limit, offset].flatMap((c) => ('problem' in c ? [c.problem] : [])));
    return undefined;
  }
  const applied = { limit: limit.value ?? DEFAULT_CI_LIMIT, offset: offset.value ?? (faults.on('ci-offset-default-1') ? 1 : 0) };
  return {
    offset: applied.offset,
    send: (items, data) => {
      const start = faults.on('ci-walk-overlap') && applied.offset > 0 ? applied.offset - 1 : applied.offset;
      const page = items.slice(start, faults.on('ci-limit-ignored') ? items.length : start + applied.limit);
      const counters = { ...applied, total: items.length + (faults.on('ci-total-off-by-one') ? 1 : 0) };
      const pagination = faults.on('ci-pagination-strings') ? Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, String(v)])) : counters;
      return reply.code(200).send({ data: data(page), pagination });
    },
  };
}

/** The transcription's segments, with the faults that corrupt single segments applied. */
function segmentsOf(ctx: MockContext, a: CallAnalysis): CallAnalysis['segments'] {
  return a.segments.map((s, i) => {
    if (i === 2 && ctx.faults.on('ci-segment-caller-unknown')) return { ...s, caller: 'caller3' };
    if (i === 3 && ctx.faults.on('ci-segment-end-before-start')) return { ...s, end: s.start - 0.5 };
    return s;
  });
}

export function conversationIntelligenceRoutes(app: FastifyInstance, ctx: MockContext): void {
  const { faults } = ctx;

  for (const [read, fields] of Object.entries(SINGLE_READS)) {
    app.get<Route>(`/ai/calls/:callId/${read}`, (req, reply) => {
      const a = analysisFor(ctx, req, reply);
      if (!a) return reply;
      // The spec does not say an analysis has every part: the variant's company has no smart notes, so that read
      // of an analysed call is a missing resource there.
      if (read === 'smart-notes' && ctx.dialect === 'variant') return serviceError(ctx, reply, 404, 'Smart notes are not available for this call');
      // The spec's `{ data, pagination }` sentence sits in its paragraph on paging; the vendor reference gives the
      // five unpaged reads their fields at the top level, which the reference dialect serves. The variant wraps
      // them in `data`, the other reading, which the suite must equally accept.
      const body =
        read === 'summary' && faults.on('ci-envelope-response-data')
          ? { responseData: fields(a) }
          : ctx.dialect === 'variant'
            ? { data: fields(a) }
            : fields(a);
      return reply.code(200).send(body);
    });
  }

  app.get<Route>('/ai/calls/:callId/transcription', (req, reply) => {
    const a = analysisFor(ctx, req, reply);
    const window = a && pageWindow(ctx, req, reply);
    if (!a || !window) return reply;
    const callers = faults.on('ci-callers-first-page-only') && window.offset > 0 ? [] : a.callers;
    const callId = faults.on('ci-callid-string') ? String(a.callId) : a.callId;
    return window.send(segmentsOf(ctx, a), (segments) => ({ callId, segments, callers, language: a.language }));
  });

  app.get<Route>('/ai/calls/:callId/topics', (req, reply) => {
    const a = analysisFor(ctx, req, reply);
    if (!a) return reply;
    // The spec does not say an analysis has every part: the variant's calls have a transcription but no topics, so
    // that read of an analysed call is a missing resource there, as its smart notes are.
    if (ctx.dialect === 'variant') return serviceError(ctx, reply, 404, 'Topics are not available for this call');
    const window = pageWindow(ctx, req, reply);
    if (!window) return reply;
    const callers = faults.on('ci-callers-first-page-only') && window.offset > 0 ? [] : a.callers;
    return window.send(a.topics, (topics) => ({ callId: a.callId, topics, callers }));
  });

  if (faults.on('ci-list-endpoint')) {
    app.get('/ai/calls', (req, reply) => {
      const ids = [...companyOf(req).calls.values()].filter((c) => c.answeredAt !== null).map((c) => ({ callId: c.id }));
      return reply.code(200).send({ data: ids.slice(0, DEFAULT_CI_LIMIT), pagination: { limit: DEFAULT_CI_LIMIT, offset: 0, total: ids.length } });
    });
  }

  if (faults.on('ci-delete-served')) {
    app.delete<Route>('/ai/calls/:callId/summary', (req, reply) => {
      const a = analysisFor(ctx, req, reply);
      if (!a) return reply;
      companyOf(req).analyses.set(a.callId, null);
      return reply.code(204).send();
    });
  }
}
