import { type Target } from '../config/target.ts';
import { KEY_SLOT_VARIABLE, SURFACE_VARIABLE } from '../contract/vocabulary.ts';
import { COMPANY_OF_SLOT } from '../contract/vocabulary.ts';
import { EdgeBlockError, InterruptedError, NotConfiguredError } from '../errors.ts';
import { type HttpClient, USER_AGENT } from '../http/client.ts';
import type { Exchange, ReplayAuth } from '../http/exchange.ts';
import type { Pacer } from '../http/pacer.ts';
import type { Ledger, OutgoingRequest, PendingCreate } from '../ledger/ledger.ts';
import type { Allowance } from './allowance.ts';
import { budgetKey } from './metering.ts';
import type { RequestFields } from './request-spec.ts';
import { rateLimitWaits, resendTally, unavailableRetries } from './resends.ts';
import { recordsSeen, type SeenRecords } from './seen-records.ts';

/**
 * One request on its way through the session's pipeline, as its sender hands it over. Each stage reads
 * what it needs, adds what it learns, and passes it on; none reaches into another's work.
 */
export interface Dispatch {
  readonly fields: RequestFields;
  /** Who sends it (a check's id, `cleanup`, a fingerprint probe): the ledger writes it beside each record. */
  readonly by: string;
  /** Once aborted, nothing more is sent (a wait for budget or a retry ends too); cleanup sends without one. */
  readonly signal?: AbortSignal;
  /** The sender's request allowance; a sender without one (cleanup) is not limited. */
  readonly allowance?: Allowance;
  /** Hears of every time the request goes on the wire, retries included. */
  readonly onWire?: () => void;
}

/** A dispatch with its address and credentials resolved. */
export interface Addressed extends Dispatch {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Which credentials go out, in words, for the report. */
  readonly credentials: string;
  /** How a replay sends the same credentials without their value. */
  readonly replay: ReplayAuth;
}

/** An addressed dispatch with the budget it is paced in. Whether it may be sent twice is resend-rule.ts's to say. */
export interface Metered extends Addressed {
  /** The pacing bucket (meter and company); null for a request no budget counts (a plain-HTTP probe). */
  readonly budgetKey: string | null;
}

export type Handler<T> = (dispatch: T) => Promise<Exchange>;
/** One job of the pipeline: takes the next handler, returns the one that does its job and calls it. */
export type Stage<In, Out> = (next: Handler<Out>) => Handler<In>;
export type Pipeline = Handler<Dispatch>;
// Every stage is async: whatever it refuses comes back as a rejected promise, never as a throw at the call.

/** Nothing more goes out once the sender's signal is aborted. */
export const interruption: Stage<Dispatch, Dispatch> = (next) => async (d) => {
  if (d.signal?.aborted) throw InterruptedError.of(`${d.fields.method} ${d.fields.path} not sent`, d.signal.reason);
  return next(d);
};

/**
 * The URL on the target's host for the request's surface and its Authorization header. A host or key the
 * target has not configured is a NotConfiguredError naming the variable that supplies it: a check skips
 * its step on it (lib/checks/session.ts), the cleanup command reports the record not sent.
 */
export function address(target: Target): Stage<Dispatch, Addressed> {
  return (next) => async (d) => {
    const { fields } = d;
    const base = target.urls[fields.surface];
    if (base === undefined) throw new NotConfiguredError(`needs ${SURFACE_VARIABLE[fields.surface]}`);
    const url = new URL(base + fields.path);
    for (const [k, v] of fields.query) url.searchParams.append(k, v);
    if (fields.plainHttp) url.protocol = 'http:';
    const headers: Record<string, string> = { ...fields.headers };
    const auth = fields.credentials;
    if (auth.kind === 'slot') {
      const pair = target.keys[auth.slot];
      if (!pair) throw new NotConfiguredError(`needs ${KEY_SLOT_VARIABLE[auth.slot]}`);
      headers.authorization = `Basic ${Buffer.from(`${pair.id}:${pair.secret}`).toString('base64')}`;
      return next({ ...d, url: url.href, headers, credentials: `${auth.slot} key`, replay: { kind: 'slot', slot: auth.slot } });
    }
    if (auth.kind === 'raw') {
      headers.authorization = auth.header;
      return next({ ...d, url: url.href, headers, credentials: auth.label, replay: auth.replay });
    }
    return next({ ...d, url: url.href, headers, credentials: 'no credentials', replay: { kind: 'none' } });
  };
}

/**
 * Takes one request of the sender's allowance. It comes after the address: a request refused for a missing
 * host or key costs the target nothing, so it costs the allowance nothing either.
 */
export const allowanceTaken: Stage<Addressed, Addressed> = (next) => async (d) => {
  d.allowance?.take();
  return next(d);
};

/** The budget the request is paced in. */
export const metering: Stage<Addressed, Metered> = (next) => async (d) => {
  const key = d.fields.plainHttp ? null : budgetKey(d.fields.surface, d.fields.credentials, d.fields.path);
  return next({ ...d, budgetKey: key });
};

/**
 * Every request passes the ledger: a create is written down as it first goes out (after any wait for budget,
 * so a create an interrupt stopped during the wait made nothing and leaves nothing), its answer and any
 * delete of a ledger record once they come back, so no sender makes a record the ledger misses.
 */
export function recordKeeping(ledger: Ledger): Stage<Metered, Metered> {
  return (next) => async (d) => {
    const { fields } = d;
    const auth = fields.credentials;
    const outgoing: OutgoingRequest = {
      surface: fields.surface,
      method: fields.method,
      path: fields.path,
      ...(fields.body !== undefined ? { body: fields.body } : {}),
      ...(auth.kind === 'slot' ? { slot: auth.slot } : {}),
      company: auth.kind === 'slot' ? COMPANY_OF_SLOT[auth.slot] : 'anonymous',
      by: d.by,
    };
    let create: PendingCreate | undefined;
    let wentOut = false;
    const ex = await next({
      ...d,
      onWire: () => {
        d.onWire?.();
        if (wentOut) return;
        wentOut = true;
        create = ledger.beforeSend(outgoing);
      },
    });
    if (create) ledger.afterCreate(create, ex.status, ex.json);
    ledger.afterAnswer(outgoing, ex.status, ex.json);
    return ex;
  };
}

/**
 * Each time the request goes out (a resend passes here again): nothing more once the sender's signal is
 * aborted, then a wait for a free slot in its budget. A planned burst is not paced but still recorded
 * against the budget; a request no budget counts is neither.
 */
export function pacing(pacer: Pacer): Stage<Metered, Metered> {
  return (next) => async (d) => {
    if (d.signal?.aborted) throw notSent(d);
    if (d.budgetKey !== null) {
      if (d.fields.planned) pacer.record(d.budgetKey);
      else
        await pacer.acquire(d.budgetKey, d.signal).catch((err: unknown) => {
          throw d.signal?.aborted ? notSent(d) : err;
        });
    }
    return next(d);
  };
}

/** A resend or a wait for budget the sender's signal stopped; a request already on the wire is let finish. */
function notSent(d: Metered): InterruptedError {
  return InterruptedError.of(`${d.fields.method} not sent`, d.signal?.reason);
}

/** A `403` with an HTML page: an edge in front of the API answered, not the API. */
export function isEdgeBlock(ex: Pick<Exchange, 'status' | 'headers'>): boolean {
  return ex.status === 403 && /text\/html/i.test(ex.headers['content-type'] ?? '');
}

/**
 * A `403` with an HTML page is an edge in front of the API (a CDN, a firewall), not the API's answer: it is
 * no authorization failure (spec: Authentication 7), so no rule is judged on it. The exchange is still
 * recorded (the client did) and travels with the error, for the checks that judge the edge itself.
 */
export const edgeBlocks: Stage<Metered, Metered> = (next) => async (d) => {
  const ex = await next(d);
  if (isEdgeBlock(ex)) {
    const agent = d.headers['user-agent'] ?? USER_AGENT;
    throw new EdgeBlockError(
      `${d.fields.method} ${ex.request.url}: 403 with an HTML page: an edge in front of the API blocked the request, which is not an authorization failure (spec: Authentication 7); most often a missing or disallowed User-Agent header: this request sent ${agent === '' ? 'a blank one' : JSON.stringify(agent)}, so allow it at the edge (or the address this run comes from)`,
      ex,
    );
  }
  return ex;
};

/** The end of the pipeline: the sender hears the request goes out (the ledger writes a create then), and the client makes one exchange. */
export function onTheWire(client: HttpClient): Handler<Metered> {
  return async (d) => {
    d.onWire?.();
    return client.exchange({
      method: d.fields.method,
      url: d.url,
      headers: d.headers,
      ...(d.fields.body !== undefined ? { body: d.fields.body } : {}),
      credentials: d.credentials,
      replay: d.replay,
    });
  };
}

/** What the session's pipeline is built on. */
export interface PipelineParts {
  readonly target: Target;
  readonly ledger: Ledger;
  readonly seen: SeenRecords;
  /** Paces every budget at the run's share; a 429's wait is a block on its bucket. */
  readonly pacer: Pacer;
  /** The wire; the resend stages count into its stats, which the report reads. */
  readonly client: HttpClient;
  /** Waits between 503 retries; tests pass a fake clock's, so waits are measured, not spent. */
  readonly sleep?: (ms: number) => Promise<unknown>;
}

/**
 * The session's pipeline, the one place its stages are put in order, outermost first: interruption, address
 * and auth, allowance, metering, the ledger, the records the company under test's lists show (seen-records.ts),
 * the tally of resends, the 429 wait and the 503 retry (resends.ts), which send the request again; then, each
 * time it goes out, pacing, the edge block and the wire. The resends sit inside the ledger and the allowance,
 * so a create sent three times is written down once and costs one request of the allowance, and outside
 * pacing, so every resend waits for budget like a first send.
 */
export function buildPipeline(parts: PipelineParts): Pipeline {
  const { target, ledger, seen, pacer, client } = parts;
  const wire = pacing(pacer)(edgeBlocks(onTheWire(client)));
  const resent = resendTally(rateLimitWaits(pacer, client.stats)(unavailableRetries(pacer.windowMs, client.stats, parts.sleep)(wire)));
  return interruption(address(target)(allowanceTaken(metering(recordKeeping(ledger)(recordsSeen(target, seen)(resent))))));
}
