import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../mock/faults/registry.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** README.md and every page under docs/, as paths relative to the root. */
function pages(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found.sort();
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The page without its fenced code blocks, which hold commands and output, not prose. */
const withoutCode = (text: string) => text.replace(/^\s*```[\s\S]*?^\s*```/gm, '');

/**
 * The page's prose as blocks a reader takes in one go: a paragraph, a list item, a heading, a table cell.
 * Block quotes are left out: they hold the spec's words, which a rule's reading quotes exactly.
 * A line break inside a paragraph or an item continues it.
 */
function blocks(text: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) out.push(current.join(' '));
    current = [];
  };
  for (const line of withoutCode(text).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') flush();
    // A block quote is the spec's own words (a rule's reading quotes it): not ours to shorten.
    else if (trimmed.startsWith('>')) flush();
    else if (trimmed.startsWith('|')) {
      flush();
      out.push(...trimmed.split('|').map((cell) => cell.trim()));
    } else if (/^(#{1,6} |[-*] |\d+\. )/.test(trimmed)) {
      flush();
      current.push(trimmed.replace(/^(#{1,6} |[-*] |\d+\. )/, ''));
    } else current.push(trimmed);
  }
  flush();
  return out.filter((block) => block !== '' && !/^:?-+:?$/.test(block));
}

/** Sentences end at a full stop, question or exclamation mark followed by a space and a capital or a code span. */
const sentences = (block: string) => block.split(/(?<=[.!?])\s+(?=[A-Z`*[("])/);
const words = (sentence: string) => sentence.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

describe('the docs read well and hold together', () => {
  test('the README fits about 150 lines, and leads to each of the three jobs from its first screen', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(155);
    const firstScreen = readme.split('\n').slice(0, 15).join('\n');
    for (const job of ['#a-gate-in-ci', '#verifying-a-dialer-release', '#capacity-before-a-campaign']) expect(firstScreen).toContain(`](${job})`);
  });

  test('the contributing page adds a rule end to end in under 150 lines', () => {
    expect(read('docs/contributing.md').trimEnd().split('\n').length).toBeLessThan(150);
  });

  test('no sentence in the README or docs/ runs over 60 words', () => {
    const long = pages().flatMap((page) =>
      blocks(read(page))
        .flatMap(sentences)
        .filter((s) => words(s) > 60)
        .map((s) => `${page}: ${words(s)} words: ${s.slice(0, 120)}…`),
    );
    expect(long).toEqual([]);
  });

  test('every page under docs/ opens by saying what the reader will have', () => {
    for (const page of pages().filter((p) => p.startsWith('docs'))) {
      const first = blocks(read(page)).find((block) => !read(page).includes(`# ${block}\n`)) ?? '';
      expect(first, page).toMatch(/^(By the end of this page|This page lists|These pages)/);
    }
  });

  test('every relative link of the README and docs/ names a file that exists, and an anchor its page has', () => {
    const broken: string[] = [];
    for (const page of pages()) {
      const text = withoutCode(read(page));
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target as string)) continue;
        const [file, anchor] = (target as string).split('#') as [string, string | undefined];
        const path = file === '' ? page : relative(ROOT, join(ROOT, dirname(page), file));
        if (!existsSync(join(ROOT, path))) {
          broken.push(`${page}: ${target} (no ${path})`);
          continue;
        }
        if (anchor === undefined || !path.endsWith('.md')) continue;
        const headings = [...read(path).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string));
        if (!headings.includes(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${path})`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every fault the docs name is a fault of the mock', () => {
    const known = new Set<string>(FAULTS.map((f) => f.name));
    const named = pages().flatMap((page) => [...read(page).matchAll(/--(?:mock-)?fault[ =]([a-z0-9-]+)/g)].map((m) => [page, m[1] as string]));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(([, name]) => !known.has(name as string))).toEqual([]);
  });
});
