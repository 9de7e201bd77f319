import { UNKNOWN_ID } from '../shared/inert-values.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { expectServiceError } from '../shared/service-errors.ts';
import { readPage, responseData } from '../shared/core-reads.ts';
import { errorTexts, is2xx, isObject, type Json } from './campaign-fixtures.ts';
import { dialer, dialerAsIs, isRouteNotFound, notRouted } from '../shared/dialer-requests.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { ARCHIVED_TAG_MISSING } from '../../lib/checks/runner.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * Shared steps of the resource checks: reading records whatever their wrapping (not shown), Dialer
 * errors, the run's one call script and survey (the API deletes neither), and call tags.
 */
export { is2xx, isObject, type Json };

/** The record an answer carries: `data` when it wraps an object, else the body itself. */
export function recordOf(ex: Exchange): Json | undefined {
  const body = ex.json;
  if (!isObject(body)) return undefined;
  return isObject(body.data) ? body.data : body;
}

/** The list an answer carries: `data` when it is an array, else the body when it is one. */
export function listOf(ex: Exchange): unknown[] | undefined {
  const body = ex.json;
  if (Array.isArray(body)) return body;
  return isObject(body) && Array.isArray(body.data) ? body.data : undefined;
}

/** A Dialer error: the status (or one of several), the service error shape, and when given a text among message and subErrors. */
export function expectDialerError(t: CheckContext, rule: RuleId, ex: Exchange, status: number | readonly number[], text?: string): void {
  t.expectStatus(rule, ex, status);
  expectServiceError(t, rule, ex);
  if (text !== undefined)
    t.check(
      rule,
      errorTexts(ex).includes(text),
      () => `expected ${JSON.stringify(text)} as message or in subErrors, got ${JSON.stringify(errorTexts(ex))}`,
      ex,
    );
}

/** A short account of an answer for notes and probe evidence. */
export function brief(ex: Exchange): string {
  return `${ex.request.method} ${new URL(ex.request.url).pathname} → ${ex.status} ${ex.text.slice(0, 160)}`;
}

/** Identifiers no account holds, in the shape the account's own ids have. */
export const UNKNOWN_INT_ID = UNKNOWN_ID;
export const UNKNOWN_JOB_ID = 'c0c0c0c0-0000-4000-8000-0000000000b5';
export function unknownIdLike(sample: unknown, uuid: string): string {
  return typeof sample === 'number' || (typeof sample === 'string' && /^\d+$/.test(sample)) ? String(UNKNOWN_INT_ID) : uuid;
}

// --- the run's call script and survey -----------------------------------------------------------

export const NEEDS_RECORDS = { effects: ['dialer-records'] } as const;
/** Export requests that may be accepted queue a job, which the API cannot delete. */
export const NEEDS_EXPORTS = { effects: ['dialer-exports'] } as const;

export interface Created {
  readonly ex: Exchange;
  readonly sent: Json;
  readonly record?: Json;
  readonly id?: string;
}

function created(ex: Exchange, sent: Json): Created {
  const record = is2xx(ex.status) ? recordOf(ex) : undefined;
  const id = record?.id;
  return { ex, sent, ...(record ? { record } : {}), ...(typeof id === 'string' || typeof id === 'number' ? { id: String(id) } : {}) };
}

/** The name is sent with whitespace around it, so the same create shows that names are trimmed. */
export function runScript(t: CheckContext): Promise<Created> {
  return t.memo('dialer.run-script', async () => {
    const sent = { name: `  ${t.uniqueName()}  `, content: 'Made by the conformance suite; the API has no way to delete it.' };
    return created(await dialer(t, 'scripts.create').json(sent).send(), sent);
  });
}

export const FIRST_QUESTIONS = [
  { text: 'Did the agent introduce themselves?', options: ['yes', 'no'] },
  { text: 'What would you improve?', options: [] },
];

export function runSurvey(t: CheckContext): Promise<Created> {
  return t.memo('dialer.run-survey', async () => {
    const sent = { name: `\t${t.uniqueName()} `, questions: FIRST_QUESTIONS };
    return created(await dialer(t, 'surveys.create').json(sent).send(), sent);
  });
}

/** The id of the run's script or survey, as a prerequisite. */
export function idOf(t: CheckContext, made: Created, what: string): string {
  t.expectOk(made.ex, `creating the run's ${what}`);
  t.prerequisite(made.id !== undefined, `the ${what} create answer names no id (looked in data.id and id)`, made.ex);
  return made.id as string;
}

// --- call tags ---------------------------------------------------------------------------------

export interface CallTag {
  readonly id: string | number;
  readonly name: unknown;
  readonly color: unknown;
}

/**
 * The disposition tag list, read once for the checks that pick tags from it: the account's own tags, which
 * no check changes (those the core lane adds and deletes meanwhile are the run's, which usableTags leaves out).
 */
export const DISPOSITION_TAGS: SharedRecord<Exchange> = {
  key: 'dialer.disposition-tags',
  lane: 'dialer',
  meter: 'dialer',
  makeRequests: 1,
  removeRequests: 0,
  async make(t: CheckContext) {
    return { value: await dialerAsIs(t, 'dispositions.tags').send() };
  },
};

/** The disposition tag list as a prerequisite, from the run's one read of it. */
export async function dispositionTags(t: CheckContext): Promise<{ ex: Exchange; tags: CallTag[] }> {
  const ex = await t.shared(DISPOSITION_TAGS);
  if (isRouteNotFound(ex)) t.skip(notRouted('dispositions.tags'));
  t.expectOk(ex, 'listing disposition tags');
  const tags = callTagsIn(ex);
  t.prerequisite(tags !== undefined, 'the disposition tag list answered no list (looked in data and the body)', ex);
  return { ex, tags: tags ?? [] };
}

/** The tags a disposition tag list answer holds, those with an id, or undefined when it holds no list. */
export function callTagsIn(ex: Exchange): CallTag[] | undefined {
  return listOf(ex)
    ?.filter(isObject)
    .filter((tag) => typeof tag.id === 'string' || typeof tag.id === 'number') as unknown as CallTag[] | undefined;
}

/** The archived tag id the user named, as the API would take it, or undefined. */
export function archivedTagId(t: CheckContext): string | number | undefined {
  const raw = t.target.dialer.archivedTagId;
  if (raw === undefined || raw === '') return undefined;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** What a check that looks for the archived call tag declares: without CC_DIALER_ARCHIVED_TAG_ID it sends nothing, and the plan counts none of it. */
export const NEEDS_ARCHIVED = { archivedTag: true } as const;

/** The archived tag the user named, which a check declaring NEEDS_ARCHIVED runs only with; skipped without, as a prerequisite is. */
export const namedArchivedTag = (t: CheckContext): string | number => archivedTagId(t) ?? t.skip(ARCHIVED_TAG_MISSING);

/** Adds a call tag through the core API, deleted again afterwards; returns its id as the Dialer takes it. */
export async function addCoreTag(t: CheckContext): Promise<number | string> {
  const ex = await t.core('PUT', '/tags/add.json').json({ name: t.uniqueName() }).send();
  t.expectOk(ex, 'adding a call tag through the core API');
  const id = responseData<{ data?: { id?: unknown } }>(ex).data?.id;
  t.prerequisite(typeof id === 'string' || typeof id === 'number', 'adding a tag returned no responseData.data.id', ex);
  t.undo(`delete tag ${String(id)}`, t.core('DELETE', `/tags/delete/${String(id)}.json`));
  return /^\d+$/.test(String(id)) ? Number(id) : (id as string);
}

/** The first record id of a core list, for association entries. */
export async function firstCoreId(t: CheckContext, path: string, key: string): Promise<number | undefined> {
  const { page } = await readPage<Record<string, { id?: unknown }>>(t, path, { limit: 1 });
  const id = page.data[0]?.[key]?.id;
  return id === undefined || !/^\d+$/.test(String(id)) ? undefined : Number(id);
}

export const sameId = (a: unknown, b: unknown): boolean => String(a) === String(b);
