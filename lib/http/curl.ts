import { KEY_SLOT_VARIABLE } from '../contract/vocabulary.ts';
import type { KeySlot } from '../contract/vocabulary.ts';
import type { ReplayAuth, SentRequest } from './exchange.ts';

/**
 * A `curl` command that sends a recorded request again: method, full URL, every header but the
 * credential ones, the body, and the credentials as the key slot's variables (`$CC_KEY_ID`), never a value.
 * Built from the already-redacted record, so nothing it holds was not already fit to print.
 */

/** Headers a replay never copies: credentials go by variable, and the rest are recorded already redacted. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$/i;

/** Stand-in for a deliberately wrong secret: it must not be, or be derived from, the real one. */
export const WRONG_SECRET_STAND_IN = 'not-the-secret';

/** One shell word, single-quoted: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function variables(slot: KeySlot): { id: string; secret: string } {
  const id = KEY_SLOT_VARIABLE[slot];
  return { id, secret: id.replace(/_ID$/, '_SECRET') };
}

function authArgs(replay: ReplayAuth): string[] {
  switch (replay.kind) {
    case 'slot': {
      const v = variables(replay.slot);
      return ['-u', `"$${v.id}:$${v.secret}"`];
    }
    case 'wrong-secret':
      return ['-u', `"$${variables(replay.slot).id}:${WRONG_SECRET_STAND_IN}"`];
    case 'literal':
      return ['-H', shellQuote(`Authorization: ${replay.header}`)];
    case 'none':
      return [];
  }
}

export function curlCommand(request: SentRequest): string {
  const url = new URL(request.url);
  const args = ['curl', '-sS', '-i'];
  const method = request.method.toUpperCase();
  if (method === 'HEAD') args.push('--head');
  else if (method !== 'GET' || request.body !== undefined) args.push('-X', method);
  // A target behind its own CA: the same variable the suite reads, and nothing when it is unset.
  if (url.protocol === 'https:') args.push('${CC_CA_FILE:+--cacert "$CC_CA_FILE"}');
  args.push(shellQuote(request.url));
  for (const [name, value] of Object.entries(request.headers)) if (!CREDENTIAL_HEADER.test(name)) args.push('-H', shellQuote(`${name}: ${value}`));
  if (request.replay) args.push(...authArgs(request.replay));
  if (request.body !== undefined) args.push('--data-binary', shellQuote(request.body));
  // A record made outside a check says its credentials in words only; the line says so instead of guessing.
  if (!request.replay && request.credentials !== 'no credentials') args.push(`# credentials not reproduced: ${request.credentials}`);
  return args.join(' ');
}
