import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { DefinitionError } from '../errors.ts';

/** Root of the `schemas/` folder; schema `$id`s are this base plus the file's path. */
export const SCHEMA_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));
export const SCHEMA_BASE = 'https://cc-conformance.example/schemas/';

// ajv-formats ships CommonJS with `exports.default`; under ESM the plugin sits one level down.
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((ajvFormats as unknown as { default: { default?: FormatsPlugin } & FormatsPlugin }).default.default ??
  (ajvFormats as unknown as { default: FormatsPlugin }).default) as FormatsPlugin;

export interface SchemaProblem {
  readonly instancePath: string;
  readonly message: string;
}

export interface SchemaResult {
  readonly ok: boolean;
  readonly problems: readonly SchemaProblem[];
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/**
 * One Ajv instance holding every schema of the project, compiled once at load.
 * Schemas are looked up by short name: `core/error` for `schemas/core/error.json`.
 */
export class SchemaRegistry {
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(dir = SCHEMA_DIR) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const names: string[] = [];
    for (const file of schemaFiles(dir)) {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string };
      const name = relative(dir, file)
        .replace(/\\/g, '/')
        .replace(/\.json$/, '');
      if (schema.$id !== `${SCHEMA_BASE}${name}.json`) {
        throw new DefinitionError(`schema ${name}: $id must be ${SCHEMA_BASE}${name}.json`);
      }
      ajv.addSchema(schema);
      names.push(name);
    }
    for (const name of names) {
      const validate = ajv.getSchema(`${SCHEMA_BASE}${name}.json`);
      if (!validate) throw new DefinitionError(`schema ${name} did not compile`);
      this.#validators.set(name, validate);
    }
  }

  names(): string[] {
    return [...this.#validators.keys()].sort();
  }

  validate(name: string, value: unknown): SchemaResult {
    const validate = this.#validators.get(name);
    if (!validate) throw new DefinitionError(`unknown schema ${name}`);
    if (validate(value)) return { ok: true, problems: [] };
    return {
      ok: false,
      problems: (validate.errors ?? []).map((e) => ({ instancePath: e.instancePath || '/', message: withAllowed(e) })),
    };
  }
}

/** Ajv's message, with the values a `const` or `enum` allows, so a line alone says what to write instead. */
function withAllowed(error: ErrorObject): string {
  const message = error.message ?? error.keyword;
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] };
  if (error.keyword === 'const') return `must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === 'enum' && params.allowedValues) return `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return message;
}

let shared: SchemaRegistry | undefined;

/** The process-wide registry, built on first use. */
export function schemas(): SchemaRegistry {
  shared ??= new SchemaRegistry();
  return shared;
}
