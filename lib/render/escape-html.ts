/**
 * Escaping for every HTML page the project writes (the conformance page, the comparison page, the load
 * report, the capacity page). Each string and number taken from a report passes through one of these: a
 * report carries names and messages from targets, scenarios, engines and profiles, none of them trusted
 * markup. No Node built-ins, like the rest of lib/render/ that k6 loads.
 */

/** Text as HTML character data or a quoted attribute value, either quote: the five characters markup reads. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * JSON safe inside a `<script>` element: no `<` can start `</script>` or `<!--`, and the two line
 * separators that older parsers treat as line ends are spelled out. JSON.parse reads it unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A library's source inlined in `<script>`: the sequences that would end or confuse the element are broken up. */
export function scriptText(source: string): string {
  return source.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}
