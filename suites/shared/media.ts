import type { CheckContext } from '../../lib/checks/context.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/** A JSON media type, UTF-8 when a charset is named, and a body that parses (spec: Responses are UTF-8 JSON). */
export function isUtf8Json(ex: Exchange): boolean {
  const type = ex.headers['content-type'] ?? '';
  const charset = /charset=([^;\s]+)/i.exec(type)?.[1];
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) && (charset === undefined || /^utf-?8$/i.test(charset)) && ex.json !== undefined;
}

/** Judges one answer under a host's UTF-8 JSON rule, naming what was sent instead. */
export function checkUtf8Json(t: CheckContext, rule: RuleId, ex: Exchange): void {
  t.check(
    rule,
    isUtf8Json(ex),
    () =>
      `expected a UTF-8 JSON body, got Content-Type ${JSON.stringify(ex.headers['content-type'] ?? null)}${ex.jsonError ? ` and unparsable JSON (${ex.jsonError})` : ''}`,
    ex,
  );
}
