import { defineCheck, type CheckDefinition } from '../../lib/checks/define.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import { EdgeBlockError, TransportError } from '../../lib/errors.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * What a plain-HTTP connection that failed says about the host. Only a host that answered can be said to
 * refuse: it refused the connection, closed it, or spoke something that is not HTTP (a TLS alert). A name
 * that did not resolve, a network that could not route, or a silence until the timeout may be a local
 * resolver or firewall as well as the host, so they judge nothing.
 */
const HOST_REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const isParserError = (code: string) => code.startsWith('HPE_');

export function plainHttpFailure(err: TransportError): { refused: true; how: string } | { refused: false; why: string } {
  const code = transportCode(err);
  if (code !== undefined && (HOST_REFUSED.has(code) || isParserError(code))) return { refused: true, how: `${code}: ${err.message}` };
  return {
    refused: false,
    why: `the plain-HTTP probe failed without an answer from the host (${code ?? 'no error code'}: ${err.message}); a resolver, a firewall or a timeout on the way cannot show that the host refuses plain HTTP`,
  };
}

function transportCode(err: TransportError): string | undefined {
  const cause = err.cause as { code?: unknown; name?: unknown } | undefined;
  if (typeof cause?.code === 'string') return cause.code;
  // undici's parser error for bytes that are not HTTP carries no code of its own.
  return cause?.name === 'HTTPParserError' ? 'HPE_NOT_HTTP' : undefined;
}

/**
 * Only HTTPS is accepted on all hosts (spec: Hosts; Authentication 5). The probe goes out over plain
 * HTTP without credentials, so a host that wrongly accepts HTTP never receives a secret in clear.
 * Refused means: the host refused or closed the connection, redirected, or answered with an error that
 * is not the API's own answer. A 2xx, or the 401 of the API's authentication, shows the API itself
 * served the plain request.
 */
export function httpsOnlyCheck(opts: { surface: Surface; rule: RuleId; path: string; servedByApi?: (ex: Exchange) => boolean }): CheckDefinition {
  return defineCheck({
    id: `${opts.surface}.https-only`,
    title: `plain HTTP to the ${opts.surface} host is rejected`,
    surface: opts.surface,
    rules: [opts.rule],
    cost: { requests: 1 },
    async run(t) {
      let ex: Exchange;
      try {
        ex = await t.req(opts.surface, 'GET', opts.path).overPlainHttp().send();
      } catch (err) {
        if (err instanceof EdgeBlockError) {
          t.pass(opts.rule, `plain HTTP refused by an edge: ${err.message}`);
          return;
        }
        if (!(err instanceof TransportError)) throw err;
        const failure = plainHttpFailure(err);
        if (!failure.refused) return t.skip(`inconclusive: ${failure.why}`);
        t.pass(opts.rule, `plain HTTP refused at the connection: ${failure.how}`);
        return;
      }
      const served = (ex.status >= 200 && ex.status < 300) || ex.status === 401 || (opts.servedByApi?.(ex) ?? false);
      t.check(opts.rule, !served, `the API answered plain HTTP itself, with ${ex.status}`, ex);
      t.note(opts.rule, `plain HTTP refused with ${ex.status}`);
    },
  });
}
