import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

/**
 * Whether git would carry a file into a commit: `tracked` (it is in the index), `unignored` (it lies in a
 * work tree and no ignore rule covers it, so `git add .` takes it), or undefined: ignored, outside any
 * repository, or git is not installed. A config file holding a key pair must be neither.
 */
export function gitExposure(file: string): 'tracked' | 'unignored' | undefined {
  const git = (args: readonly string[]): boolean | undefined => {
    try {
      execFileSync('git', args, { cwd: dirname(file), stdio: 'ignore', timeout: 5_000 });
      return true;
    } catch (err) {
      // Exit 1 is git's "no"; anything else (no repository, no git) is no answer.
      return (err as { status?: number }).status === 1 ? false : undefined;
    }
  };
  const name = basename(file);
  const tracked = git(['ls-files', '--error-unmatch', '--', name]);
  if (tracked === undefined) return undefined;
  if (tracked) return 'tracked';
  return git(['check-ignore', '-q', '--', name]) === false ? 'unignored' : undefined;
}
