import type { Assertions } from '../../lib/checks/assertions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/** A JSON media type, UTF-8 when a charset is named, and a body that parses (spec: Responses are UTF-8 JSON). */
export function isUtf8Json(ex: Exchange): boolean {
  const type = ex.headers['content-type'] ?? '';
  const charset = /charset=([^;\s]+)/i.exec(type)?.[1];
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) && (charset === undefined || /^utf-?8$/i.test(charset)) && ex.json !== undefined;
}

/** What an answer that is no UTF-8 JSON sent instead. */
const notUtf8Json = (ex: Exchange): string =>
  `expected a UTF-8 JSON body, got Content-Type ${JSON.stringify(ex.headers['content-type'] ?? null)}${ex.jsonError ? ` and unparsable JSON (${ex.jsonError})` : ''}`;

/** Judges one answer under a host's UTF-8 JSON rule, naming what was sent instead. */
export function checkUtf8Json(t: Assertions, rule: RuleId, ex: Exchange): void {
  t.check(rule, isUtf8Json(ex), () => notUtf8Json(ex), ex);
}

/**
 * A host's UTF-8 JSON rule judged on the success answers a check already receives for its own rules, so the
 * success half of the rule costs no request of its own (spec: Hosts, 'Responses are UTF-8 JSON', which names
 * no status). The check hands `judge` each answer: a 2xx with a body must be UTF-8 JSON; a success without a
 * body (a 204) holds nothing to judge, and any other status is not this judge's. `settle`, once the check has
 * its last answer, leaves the rule unjudged by the check, saying so, when no success with a body came back.
 */
export interface SuccessMediaJudge {
  judge(ex: Exchange, what: string): void;
  settle(what: string): void;
}

export function successMediaJudge(t: CheckContext, rule: RuleId): SuccessMediaJudge {
  let judged = 0;
  return {
    judge(ex, what) {
      if (ex.status < 200 || ex.status >= 300 || ex.bodyBytes === 0) return;
      judged += 1;
      t.judge(rule, isUtf8Json(ex), () => `${what} answered ${ex.status}: ${notUtf8Json(ex)}`, ex);
      // Judged in full for what came so far: a rule of the check's own failing later leaves this verdict standing.
      t.done(rule);
    },
    settle(what) {
      if (judged === 0) t.skipRule(rule, `${what}: no success with a body came back, so no success body was judged here`);
      else t.note(rule, `${what}: ${judged} success bod${judged === 1 ? 'y' : 'ies'} judged`);
    },
  };
}
