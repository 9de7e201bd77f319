import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { type CheckDefinition, ownRequests, partsOf, sharedMakes, totalOf } from '../../lib/checks/define.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { projectFiles, readProjectFile } from './source-tree.ts';

/** The properties whose value is a count a check declares (a Figure): the planner adds them up, never a hand. */
const FIGURES = new Set(['requests', 'count', 'bundledMockExtra', 'requestsPerStep', 'setupRequests', 'closingRequests']);

/** `file:line: name: text` for each figure written as a sum or a product in a suite's source. */
function sumsIn(path: string, text = readProjectFile(path)): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const arithmetic = (node: ts.Node): boolean =>
    (ts.isBinaryExpression(node) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.AsteriskToken, ts.SyntaxKind.MinusToken].includes(node.operatorToken.kind)) ||
    // A part's value may be a named constant or a table's length; a sum inside an object of parts is still a sum.
    (ts.isObjectLiteralExpression(node) && node.properties.some((p) => ts.isPropertyAssignment(p) && arithmetic(p.initializer))) ||
    (ts.isParenthesizedExpression(node) && arithmetic(node.expression));
  const visit = (node: ts.Node): void => {
    const figure =
      (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && FIGURES.has(node.name.text)) ||
      // A constant of requests a figure is made of: `FIND_CALL_REQUESTS`, `PER_SURFACE: Figure`.
      (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && (/_REQUESTS$/.test(node.name.text) || node.type?.getText(source) === 'Figure'));
    if (figure && node.initializer !== undefined && arithmetic(node.initializer)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${path}:${line}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('check costs are declared, and the planner does the sums', () => {
  test('no figure of a check in suites/ is written as arithmetic: a sum names its parts', () => {
    const sums = projectFiles(['suites'])
      .filter((path) => path.endsWith('.ts'))
      .flatMap((path) => sumsIn(path));
    expect(sums).toEqual([]);
    // The scan finds what it is for: a sum, a sum among named parts, a product in a fallback's requests.
    const written = [
      'const a = { cost: { requests: makes([X]) + 4 } };',
      "const b = { cost: { requests: { pages: MAX_PAGES + 1, 'find a call': 2 } } };",
      'const c = { cost: { requests: 1, ifBatchRefused: [{ record: R, requests: 2 * 2 }] } };',
      'const FIND_REQUESTS = 1 + PROBES;',
      'const d = { cost: { requests: { pages: MAX_PAGES, reads: READS.length } } };',
      "const FIND_CALL: Figure = { 'a page': 1, probes: PROBES };",
    ].join('\n');
    expect(sumsIn('example.ts', written).map((line) => line.split(':')[1])).toEqual(['1', '2', '3', '4']);
  });

  test('a check definition keeps to its ten fields: who it is, what it judges, what it costs and uses, where and when it runs', () => {
    const fields: (keyof CheckDefinition)[] = ['id', 'title', 'surface', 'rules', 'handsOver', 'cost', 'records', 'lane', 'needs', 'run'];
    const seen = new Set(ALL_CHECKS.flatMap((check) => Object.keys(check)));
    expect([...seen].filter((key) => !fields.includes(key as keyof CheckDefinition))).toEqual([]);
  });

  test("the allowance is the check's own requests and the makes of the records it shares, each counted once", () => {
    const sharer = ALL_CHECKS.find((check) => (check.records?.shares ?? []).length > 1 && typeof check.cost.requests !== 'number') as CheckDefinition;
    expect(sharer, 'a check with named parts that shares two records or more').toBeDefined();
    const parts = Object.values(partsOf(sharer.cost.requests));
    expect(ownRequests(sharer.cost)).toBe(parts.reduce((n: number, part) => n + totalOf(part), 0));
    expect(totalOf({ 'find a call': { 'the history page': 1, probes: 4 }, reads: 3 })).toBe(8);
    expect(sharedMakes(sharer)).toBe((sharer.records?.shares ?? []).reduce((n, record) => n + record.makeRequests, 0));
    expect(ownRequests({ requests: 4 })).toBe(4);
  });
});
