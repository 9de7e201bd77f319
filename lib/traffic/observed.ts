import type { Target } from '../config/target.ts';
import { type MatchedRoute, matchDialerRoute } from '../dialer/routes.ts';
import { type Exchange, isTextual, parsedBody } from '../http/exchange.ts';
import type { Redactor } from '../http/redact.ts';
import type { RecordedExchange } from './har-reader.ts';
import { basicPair, companyOf, type Placement, placeExchange, UNAUTHENTICATED, UNREADABLE } from './placement.ts';

/** An exchange of the API's traffic as the traffic judges read it: the exchange, redacted, where it went and whose it was. */
export interface ObservedExchange {
  readonly exchange: Exchange;
  readonly placement: Placement;
  /** The salted hash naming the company (placement.ts), `unauthenticated` or `credentials-unreadable`. */
  readonly company: string;
  /** The request carried no Authorization header. */
  readonly unauthenticated: boolean;
  /** The recording kept no body though the answer had one: nothing of the body can be judged. */
  readonly bodyLeftOut: boolean;
  /** A Dialer exchange's route in the target's table (CC_DIALER_ROUTES over the project's), when it is one. */
  readonly route?: MatchedRoute;
}

/** The words a report uses for a recorded request's credentials. */
function credentialWords(company: string): string {
  if (company === UNAUTHENTICATED) return 'no credentials';
  if (company === UNREADABLE) return 'credentials not readable (redacted by the recording, or malformed)';
  return `a key pair of ${company}`;
}

/**
 * A recorded exchange placed on its host and redacted before anything keeps it: every key pair the recording
 * carries is added to `redactor`, so neither the exchange nor any report names it. Undefined when the request
 * went to none of the target's hosts.
 */
export function observedExchange(
  rec: RecordedExchange,
  target: Pick<Target, 'urls' | 'dialer'>,
  redactor: Redactor,
  salt: string,
): ObservedExchange | undefined {
  const placement = placeExchange(target, rec.url);
  if (!placement) return undefined;
  const pair = rec.requestHeaders.authorization === undefined ? undefined : basicPair(rec.requestHeaders.authorization);
  if (pair) redactor.add(pair);
  const company = companyOf(rec.requestHeaders, salt);
  // Read as the client reads an answer: a body that is not text is counted, not kept.
  const text = isTextual(rec.responseHeaders['content-type'] ?? '') ? redactor.text(rec.responseText) : '';
  const { json, jsonError } = parsedBody(text);
  const exchange: Exchange = {
    request: {
      method: rec.method,
      url: redactor.text(rec.url),
      headers: redactor.headers(rec.requestHeaders),
      ...(rec.requestBody !== undefined ? { body: redactor.text(rec.requestBody) } : {}),
      credentials: credentialWords(company),
    },
    status: rec.status,
    headers: redactor.headers(rec.responseHeaders),
    text,
    bodyBytes: rec.responseBytes,
    json,
    ...(jsonError !== undefined ? { jsonError } : {}),
    startedAt: rec.startedMs,
    durationMs: rec.durationMs,
  };
  const route = placement.part === 'dialer' ? matchDialerRoute(target.dialer.routes, rec.method, placement.path) : undefined;
  return {
    exchange,
    placement,
    company,
    unauthenticated: company === UNAUTHENTICATED,
    bodyLeftOut: rec.responseText === '' && rec.responseBytes > 0,
    ...(route ? { route } : {}),
  };
}
