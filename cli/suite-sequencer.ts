import { relative, sep } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { SUITE_ORDER } from '../suites/index.js';

/**
 * Puts the suite files in one fixed order (SUITE_ORDER, then by path), never by vitest's cache of earlier
 * durations: the same seed must send the same requests in the same order, and the budget checks, which
 * spend whole windows, must come last.
 */
export class SuiteOrderSequencer implements TestSequencer {
  readonly #root: string;

  constructor(ctx: Vitest) {
    this.#root = ctx.config.root;
  }

  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    return [...files].sort((a, b) => this.#rank(a) - this.#rank(b) || this.#path(a).localeCompare(this.#path(b)));
  }

  #path(file: TestSpecification): string {
    return relative(this.#root, file.moduleId);
  }

  #rank(file: TestSpecification): number {
    const [top, folder] = this.#path(file).split(sep);
    const index = top === 'suites' ? (SUITE_ORDER as readonly string[]).indexOf(folder ?? '') : -1;
    return index === -1 ? SUITE_ORDER.length : index;
  }
}
