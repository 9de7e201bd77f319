import type { KeyPair } from '../../lib/config/target.ts';

/** A run of base64 or base64url characters long enough to hide a credential. */
const TOKEN = /[A-Za-z0-9+/_-]{8,}={0,2}/g;

/**
 * Where `text` shows a credential of `pairs`: a key ID or secret as it is, or inside a base64 or base64url
 * token (of 8 characters or more) at any alignment, so a token glued to other letters is still read.
 * Each finding names the credential's kind, never its value.
 */
export function credentialLeaks(text: string, pairs: readonly KeyPair[]): string[] {
  const needles = pairs.flatMap((pair, i) => [
    { value: pair.id, what: `key ID ${i}` },
    { value: pair.secret, what: `secret ${i}` },
  ]);
  const found = new Set<string>();
  for (const { value, what } of needles) if (text.includes(value)) found.add(`${what} in plain text`);
  for (const [token] of text.matchAll(TOKEN)) {
    const standard = token.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    for (let skip = 0; skip < 4; skip++) {
      const decoded = Buffer.from(standard.slice(skip), 'base64').toString('latin1');
      for (const { value, what } of needles)
        if (decoded.includes(value)) found.add(`${what} in a base64 token at offset ${token.length > 0 ? text.indexOf(token) : -1}`);
    }
  }
  return [...found];
}
