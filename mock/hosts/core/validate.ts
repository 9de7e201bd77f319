import { isDeepStrictEqual } from 'node:util';
import type { FieldErrors } from './replies.ts';

/** Small field validators for core payloads; each adds messages to an error map keyed by field name. */

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false;
  const local = value.split('@')[0] ?? '';
  if (local.length === 0 || local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return EMAIL.test(value);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Fields outside the documented payload are refused rather than silently dropped. */
export function rejectUnknown(body: Record<string, unknown>, known: ReadonlySet<string>, errors: FieldErrors): void {
  for (const key of Object.keys(body)) if (!known.has(key)) addError(errors, key, 'Unknown field.');
}

export function checkString(body: Record<string, unknown>, field: string, max: number, errors: FieldErrors, required = false): void {
  const value = body[field];
  if (value === undefined) {
    if (required) addError(errors, field, 'This field is required.');
    return;
  }
  if (typeof value !== 'string') addError(errors, field, 'Must be a string.');
  else if (required && value.trim() === '') addError(errors, field, 'This field is required.');
  else if ([...value].length > max) addError(errors, field, `Maximum length is ${max} characters.`);
}

export function checkInteger(
  body: Record<string, unknown>,
  field: string,
  errors: FieldErrors,
  range: { min?: number; max?: number } = {},
  required = false,
): void {
  const value = body[field];
  if (value === undefined) {
    if (required) addError(errors, field, 'This field is required.');
    return;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    addError(errors, field, 'Must be an integer.');
    return;
  }
  if (range.min !== undefined && value < range.min) addError(errors, field, `Must be at least ${range.min}.`);
  if (range.max !== undefined && value > range.max) addError(errors, field, `Must be at most ${range.max}.`);
}

/**
 * An integer body field, or `''` to clear it (spec: Edit contact), or null, the way the mock lists a field
 * without a value, so a record read and written back keeps it empty; returns the parsed value, null for a
 * clear, undefined when absent or bad.
 */
export function clearableInteger(body: Record<string, unknown>, field: string, errors: FieldErrors): number | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === '' || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    addError(errors, field, 'Must be an integer.');
    return undefined;
  }
  return value;
}

export function isE164ish(value: unknown): value is string {
  return typeof value === 'string' && /^\+?[1-9][0-9]{5,14}$/.test(value);
}

/**
 * An identifier as clients send it: an integer, or the same digits as a string, since every id the API
 * returns is a string (`"10010"`) and clients send them back as they got them. Neither document refuses
 * the string form. undefined for anything else.
 */
export function integerId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** An id field of a body: its value, undefined when absent; a wrong type or a missing required one adds an error. */
export function checkId(body: Record<string, unknown>, field: string, errors: FieldErrors, required = false): number | undefined {
  const value = body[field];
  if (value === undefined) {
    if (required) addError(errors, field, 'This field is required.');
    return undefined;
  }
  const id = integerId(value);
  if (id === undefined || id < 1) addError(errors, field, 'Must be an integer.');
  return id;
}

/** The id of a path parameter, undefined unless it is all digits. */
export function pathId(raw: string): number | undefined {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** A date-time body field in ISO 8601 (vendor reference: `format: date-time`), normalised as the API writes dates. */
export function checkDateTime(body: Record<string, unknown>, field: string, errors: FieldErrors): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  const ms =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)
      ? Date.parse(value.replace(' ', 'T'))
      : Number.NaN;
  if (Number.isNaN(ms)) {
    addError(errors, field, 'Please supply a valid date and time.');
    return undefined;
  }
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
}

export const READ_ONLY = 'Read-only: send the value as listed, or leave it out.';

/**
 * Fields a record lists that its edit does not change (its id, dates the server keeps, values it derives):
 * a client that reads a record and writes it back sends them as listed, which is accepted (an id also in
 * the integer form, see integerId); any other value would not be applied, so it is refused rather than
 * dropped in silence. `listed` holds the values as the record lists them now; a field that already has a
 * message keeps only that one.
 */
export function checkReadOnly(body: Record<string, unknown>, listed: Readonly<Record<string, unknown>>, errors: FieldErrors): void {
  for (const [field, value] of Object.entries(listed)) {
    const sent = body[field];
    if (sent === undefined || errors[field] !== undefined) continue;
    const sameId = typeof value === 'string' && integerId(value) !== undefined && integerId(sent) === integerId(value);
    if (!sameId && !isDeepStrictEqual(sent, value)) addError(errors, field, READ_ONLY);
  }
}

export function checkBoolean(body: Record<string, unknown>, field: string, errors: FieldErrors): void {
  if (body[field] !== undefined && typeof body[field] !== 'boolean') addError(errors, field, 'Must be a boolean.');
}

/**
 * The body with the named id fields read as integers where a client sent them as digit strings (see
 * integerId); every other value is left for the field's own check to judge.
 */
export function withIds(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out = { ...body };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === 'string') {
      const id = integerId(value);
      if (id !== undefined) out[field] = id;
    }
  }
  return out;
}

/** E.164 proper: a plus, then 6 to 15 digits (vendor reference, Make a call: "Phone numbers must be in E.164 format"). */
export function isE164(value: unknown): value is string {
  return typeof value === 'string' && /^\+[1-9][0-9]{5,14}$/.test(value);
}
