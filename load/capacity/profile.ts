/**
 * The capacity profile: what one outbound campaign costs in requests, per contact and per campaign,
 * and which per-contact requests a batch operation could carry instead. Read from JSON and checked
 * field by field, so a typo stops the run with one line naming the field (`load/capacity/README.md`
 * explains every field).
 */
import { readFileSync } from 'node:fs';
import { API_PARTS, type ApiPart } from '../../lib/contract/vocabulary.ts';
import { handleMinutes, StaffingError, type StaffingInput } from './staffing.ts';

/**
 * Where an operation and its item limit are documented:
 * - `spec`: the spec names the operation (its path too, where the spec shows one);
 * - `vendor reference`: the path or limit comes from the vendor's OpenAPI reference, not the spec;
 * - `route table`: the spec names the Dialer operation but shows no path; the path is this project's
 *   Dialer route table (`lib/dialer/routes.ts`, overridable per target with CC_DIALER_ROUTES).
 */
export const PROFILE_SOURCES = ['spec', 'vendor reference', 'route table'] as const;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];

/** A batch operation that could carry a per-contact step's items, many per request. */
export interface BatchAlternative {
  readonly operation: string;
  readonly surface: ApiPart;
  readonly source: ProfileSource;
  /** Items one request carries; `all` when one request covers the whole campaign (a target-tag association). */
  readonly itemsPerRequest: number | 'all';
  /** Items one contact needs in the batch form; the step's own figure when the profile leaves it out. */
  readonly itemsPerContact: number;
  readonly note?: string;
}

/** What every step of a profile says of itself, per contact or per campaign. */
export interface StepDescription {
  readonly id: string;
  readonly what: string;
  readonly surface: ApiPart;
  readonly operation: string;
  readonly source: ProfileSource;
  readonly note?: string;
}

/** Requests that grow with the number of contacts. */
export interface PerContactStep extends StepDescription {
  /** Items of this operation one contact needs (2 call attempts, 0.4 answered calls). */
  readonly itemsPerContact: number;
  /** Items one request carries as the integration sends it: 1 for one call per contact, 100 for a list page. */
  readonly itemsPerRequest: number;
  readonly batch?: BatchAlternative;
}

/** Requests a campaign sends once, whatever its size. */
export interface PerCampaignStep extends StepDescription {
  readonly requests: number;
}

export interface CapacityProfile {
  readonly name: string;
  readonly description?: string;
  readonly perContact: readonly PerContactStep[];
  readonly perCampaign: readonly PerCampaignStep[];
  /** Who works the campaign's calls; the command line's staffing options override it field by field. */
  readonly staffing?: StaffingInput;
}

/** A profile that cannot be used; the message names the field, so it fits one line. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

type Json = Record<string, unknown>;

const describe = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

function object(value: unknown, at: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ProfileError(`${at}: must be a JSON object, got ${describe(value)}`);
  return value as Json;
}

/** Unknown fields are refused: a misspelt `itemPerRequest` would otherwise silently fall back to its default. */
function onlyFields(obj: Json, at: string, known: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key)) throw new ProfileError(`${at}.${key}: unknown field (known: ${known.join(', ')})`);
  }
}

function text(obj: Json, key: string, at: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ProfileError(`${at}.${key}: must be a non-empty string, got ${describe(value)}`);
  return value;
}

function optionalText(obj: Json, key: string, at: string): string | undefined {
  return obj[key] === undefined ? undefined : text(obj, key, at);
}

function oneOf<T extends string>(obj: Json, key: string, at: string, allowed: readonly T[]): T {
  const value = obj[key];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new ProfileError(`${at}.${key}: must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describe(value)}`);
  }
  return value as T;
}

function positiveNumber(obj: Json, key: string, at: string, fallback?: number): number {
  const value = obj[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new ProfileError(`${at}.${key}: must be a number above 0, got ${describe(value)}`);
  return value;
}

function wholeNumber(obj: Json, key: string, at: string, min: number, fallback?: number): number {
  const value = obj[key];
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new ProfileError(`${at}.${key}: must be a whole number of at least ${min}, got ${describe(value)}`);
  return value;
}

const ID = /^[a-z0-9][a-z0-9-]*$/;

function stepId(obj: Json, at: string, seen: Set<string>): string {
  const id = text(obj, 'id', at);
  if (!ID.test(id)) throw new ProfileError(`${at}.id: must be lower-case letters, digits and dashes, got ${describe(id)}`);
  if (seen.has(id)) throw new ProfileError(`${at}.id: ${describe(id)} is used twice`);
  seen.add(id);
  return id;
}

/** Names an array entry by its id too, when it has one, so the error points at the step a reader knows. */
function entryName(list: string, index: number, raw: unknown): string {
  const id = raw !== null && typeof raw === 'object' && typeof (raw as Json).id === 'string' ? ` (${(raw as Json).id as string})` : '';
  return `${list}[${index}]${id}`;
}

function parseBatch(raw: unknown, at: string, stepItemsPerContact: number): BatchAlternative {
  const obj = object(raw, at);
  onlyFields(obj, at, ['operation', 'surface', 'source', 'itemsPerRequest', 'itemsPerContact', 'note']);
  const perRequest = obj.itemsPerRequest;
  if (perRequest !== 'all') wholeNumber(obj, 'itemsPerRequest', at, 1);
  const note = optionalText(obj, 'note', at);
  return {
    operation: text(obj, 'operation', at),
    surface: oneOf(obj, 'surface', at, API_PARTS),
    source: oneOf(obj, 'source', at, PROFILE_SOURCES),
    itemsPerRequest: perRequest as number | 'all',
    itemsPerContact: positiveNumber(obj, 'itemsPerContact', at, stepItemsPerContact),
    ...(note !== undefined ? { note } : {}),
  };
}

const DESCRIPTION_FIELDS = ['id', 'what', 'surface', 'operation', 'source'] as const;

function parseDescription(obj: Json, at: string, seen: Set<string>): StepDescription {
  const id = stepId(obj, at, seen);
  const note = optionalText(obj, 'note', at);
  return {
    id,
    what: text(obj, 'what', at),
    surface: oneOf(obj, 'surface', at, API_PARTS),
    operation: text(obj, 'operation', at),
    source: oneOf(obj, 'source', at, PROFILE_SOURCES),
    ...(note !== undefined ? { note } : {}),
  };
}

function parsePerContact(raw: unknown, at: string, seen: Set<string>): PerContactStep {
  const obj = object(raw, at);
  onlyFields(obj, at, [...DESCRIPTION_FIELDS, 'itemsPerContact', 'itemsPerRequest', 'batch', 'note']);
  const description = parseDescription(obj, at, seen);
  const itemsPerContact = positiveNumber(obj, 'itemsPerContact', at, 1);
  return {
    ...description,
    itemsPerContact,
    itemsPerRequest: wholeNumber(obj, 'itemsPerRequest', at, 1, 1),
    ...(obj.batch !== undefined ? { batch: parseBatch(obj.batch, `${at}.batch`, itemsPerContact) } : {}),
  };
}

function parsePerCampaign(raw: unknown, at: string, seen: Set<string>): PerCampaignStep {
  const obj = object(raw, at);
  onlyFields(obj, at, [...DESCRIPTION_FIELDS, 'requests', 'note']);
  return { ...parseDescription(obj, at, seen), requests: wholeNumber(obj, 'requests', at, 0) };
}

/** Each field checked alone: agents may come from the command line, the pace from the profile. */
function parseStaffing(raw: unknown): StaffingInput {
  const at = 'staffing';
  const obj = object(raw, at);
  onlyFields(obj, at, ['agents', 'handleTime', 'callsPerAgentHour', 'answerShare', 'hours']);
  const out: { -readonly [K in keyof StaffingInput]: StaffingInput[K] } = {};
  if (obj.agents !== undefined) out.agents = wholeNumber(obj, 'agents', at, 1);
  if (obj.handleTime !== undefined) {
    out.handleTime = text(obj, 'handleTime', at);
    try {
      handleMinutes(out.handleTime);
    } catch (err) {
      if (err instanceof StaffingError) throw new ProfileError(`${at}.handleTime: ${err.message}`);
      throw err;
    }
  }
  if (obj.callsPerAgentHour !== undefined) out.callsPerAgentHour = positiveNumber(obj, 'callsPerAgentHour', at);
  if (obj.handleTime !== undefined && obj.callsPerAgentHour !== undefined)
    throw new ProfileError(`${at}.callsPerAgentHour: give handleTime or callsPerAgentHour, not both`);
  if (obj.answerShare !== undefined) {
    out.answerShare = positiveNumber(obj, 'answerShare', at);
    if (out.answerShare > 1) throw new ProfileError(`${at}.answerShare: must be above 0 and at most 1, got ${out.answerShare}`);
  }
  if (obj.hours !== undefined) out.hours = positiveNumber(obj, 'hours', at);
  return out;
}

function list(obj: Json, key: string): unknown[] {
  const value = obj[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ProfileError(`${key}: must be an array, got ${describe(value)}`);
  return value;
}

/** Checks a parsed JSON value against the profile format; throws a ProfileError naming the first bad field. */
export function parseCapacityProfile(value: unknown): CapacityProfile {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ProfileError(`the profile must be a JSON object, got ${describe(value)}`);
  const obj = value as Json;
  for (const key of Object.keys(obj)) {
    if (!['name', 'description', 'perContact', 'perCampaign', 'staffing'].includes(key))
      throw new ProfileError(`${key}: unknown field (known: name, description, perContact, perCampaign, staffing)`);
  }
  const name = obj.name;
  if (typeof name !== 'string' || name.trim() === '') throw new ProfileError(`name: must be a non-empty string, got ${describe(name)}`);
  const description = obj.description;
  if (description !== undefined && typeof description !== 'string') throw new ProfileError(`description: must be a string, got ${describe(description)}`);
  const seen = new Set<string>();
  const perContact = list(obj, 'perContact').map((raw, i) => parsePerContact(raw, entryName('perContact', i, raw), seen));
  const perCampaign = list(obj, 'perCampaign').map((raw, i) => parsePerCampaign(raw, entryName('perCampaign', i, raw), seen));
  if (perContact.length + perCampaign.length === 0)
    throw new ProfileError('perContact: the profile lists no request at all (perContact and perCampaign are both empty)');
  const staffing = obj.staffing === undefined ? undefined : parseStaffing(obj.staffing);
  return { name, ...(description !== undefined ? { description } : {}), perContact, perCampaign, ...(staffing ? { staffing } : {}) };
}

/** Reads and checks a profile file; every problem is a ProfileError starting with the file's name. */
export function readCapacityProfile(path: string): CapacityProfile {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ProfileError(`${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    // V8's message may quote a long stretch of the file: keep only the position.
    const at = /\bposition (\d+)/.exec((err as Error).message)?.[1];
    throw new ProfileError(`${path}: not valid JSON${at !== undefined ? ` (error at position ${at})` : ''}`);
  }
  try {
    return parseCapacityProfile(parsed);
  } catch (err) {
    if (err instanceof ProfileError) throw new ProfileError(`${path}: ${err.message}`);
    throw err;
  }
}
