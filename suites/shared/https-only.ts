import { defineCheck, type CheckDefinition } from '../../lib/checks/define.js';
import type { Surface } from '../../lib/config/target.js';
import { EdgeBlockError, TransportError } from '../../lib/errors.js';
import type { Exchange } from '../../lib/http/exchange.js';

/**
 * Only HTTPS is accepted on all hosts (spec: Hosts; Authentication 5). The probe goes out over plain
 * HTTP without credentials, so a host that wrongly accepts HTTP never receives a secret in clear.
 * Refused means: no connection, a redirect, or an error that is not the API's own answer. A 2xx, or
 * the 401 of the API's authentication, shows the API itself served the plain request.
 */
export function httpsOnlyCheck(opts: { surface: Surface; rule: string; path: string; servedByApi?: (ex: Exchange) => boolean }): CheckDefinition {
  return defineCheck({
    id: `${opts.surface}.https-only`,
    title: `plain HTTP to the ${opts.surface} host is rejected`,
    surface: opts.surface,
    rules: [opts.rule],
    maxRequests: 1,
    async run(t) {
      let ex: Exchange;
      try {
        ex = await t.req(opts.surface, 'GET', opts.path).overPlainHttp().send();
      } catch (err) {
        if (!(err instanceof TransportError || err instanceof EdgeBlockError)) throw err;
        t.pass(opts.rule, `plain HTTP refused ${err instanceof EdgeBlockError ? 'by an edge' : 'at the connection'}: ${err.message}`);
        return;
      }
      const served = (ex.status >= 200 && ex.status < 300) || ex.status === 401 || (opts.servedByApi?.(ex) ?? false);
      t.check(opts.rule, !served, `the API answered plain HTTP itself, with ${ex.status}`, ex);
      t.note(opts.rule, `plain HTTP refused with ${ex.status}`);
    },
  });
}
