/**
 * `npm run docs`: writes the reference pages of docs/reference/ from the code. test/docs/reference.test.ts
 * renders them again and fails when a page on disk differs, so a change to the code comes with its page.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedPages, ROOT } from './pages.ts';

for (const [path, content] of await generatedPages()) {
  const file = join(ROOT, path);
  let before: string | undefined;
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    before = undefined;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  process.stdout.write(`${path}: ${content.split('\n').length - 1} lines${before === content ? ', unchanged' : ''}\n`);
}
