import type { CheckContext } from '../../lib/checks/context.js';
import type { RequestSpec } from '../../lib/checks/request.js';
import { type DialerRouteName, dialerRoute } from '../../lib/dialer/routes.js';

/**
 * A request to a Dialer route by name: the path comes from the target's route table (the shared table,
 * or the user's overrides), so no check spells a Dialer path itself.
 */
export function dialer(t: CheckContext, name: DialerRouteName, params: Readonly<Record<string, string | number>> = {}): RequestSpec {
  const { method, path } = dialerRoute(t.target.dialer.routes, name, params);
  return t.req('ai', method, path);
}
