import { describe, expect, test } from 'vitest';
import { cycles, importGraph, valueImports } from './import-graph.ts';
import { projectFiles, readProjectFile } from './source-tree.ts';

/** Every folder of code that runs, so no value-import cycle can come back unnoticed. */
const FOLDERS = ['lib', 'mock', 'suites', 'reporters', 'cli', 'load'];

describe('imports', () => {
  test('no value-import cycle among the project modules (type-only imports aside)', () => {
    const graph = importGraph(FOLDERS);
    expect(graph.size).toBeGreaterThan(200);
    expect(cycles(graph).map((group) => group.join(' <-> '))).toEqual([]);
  });

  // One convention, the one k6 needs for the modules it shares (it loads the file the import names): `.ts`.
  test('every relative import names the .ts file it loads', () => {
    const code = projectFiles([...FOLDERS, 'test', 'bench']).filter((path) => path.endsWith('.ts'));
    const relative = /(?:from|import\() *'(\.{1,2}\/[^']+)'|^import +'(\.{1,2}\/[^']+)'/gm;
    const specifiers = code.flatMap((path) => [...readProjectFile(path).matchAll(relative)].map((m) => `${path}: ${m[1] ?? m[2] ?? ''}`));
    expect(specifiers.length).toBeGreaterThan(1500);
    expect(specifiers.filter((line) => !line.endsWith('.ts') && !line.endsWith('.json'))).toEqual([]);
  });

  test('the walk sees value imports and re-exports, and leaves type-only ones out', () => {
    // mock/state/seed.ts imports the model twice: types only, and nextId, a value.
    expect(valueImports('mock/state/seed.ts')).toContain('mock/state/model.ts');
    // lib/rules/ai.ts takes `required` beside the type Rule; lib/rules/index.ts takes and re-exports types only.
    expect(valueImports('lib/rules/ai.ts')).toContain('lib/rules/types.ts');
    expect(valueImports('lib/rules/index.ts')).not.toContain('lib/rules/types.ts');
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
          ['c.ts', ['c.ts']],
          ['d.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts'], ['c.ts']]);
  });
});
