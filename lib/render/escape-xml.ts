/**
 * Escaping for every XML file the project writes (the JUnit files of a conformance run, of a comparison
 * and of a k6 run). Loaded by k6 too: no Node built-ins, relative imports only.
 */

/**
 * Characters outside XML 1.0's Char production: most C0 controls, U+FFFE and U+FFFF, and a surrogate
 * with no partner. No escape can carry them (`&#1;` is as ill-formed as the raw byte), so a document
 * holding one is refused by every strict parser, and with it the whole test report.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text as XML character data or a double-quoted attribute value, each character XML 1.0 cannot hold
 * replaced by U+FFFD, so a reader sees that something stood there (an ANSI colour code in a target's
 * message, half of an emoji cut off with a body) instead of the text closing up around it.
 *
 * The apostrophe stays as it is: the JUnit writer quotes every attribute with `"`, so it needs no
 * escape, and the credential scrub every report file goes through (lib/http/redact.ts) looks for a
 * secret spelled with these four characters escaped; a fifth escape would hide a secret holding an
 * apostrophe from it.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
