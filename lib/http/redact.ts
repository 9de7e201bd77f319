import type { KeyPair, Target } from '../config/target.ts';
import { escapeHtml } from '../render/escape-html.ts';
import { escapeMarkdown } from '../render/escape-markdown.ts';
import { escapeXml } from '../render/escape-xml.ts';

const MARK = '[redacted]';

/**
 * Removes every credential of the target from text bound for output: the secrets, the key IDs,
 * and the Basic header values built from them (a server may echo any of these back).
 */
export class Redactor {
  #needles: string[] = [];

  /** `wrongSecret`: the run's wrong secret, sent after the primary key ID; redacted like a real secret. */
  constructor(target: Pick<Target, 'keys'>, wrongSecret?: string) {
    for (const pair of Object.values(target.keys)) if (pair) this.add(pair);
    if (wrongSecret !== undefined && target.keys.primary) this.add({ id: target.keys.primary.id, secret: wrongSecret });
  }

  /** Redacts one more key pair from now on, in every spelling the target's own pairs are redacted in. */
  add(pair: KeyPair): void {
    const needles = new Set<string>(this.#needles);
    for (const needle of spellings(pair)) needles.add(needle);
    // Longest first, so a secret that contains a key ID is removed whole.
    this.#needles = [...needles].filter((n) => n.length >= 4).sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const needle of this.#needles) out = out.split(needle).join(MARK);
    return out;
  }

  /** Header maps: the Authorization value is always replaced, whatever it holds. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = /^(authorization|proxy-authorization|x-api-key|cookie|set-cookie)$/i.test(name) ? redactAuthValue(value) : this.text(value);
    }
    return out;
  }
}

/** Every spelling of a pair's credentials that output may carry. */
function spellings(pair: KeyPair): string[] {
  return [...secretSpellings(pair), ...escaped(pair.id)];
}

/**
 * The spellings that give the secret away: itself, escaped, URL-encoded, and inside the pair's Basic
 * token, in base64 and base64url, padded and not, so an echo that drops the padding is caught too (the
 * longer, padded spelling goes first and leaves nothing behind).
 */
export function secretSpellings(pair: KeyPair): string[] {
  const token = Buffer.from(`${pair.id}:${pair.secret}`);
  const base64 = token.toString('base64');
  return [...escaped(pair.secret), base64, base64.replace(/=+$/, ''), token.toString('base64url'), encodeURIComponent(pair.secret)];
}

// Reports are serialised (JSON, XML, HTML, Markdown) before the last scrub, so the escaped spellings are needles too:
// each is the project's own escaper's, so a secret is found however the file that holds it escaped it.
function escaped(raw: string): string[] {
  return [...new Set([raw, JSON.stringify(raw).slice(1, -1), escapeXml(raw), escapeHtml(raw), escapeMarkdown(raw)])];
}

function redactAuthValue(value: string): string {
  // Only an auth-scheme token is kept; a cookie's leading `name=value;` is the credential itself, not a scheme.
  const scheme = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${MARK}` : MARK;
}
