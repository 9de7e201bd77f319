import { STATUS_CODES } from 'node:http';
import type { Assertions } from '../../lib/checks/assertions.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * The error a service raises itself, `{ statusCode, error, message }`: the AI host's services (spec: Errors
 * on the AI host), the Dialer's resources, and the analytics host, whose errors have the same three fields.
 */

/** Status names are compared ignoring case; RFC 9110 renamed 422, so both names count. */
function isStatusName(status: number, name: unknown): boolean {
  if (typeof name !== 'string') return false;
  const names = [STATUS_CODES[status], ...(status === 422 ? ['Unprocessable Content'] : [])].filter(Boolean).map((n) => (n as string).toLowerCase());
  return names.includes(name.toLowerCase());
}

/** The service error shape (a schema of `schemas/`), with statusCode equal to the HTTP status and error its name. */
export function expectServiceError(t: Assertions, rule: RuleId, ex: Exchange, schema = 'ai/service-error'): void {
  t.check(rule, ex.status >= 400, `expected an error, got ${ex.status}`, ex);
  t.expectSchema(rule, ex, schema);
  const body = ex.json as { statusCode: number; error: string };
  t.expectEqual(rule, body.statusCode, ex.status, 'statusCode against the HTTP status', ex);
  t.check(
    rule,
    isStatusName(ex.status, body.error),
    () => `error is ${JSON.stringify(body.error)}, not the status name of ${ex.status} (${STATUS_CODES[ex.status]})`,
    ex,
  );
}
