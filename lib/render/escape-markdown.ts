/**
 * Escaping for the Markdown the project writes (`summary.md`, shown as a GitHub job summary). No Node
 * built-ins, like the rest of lib/render/.
 */

/**
 * Text as one line of inline Markdown: line breaks and other controls become spaces, and each character
 * that could start emphasis, a link, a code span, raw HTML, an entity or a table cell is backslash-escaped,
 * so a target's message shows as the text it is. The credential scrub (lib/http/redact.ts) looks for a
 * secret spelled with these escapes too.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[\\`*_[\]<>|&~]/g, '\\$&');
}

/**
 * Text as a Markdown code span, shown exactly (no escape works inside one): its fence is one backtick
 * longer than the longest run of backticks in it, and a space pads it where it starts or ends with one.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
