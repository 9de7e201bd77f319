import { describe, expect, test } from 'vitest';
import type { KeyPair } from '../../lib/config/target.js';
import { Redactor, secretSpellings } from '../../lib/http/redact.js';
import { drawWrongSecret, givesSecretAway, wrongSecretHeader } from '../../suites/shared/credentials.js';

const PAIRS: readonly KeyPair[] = [
  { id: 'CCKA126FB12D1FEDE', secret: 's3cr3t/with+chars&=' },
  { id: 'CCKA29A6FC733E849', secret: '4bc23117aa6a4b8674feb582c9c955a8' },
  { id: 'KEYWITHONECHAR', secret: 'zzzzzzzz' },
  { id: 'SHORTSECRET', secret: 'ab12' },
  { id: 'QUOTES', secret: 'a"b<c>d&e\'f' },
];

const decode = (header: string): string => Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');

describe('the wrong-secret probe', () => {
  test.each(PAIRS)('its header never spells the real secret, in any encoding the redactor knows ($id)', (pair) => {
    for (let run = 0; run < 200; run++) {
      const header = wrongSecretHeader(new Redactor({ keys: { primary: pair } }), pair);
      for (const spelling of secretSpellings(pair)) expect(header).not.toContain(spelling);
      const [id, ...rest] = decode(header).split(':');
      const wrong = rest.join(':');
      expect(id).toBe(pair.id);
      expect(wrong).not.toContain(pair.secret);
      expect(wrong).toHaveLength(pair.secret.length);
    }
  });

  test('it is drawn fresh, of the real secret\'s characters, and is never the secret with something added', () => {
    const pair = PAIRS[1] as KeyPair;
    const drawn = new Set(Array.from({ length: 20 }, () => drawWrongSecret(pair)));
    expect(drawn.size).toBeGreaterThan(1);
    for (const wrong of drawn) {
      expect([...wrong].every((c) => pair.secret.includes(c))).toBe(true);
      expect(wrong.startsWith(pair.secret) || wrong.endsWith(pair.secret)).toBe(false);
    }
    // The old derivation, the secret plus 'x', decodes to the secret: exactly what must not be sent.
    expect(givesSecretAway(pair, `${pair.secret}x`)).toBe(true);
  });

  test('a draw that would spell the secret is thrown back', () => {
    const pair = { id: 'K', secret: 'ab' };
    const picks = [0, 1, 1, 0];
    // The first draw is 'ab' itself; the second, 'ba', is kept.
    expect(drawWrongSecret(pair, () => picks.shift() ?? 0)).toBe('ba');
  });

  test('once drawn, the value is redacted like the real secret, and the run keeps one value', () => {
    const pair = PAIRS[0] as KeyPair;
    const redactor = new Redactor({ keys: { primary: pair } });
    const header = wrongSecretHeader(redactor, pair);
    expect(wrongSecretHeader(redactor, pair)).toBe(header);
    const token = header.replace(/^Basic /, '');
    const wrong = decode(header).slice(pair.id.length + 1);
    const echoed = redactor.text(`{"echo":"${header}","secret":"${wrong}","json":${JSON.stringify(wrong)},"query":"?s=${encodeURIComponent(wrong)}"}`);
    expect(echoed).not.toContain(token);
    expect(echoed).not.toContain(wrong);
    expect(echoed).not.toContain(encodeURIComponent(wrong));
    expect(redactor.headers({ authorization: header })).toEqual({ authorization: 'Basic [redacted]' });
  });
});
