import { type Target } from '../config/target.ts';
import { KEY_SLOT_VARIABLE, SURFACE_VARIABLE } from '../contract/vocabulary.ts';
import { COMPANY_OF_SLOT } from '../contract/vocabulary.ts';
import { InterruptedError, NotConfiguredError } from '../errors.ts';
import type { HttpClient } from '../http/client.ts';
import type { Exchange, ReplayAuth } from '../http/exchange.ts';
import type { Ledger, OutgoingRequest, PendingCreate } from '../ledger/ledger.ts';
import type { Allowance } from './allowance.ts';
import { budgetKey, repeatable } from './metering.ts';
import type { RequestFields } from './request-spec.ts';
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

/** An addressed dispatch with the budget it is paced in and whether it may be sent twice. */
export interface Metered extends Addressed {
  /** The pacing bucket (meter and company); null for a request no budget counts (a plain-HTTP probe). */
  readonly budgetKey: string | null;
  readonly repeatable: boolean;
}

export type Handler<T> = (dispatch: T) => Promise<Exchange>;
/** One job of the pipeline: takes the next handler, returns the one that does its job and calls it. */
export type Stage<In, Out> = (next: Handler<Out>) => Handler<In>;
export type SendPipeline = Handler<Dispatch>;
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

/** The budget the request is paced in, and whether sending it again could duplicate anything. */
export const metering: Stage<Addressed, Metered> = (next) => async (d) => {
  const key = d.fields.plainHttp ? null : budgetKey(d.fields.surface, d.fields.credentials, d.fields.path);
  return next({ ...d, budgetKey: key, repeatable: repeatable(d.fields.method, key) });
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

/** The end of the pipeline: the HTTP client, which paces the request in its budget, waits out a 429 and retries a 503 where that is safe. */
export function onTheWire(client: HttpClient): Handler<Metered> {
  return (d) =>
    client.send(
      {
        method: d.fields.method,
        url: d.url,
        headers: d.headers,
        ...(d.fields.body !== undefined ? { body: d.fields.body } : {}),
        credentials: d.credentials,
        replay: d.replay,
        budgetKey: d.budgetKey,
        planned: d.fields.planned,
        repeatable: d.repeatable,
        ...(d.signal ? { signal: d.signal } : {}),
      },
      d.onWire,
    );
}

/**
 * The session's pipeline, outermost stage first: interruption, address and auth, allowance, metering, the
 * ledger, the records the company under test's lists show (seen-records.ts), the wire.
 */
export function sendPipeline(target: Target, ledger: Ledger, client: HttpClient, seen: SeenRecords): SendPipeline {
  return interruption(address(target)(allowanceTaken(metering(recordKeeping(ledger)(recordsSeen(target, seen)(onTheWire(client)))))));
}
