import type { Target } from '../../lib/config/target.ts';
import { DIALER_ROUTES } from '../../lib/dialer/routes.ts';
import { curlCommand } from '../../lib/http/curl.ts';
import type { SentRequest } from '../../lib/http/exchange.ts';
import type { CheckOutcome, Evidence, RuleVerdict } from '../../lib/results/outcome.ts';
import { type ReportInput, type RunReport, buildReport } from '../../lib/results/report.ts';
import { rule } from '../../lib/rules/index.ts';
import type { Rule } from '../../lib/rules/types.ts';

/** Hand-built inputs for the report and its views: real rule IDs, a literal target, no network. */

export const TAG_404 = 'CORE-TAG-DELETE-404';
export const TAG_200 = 'CORE-TAG-DELETE-200';
export const PAST_LAST = 'CORE-PAGE-PAST-LAST';
/** Needs the second key pair, so its natural skip reason is `needs CC_KEY2_ID`. */
export const KEY_SCOPE = 'CORE-AUTH-KEY-SCOPE';
/** Carries a chosen reading, which the console must print. */
export const ISOLATION_READ = 'CORE-ISOLATION-READ';

/**
 * The catalogue holds only core rules today, yet the views group by surface; a rule on a second
 * surface is the only way to see that grouping. It lives in this fixture, never in the catalogue.
 */
export const ANALYTICS_RULE: Rule = {
  id: 'ANALYTICS-FIXTURE-CALLS',
  surface: 'analytics',
  statement: 'A fixture rule on a second surface.',
  section: 'Endpoints > Analytics API',
  level: 'required',
  source: 'spec',
};

export function rules(...ids: string[]): Rule[] {
  return ids.map((id) => rule(id));
}

export const SECRET = 'planted-Secret-9f3c';

export function target(overrides: Partial<Target> = {}): Target {
  return {
    urls: { core: 'https://127.0.0.1:7443/api', analytics: 'https://127.0.0.1:7444/api' },
    keys: { primary: { id: 'key-id-primary', secret: SECRET }, second: { id: 'key-id-second', secret: 'second-secret-1234' } },
    rateWindowMs: 1000,
    budgetShare: 1,
    effects: new Set(['sms'] as const),
    budgetExclusive: false,
    timeoutMs: 15_000,
    bundledMock: true,
    sequences: { count: 2, steps: 6, shrinkRequests: 24 },
    dialer: { release: 'latest', routes: DIALER_ROUTES },
    ...overrides,
  };
}

export function evidence(status = 200, body = '{"responseData":{"status":200}}'): Evidence {
  const request: SentRequest = {
    method: 'DELETE',
    url: 'https://127.0.0.1:7443/api/tags/delete/999999.json',
    headers: { accept: 'application/json' },
    body: '{"name":"x"}',
    credentials: 'primary key',
    replay: { kind: 'slot', slot: 'primary' },
  };
  return { request, response: { status, headers: { 'content-type': 'application/json' }, body }, curl: curlCommand(request) };
}

export const pass = (r: string, notes: string[] = []): RuleVerdict => ({ rule: r, status: 'pass', notes });
export const fail = (r: string, detail: string, ev?: Evidence): RuleVerdict => ({
  rule: r,
  status: 'fail',
  detail,
  ...(ev ? { evidence: ev } : {}),
  notes: [],
});
export const skip = (r: string, detail: string): RuleVerdict => ({ rule: r, status: 'skipped', detail, notes: [] });
export const error = (r: string, detail: string): RuleVerdict => ({ rule: r, status: 'error', detail, notes: [] });
export const blocked = (r: string, by: string): RuleVerdict => ({
  rule: r,
  status: 'blocked',
  blockedBy: by,
  detail: `blocked by ${by}, which failed first in a check`,
  notes: [],
});

export function outcome(check: string, verdicts: RuleVerdict[], extra: Partial<CheckOutcome> = {}): CheckOutcome {
  return {
    check,
    title: `title of ${check}`,
    surface: 'core',
    verdicts,
    requests: 1,
    allowance: 5,
    unplanned429: 0,
    retried503: 0,
    durationMs: 12.4,
    leftovers: [],
    problems: [],
    ...extra,
  };
}

export const STARTED = new Date('2025-03-04T05:06:07.000Z');

export function report(outcomes: CheckOutcome[], more: Partial<ReportInput> = {}): RunReport {
  return buildReport({ outcomes, target: target(), seed: 424242, startedAt: STARTED, durationMs: 1234.6, ...more });
}

export function ruleOf(r: RunReport, id: string) {
  const found = r.rules.find((x) => x.id === id);
  if (!found) throw new Error(`rule ${id} not in report`);
  return found;
}
