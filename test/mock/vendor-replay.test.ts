import { existsSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { HOST_PREFIX } from '../../mock/context.ts';
import { json, type MockClient, mockClient } from './inject.ts';
import { loadVendorOperations, type Operation, type Schema, VENDOR_REFERENCE_PATH, vendorReferenceAvailable, WORKSPACE_SHARED } from './vendor-reference.ts';
import { replayRequest } from './vendor-requests.ts';

/**
 * Every operation of the vendor's reference, replayed against the mock with its documented example request
 * (or, where it documents none, the smallest request its schema allows: see vendor-requests.ts), must get a
 * status the reference documents for it, a success, and a body its schema for that status accepts.
 *
 * Three tables say where the answer may differ from the vendor's schema, and why. The spec wins where it and the
 * vendor disagree (SPEC_OVERRIDES, each with the spec's sentence); where the vendor's schema disagrees with its
 * own example, the example is what its servers answer (VENDOR_EXAMPLES); a field with no value is null where
 * neither document shows one (NO_VALUE). An entry the answers pass without fails the test, so no table
 * outlives what it excuses.
 */

interface Exception {
  /** Operations it applies to, as `METHOD path` of the vendor reference, or every operation of a host. */
  readonly operations: readonly string[] | { readonly host: Operation['host'] };
  /**
   * Where in the validated body: property names from its root, dot-separated (array items add none),
   * `*` for any one name, `**` for any number of them.
   */
  readonly at: string;
  /** The schema found there, widened to what the mock may answer. */
  readonly widen: (schema: Schema) => Schema;
  /** The spec's sentence (SPEC_OVERRIDES), or what the vendor's own example shows (VENDOR_EXAMPLES). */
  readonly because: string;
}

const or =
  (extra: Schema) =>
  (schema: Schema): Schema => ({ anyOf: [schema, extra] });
const isNumeric = (schema: Schema) => schema.type === 'integer' || schema.type === 'number';

/** Where the spec and the vendor reference disagree, the spec wins. */
const SPEC_OVERRIDES: readonly Exception[] = [
  {
    operations: { host: 'core' },
    at: 'status',
    widen: or({ type: 'integer' }),
    because:
      'Response envelopes: "Action or simple acknowledgement: `responseData` = `{ status: <integer> }`"; Errors: "Failures carry `{ responseData: { status: <integer equal to the HTTP status>, message: <string> } }`".',
  },
  {
    operations: ['POST /bulk/contacts.json'],
    at: 'responseData.status',
    widen: or({ type: 'integer' }),
    because: 'Response envelopes: "Action or simple acknowledgement: `responseData` = `{ status: <integer> }`".',
  },
  {
    operations: ['GET /blacklist/index.json'],
    at: 'data.Blacklist.public_number',
    widen: () => ({ type: 'integer' }),
    because: 'Blacklist entry: "public_number | integer | blacklisted number with country calling code".',
  },
];

/** Where the vendor's schema and its own example disagree, the example is taken: it shows what a server sends. */
const VENDOR_EXAMPLES: readonly Exception[] = [
  {
    // Only a record's own id: every other field is answered in the type the schema gives it, so a record read
    // and written back is accepted as listed (test/mock/read-back.test.ts).
    operations: { host: 'core' },
    at: '**.id',
    widen: (schema) => (isNumeric(schema) ? or({ type: 'string', pattern: '^-?[0-9]+$' })(schema) : schema),
    because:
      'Record ids of the core API are digit strings in every example ("id": "1234") while the schemas type them integer; the spec also gives agent and blacklist ids as strings.',
  },
  {
    operations: ['POST /bulk/contacts.json'],
    at: 'responseData.data.status',
    widen: or({ type: 'integer' }),
    because: 'Each command\'s status is an integer in the example ("status": 201), a string in the schema.',
  },
  ...['Button', 'Group', 'Agent'].map((list) => ({
    operations: ['GET /campaigns/index.json'],
    at: `data.${list}`,
    widen: (schema: Schema) => or({ type: 'array', items: schema })(schema),
    because: `A campaign's ${list} is a list in the example ("Button": [{ "id": "252", ... }]), one object in the schema.`,
  })),
  {
    operations: ['GET /calls/index.json'],
    at: 'data.Cdr.recording_link',
    widen: or({ type: ['string', 'null'] }),
    because: 'recording_link is a link in the example ("https://…/r/play/27"), an integer in the schema; a call without a recording has none (null).',
  },
  {
    operations: ['GET /calls/{callId}'],
    at: '**.reason',
    widen: or({ type: 'null' }),
    because: 'An answered step has "reason": null in the example; the schema does not mark reason nullable.',
  },
];

/**
 * What neither document shows: a field of a record that has no value. The core schemas mark nothing
 * nullable and the examples show only filled records; the mock answers null (the analytics schemas'
 * own way to say "no value", `nullable: true`).
 */
const NO_VALUE: readonly Exception[] = [
  {
    operations: ['GET /calls/index.json'],
    at: 'data.Cdr.answered_at',
    widen: or({ type: 'null' }),
    because: 'An unanswered call was never answered: answered_at null.',
  },
  {
    operations: ['GET /contacts/show/{contactId}.json'],
    at: 'Contact.*',
    widen: or({ type: 'null' }),
    because: 'A contact without a favourite agent or a country: favorite_agent or country_id null.',
  },
];

const EXCEPTIONS = [...SPEC_OVERRIDES, ...VENDOR_EXAMPLES, ...NO_VALUE];

// ajv-formats ships CommonJS with `exports.default`; under ESM the plugin sits one level down (as lib/schemas/registry.ts).
type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((ajvFormats as unknown as { default: { default?: FormatsPlugin } & FormatsPlugin }).default.default ??
  (ajvFormats as unknown as { default: FormatsPlugin }).default) as FormatsPlugin;

function ajv(): Ajv2020 {
  const instance = new Ajv2020({ allErrors: true, strict: false });
  addFormats(instance);
  // OpenAPI's own formats describe the number's width or the bytes, not a shape to check.
  for (const name of ['int32', 'int64', 'float', 'double', 'binary', 'byte']) instance.addFormat(name, true);
  return instance;
}

const key = (op: Operation) => `${op.method} ${op.path}`;

function appliesTo(exception: Exception, op: Operation): boolean {
  const { operations } = exception;
  return Array.isArray(operations) ? operations.includes(key(op)) : op.host === (operations as { host: string }).host;
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern;
  if (head === '**') return path.some((_, i) => matches(rest, path.slice(i))) || matches(rest, []);
  return path.length > 0 && (head === '*' || head === path[0]) && matches(rest, path.slice(1));
}

/** The schema with each exception's widening applied where its path matches (through items, anyOf, oneOf and allOf). */
function widened(schema: Schema, exceptions: readonly Exception[], path: readonly string[] = []): Schema {
  let out: Schema = { ...schema };
  if (out.properties)
    out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, Schema>).map(([k, v]) => [k, widened(v, exceptions, [...path, k])]));
  if (out.items) out.items = widened(out.items as Schema, exceptions, path);
  for (const combinator of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(out[combinator])) out[combinator] = (out[combinator] as Schema[]).map((s) => widened(s, exceptions, path));
  }
  for (const exception of exceptions) if (path.length > 0 && matches(exception.at.split('.'), path)) out = exception.widen(out);
  return out;
}

interface Answer {
  readonly op: Operation;
  readonly what: string;
  readonly schema: Schema;
  readonly body: unknown;
}

/** Problems of one answer under the given exceptions (those that apply to its operation). */
function problems(validator: Ajv2020, answer: Answer, exceptions: readonly Exception[]): string[] {
  const validate = validator.compile(
    widened(
      answer.schema,
      exceptions.filter((e) => appliesTo(e, answer.op)),
    ),
  );
  if (validate(answer.body)) return [];
  // Only the deepest failures: an anyOf's own "must match a schema" repeats what its branches said.
  return (validate.errors ?? []).filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf').map((e) => `${e.instancePath || '/'} ${e.message}`);
}

const available = vendorReferenceAvailable();
// In CI the document is required wherever it is meant to be: named by CC_VENDOR_OPENAPI, or in the workspace
// beside the project when that workspace is there. A clone with neither skips the replay and says so.
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const required = inCi && (Boolean(process.env.CC_VENDOR_OPENAPI) || existsSync(WORKSPACE_SHARED));

describe.skipIf(!available && !required)(
  `every operation of the vendor reference, replayed against the mock${available ? '' : ` (skipped: ${VENDOR_REFERENCE_PATH} is absent)`}`,
  () => {
    test('the vendor reference is where the workspace keeps it (required in CI)', () => {
      expect(available, `${VENDOR_REFERENCE_PATH} is required in CI when CC_VENDOR_OPENAPI names it or the workspace beside the project holds it`).toBe(true);
    });

    test.runIf(available)('each answers a documented success whose body its schema accepts', async () => {
      const operations = loadVendorOperations();
      expect(operations.length).toBeGreaterThanOrEqual(56);
      const client: MockClient = await mockClient();
      // The seed holds no voice agent (the spec's Create a voice agent makes them): one is made first, for Initiate a VoiceAgent call.
      const voiceAgent = await client.send('ai', { method: 'POST', url: `${HOST_PREFIX.ai}/voice-agents`, ...json({ agentName: 'Replay' }) });
      expect(voiceAgent.statusCode).toBe(201);
      const validator = ajv();
      const failures: string[] = [];
      const sources = new Map<string, number>();
      const answers: Answer[] = [];
      for (const op of operations) {
        const request = replayRequest(client.mock.state, op, HOST_PREFIX[op.host]);
        sources.set(request.source, (sources.get(request.source) ?? 0) + 1);
        const res = await client.send(op.host, {
          method: op.method as 'GET',
          url: request.url,
          ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } }),
        });
        const what = `${key(op)} (${request.source}: ${op.method} ${request.url}${request.body === undefined ? '' : ` ${JSON.stringify(request.body).slice(0, 300)}`})`;
        const documented = op.responses.get(String(res.statusCode));
        if (!documented || res.statusCode >= 300) {
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}; documented: ${[...op.responses.keys()].join(', ')}`);
          continue;
        }
        if (res.statusCode === 204) {
          if (res.body !== '') failures.push(`${what}: 204 with a body`);
          continue;
        }
        if (documented.schema === null || documented.mediaType !== 'application/json') {
          if (documented.mediaType !== undefined && res.body.length > 0) {
            const type = String(res.headers['content-type'] ?? '');
            if (documented.mediaType === 'application/json' && !type.startsWith('application/json')) failures.push(`${what}: content type ${type}`);
          }
          continue;
        }
        const body = res.json() as Record<string, unknown>;
        // The core schemas describe what responseData holds, except where one spells responseData out.
        const wrapped = op.host === 'core' && !('responseData' in ((documented.schema.properties ?? {}) as object));
        const validated = wrapped ? body.responseData : body;
        if (wrapped && validated === undefined) {
          failures.push(`${what}: no responseData in ${res.body.slice(0, 200)}`);
          continue;
        }
        answers.push({ op, what, schema: documented.schema, body: validated });
      }
      for (const answer of answers) {
        const left = problems(validator, answer, EXCEPTIONS);
        if (left.length > 0) failures.push(`${answer.what}: ${[...new Set(left)].join('; ')}`);
      }
      expect(failures, failures.join('\n')).toEqual([]);
      expect(sources.get('example'), 'Contact actions is replayed from its example').toBe(1);
      // The bulk answer is a 200 whatever its commands did: each of the vendor example's commands must succeed too.
      const bulk = answers.find((a) => key(a.op) === 'POST /bulk/contacts.json')?.body as
        { responseData?: { data?: { command_id: string; status: number }[] } } | undefined;
      const commands = bulk?.responseData?.data ?? [];
      expect(commands.length, 'commands answered by Contact actions').toBe(9);
      expect(
        commands.filter((c) => c.status >= 300),
        JSON.stringify(bulk),
      ).toEqual([]);
      // An exception the answers pass without is stale: the mock or the reference moved, and the table must follow.
      const stale = EXCEPTIONS.filter((exception) => {
        const without = EXCEPTIONS.filter((e) => e !== exception);
        return answers.filter((a) => appliesTo(exception, a.op)).every((a) => problems(validator, a, without).length === 0);
      }).map((e) => `${e.at}: ${e.because}`);
      expect(stale, stale.join('\n')).toEqual([]);
    });
  },
);
