import type { Assertions } from '../../lib/checks/assertions.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.ts';
import type { RequestSpec } from '../../lib/requests/request-spec.ts';
import { type Surface } from '../../lib/contract/vocabulary.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * The credential probes every host shares (spec: Authentication 6): missing, incorrect, malformed and
 * revoked credentials all get 401. Each host names its rules, the requests to probe with, and how
 * its 401 must look.
 */
export interface CredentialSurface {
  /** Prefix of the check IDs: `core` gives `core.auth.missing`. */
  readonly name: string;
  readonly surface: Surface;
  /** The rule each probe judges; a host whose missing and incorrect credentials a check of its own judges names only the others. */
  readonly rules: { readonly missing?: RuleId; readonly incorrect?: RuleId; readonly malformed?: RuleId; readonly revoked?: RuleId };
  /** Rules the 401 body is judged by, besides the status rule of each probe. */
  readonly bodyRules: readonly RuleId[];
  /** Requests the probes rotate through; the authentication layer answers before any of them is served. */
  readonly probes: readonly Probe[];
  /** Judges one 401: the status under `rule`, then the body under the body rules. */
  expect401(t: Assertions, rule: RuleId, ex: Exchange): void;
}

/**
 * A fixed request, or one built per check from the target's settings (a Dialer route from the target's
 * route table); either way one probe is one request.
 */
export type Probe = { readonly method: string; readonly path: string; readonly body?: unknown } | ((t: CheckContext) => RequestSpec);

const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** Each malformed header, as sent and in words; none holds a credential, so a replay sends it as it is. */
const MALFORMED: readonly (readonly [string, string])[] = [
  ['Bearer abcdef0123456789', 'another scheme (Bearer)'],
  ['Basic !!!not-base64!!!', 'Basic with undecodable base64'],
  [`Basic ${b64('no-colon-in-here')}`, 'Basic without a colon'],
  ['Basic', 'Basic without credentials'],
];

const basic = (id: string, secret: string): string => `Basic ${b64(`${id}:${secret}`)}`;

/**
 * `spec` sent with the primary key ID and the run's wrong secret (drawn fresh each run, redacted like the
 * real one: `lib/http/wrong-secret.ts`); without a primary key the check is skipped.
 */
export function withWrongSecret(t: CheckContext, spec: RequestSpec): RequestSpec {
  const primary = t.target.keys.primary;
  const wrong = t.wrongSecret();
  if (!primary || wrong === undefined) t.skip('needs CC_KEY_ID');
  return spec.authorization(basic(primary.id, wrong), 'primary key ID with a wrong secret', { kind: 'wrong-secret', slot: 'primary' });
}

/**
 * The 401 of the AI host's authentication layer, which answers ahead of every service there, the Dialer
 * included (spec: Errors on the {ai_url} host, 1): 401 under `statusRule`, no correlationId under
 * `correlationRule` (it never reached a service), the layer's body under `bodyRule`.
 */
export function expectAuthLayer401(t: Assertions, statusRule: RuleId, ex: Exchange, correlationRule: RuleId, bodyRule: RuleId): void {
  // The body rules are of a 401: an answer that is none has no 401 body to judge.
  if (!t.expectStatus(statusRule, ex, 401)) {
    t.blockRule(correlationRule, statusRule);
    return t.blockRule(bodyRule, statusRule);
  }
  judgeAuthLayer401Body(t, ex, correlationRule, bodyRule);
}

/** The body of a 401 of the AI host's authentication layer: no correlationId, and the layer's fixed body. */
export function judgeAuthLayer401Body(t: Assertions, ex: Exchange, correlationRule: RuleId, bodyRule: RuleId): void {
  const body = ex.json as Record<string, unknown> | undefined;
  t.check(
    correlationRule,
    body === undefined || !('correlationId' in body),
    'the 401 carries a correlationId, though the authentication layer answers ahead of the service',
    ex,
  );
  t.expectSchema(bodyRule, ex, 'ai/auth-401');
}

/** Probe i of the surface, rotating, so each variant reaches more than one endpoint at no extra cost. */
function nth(s: CredentialSurface, t: CheckContext, i: number): RequestSpec {
  const probe = s.probes[i % s.probes.length] as Probe;
  if (typeof probe === 'function') return probe(t);
  const spec = t.req(s.surface, probe.method, probe.path);
  return probe.body === undefined ? spec : spec.json(probe.body);
}

export function credentialChecks(s: CredentialSurface): CheckDefinition[] {
  const { missing, incorrect, malformed, revoked } = s.rules;
  return [
    missing === undefined
      ? undefined
      : defineCheck({
          id: `${s.name}.auth.missing`,
          title: `${s.name}: no credentials get 401`,
          surface: s.surface,
          rules: [missing, ...s.bodyRules],
          cost: { requests: s.probes.length },
          async run(t) {
            for (let i = 0; i < s.probes.length; i++) s.expect401(t, missing, await nth(s, t, i).noAuth().send());
          },
        }),
    incorrect === undefined
      ? undefined
      : defineCheck({
          id: `${s.name}.auth.incorrect`,
          title: `${s.name}: an unknown key ID and a wrong secret get 401`,
          surface: s.surface,
          rules: [incorrect, ...s.bodyRules],
          cost: { requests: 2 },
          async run(t) {
            const unknownId = t.uniqueName();
            const unknown = basic(unknownId, 'not-a-secret');
            s.expect401(t, incorrect, await nth(s, t, 0).authorization(unknown, 'unknown key ID', { kind: 'literal', header: unknown }).send());
            s.expect401(t, incorrect, await withWrongSecret(t, nth(s, t, 1)).send());
          },
        }),
    malformed === undefined
      ? undefined
      : defineCheck({
          id: `${s.name}.auth.malformed`,
          title: `${s.name}: malformed Authorization headers get 401`,
          surface: s.surface,
          rules: [malformed, ...s.bodyRules],
          cost: { requests: MALFORMED.length },
          async run(t) {
            for (const [i, [header, label]] of MALFORMED.entries())
              s.expect401(t, malformed, await nth(s, t, i).authorization(header, label, { kind: 'literal', header }).send());
          },
        }),
    revoked === undefined
      ? undefined
      : defineCheck({
          id: `${s.name}.auth.revoked`,
          title: `${s.name}: a revoked key pair gets 401`,
          surface: s.surface,
          rules: [revoked, ...s.bodyRules],
          cost: { requests: 1 },
          needs: { keys: ['revoked'] },
          run: async (t) => s.expect401(t, revoked, await nth(s, t, 0).as('revoked').send()),
        }),
  ].filter((c): c is CheckDefinition => c !== undefined);
}
