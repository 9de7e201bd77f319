/**
 * The shared render layer every report calls (lib/render/): its two escapers and its JUnit writer. The
 * views' own tests check what each report says; these check what no view should have to think about.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Redactor } from '../../lib/http/redact.ts';
import { escapeHtml } from '../../lib/render/escape-html.ts';
import { escapeXml } from '../../lib/render/escape-xml.ts';
import { toJunitXml } from '../../lib/render/junit-xml.ts';
import { parseXml } from './xml.ts';

/** Any UTF-16 code unit, lone surrogates included: what a string cut at a length (an evidence body) can end with. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 40 });

describe('escapeXml', () => {
  test('escapes markup and replaces characters XML 1.0 forbids', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0000\uFFFE`)).toBe(`&lt;a href=&quot;x&quot;&gt;'&amp;'&lt;/a&gt;\uFFFD\uFFFD`);
  });

  // The scrub looks for a secret with & < > " escaped; an escaped apostrophe would be a spelling it misses.
  test('a secret holding every markup character, written into a JUnit file, is still found by the credential scrub', () => {
    const secret = `it's<a>&"secret"`;
    const redactor = new Redactor({ keys: { primary: { id: 'key-id-0001', secret } } });
    const xml = toJunitXml({ name: secret, suites: [{ name: 's', cases: [{ classname: 'c', name: secret, failure: { message: secret, text: secret } }] }] });
    expect(redactor.text(xml)).not.toContain('secret');
    expect(redactor.text(xml).match(/\[redacted\]/g)).toHaveLength(4);
  });

  test('each forbidden character becomes one U+FFFD, so a reader sees something stood there; tab, newline and CR stay', () => {
    expect(escapeXml('\u001b[31mred\u001b[0m')).toBe('\uFFFD[31mred\uFFFD[0m');
    expect(escapeXml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
    // A surrogate pair is one character and stays; half of one is no character at all.
    expect(escapeXml('\u{1F600}')).toBe('\u{1F600}');
    expect(escapeXml('x\uD83D')).toBe('x\uFFFD');
    expect(escapeXml('\uDE00y')).toBe('\uFFFDy');
  });

  test('whatever the text, a JUnit document holding it in every place parses, and reads back as the text escaped', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const root = parseXml(
          toJunitXml({
            name: text,
            suites: [
              {
                name: text,
                timestamp: text,
                properties: [[text, text]],
                cases: [{ classname: text, name: text, failure: { type: text, message: text, text }, systemOut: text }],
                systemOut: text,
              },
            ],
          }),
        );
        const kept = escapeXml(text)
          .replace(/&apos;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&gt;/g, '>')
          .replace(/&lt;/g, '<')
          .replace(/&amp;/g, '&');
        expect(root.attrs.name).toBe(kept);
        expect(root.children[0]?.children.find((c) => c.name === 'testcase')?.children[0]?.text).toBe(kept);
      }),
    );
  });
});

describe('escapeHtml', () => {
  test('escapes the five characters markup reads, in text and in either quote', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml(1.5)).toBe('1.5');
  });
});

describe('toJunitXml', () => {
  test('counts come from the testcases; a passing testcase is one line, an empty problem self-closes', () => {
    const xml = toJunitXml({
      name: 'n',
      timeMs: 1500,
      suites: [
        {
          name: 's',
          disabled: 2,
          cases: [
            { classname: 'c', name: 'pass', timeMs: 250 },
            { classname: 'c', name: 'fail', failure: { message: 'm' } },
            { classname: 'c', name: 'err', error: { message: 'm', text: 't' } },
            { classname: 'c', name: 'skip', skipped: { message: 'why' } },
          ],
        },
      ],
    });
    expect(xml.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="n" tests="4" failures="1" errors="1" skipped="1" time="1.500">',
      '  <testsuite name="s" tests="4" failures="1" errors="1" skipped="1" disabled="2">',
      '    <testcase classname="c" name="pass" time="0.250"></testcase>',
      '    <testcase classname="c" name="fail">',
      '      <failure message="m"/>',
      '    </testcase>',
      '    <testcase classname="c" name="err">',
      '      <error message="m">t</error>',
      '    </testcase>',
      '    <testcase classname="c" name="skip">',
      '      <skipped message="why"/>',
      '    </testcase>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ]);
  });
});
