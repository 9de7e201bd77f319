import { randomInt } from 'node:crypto';
import type { KeyPair } from '../config/target.ts';
import { ConfigError } from '../errors.ts';
import { secretSpellings } from './redact.ts';

/**
 * The run's wrong secret: what the incorrect-credentials probes send after the primary key ID. It is a
 * credential-shaped value derived from a real one, so every output redacts it like the real secret; the
 * command draws it once, before the suites start, so its own last scrub knows it too.
 */

/** Alphabet of a wrong secret when the real one has too few distinct characters to draw from. */
const FALLBACK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DRAWS = 64;

const basicToken = (id: string, secret: string): string => Buffer.from(`${id}:${secret}`).toString('base64');

/** Whether a probe with `wrong` as the secret would show the real secret in any spelling the redactor knows. */
export function givesSecretAway(pair: KeyPair, wrong: string): boolean {
  // The header as sent, and what follows the key ID once it is decoded.
  const sent = [`Basic ${basicToken(pair.id, wrong)}`, `:${wrong}`];
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
