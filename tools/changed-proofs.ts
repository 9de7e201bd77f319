/**
 * The faults a change touches, so `npm test` proves them without the minutes `npm run test:faults` takes:
 * every fault named on a changed line, every fault of a rule named on a changed line, and every fault of a
 * rule a changed check file judges. "Changed" is against the main branch, or the working tree on main.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Words of a unified diff: each changed line (added or removed) with the file it is in. */
function changedLines(diff: string): { file: string; line: string }[] {
  const out: { file: string; line: string }[] = [];
  let file = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) file = line.replace(/^\+\+\+ (b\/)?/, '');
    else if (line.startsWith('--- ')) continue;
    else if (line.startsWith('+') || line.startsWith('-')) out.push({ file, line: line.slice(1) });
  }
  return out;
}

/**
 * The fault names and rule ids a diff touches. A check file changed anywhere counts with every rule it
 * names (`read` gives its text now), since a check's change can break the proof of any rule it judges.
 */
export function touchedBy(diff: string, names: { readonly faults: readonly string[]; readonly rules: readonly string[] }, read: (file: string) => string) {
  const lines = changedLines(diff);
  const words = (text: string) => new Set(text.match(/[A-Za-z0-9-]+/g) ?? []);
  const said = new Set(lines.flatMap(({ line }) => [...words(line)]));
  const checkFiles = [...new Set(lines.map((l) => l.file).filter((f) => f.startsWith('suites/') && f.endsWith('.ts')))];
  for (const file of checkFiles) for (const word of words(read(file))) said.add(word);
  return { faults: names.faults.filter((n) => said.has(n)), rules: names.rules.filter((r) => said.has(r)) };
}

/** The diff against the main branch, with uncommitted work; empty where git or the branch is not there. */
export function diffSinceMain(root: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const base = git('merge-base', 'HEAD', 'main');
    return git('diff', base === git('rev-parse', 'HEAD') ? 'HEAD' : base);
  } catch {
    return '';
  }
}

export const readFrom = (root: string) => (file: string) => {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch {
    return '';
  }
};
