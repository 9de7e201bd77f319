import type { CheckContext } from '../../lib/checks/context.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import { type DialerRouteName, dialerRoute, SPEC_SHOWN_ROUTES } from '../../lib/dialer/routes.ts';
import type { Exchange } from '../../lib/http/exchange.ts';

/**
 * Requests to Dialer routes by name: the path comes from the target's route table (the shared table, or
 * the user's overrides), so no check spells a Dialer path itself.
 *
 * Only two paths are the spec's own (SPEC_SHOWN_ROUTES); the others are this project's guesses. A target
 * that answers one of those with its unmatched-route 404 has not broken a rule, it has shown that the
 * guess is not its path: the check is skipped, naming the route and the variable that fixes it.
 */
type Params = Readonly<Record<string, string | number>>;

/** The fixed body of an unmatched Dialer route (spec: Errors on the {ai_url} host, 3). */
export const ROUTE_NOT_FOUND = 'Route not found';

export function isRouteNotFound(ex: Exchange): boolean {
  const body = ex.json as { message?: unknown } | undefined;
  return ex.status === 404 && body?.message === ROUTE_NOT_FOUND;
}

export const notRouted = (name: DialerRouteName): string => `route ${name} is not routed; set CC_DIALER_ROUTES`;

/** The request as the route table gives it, with no judgement of its answer. */
export function dialerAsIs(t: CheckContext, name: DialerRouteName, params: Params = {}): RequestSpec {
  const { method, path } = dialerRoute(t.target.dialer.routes, name, params);
  return t.req('ai', method, path);
}

/** The request, skipping the check when the target does not route a path of our table. */
export function dialer(t: CheckContext, name: DialerRouteName, params: Params = {}): RequestSpec {
  const request = dialerAsIs(t, name, params);
  if (SPEC_SHOWN_ROUTES.has(name)) return request;
  return request.inspected((ex) => {
    if (isRouteNotFound(ex)) t.skip(notRouted(name));
  });
}

/**
 * For the checks that judge a missing resource's 404, whose message must not be `Route not found`: from a
 * route of our table that answer is ambiguous (the route is not the target's, or the target words its 404
 * wrongly). `confirmation` is another request on the same route that a target routing it answers otherwise;
 * when it gets `Route not found` too, the route is taken as not routed and the check is skipped.
 */
export async function confirmRouted(t: CheckContext, name: DialerRouteName, confirmation: RequestSpec): Promise<Exchange> {
  return confirmedRouted(t, name, await confirmation.send());
}

/** As confirmRouted, with a confirmation already answered (one a shared record holds). */
export function confirmedRouted(t: CheckContext, name: DialerRouteName, ex: Exchange): Exchange {
  if (isRouteNotFound(ex) && !SPEC_SHOWN_ROUTES.has(name)) t.skip(notRouted(name));
  return ex;
}
