import { randomInt } from 'node:crypto';
import type { CheckContext } from '../../lib/checks/context.js';
import { type CheckDefinition, defineCheck } from '../../lib/checks/define.js';
import type { RequestSpec } from '../../lib/checks/request.js';
import type { KeyPair, Surface } from '../../lib/config/target.js';
import { ConfigError } from '../../lib/errors.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { type Redactor, secretSpellings } from '../../lib/http/redact.js';

/**
 * The credential probes every host shares (spec: Authentication 6): missing, incorrect, malformed and
 * revoked credentials all get 401. Each host names its rules, the requests to probe with, and how
 * its 401 must look.
 */
export interface CredentialSurface {
  /** Prefix of the check IDs: `core` gives `core.auth.missing`. */
  readonly name: string;
  readonly surface: Surface;
  readonly rules: { readonly missing: string; readonly incorrect: string; readonly malformed: string; readonly revoked: string };
  /** Rules the 401 body is judged by, besides the status rule of each probe. */
  readonly bodyRules: readonly string[];
  /** Requests the probes rotate through; the authentication layer answers before any of them is served. */
  readonly probes: readonly Probe[];
  /** Judges one 401: the status under `rule`, then the body under the body rules. */
  expect401(t: CheckContext, rule: string, ex: Exchange): void;
}

export interface Probe {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

const b64 = (text: string): string => Buffer.from(text).toString('base64');

const MALFORMED: readonly (readonly [string, string])[] = [
  ['Bearer abcdef0123456789', 'another scheme (Bearer)'],
  ['Basic !!!not-base64!!!', 'Basic with undecodable base64'],
  [`Basic ${b64('no-colon-in-here')}`, 'Basic without a colon'],
  ['Basic', 'Basic without credentials'],
];

/** Alphabet of a wrong secret when the real one has too few distinct characters to draw from. */
const FALLBACK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DRAWS = 64;

const basic = (id: string, secret: string): string => `Basic ${b64(`${id}:${secret}`)}`;

/** Whether a probe with `wrong` as the secret would show the real secret in any spelling the redactor knows. */
export function givesSecretAway(pair: KeyPair, wrong: string): boolean {
  // The header as sent, and what follows the key ID once it is decoded.
  const sent = [basic(pair.id, wrong), `:${wrong}`];
  return wrong === pair.secret || secretSpellings(pair).some((spelling) => sent.some((text) => text.includes(spelling)));
}

/**
 * A wrong secret for `pair`: as long as the real one and of its characters, drawn at random. Never the
 * real secret plus something: a value that decodes to the secret would leak it through a server that
 * echoes the header.
 */
export function drawWrongSecret(pair: KeyPair, pick: (below: number) => number = randomInt): string {
  const own = [...new Set(pair.secret)];
  const alphabet = own.length > 1 ? own : [...new Set([...own, ...FALLBACK_ALPHABET])];
  for (let i = 0; i < DRAWS; i++) {
    const wrong = Array.from(pair.secret, () => alphabet[pick(alphabet.length)]).join('');
    if (!givesSecretAway(pair, wrong)) return wrong;
  }
  throw new ConfigError('CC_KEY_SECRET: no wrong secret could be drawn that does not spell the real one; is the secret a few characters long?');
}

/** One wrong secret a run, per redactor: each session has its own redactor, which must know the value. */
const RUN_WRONG_SECRET = new WeakMap<Redactor, string>();

/** The run's Basic header of `pair`'s key ID with a wrong secret; the redactor redacts it from now on. */
export function wrongSecretHeader(redactor: Redactor, pair: KeyPair): string {
  let wrong = RUN_WRONG_SECRET.get(redactor);
  if (wrong === undefined) {
    wrong = drawWrongSecret(pair);
    redactor.add({ id: pair.id, secret: wrong });
    RUN_WRONG_SECRET.set(redactor, wrong);
  }
  return basic(pair.id, wrong);
}

/** `spec` sent with the primary key ID and the run's wrong secret; without a primary key the check is skipped. */
export function withWrongSecret(t: CheckContext, spec: RequestSpec): RequestSpec {
  const primary = t.target.keys.primary;
  if (!primary) t.skip('needs CC_KEY_ID');
  return spec.authorization(wrongSecretHeader(t.session.redactor, primary), 'primary key ID with a wrong secret');
}

/** Probe i of the surface, rotating, so each variant reaches more than one endpoint at no extra cost. */
function nth(s: CredentialSurface, t: CheckContext, i: number): RequestSpec {
  const probe = s.probes[i % s.probes.length] as Probe;
  const spec = t.req(s.surface, probe.method, probe.path);
  return probe.body === undefined ? spec : spec.json(probe.body);
}

export function credentialChecks(s: CredentialSurface): CheckDefinition[] {
  return [
    defineCheck({
      id: `${s.name}.auth.missing`,
      title: `${s.name}: no credentials get 401`,
      surface: s.surface,
      rules: [s.rules.missing, ...s.bodyRules],
      maxRequests: s.probes.length,
      async run(t) {
        for (let i = 0; i < s.probes.length; i++) s.expect401(t, s.rules.missing, await nth(s, t, i).noAuth().send());
      },
    }),
    defineCheck({
      id: `${s.name}.auth.incorrect`,
      title: `${s.name}: an unknown key ID and a wrong secret get 401`,
      surface: s.surface,
      rules: [s.rules.incorrect, ...s.bodyRules],
      maxRequests: 2,
      async run(t) {
        const unknownId = t.session.uniqueName();
        s.expect401(t, s.rules.incorrect, await nth(s, t, 0).authorization(`Basic ${b64(`${unknownId}:not-a-secret`)}`, 'unknown key ID').send());
        s.expect401(t, s.rules.incorrect, await withWrongSecret(t, nth(s, t, 1)).send());
      },
    }),
    defineCheck({
      id: `${s.name}.auth.malformed`,
      title: `${s.name}: malformed Authorization headers get 401`,
      surface: s.surface,
      rules: [s.rules.malformed, ...s.bodyRules],
      maxRequests: MALFORMED.length,
      async run(t) {
        for (const [i, [header, label]] of MALFORMED.entries()) s.expect401(t, s.rules.malformed, await nth(s, t, i).authorization(header, label).send());
      },
    }),
    defineCheck({
      id: `${s.name}.auth.revoked`,
      title: `${s.name}: a revoked key pair gets 401`,
      surface: s.surface,
      rules: [s.rules.revoked, ...s.bodyRules],
      maxRequests: 1,
      needs: { keys: ['revoked'] },
      run: async (t) => s.expect401(t, s.rules.revoked, await nth(s, t, 0).as('revoked').send()),
    }),
  ];
}
