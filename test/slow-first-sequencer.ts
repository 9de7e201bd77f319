import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * Starts the files that wait longest first. Without a cache of earlier durations (a clean clone in CI) vitest
 * orders files by size, and a budget proof that waits out a minute's worth of rate windows would start last
 * and hold the run open alone. The files that wait on rate windows and child processes come first, by
 * folder, then the rest, larger files first within each rank.
 */
const SLOW_FIRST: readonly RegExp[] = [
  /^test\/proofs\/budget-/,
  /^test\/e2e\//,
  /^test\/package\//,
  /^test\/load\/[^/]*-cli\.test\.ts$/,
  /^test\/proofs\//,
  /^test\/faults\//,
  /^test\/load\//,
];

export default class SlowFirstSequencer implements TestSequencer {
  readonly #root: string;

  constructor(ctx: Vitest) {
    this.#root = ctx.config.root;
  }

  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    return [...files].sort((a, b) => this.#rank(a) - this.#rank(b) || this.#size(b) - this.#size(a));
  }

  #rank(file: TestSpecification): number {
    const path = relative(this.#root, file.moduleId).split(sep).join('/');
    const rank = SLOW_FIRST.findIndex((pattern) => pattern.test(path));
    return rank === -1 ? SLOW_FIRST.length : rank;
  }

  #size(file: TestSpecification): number {
    return statSync(file.moduleId).size;
  }
}
