import { afterAll, describe, expect, test } from 'vitest';
import { Session } from '../../lib/checks/session.ts';
import type { KeyPair } from '../../lib/config/target.ts';
import { Redactor, secretSpellings } from '../../lib/http/redact.ts';
import { drawWrongSecret, givesSecretAway } from '../../lib/http/wrong-secret.ts';
import { literalTarget } from './support.ts';

const PAIRS: readonly KeyPair[] = [
  { id: 'CCKA126FB12D1FEDE', secret: 's3cr3t/with+chars&=' },
  { id: 'CCKA29A6FC733E849', secret: '4bc23117aa6a4b8674feb582c9c955a8' },
  { id: 'KEYWITHONECHAR', secret: 'zzzzzzzz' },
  { id: 'SHORTSECRET', secret: 'ab12' },
  { id: 'QUOTES', secret: 'a"b<c>d&e\'f' },
];

const header = (pair: KeyPair, wrong: string): string => `Basic ${Buffer.from(`${pair.id}:${wrong}`).toString('base64')}`;

describe('the wrong-secret probe', () => {
  test.each(PAIRS)('its header never spells the real secret, in any encoding the redactor knows ($id)', (pair) => {
    for (let run = 0; run < 200; run++) {
      const wrong = drawWrongSecret(pair);
      const sent = header(pair, wrong);
      for (const spelling of secretSpellings(pair)) expect(sent).not.toContain(spelling);
      expect(wrong).not.toContain(pair.secret);
      expect(wrong).toHaveLength(pair.secret.length);
    }
  });

  test("it is drawn fresh, of the real secret's characters, and is never the secret with something added", () => {
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

  test("a redactor told the wrong secret redacts it in every spelling, as the command's last scrub must", () => {
    const pair = PAIRS[0] as KeyPair;
    const wrong = drawWrongSecret(pair);
    const redactor = new Redactor({ keys: { primary: pair } }, wrong);
    const sent = header(pair, wrong);
    const token = sent.replace(/^Basic /, '');
    const echoed = redactor.text(
      `{"echo":"${sent}","unpadded":"${token.replace(/=+$/, '')}","url":"${Buffer.from(`${pair.id}:${wrong}`).toString('base64url')}","secret":"${wrong}","json":${JSON.stringify(wrong)},"query":"?s=${encodeURIComponent(wrong)}"}`,
    );
    expect(echoed).not.toContain(token.replace(/=+$/, ''));
    expect(echoed).not.toContain(wrong);
    expect(echoed).not.toContain(encodeURIComponent(wrong));
    expect(echoed).not.toContain(pair.id);
    expect(redactor.headers({ authorization: sent })).toEqual({ authorization: 'Basic [redacted]' });
  });
});

describe('the session keeps one wrong secret a run', () => {
  const given = new Session(literalTarget(), 1, undefined, 'handed-over-wrong-0');
  const drawn = new Session(literalTarget(), 1);
  afterAll(async () => {
    await given.close();
    await drawn.close();
  });

  test('the one the command handed over, redacted by the session from the start', () => {
    expect(given.wrongSecret()).toBe('handed-over-wrong-0');
    expect(given.redactor.text('x handed-over-wrong-0 y')).toBe('x [redacted] y');
  });

  test('without one handed over, one drawn on first use, kept, and redacted from then on', () => {
    const wrong = drawn.wrongSecret() as string;
    expect(wrong).toHaveLength(literalTarget().keys.primary!.secret.length);
    expect(drawn.wrongSecret()).toBe(wrong);
    expect(drawn.redactor.text(`<${wrong}>`)).toBe('<[redacted]>');
  });

  test('no primary key, no wrong secret', async () => {
    const keyless = new Session(literalTarget({ keys: {} }), 1);
    expect(keyless.wrongSecret()).toBeUndefined();
    await keyless.close();
  });
});
