import { beforeAll, describe, expect, test } from 'vitest';
import type { TlsMaterial } from '../../mock/http/front-door.ts';
import { selfSignedCertificate } from '../../mock/tls.ts';
import { CASE_TIMEOUT_MS, expectFaultJudged, JUDGED_BEFORE_ANY_READ, RUN_BOUND_MS, runUnder, verdicts } from './support.ts';

/**
 * Faults in HTTP answers: an answer the spec rules out fails the rule judged on it; an answer that says
 * the target cannot serve (a 503 after the retries, an edge block) is an error of the run; nothing passes
 * on either, and nothing hangs.
 */
let tls: TlsMaterial;
beforeAll(async () => {
  tls = await selfSignedCertificate();
});

const GETS = (req: { method: string }) => req.method === 'GET';
/** The edge-block rule judges the edge's page itself: a page without a correlationId is what it asks for. */
const EDGE_RULE = 'AI-EDGE-403-NO-CORRELATION';

describe.concurrent('a target whose answers break', { timeout: CASE_TIMEOUT_MS }, () => {
  test('through the target without a misbehaviour, every rule of the set passes: the misbehaviours alone explain the rest', async () => {
    const run = await runUnder(tls, { kind: 'malformed-json' }, { when: () => false });
    expect(
      verdicts(run)
        .filter((v) => v.status !== 'pass')
        .map((v) => `${v.rule}: ${v.status} ${v.detail}`),
    ).toEqual([]);
    expect(run.stats.faulted).toBe(0);
  });

  test('malformed JSON on every answer: the rules judged on it fail with the parse error, the rest error', async () => {
    const run = await runUnder(tls, { kind: 'malformed-json' });
    // A create whose answer does not parse names no id to delete the record by: the report says so.
    expect(run.outcomes.flatMap((o) => o.leftovers).every((l) => /created, but the create answer carried no id to delete it by/.test(l))).toBe(true);
    expectFaultJudged(run, {
      allowed: ['fail', 'error'],
      leftovers: true,
      detail: /^CC_ERR_MALFORMED_ANSWER: .*is labelled application\/json; charset=utf-8 but its body is not JSON: /,
    });
    const failed = verdicts(run).filter((v) => v.status === 'fail');
    expect(failed.length).toBeGreaterThan(5);
    for (const v of failed) expect(v.detail, v.rule).toMatch(/not JSON|unparsable JSON/);
    expect(run.ms).toBeLessThan(RUN_BOUND_MS);
  });

  test('malformed JSON on GETs only: creates and their cleanup go through, nothing is left behind', async () => {
    const run = await runUnder(tls, { kind: 'malformed-json' }, { when: GETS });
    expectFaultJudged(run, { allowed: ['fail', 'error'], exempt: JUDGED_BEFORE_ANY_READ });
    expect(run.stats.forwarded).toBeGreaterThan(10);
  });

  test('truncated JSON (well framed) on GETs: the rules judged on it fail with the parse error', async () => {
    const run = await runUnder(tls, { kind: 'truncated-json' }, { when: GETS });
    expectFaultJudged(run, { allowed: ['fail', 'error'], exempt: JUDGED_BEFORE_ANY_READ, detail: /^CC_ERR_MALFORMED_ANSWER: / });
    expect(
      verdicts(run).filter((v) => v.status === 'fail' && /not JSON: .*(Unexpected end|Unterminated|Expected)/.test(v.detail ?? '')).length,
    ).toBeGreaterThan(3);
  });

  test('a burst of 500s: what it answered fails the rules judged on it, setup steps it broke are errors, then the API works again', async () => {
    const run = await runUnder(tls, { kind: 'status', status: 500 }, { when: (req) => req.n < 8 });
    // The 500s come in the core envelope with their status, which is what CORE-ERR-ENVELOPE asks of every failure.
    expectFaultJudged(run, {
      allowed: ['fail', 'error'],
      exempt: [...JUDGED_BEFORE_ANY_READ, 'CORE-ERR-ENVELOPE'],
      detail: /^CC_ERR_UNAVAILABLE: .* answered 500; /,
    });
    expect(verdicts(run).some((v) => v.status === 'fail' && /got 500/.test(v.detail ?? ''))).toBe(true);
    // The checks after the burst met a working API and pass.
    expect(verdicts(run).filter((v) => !run.touched.has(v.check) && v.status === 'pass').length).toBeGreaterThan(5);
  });

  const UNAVAILABLE = [
    ['with Retry-After: 1', { 'retry-after': '1' }, 3_000],
    ['without Retry-After (backoff 0.5, 1, 2 s)', {}, 3_500],
  ] as const;
  for (const [how, headers, retriesMs] of UNAVAILABLE) {
    test(`503 ${how} on every request: reads are retried 3 times, then every rule is CC_ERR_UNAVAILABLE`, async () => {
      const run = await runUnder(tls, { kind: 'status', status: 503, headers: () => ({ ...headers }) }, { concurrently: true });
      expectFaultJudged(run, { allowed: ['error'], detail: /^CC_ERR_UNAVAILABLE: \w+ .* answered 503( after 3 retries with backoff| and was not sent again)/ });
      expect(run.outcomes.reduce((n, o) => n + o.retried503, 0)).toBeGreaterThan(0);
      // The checks ran side by side: the run lasts one request's retries, not their sum.
      expect(run.ms).toBeGreaterThanOrEqual(retriesMs - 100);
      expect(run.ms).toBeLessThan(retriesMs + RUN_BOUND_MS);
    });
  }

  test('an HTML 403 edge block on every request: an error naming the edge block and the User-Agent, never a fail of an authorization rule nor a pass of a 403 rule', async () => {
    const run = await runUnder(tls, { kind: 'edge-block' }, { concurrently: true });
    expectFaultJudged(run, {
      allowed: ['error'],
      exempt: [EDGE_RULE],
      detail:
        /^CC_ERR_EDGE_BLOCK: .*403 with an HTML page: an edge in front of the API blocked the request, which is not an authorization failure \(spec: Authentication 7\); most often a missing or disallowed User-Agent header: this request sent "cc-conformance\/\d+\.\d+\.\d+ /,
    });
    const byRule = new Map(verdicts(run).map((v) => [v.rule, v.status]));
    expect(byRule.get('CORE-AGENT-MAX-403')).toBe('error');
    expect(byRule.get('CORE-AUTH-MISSING-401')).toBe('error');
    expect(run.ms).toBeLessThan(RUN_BOUND_MS);
  });
});
