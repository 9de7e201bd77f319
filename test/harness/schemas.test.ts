import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DefinitionError } from '../../lib/errors.ts';
import { SCHEMA_BASE, SCHEMA_DIR, SchemaRegistry, schemas } from '../../lib/schemas/registry.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function schemaFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.json'))
    .map((path) => path.replace(/\\/g, '/').replace(/\.json$/, ''))
    .sort();
}

describe('SchemaRegistry', () => {
  test('every schema under schemas/ compiles and is listed by its short name', () => {
    const files = schemaFilesUnder(SCHEMA_DIR);
    expect(files.length).toBeGreaterThan(0);
    expect(files).toContain('core/error');
    const registry = new SchemaRegistry();
    expect(registry.names()).toEqual(files);
    // Looking each one up proves it compiled: an unknown name would throw.
    for (const name of files) expect(() => registry.validate(name, {})).not.toThrow();
  });

  test('the shared registry is built once', () => {
    expect(schemas()).toBe(schemas());
    expect(schemas().names()).toEqual(schemaFilesUnder(SCHEMA_DIR));
  });

  test('a valid core error passes', () => {
    expect(schemas().validate('core/error', { responseData: { status: 404, message: 'Not found.' } })).toEqual({ ok: true, problems: [] });
  });

  test("a failure names ajv's instancePath and message", () => {
    const result = schemas().validate('core/error', { responseData: { status: '404', message: 'x' } });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ instancePath: '/responseData/status', message: 'must be integer' }]);
  });

  test('all problems are reported, and a problem at the root is shown as /', () => {
    const missing = schemas().validate('core/error', {});
    expect(missing.problems).toEqual([{ instancePath: '/', message: "must have required property 'responseData'" }]);
    const several = schemas().validate('core/error', { responseData: { status: 1.5, message: 3, data: { name: ['ok', 7] } } });
    expect(several.problems.map((p) => p.instancePath).sort()).toEqual(['/responseData/data/name/1', '/responseData/message', '/responseData/status']);
  });

  test('an unknown schema name is a definition error', () => {
    expect(() => schemas().validate('core/nope', {})).toThrow(DefinitionError);
    expect(() => schemas().validate('core/nope', {})).toThrow('unknown schema core/nope');
  });

  test('a schema whose $id does not match its path is refused at load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-harness-schemas-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'core'));
    writeFileSync(join(dir, 'core', 'thing.json'), JSON.stringify({ $id: `${SCHEMA_BASE}core/other.json`, type: 'object' }));
    expect(() => new SchemaRegistry(dir)).toThrow(DefinitionError);
    writeFileSync(join(dir, 'core', 'thing.json'), JSON.stringify({ $id: `${SCHEMA_BASE}core/thing.json`, type: 'object' }));
    expect(new SchemaRegistry(dir).names()).toEqual(['core/thing']);
  });
});
