import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { COMMAND_EXITS, EXIT_CODE } from '../../lib/exit-codes.ts';
import { anchor, prose, text } from '../../tools/docs/markdown.ts';
import { generatedPages, PAGES, REFERENCE_DIR, ROOT } from '../../tools/docs/pages.ts';
import { readingBlock } from '../../tools/docs/rules-page.ts';

const onDisk = (path: string) => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined);

let pages: Map<string, string>;
beforeAll(async () => {
  pages = await generatedPages();
});

describe('docs/reference/ is generated from the code', () => {
  test('every generated page on disk is the page the code gives now', () => {
    expect(pages.size).toBeGreaterThanOrEqual(4);
    // One line that says what to do, rather than a diff of thousands of lines.
    for (const [path, page] of pages) if (onDisk(path) !== page) throw new Error(`${path} is out of date: run npm run docs`);
  });

  test('the folder holds the pages the index lists, and nothing else', () => {
    const listed = ['README.md', ...PAGES.map((p) => p.file)].sort();
    expect(readdirSync(join(ROOT, REFERENCE_DIR)).sort()).toEqual(listed);
  });

  test('each page opens with one sentence saying what it lists, under its title', () => {
    for (const file of ['README.md', ...PAGES.map((p) => p.file)]) {
      const [title, blank, opening] = (onDisk(`${REFERENCE_DIR}/${file}`) ?? '').split('\n');
      expect(title, file).toMatch(/^# \S/);
      expect(blank, file).toBe('');
      expect(opening, file).toMatch(/^This page lists [^.]*\.$/);
    }
  });

  test("each command's --help names the exit codes the reference page gives it, and no other", () => {
    for (const command of COMMAND_EXITS.filter((c) => c.file !== undefined)) {
      const source = readFileSync(join(ROOT, command.file as string), 'utf8');
      const help = /\nExit codes: ([\s\S]*?)`;/.exec(source)?.[1];
      // The mock runs until stopped and states none.
      if (help === undefined) {
        expect(command.command, `${command.file} states no exit codes`).toBe('mock');
        continue;
      }
      // A code opens the help, or follows a semicolon or "With --expect:"; "1 wins over 4" names none.
      const named = new Set([...help.matchAll(/(?:^|;|--expect:)\s*(\d+)\s/g)].map((m) => Number(m[1])));
      expect(
        [...named].sort((a, b) => a - b),
        command.command,
      ).toEqual(command.codes.map((c) => EXIT_CODE[c.name]).sort((a, b) => a - b));
    }
  });

  test('a structured reading shows the quote, then the reading taken, what is accepted and how; a string reading is a paragraph', () => {
    const structured = readingBlock({ quote: 'The spec says <x>.', taken: 'It is read so.', accepted: 'Either answer.', method: 'By a probe.' });
    expect(structured.split('\n\n')).toEqual(['> The spec says \\<x>.', 'Reading: It is read so.', 'Accepted: Either answer.', 'How: By a probe.']);
    expect(readingBlock({ quote: 'Q.', taken: 'T.' })).toBe('> Q.\n\nReading: T.');
    expect(readingBlock('A reading in one paragraph.')).toBe('Reading: A reading in one paragraph.');
  });

  test('plain text shows as written, and anchors are the ones GitHub gives headings', () => {
    expect(text('{ id: <string> } and *x* [y] a|b `c`')).toBe('{ id: \\<string> } and \\*x\\* \\[y\\] a\\|b \\`c\\`');
    // An underscore inside a word cannot start emphasis, so it stays; at a word's edge it is escaped.
    expect(text('ai_url and _x_')).toBe('ai_url and \\_x\\_');
    expect(text('- not a list')).toBe('\\- not a list');
    // Code spans, as the spec and the readings write paths and statuses, stay code; unbalanced ticks are plain.
    expect(prose('a `{ id }` gets `401` *now*')).toBe('a `{ id }` gets `401` \\*now\\*');
    expect(prose('`401` - then > 2')).toBe('`401` - then > 2');
    expect(prose('one ` tick')).toBe('one \\` tick');
    expect(anchor('Errors > Errors on the {ai_url} host')).toBe('errors--errors-on-the-ai_url-host');
    expect(anchor('`run`: `npm run conformance`')).toBe('run-npm-run-conformance');
  });
});
