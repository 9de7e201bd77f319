import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { projectFiles, readProjectFile, ROOT } from './source-tree.ts';

/**
 * The value imports among the project's own TypeScript files. Type-only imports are left out: they are
 * erased before anything runs, so they cannot make modules wait on each other.
 */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Whether a statement brings in values from its module, or only types. */
function carriesValues(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return true; // import './x.ts' runs the module
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || !bindings.elements.every((e) => e.isTypeOnly);
}

/** The project file a relative specifier names (`./x.ts`), or undefined. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`]) if (candidate.endsWith('.ts') && existsSync(join(ROOT, candidate))) return candidate;
  return undefined;
}

export function valueImports(path: string): string[] {
  const source = ts.createSourceFile(path, readProjectFile(path), ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    if (!carriesValues(node)) continue;
    const target = resolve(path, node.moduleSpecifier.text);
    if (target !== undefined) out.push(target);
  }
  return out;
}

export function importGraph(folders: readonly string[]): ImportGraph {
  const files = projectFiles(folders).filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts'));
  return new Map(files.map((f) => [f, valueImports(f)]));
}

/** The strongly connected groups of more than one file (or a file importing itself): each is a cycle. */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
