import type { Exchange } from '../http/exchange.ts';

/**
 * The one rule of whether a request may go out again after an answer without duplicating anything. Every
 * stage that resends asks it (resends.ts: the 429 wait, the 503 retry), so no stage keeps a rule of its own.
 */

/** What the rule reads of a request: its method and the budget it is paced in (null: none counts it). */
export interface Resendable {
  readonly fields: { readonly method: string };
  readonly budgetKey: string | null;
}

/**
 * Reads and deletes, and the Dialer's PUT, which replaces a sub-collection wholesale (spec: Method convention):
 * sent twice, they leave what sending once leaves. A core PUT creates a record, so it is not one of them.
 */
function repeatable(method: string, budgetKey: string | null): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'DELETE' || (m === 'PUT' && budgetKey?.startsWith('dialer:') === true);
}

/**
 * A `503` the service raised itself: its error carries the `correlationId` (Dialer) or `requestId`
 * (VoiceAgent) that only the service adds (spec: Errors on the AI host, 2 and 4). Its operation failed, so
 * sending it again cannot duplicate a record; a gateway's `503` carries neither and proves nothing.
 */
function raisedByService(answer: Pick<Exchange, 'json'>): boolean {
  const body = answer.json as { correlationId?: unknown; requestId?: unknown } | null | undefined;
  return typeof body === 'object' && body !== null && (typeof body.correlationId === 'string' || typeof body.requestId === 'string');
}

/**
 * Whether `request` may be sent again after `answer`. A `429` is the API refusing a request before serving it
 * (spec: Limits), so whatever the method nothing was applied. Any other answer (a `503`: a gateway's may come
 * after the service applied a create) allows it only for a repeatable request, or where the service itself
 * said the operation failed.
 */
export function maySendAgain(request: Resendable, answer: Pick<Exchange, 'status' | 'json'>): boolean {
  if (answer.status === 429) return true;
  return repeatable(request.fields.method, request.budgetKey) || raisedByService(answer);
}
