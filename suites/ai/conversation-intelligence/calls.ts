import type { Figure } from '../../../lib/checks/define.ts';
import { isObject } from '../../shared/json.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { readPage } from '../../shared/core-reads.ts';

/**
 * Finding calls to analyse on any target, a live account too: the spec gives Conversation Intelligence
 * no list endpoint, so the candidates come from the core call history and are probed one by one.
 * Results are memoised per session; a check that uses them counts them in its own allowance, since
 * with `--rule` it may be the first (or only) one to pay for them.
 */

/** The seven reads, in the spec's order. */
export const CI_READS = ['summary', 'overall-sentiment', 'talk-listen-ratio', 'topics', 'transcription', 'smart-notes', 'details-link'] as const;
export type CiRead = (typeof CI_READS)[number];
export const PAGED_READS: ReadonlySet<CiRead> = new Set(['topics', 'transcription']);

const HISTORY_LIMIT = 25;
const PROBES = 4;
/** Requests `analysedCall` may spend. */
export const FIND_CALL_REQUESTS: Figure = { 'a history page': 1, 'probes of its calls': PROBES };
/** Requests `callWithoutAnalysis` may spend: one more probe. */
export const FIND_UNANALYSED_REQUESTS: Figure = { ...FIND_CALL_REQUESTS, 'one more probe': 1 };

export function ciPath(callId: string, read: CiRead): string {
  return `/ai/calls/${encodeURIComponent(callId)}/${read}`;
}

export { isObject };

/** `data` of a body, or an empty object: assertions on it then fail with a readable message. */
export function dataOf(ex: Exchange): Record<string, unknown> {
  const body = ex.json;
  return isObject(body) && isObject(body.data) ? body.data : {};
}

export function paginationOf(ex: Exchange): Record<string, unknown> {
  const body = ex.json;
  return isObject(body) && isObject(body.pagination) ? body.pagination : {};
}

/** Items of a paged read: transcription segments, and topics under the vendor reference's name. */
export const ITEMS = { transcription: 'segments', topics: 'topics' } as const;
export type PagedRead = keyof typeof ITEMS;

export function itemsOf(ex: Exchange, read: PagedRead): unknown[] | undefined {
  const items = dataOf(ex)[ITEMS[read]];
  return Array.isArray(items) ? items : undefined;
}

/**
 * A read answering that the analysis lacks that part: a 4xx other than 400, the status of invalid parameters,
 * which no read of the checks sends. The section lists seven reads of one call, not that every analysis has all
 * seven: such a read is reported (CI-ANALYSIS-PARTS) and no paging rule judges it.
 */
export function lacksPart(ex: Exchange): boolean {
  return ex.status > 400 && ex.status < 500;
}

/** How a read of a part the analysis lacks answered, for a note: its status and message. */
export function partAnswer(ex: Exchange): string {
  return `${ex.status}${isObject(ex.json) && typeof ex.json.message === 'string' ? ` ${JSON.stringify(ex.json.message)}` : ''}`;
}

export function readCiPage(t: CheckContext, callId: string, read: PagedRead, query: Record<string, string | number | undefined>): Promise<Exchange> {
  return t.req('ai', 'GET', ciPath(callId, read)).query(query).send();
}

interface HistoryCall {
  readonly id: string;
  readonly answered: boolean;
  readonly withContact: boolean;
}

interface Discovery {
  readonly history: readonly HistoryCall[];
  /** A call whose transcription answered 200. */
  readonly analysed?: string;
  /** pagination.total of that probe, when it was an integer: lets a walk pick its limit without a request. */
  readonly transcriptionTotal?: number;
  /** A call that answered 404 while probing. */
  readonly unanalysed?: { readonly id: string; readonly ex: Exchange };
  readonly probed: number;
}

async function discover(t: CheckContext): Promise<Discovery> {
  const { page } = await readPage<{ Cdr?: { id?: unknown; answered_at?: unknown }; Contact?: unknown }>(t, '/calls/index.json', { limit: HISTORY_LIMIT });
  const history = page.data
    .filter((item) => item.Cdr?.id !== undefined && item.Cdr.id !== null)
    .map((item) => ({ id: String(item.Cdr?.id), answered: Boolean(item.Cdr?.answered_at), withContact: isObject(item.Contact) }));
  // An analysis needs a conversation: answered calls first, those with a known contact before the others.
  const rank = (c: HistoryCall) => (c.answered ? 0 : 2) + (c.withContact ? 0 : 1);
  const candidates = history.filter((c) => c.answered).sort((a, b) => rank(a) - rank(b));
  let unanalysed: Discovery['unanalysed'];
  let probed = 0;
  for (const call of candidates.slice(0, PROBES)) {
    const ex = await t.req('ai', 'GET', ciPath(call.id, 'transcription')).query({ limit: 1 }).send();
    probed += 1;
    if (ex.status === 404) unanalysed ??= { id: call.id, ex };
    if (ex.status !== 200) continue;
    const total = paginationOf(ex).total;
    return {
      history,
      analysed: call.id,
      ...(Number.isInteger(total) ? { transcriptionTotal: total as number } : {}),
      ...(unanalysed ? { unanalysed } : {}),
      probed,
    };
  }
  return { history, ...(unanalysed ? { unanalysed } : {}), probed };
}

function discovery(t: CheckContext): Promise<Discovery> {
  return t.memo('ci.discovery', () => discover(t));
}

export interface AnalysedCall {
  readonly id: string;
  readonly transcriptionTotal?: number;
}

/** A call of the history whose analysis answers 200; skips the check when none of the probed calls has one. */
export async function analysedCall(t: CheckContext): Promise<AnalysedCall> {
  const found = await discovery(t);
  if (found.analysed === undefined) {
    t.skip(
      `no analysed call found: none of the ${found.probed} answered calls probed among the ${found.history.length} oldest of the call history answered 200 on GET /ai/calls/{callId}/transcription`,
    );
  }
  return { id: found.analysed as string, ...(found.transcriptionTotal !== undefined ? { transcriptionTotal: found.transcriptionTotal } : {}) };
}

/** A call of the history without analysis (its transcription answers 404), with that answer; skips when none is found. */
export function callWithoutAnalysis(t: CheckContext): Promise<{ id: string; ex: Exchange }> {
  return t
    .memo('ci.unanalysed', async () => {
      const found = await discovery(t);
      if (found.unanalysed) return found.unanalysed;
      // An unanswered call had no conversation to analyse: the likeliest call without analysis.
      const unanswered = found.history.find((c) => !c.answered);
      if (unanswered) {
        const ex = await t.req('ai', 'GET', ciPath(unanswered.id, 'transcription')).query({ limit: 1 }).send();
        if (ex.status === 404) return { id: unanswered.id, ex };
      }
      return undefined;
    })
    .then(
      (found) => found ?? t.skip(`no call of the history answered 404 on its transcription (probed up to ${PROBES} answered calls and one unanswered call)`),
    );
}
