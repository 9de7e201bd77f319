import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../../context.ts';
import { isPlainObject, type Model, VOICE_AGENT_MODEL } from '../../state/voice-agents.ts';

/**
 * What VoiceAgent of the `variant` dialect (mock/dialect.ts) picks where the spec is silent: its binder takes
 * input outside the documented types as many do (a form-encoded body, a one-item array for the object, a numeric
 * string for a number, a number for a string, 'true' or 'false' for a boolean, a single string for a list), it
 * keeps numbers in single precision, writes times to the minute and language codes in lower case, and answers
 * null for the overrides when nothing is overridden.
 */
const variant = (ctx: MockContext): boolean => ctx.dialect === 'variant';

function coerce(value: unknown, field: Model[string] | undefined): unknown {
  if ((field === 'integer' || field === 'number') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (field === 'string' && typeof value === 'number') return String(value);
  if (field === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (field === 'string[]' && typeof value === 'string') return [value];
  if (typeof field === 'object' && 'object' in field && isPlainObject(value)) return coerceIn(value, field.object);
  if (typeof field === 'object' && 'items' in field && Array.isArray(value))
    return value.map((item) => (isPlainObject(item) ? coerceIn(item, field.items) : item));
  return value;
}

function coerceIn(body: Record<string, unknown>, model: Model): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, coerce(value, model[key])]));
}

/** The create payload as the dialect reads it. */
export function readPayload(ctx: MockContext, body: unknown): unknown {
  if (!variant(ctx)) return body;
  const object = Array.isArray(body) && body.length === 1 ? body[0] : body;
  return isPlainObject(object) ? coerceIn(object, VOICE_AGENT_MODEL) : body;
}

/** Lets the variant's VoiceAgent routes take a form-encoded body as attributes, each field a string for readPayload to convert. */
export function acceptFormBodies(ctx: MockContext, app: FastifyInstance): void {
  if (!variant(ctx)) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}

const lower = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : Array.isArray(v) ? v.map(lower) : v);

/** A number as a single-precision store gives it back: 0.55 as 0.550000011920929. */
const single = (v: unknown): unknown => (typeof v === 'number' ? Math.fround(v) : v);

/** An ISO 8601 time to the minute, which the standard allows: 2026-09-01T10:15Z. */
const toMinute = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/:\d{2}(\.\d+)?Z$/, 'Z') : v);

/** The attributes as the dialect writes them. */
export function writeAttributes(ctx: MockContext, attributes: Record<string, unknown>): Record<string, unknown> {
  if (!variant(ctx)) return attributes;
  const stored = isPlainObject(attributes.voiceProviderSettings) ? attributes.voiceProviderSettings : undefined;
  const sound = isPlainObject(stored?.backgroundSound) ? { backgroundSound: { ...stored.backgroundSound, volume: single(stored.backgroundSound.volume) } } : {};
  const settings = stored && { ...stored, ...sound, interruptionIgnoreTermLanguages: lower(stored.interruptionIgnoreTermLanguages) };
  return {
    ...attributes,
    language: lower(attributes.language),
    secondaryLanguages: lower(attributes.secondaryLanguages),
    ...(settings === undefined ? {} : { voiceProviderSettings: settings }),
    similarity: single(attributes.similarity),
    stability: single(attributes.stability),
    temperature: single(attributes.temperature),
    createdAt: toMinute(attributes.createdAt),
    updatedAt: toMinute(attributes.updatedAt),
    llmOverride: null,
    providerOverride: null,
  };
}
