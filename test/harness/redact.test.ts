import { describe, expect, test } from 'vitest';
import { Redactor } from '../../lib/http/redact.ts';

const PRIMARY = { id: 'CCKA126FB12D1FEDE', secret: 's3cr3t/with+chars&=' };
const SECOND = { id: 'CCKA29A6FC733E849', secret: '4bc23117aa6a4b8674feb582c9c955a8' };
const redactor = new Redactor({ keys: { primary: PRIMARY, second: SECOND } });
const basic = (pair: { id: string; secret: string }) => Buffer.from(`${pair.id}:${pair.secret}`).toString('base64');

function expectClean(text: string): void {
  for (const pair of [PRIMARY, SECOND]) {
    expect(text).not.toContain(pair.id);
    expect(text).not.toContain(pair.secret);
    expect(text).not.toContain(basic(pair));
    expect(text).not.toContain(encodeURIComponent(pair.secret));
  }
}

describe('Redactor.text', () => {
  test('replaces secrets and key IDs of every slot wherever they occur', () => {
    const out = redactor.text(`key ${PRIMARY.id} secret ${PRIMARY.secret}; second ${SECOND.id}:${SECOND.secret}${SECOND.secret}`);
    expectClean(out);
    expect(out).toBe('key [redacted] secret [redacted]; second [redacted]:[redacted][redacted]');
  });

  test('replaces the base64 of id:secret, as an echoed Basic header carries it', () => {
    const out = redactor.text(`{"echo":"Basic ${basic(PRIMARY)}"}`);
    expectClean(out);
    expect(out).toBe('{"echo":"Basic [redacted]"}');
  });

  test('replaces the URL-encoded secret, as a query string or form body carries it', () => {
    const encoded = encodeURIComponent(PRIMARY.secret);
    expect(encoded).not.toBe(PRIMARY.secret);
    const out = redactor.text(`https://api.example.test/api/x?token=${encoded}&page=1`);
    expectClean(out);
    expect(out).toBe('https://api.example.test/api/x?token=[redacted]&page=1');
  });

  test('a secret that contains the key ID is removed whole, not around the ID', () => {
    const pair = { id: 'ABCD1234', secret: 'xxABCD1234yy' };
    const r = new Redactor({ keys: { primary: pair } });
    expect(r.text('got xxABCD1234yy and ABCD1234')).toBe('got [redacted] and [redacted]');
  });

  test('text without credentials is left exactly as it was', () => {
    const text = 'responseData: {"status":200,"data":[1,2,3]} — ünïcode\n';
    expect(redactor.text(text)).toBe(text);
  });

  test('needles shorter than 4 characters are not redacted: replacing 1–3 characters everywhere would shred every report', () => {
    const r = new Redactor({ keys: { primary: { id: 'ab', secret: 'xyz' } } });
    expect(r.text('abacus xyzzy')).toBe('abacus xyzzy');
    // Their Basic form is long enough and is still removed.
    expect(r.text(`Basic ${Buffer.from('ab:xyz').toString('base64')}`)).toBe('Basic [redacted]');
  });
});

describe('Redactor.headers', () => {
  test('credential headers are always redacted, keeping only the scheme', () => {
    const out = redactor.headers({
      Authorization: `Basic ${basic(PRIMARY)}`,
      'proxy-authorization': 'Bearer some-unrelated-token',
      'x-api-key': 'unrelated-api-key-value',
      'content-type': 'application/json',
    });
    expect(out).toEqual({
      Authorization: 'Basic [redacted]',
      'proxy-authorization': 'Bearer [redacted]',
      'x-api-key': '[redacted]',
      'content-type': 'application/json',
    });
  });

  test('a malformed Authorization value is redacted even when it holds no known credential', () => {
    expect(redactor.headers({ authorization: 'not-base64!!' })).toEqual({ authorization: '[redacted]' });
    expect(redactor.headers({ authorization: 'Basic' })).toEqual({ authorization: '[redacted]' });
    // A bare token followed by stray whitespace is the credential, not a scheme.
    expect(redactor.headers({ authorization: 'opaque-token-value ' })).toEqual({ authorization: '[redacted]' });
    expect(redactor.headers({ authorization: `${PRIMARY.id}:${PRIMARY.secret}` })).toEqual({ authorization: '[redacted]' });
  });

  test('cookies are redacted whole: a cookie has no scheme, its first pair is the credential', () => {
    const out = redactor.headers({ cookie: 'session=c00kie-value-1; theme=dark', 'Set-Cookie': 'session=c00kie-value-2; Path=/; HttpOnly' });
    expect(JSON.stringify(out)).not.toContain('c00kie-value');
    expect(out).toEqual({ cookie: '[redacted]', 'Set-Cookie': '[redacted]' });
  });

  test('other headers are scrubbed of known credentials like any text', () => {
    const out = redactor.headers({ 'x-echo': `id=${PRIMARY.id}`, location: `/back?k=${encodeURIComponent(PRIMARY.secret)}` });
    expect(out).toEqual({ 'x-echo': 'id=[redacted]', location: '/back?k=[redacted]' });
  });
});

describe('secrets in serialised reports', () => {
  // Reports are scrubbed after JSON and XML serialisation; a secret with quotes or ampersands is escaped there.
  const tricky = new Redactor({ keys: { primary: { id: 'CCK"ID<1>', secret: 'p&ss"w\\ord<x>' } } });

  test('the JSON-escaped spelling of a secret is redacted', () => {
    const text = JSON.stringify({ body: 'echo p&ss"w\\ord<x> and CCK"ID<1>' });
    const out = tricky.text(text);
    expect(out).not.toContain(JSON.stringify('p&ss"w\\ord<x>').slice(1, -1));
    expect(out).not.toContain(JSON.stringify('CCK"ID<1>').slice(1, -1));
    expect(JSON.parse(out)).toEqual({ body: 'echo [redacted] and [redacted]' });
  });

  test('the XML-escaped spelling of a secret is redacted', () => {
    const out = tricky.text('<failure message="p&amp;ss&quot;w\\ord&lt;x&gt;"/>');
    expect(out).toBe('<failure message="[redacted]"/>');
  });

  test("the HTML-escaped spelling of a secret is redacted, an apostrophe's &#39; included", () => {
    const apostrophe = new Redactor({ keys: { primary: { id: 'CCKID1', secret: "it's<secret>" } } });
    expect(apostrophe.text('<td>it&#39;s&lt;secret&gt;</td>')).toBe('<td>[redacted]</td>');
  });
});
