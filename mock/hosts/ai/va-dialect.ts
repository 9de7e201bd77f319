import type { MockContext } from '../../context.js';
import { isPlainObject, type Model, VOICE_AGENT_MODEL } from '../../state/voice-agents.js';

/**
 * What VoiceAgent of the `variant` dialect (mock/dialect.ts) picks where the spec is silent: it reads a
 * numeric string sent for a number as that number (JSON binders often do), writes language codes in lower
 * case, and answers null for the overrides when nothing is overridden.
 */
const variant = (ctx: MockContext): boolean => ctx.dialect === 'variant';

function coerce(value: unknown, field: Model[string] | undefined): unknown {
  if ((field === 'integer' || field === 'number') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof field === 'object' && 'object' in field && isPlainObject(value)) return coerceIn(value, field.object);
  if (typeof field === 'object' && 'items' in field && Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? coerceIn(item, field.items) : item));
  return value;
}

function coerceIn(body: Record<string, unknown>, model: Model): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, coerce(value, model[key])]));
}

/** The create payload as the dialect reads it. */
export function readPayload(ctx: MockContext, body: unknown): unknown {
  return variant(ctx) && isPlainObject(body) ? coerceIn(body, VOICE_AGENT_MODEL) : body;
}

const lower = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : Array.isArray(v) ? v.map(lower) : v);

/** The attributes as the dialect writes them. */
export function writeAttributes(ctx: MockContext, attributes: Record<string, unknown>): Record<string, unknown> {
  if (!variant(ctx)) return attributes;
  const settings = isPlainObject(attributes.voiceProviderSettings) ? { ...attributes.voiceProviderSettings, interruptionIgnoreTermLanguages: lower(attributes.voiceProviderSettings.interruptionIgnoreTermLanguages) } : attributes.voiceProviderSettings;
  return {
    ...attributes,
    language: lower(attributes.language),
    secondaryLanguages: lower(attributes.secondaryLanguages),
    ...(settings === undefined ? {} : { voiceProviderSettings: settings }),
    llmOverride: null,
    providerOverride: null,
  };
}
