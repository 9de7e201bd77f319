import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { isoUtc } from '../../../lib/contract/iso-utc.ts';
import { attributesOf, getAgent, isObject, type Json, readableAgent } from './fixtures.ts';
import { successMediaJudge } from '../../shared/media.ts';

/** Reads of one voice agent that judge what it carries: response-only fields, timestamps, enumerations, isolation. */

/** The configured or created agent, read with get; the create exchange too when the run made it. */
async function reads(t: CheckContext): Promise<{ id: string; exchanges: { what: string; ex: Exchange }[] }> {
  const agent = await readableAgent(t);
  const ex = await getAgent(t, agent.id);
  t.expectOk(ex, `reading voice agent ${agent.id}`);
  return { id: agent.id, exchanges: [...(agent.created ? [{ what: 'the create response', ex: agent.created.ex }] : []), { what: 'get', ex }] };
}

/** createdAt and updatedAt of a voice agent as read (VA-TIMESTAMPS); returns the forms they were written in. */
export function judgeTimestamps(t: Assertions, attributes: Json, what: string, ex: Exchange): string[] {
  const rule = 'VA-TIMESTAMPS';
  const forms: string[] = [];
  const { createdAt, updatedAt } = attributes;
  const [created, updated] = [createdAt, updatedAt].map(isoUtc);
  for (const [name, value, parsed] of [
    ['createdAt', createdAt, created],
    ['updatedAt', updatedAt, updated],
  ] as const) {
    t.check(rule, parsed !== undefined, `${what}: ${name} is ${JSON.stringify(value)}, not an ISO 8601 UTC date-time`, ex);
    if (parsed) forms.push(`${name} ${parsed.form}`);
  }
  t.check(rule, (updated?.ms ?? 0) >= (created?.ms ?? 0), `${what}: updatedAt ${String(updatedAt)} is before createdAt ${String(createdAt)}`, ex);
  return forms;
}

/** Values at a dotted path, descending into every item of an array on the way. */
function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) return value === undefined ? [] : [value];
  const [head, ...rest] = path;
  return isObject(value) ? valuesAt(value[head as string], rest) : [];
}

const ENUMS: readonly string[] = [
  'language',
  'secondaryLanguages',
  'direction',
  'status',
  'tone',
  'verbosity',
  'voiceProviderSettings.turnEagerness',
  'voiceProviderSettings.turnModel',
  'voiceProviderSettings.backgroundSound.preset',
  'scenarios.action',
  'scenarios.triggerType',
  'skills.answerQuestions.action',
  'skills.answerQuestions.transferConfig.destination',
  'skills.transferToHuman.rules.destination',
  'skills.extractData.properties.type',
  'skills.transferToHuman.customProperties.type',
];

export const voiceAgentReadChecks = [
  defineCheck({
    id: 'ai.voice-agents.response-fields',
    title: 'a voice agent as read carries the response-only fields, with the documented types',
    surface: 'ai',
    // AI-JSON-UTF8 on the same successes: the VoiceAgent clause of the host's success bodies.
    rules: ['VA-RESPONSE-FIELDS', 'AI-JSON-UTF8'],
    cost: { requests: 2 },
    async run(t) {
      const { exchanges } = await reads(t);
      const media = successMediaJudge(t, 'AI-JSON-UTF8');
      for (const { ex } of exchanges) media.judge(ex, `${ex.request.method} ${new URL(ex.request.url).pathname}`);
      media.settle('the voice agent as read');
      for (const { what, ex } of exchanges) {
        t.expectSchema('VA-RESPONSE-FIELDS', ex, 'ai/voice-agent', attributesOf(t, ex, what));
      }
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.timestamps',
    title: 'createdAt and updatedAt: ISO 8601 UTC, updatedAt not before createdAt',
    surface: 'ai',
    rules: ['VA-TIMESTAMPS'],
    cost: { requests: 2 },
    async run(t) {
      const rule = 'VA-TIMESTAMPS';
      const forms = new Set<string>();
      for (const { what, ex } of (await reads(t)).exchanges) for (const form of judgeTimestamps(t, attributesOf(t, ex, what), what, ex)) forms.add(form);
      t.note(rule, `as written: ${[...forms].join('; ')}`);
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.enums',
    title: 'the values the target uses for the open enumerations (observed)',
    surface: 'ai',
    rules: ['VA-ENUMS'],
    cost: { requests: 2 },
    async run(t) {
      const { exchanges } = await reads(t);
      const last = exchanges.at(-1) as { what: string; ex: Exchange };
      const attributes = attributesOf(t, last.ex, last.what);
      const seen = ENUMS.map((path) => [path, [...new Set(valuesAt(attributes, path.split('.')).flat())]] as const).filter(([, values]) => values.length > 0);
      t.observe(
        'VA-ENUMS',
        seen.length === 0
          ? 'the voice agent carries none of the enumerated attributes'
          : seen.map(([path, values]) => `${path}: ${values.map((v) => JSON.stringify(v)).join(', ')}`).join('; '),
      );
    },
  }),

  defineCheck({
    id: 'ai.voice-agents.isolation',
    title: "another company's key never reads this company's voice agent",
    surface: 'ai',
    rules: ['AI-ISOLATION-VOICE-AGENTS'],
    cost: { requests: 3 },
    needs: { keys: ['other'] },
    async run(t) {
      const rule = 'AI-ISOLATION-VOICE-AGENTS';
      const { id, exchanges } = await reads(t);
      const own = exchanges.at(-1)?.ex as Exchange;
      const attributes = attributesOf(t, own, 'get');
      // Distinctive texts of the agent; short ones could turn up in any body by chance.
      const secrets = [attributes.agentName, attributes.goalPrompt, attributes.greeting].filter((v): v is string => typeof v === 'string' && v.length >= 8);
      t.prerequisite(secrets.length > 0, 'the voice agent has no agentName, goalPrompt or greeting of 8 characters or more to look for', own);
      const other = await getAgent(t, id, 'other');
      const leaked = secrets.filter((s) => other.text.includes(s));
      t.check(rule, leaked.length === 0, () => `the other company's key read ${leaked.map((s) => JSON.stringify(s)).join(', ')} of voice agent ${id}`, other);
      t.check(rule, [401, 404].includes(other.status), `expected 401 or 404 for another company's voice agent, got ${other.status}`, other);
      t.note(rule, `another company's key asking for voice agent ${id} got ${other.status}`);
    },
  }),
];
