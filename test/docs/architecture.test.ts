import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { projectFiles, readProjectFile, ROOT } from '../harness/source-tree.ts';

/** The folders whose subfolders are rooms of their own, each with its paragraph. */
const SPLIT = ['lib', 'suites', 'mock', 'load'];
/** What is not the project's own tree: installed, built or written by a run. */
const NOT_OURS = new Set(['node_modules', 'reports', '.git', '.tools', '.ci']);

const folders = (dir: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((name) => !NOT_OURS.has(name) && !name.startsWith('.') && statSync(join(ROOT, dir, name)).isDirectory())
    .map((name) => (dir === '' ? name : `${dir}/${name}`));

const architecture = readProjectFile('ARCHITECTURE.md');
const FOLDER_HEADING = /^### `([\w./-]+)\/`$/gm;

/** Each folder's paragraph, by the folder its heading names. */
function paragraphs(): Map<string, string> {
  const found = new Map<string, string>();
  const headings = [...architecture.matchAll(FOLDER_HEADING)];
  headings.forEach((m, i) => {
    const end = headings[i + 1]?.index ?? architecture.indexOf('\n## ', m.index);
    found.set(m[1] as string, architecture.slice(m.index + m[0].length, end === -1 ? undefined : end).trim());
  });
  return found;
}

describe('ARCHITECTURE.md matches the tree', () => {
  const sections = paragraphs();

  test('every folder of the project, and every subfolder of lib/, suites/, mock/ and load/, has its paragraph, and no paragraph names a folder that is gone', () => {
    const tree = [...folders(''), ...SPLIT.flatMap((dir) => folders(dir))].sort();
    expect([...sections.keys()].sort()).toEqual(tree);
  });

  test('each paragraph is short: one paragraph, at most 700 characters', () => {
    for (const [folder, text] of sections) {
      expect(text, folder).not.toMatch(/\n\s*\n/);
      expect(text.length, folder).toBeLessThanOrEqual(700);
    }
  });

  test('every file a paragraph names is in that folder', () => {
    const named = /`([\w.*/-]+\.(?:ts|js|json|md))`/g;
    for (const [folder, text] of sections) {
      const files = projectFiles([folder]);
      for (const [, name] of text.matchAll(named)) {
        const path = name as string;
        // A path from the root, a path within the folder, or a pattern of file names in it.
        if (path.includes('/') && existsSync(join(ROOT, path))) continue;
        if (path.includes('*')) {
          const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\*/g, '[\\w-]*')}$`);
          expect(
            files.some((f) => pattern.test(basename(f))),
            `${folder}/: ${path}`,
          ).toBe(true);
          continue;
        }
        expect(
          files.some((f) => f === `${folder}/${path}` || f.endsWith(`/${path}`)),
          `${folder}/: ${path}`,
        ).toBe(true);
      }
    }
  });
});
