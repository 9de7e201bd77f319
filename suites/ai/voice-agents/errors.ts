import type { Assertions } from '../../../lib/checks/assertions.ts';
import fc from 'fast-check';
import { defineCheck } from '../../../lib/checks/define.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { fullPayload, getAgent, is2xx, is4xx, isObject, type Json, NEEDS_AGENT, optionalAgent, UNKNOWN_VOICE_AGENT_ID, VOICE_AGENTS } from './fixtures.ts';

/** VoiceAgent errors: the nested shape on create and get, and a requestId on every answer with a body. */

interface BadCreate {
  readonly label: string;
  readonly body: string;
  readonly contentType: string;
  /** A body that does not parse as JSON: 'Body (JSON)' leaves a server nothing to take, so it must be refused. */
  readonly unparsable?: true;
  /** The member given a value of another type, whose stored value the report gives when the target takes it. */
  readonly path?: Path;
}

type Path = readonly (string | number)[];

/** A minimal payload with one value of the wrong type at `path`, so an accepting target creates as little as possible. */
function wrongType(name: string, path: Path, value: unknown): BadCreate {
  const payload: Json = { agentName: name };
  let node: Record<string | number, unknown> = payload;
  path.forEach((key, i) => {
    const next = path[i + 1];
    if (next === undefined) node[key] = value;
    else node = (node[key] ??= typeof next === 'number' ? [] : {}) as Record<string | number, unknown>;
  });
  return { label: `${path.join('.')} = ${JSON.stringify(value)}`, body: JSON.stringify(payload), contentType: 'application/json', path };
}

/** The value at `path` of a create answer's attributes. */
function createdValue(ex: Exchange, path: Path): unknown {
  let node: unknown = isObject(ex.json) && isObject(ex.json.data) ? ex.json.data.attributes : undefined;
  for (const key of path) node = isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
  return node;
}

/** Every member of the full payload, objects and arrays included, with the value it has there. */
function members(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const self = path.length > 0 ? [{ path, value }] : [];
  // actionParameters is a free-form object: its own members are the customer's, not the model's.
  if (path.at(-1) === 'actionParameters') return self;
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? self : [...self, ...members(value[0], [...path, 0])];
  if (isObject(value)) return [...self, ...Object.entries(value).flatMap(([key, v]) => members(v, [...path, key]))];
  return self;
}

/** Values of another JSON type than the member's, as the Voice agent table types it. */
function wrongValuesFor(value: unknown): unknown[] {
  if (typeof value === 'string') return [42, true, ['text']];
  if (typeof value === 'boolean') return ['true', 1];
  if (typeof value === 'number') return Number.isInteger(value) ? [1.5, '5', true] : ['0.5', true];
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? ['text', [1]] : ['text', {}];
  return ['text', 5];
}

const requestIdOf = (ex: Exchange): unknown => (isObject(ex.json) ? ex.json.requestId : undefined);

/** A create or get answer with a body carries a non-empty requestId (VA-REQUEST-ID). */
export function expectRequestId(t: Assertions, ex: Exchange, what: string): void {
  if (ex.bodyBytes === 0) return t.note('VA-REQUEST-ID', `${what} answered ${ex.status} with no body`);
  const id = requestIdOf(ex);
  t.check(
    'VA-REQUEST-ID',
    typeof id === 'string' && id !== '',
    () => `${what} (${ex.status}) carries requestId ${JSON.stringify(id)}, not a non-empty string`,
    ex,
  );
}

/** Tried first: bodies that are not a JSON object, then one wrong type per kind of member (scalar, list, nested item). */
function boundaryCases(name: string): BadCreate[] {
  return [
    { label: 'a body that does not parse as JSON', body: `{"agentName": "${name}", `, contentType: 'application/json', unparsable: true },
    { label: 'a form-encoded body', body: `agentName=${name}`, contentType: 'application/x-www-form-urlencoded' },
    { label: 'a JSON array', body: JSON.stringify([{ agentName: name }]), contentType: 'application/json' },
    wrongType(name, ['agentName'], 42),
    wrongType(name, ['maxCallDurationMinutes'], 1.5),
    wrongType(name, ['similarity'], '0.75'),
    wrongType(name, ['tone'], 'professional'),
    wrongType(name, ['skills', 'transferToHuman', 'rules', 0, 'agentId'], '101'),
  ];
}

/** Random members of the model with a wrong-typed value, after the boundaries; each costs a request. */
const RANDOM_RUNS = 3;

export const voiceAgentErrorChecks = [
  defineCheck({
    id: 'ai.voice-agents.request-id',
    title: 'every create and get answer with a body carries a requestId, errors included',
    surface: 'ai',
    rules: ['VA-REQUEST-ID'],
    cost: { requests: 4 },
    async run(t) {
      // Errors first: they need no voice agent, and a target is likelier to forget the id there.
      expectRequestId(t, await getAgent(t, UNKNOWN_VOICE_AGENT_ID), 'get of an unknown voiceAgentId');
      if (t.target.effects.has('voice-agent')) expectRequestId(t, await t.req('ai', 'POST', VOICE_AGENTS).json([]).send(), 'create with a JSON array');
      const agent = await optionalAgent(t);
      if (!agent) return t.note('VA-REQUEST-ID', `success answers not read: ${NEEDS_AGENT}`);
      if (agent.created) expectRequestId(t, agent.created.ex, 'create');
      expectRequestId(t, await getAgent(t, agent.id), 'get');
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.get-unknown',
    title: 'Get a voice agent with an unknown id: 4xx in the nested error shape',
    surface: 'ai',
    rules: ['VA-ERROR-NESTED-GET'],
    cost: { requests: 1 },
    async run(t) {
      const rule = 'VA-ERROR-NESTED-GET';
      const ex = await getAgent(t, UNKNOWN_VOICE_AGENT_ID);
      t.check(rule, is4xx(ex.status), `get of unknown voiceAgentId ${UNKNOWN_VOICE_AGENT_ID} answered ${ex.status}`, ex);
      t.expectSchema(rule, ex, 'ai/nested-error');
      t.note(rule, `an unknown voiceAgentId answered ${ex.status}`);
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.create-invalid',
    title: 'create payloads outside the documented types: never 5xx, refusals in the nested error shape, what is taken reported (fuzzed)',
    surface: 'ai',
    rules: ['VA-ERROR-NESTED-CREATE', 'VA-CREATE-COERCION'],
    cost: {
      requests: { boundaries: boundaryCases('').length, 'random values': RANDOM_RUNS },
      randomValues: { count: RANDOM_RUNS, requestsEach: 1 },
    },
    // A target that takes one of these creates a voice agent, which cannot be deleted.
    needs: { effects: ['voice-agent'] },
    async run(t) {
      const rule = 'VA-ERROR-NESTED-CREATE';
      const name = t.uniqueName();
      const candidates = members(fullPayload(t));
      const statuses = new Map<number, number>();
      const taken: string[] = [];
      await explore(t, {
        arbitrary: fc
          .constantFrom(...candidates)
          .chain(({ path, value }) => fc.constantFrom(...wrongValuesFor(value)).map((wrong) => wrongType(name, path, wrong))),
        boundaries: boundaryCases(name),
        property: async (bad) => {
          const ex = await t.req('ai', 'POST', VOICE_AGENTS).raw(bad.body, bad.contentType).send();
          statuses.set(ex.status, (statuses.get(ex.status) ?? 0) + 1);
          t.check(rule, ex.status < 500, `${bad.label}: answered ${ex.status}`, ex);
          // Whether a binder may take input outside the documented types is not stated: a create it answers is reported.
          if (!bad.unparsable && is2xx(ex.status)) {
            const stored = bad.path === undefined ? '' : `, ${bad.path.join('.')} stored as ${JSON.stringify(createdValue(ex, bad.path)) ?? 'nothing'}`;
            return void taken.push(`${bad.label}: ${ex.status}${stored}`);
          }
          t.check(rule, is4xx(ex.status), `${bad.label}: answered ${ex.status}, not a refusal${is2xx(ex.status) ? ' (a voice agent was created)' : ''}`, ex);
          t.expectSchema(rule, ex, 'ai/nested-error');
        },
      });
      t.note(rule, `statuses: ${[...statuses].map(([status, n]) => `${status} ×${n}`).join(', ')}`);
      t.observe(
        'VA-CREATE-COERCION',
        taken.length === 0 ? 'every payload outside the documented types was refused' : `taken, a voice agent created each time: ${taken.join('; ')}`,
      );
    },
  }),
];
