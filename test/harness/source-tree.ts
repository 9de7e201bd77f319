import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root, where the folders the tree tests walk live. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every file below the given folders and the given files, as paths relative to the root, sorted. */
export function projectFiles(entries: readonly string[]): string[] {
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(ROOT, entry);
    if (!statSync(full).isDirectory()) {
      files.push(entry);
      continue;
    }
    for (const name of readdirSync(full, { recursive: true, encoding: 'utf8' })) {
      if (name.split(/[\\/]/).includes('node_modules')) continue;
      if (statSync(join(full, name)).isFile()) files.push(relative(ROOT, join(full, name)));
    }
  }
  return files.sort();
}

export const readProjectFile = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
