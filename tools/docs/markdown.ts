/**
 * The Markdown helpers of the reference pages. The catalogue's texts are plain text (the console and
 * JUnit show them as they are), so they are escaped here; the variables' meanings are Markdown already.
 */

/**
 * Plain text as inline Markdown: each character that could start emphasis, a link, a code span, raw
 * HTML or a table cell is escaped. An underscore inside a word (`ai_url`) cannot start emphasis, so it
 * stays as it is, which keeps the page's source readable.
 */
export function text(plain: string): string {
  const escaped = plain
    .replace(/\s+/g, ' ')
    .replace(/[\\`*[\]<|~]/g, '\\$&')
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/_/g, (underscore, at: number, whole: string) => (/\w/.test(whole[at - 1] ?? '') && /\w/.test(whole[at + 1] ?? '') ? underscore : '\\_'));
  // What a line may start with that would make it a heading, a list item or a quote.
  return escaped.replace(/^([#+>-]|\d+(?=[.)]\s))/, '\\$1');
}

/**
 * Text written with code spans (`name`, `401`), as the spec and the readings write paths, fields and
 * statuses: each span stays code, the rest is escaped as plain text. Unbalanced backticks are all plain.
 */
export function prose(written: string): string {
  const parts = written.replace(/\s+/g, ' ').split(/(`[^`]+`)/);
  if (parts.filter((part) => !/^`[^`]+`$/.test(part)).some((part) => part.includes('`'))) return text(written);
  return parts.map((part, i) => (/^`[^`]+`$/.test(part) ? part : i === 0 ? text(part) : text(part).replace(/^\\([#+>-])/, '$1'))).join('');
}

/** A name shown as code: ids, file names, fault names. None holds a backtick. */
export function code(name: string): string {
  return `\`${name}\``;
}

/** A table of Markdown cells: a `|` in a cell is escaped, even within a code span, as GitHub requires. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/(?<!\\)\|/g, '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The anchor GitHub gives a heading: lower case, punctuation dropped but for `-` and `_`, each space a
 * hyphen (`Endpoints > Core API` gives `endpoints--core-api`). Code spans count by their text.
 */
export function anchor(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Joins blocks with one blank line between them, and ends the page with a newline. */
export function page(blocks: readonly (string | undefined | false)[]): string {
  return `${blocks.filter((b): b is string => typeof b === 'string' && b !== '').join('\n\n')}\n`;
}
