import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Surface } from '../../lib/contract/vocabulary.ts';

/**
 * The vendor's OpenAPI 3.0 reference, read where the workspace keeps it (beside the project, never inside
 * it), and what the replay test needs from it: its operations, their servers as mock hosts, their
 * parameters and bodies, and their response schemas turned into JSON Schema 2020-12.
 */
/** The workspace folder beside the project that holds the reference; a clone elsewhere has none. */
export const WORKSPACE_SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));

/** `CC_VENDOR_OPENAPI` names the document where it lives elsewhere. */
export const VENDOR_REFERENCE_PATH = process.env.CC_VENDOR_OPENAPI || `${WORKSPACE_SHARED}reference/vendor-openapi-v1.7.json`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: Json };

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: Schema;
  readonly example: Json | undefined;
}

export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly host: Surface;
  readonly parameters: readonly Parameter[];
  /** The JSON request body's schema (refs resolved, still OpenAPI 3.0), and its example where the document has one. */
  readonly body: { readonly schema: Schema; readonly example: Json | undefined } | undefined;
  /** Per documented status: the media type and the schema of the JSON body (2020-12), or null where none is given. */
  readonly responses: ReadonlyMap<string, { readonly mediaType: string | undefined; readonly schema: Schema | null }>;
}

export function vendorReferenceAvailable(): boolean {
  return existsSync(VENDOR_REFERENCE_PATH);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The server a URL names, as one of the mock's four hosts (its path prefix is the mock's own). */
function hostOf(url: string): Surface {
  const { hostname } = new URL(url);
  if (hostname.startsWith('analytics-api.')) return 'analytics';
  if (hostname.startsWith('platform-api.')) return 'cuecard';
  if (hostname.startsWith('api.')) return 'ai';
  return 'core';
}

export function loadVendorOperations(): Operation[] {
  const doc = JSON.parse(readFileSync(VENDOR_REFERENCE_PATH, 'utf8')) as Schema;
  const resolve = refResolver(doc);
  const defaultServer = ((doc.servers as Schema[])[0] as Schema).url as string;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const server = ((op.servers as Schema[] | undefined)?.[0]?.url as string | undefined) ?? defaultServer;
      const parameters = ((op.parameters as Schema[] | undefined) ?? []).map((p) => {
        const param = resolve(p) as Schema;
        const schema = (param.schema ?? {}) as Schema;
        return {
          name: param.name as string,
          in: param.in as Parameter['in'],
          required: param.required === true,
          schema,
          example: (param.example ?? schema.example) as Json | undefined,
        };
      });
      const bodyContent = ((resolve(op.requestBody ?? null) as Schema | null)?.content as Record<string, Schema> | undefined)?.['application/json'];
      const bodySchema = bodyContent ? (resolve(bodyContent.schema ?? {}) as Schema) : undefined;
      const responses = new Map<string, { mediaType: string | undefined; schema: Schema | null }>();
      for (const [status, response] of Object.entries(op.responses as Record<string, Schema>)) {
        const content = ((resolve(response) as Schema).content ?? {}) as Record<string, Schema>;
        const [mediaType, media] = Object.entries(content)[0] ?? [];
        responses.set(status, { mediaType, schema: media?.schema ? (toJsonSchema(resolve(media.schema)) as Schema) : null });
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        host: hostOf(server),
        parameters,
        body: bodySchema ? { schema: bodySchema, example: (bodyContent?.example ?? bodySchema.example) as Json | undefined } : undefined,
        responses,
      });
    }
  }
  return operations;
}

/** Inlines every `$ref` (local JSON pointers, also into a schema's properties); the document has no recursive ones. */
function refResolver(doc: Schema): (node: Json) => Json {
  const pointer = (ref: string): Json => {
    let target: Json = doc;
    for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json;
    if (target === undefined) throw new Error(`the vendor reference has no ${ref}`);
    return target;
  };
  const resolve = (node: Json, depth = 0): Json => {
    if (depth > 40) throw new Error('the vendor reference nests $ref deeper than 40');
    if (Array.isArray(node)) return node.map((n) => resolve(n, depth + 1));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') return resolve(pointer(node.$ref), depth + 1);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, depth + 1)]));
  };
  return resolve;
}

/**
 * OpenAPI 3.0 schema objects into JSON Schema 2020-12: `nullable: true` adds `null` to the type (and to an
 * enum); `example`, `xml` and `x-` extensions are annotations Ajv need not see. Everything else keeps its
 * meaning under 2020-12 (the document uses no boolean exclusiveMinimum, no discriminator).
 */
export function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'xml' || key === 'nullable' || key.startsWith('x-')) continue;
    if (key === 'properties') {
      // One schema (CallDetailsNote) lists its required fields inside `properties`: an array is no schema, so it is read as what it means.
      const entries = Object.entries(value as Schema);
      const misplaced = entries.find(([k, v]) => k === 'required' && Array.isArray(v));
      if (misplaced) out.required = [...((node.required as string[] | undefined) ?? []), ...(misplaced[1] as string[])];
      out.properties = Object.fromEntries(entries.filter(([k]) => misplaced === undefined || k !== 'required').map(([k, v]) => [k, toJsonSchema(v)]));
      continue;
    }
    // Required names and enum values are data, not schemas.
    if (key === 'required' && out.required !== undefined) continue;
    out[key] = key === 'enum' || key === 'required' ? value : toJsonSchema(value);
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (out.type === undefined && out.enum === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
