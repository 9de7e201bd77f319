import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { ChangeProbe, Side } from './change.ts';

/** The route table's path of a route, sent with another method: the path is routed, the method is not. */
function pathOf(t: CheckContext, route: 'campaigns.list' | 'surveys.update'): string {
  return (t.target.dialer.routes[route].split(' ')[1] as string).replace('{surveyId}', 'cc-conformance-survey');
}

/** Whether a 404 is the fixed body of v1.0.21: the service shape, `Route not found`, a correlationId, no echo. */
function isFixedBody(ex: Exchange, echoes: readonly string[]): boolean {
  const body = ex.json as { statusCode?: unknown; message?: unknown; correlationId?: unknown } | undefined;
  return (
    body?.statusCode === 404 &&
    body.message === 'Route not found' &&
    typeof body.correlationId === 'string' &&
    body.correlationId !== '' &&
    !echoes.some((e) => ex.text.includes(e))
  );
}

export const HOST_CHANGES: readonly ChangeProbe[] = [
  {
    id: 'c21-route-not-found',
    release: '1.0.21',
    line: "unmatched-route 404 body fixed to 'Route not found' with correlationId",
    rules: { after: 'DIALER-ROUTE-NOT-FOUND', before: 'DIALER-ROUTE-NOT-FOUND-LEGACY' },
    cost: { requests: 3 },
    async probe(t) {
      // A marker in path and query: a body that repeats either gives itself away.
      const marker = t.uniqueName();
      const probes: [string, string][] = [
        ['GET', `/dialer/${marker}`],
        ['DELETE', pathOf(t, 'surveys.update')],
        ['PUT', pathOf(t, 'campaigns.list')],
      ];
      const sides: Side[] = [];
      const seen: string[] = [];
      let last: Exchange | undefined;
      for (const [method, path] of probes) {
        const ex = await t.req('ai', method, path).query({ q: marker }).send();
        last = ex;
        const side: Side = ex.status !== 404 ? 'neither' : isFixedBody(ex, [marker, path.split('/').at(-1) as string]) ? 'after' : 'before';
        sides.push(side);
        seen.push(`${method} ${path}: ${ex.status} ${ex.text.slice(0, 120)}`);
        if (side !== 'after') break;
      }
      // The probes stop at the first answer that is not the fixed one; a mix of both is neither release.
      const side: Side = sides.every((s) => s === 'after') ? 'after' : sides.every((s) => s === 'before') ? 'before' : 'neither';
      return { side, evidence: seen.join('; '), ...(last ? { ex: last } : {}) };
    },
  },
];
