import { is2xx, isObject, type Json } from '../shared/json.ts';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { QueryValue } from '../../lib/requests/request-spec.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { type CursorPage, readCursorPage } from './cursor.ts';
import { dialer } from '../shared/dialer-requests.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * Shared steps of the campaign checks and probes. Creating a campaign always registers its deletion,
 * also when the check fails; a deleted campaign stays with status `deleted`, which is the API's own
 * behaviour (spec: States and transitions): the report lists it among the records left, as not deletable.
 */
export { is2xx, isObject, type Json };

/** A year that is surely ahead, so no rule about past start dates (not shown) can interfere. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/**
 * A body every target should take: a unique name, mode `power` (the group table's "power and
 * predictive dialing") and a schedule in the pinned formats. Required fields are not shown.
 */
export function campaignPayload(t: CheckContext, overrides: Json = {}): Json {
  return { name: t.uniqueName(), mode: 'power', schedule_policy: { start_date: `${NEXT_YEAR}-03-14`, start_time: '09:30' }, ...overrides };
}

/** The campaign an answer carries: `data` (as list items are wrapped) or the body itself; undefined when neither has an id. */
export function campaignOf(ex: Exchange): Json | undefined {
  const body = ex.json;
  if (!isObject(body)) return undefined;
  if (isObject(body.data) && body.data.id !== undefined) return body.data;
  return body.id !== undefined ? body : undefined;
}

export interface Campaign {
  readonly id: string;
  /** The create answer. */
  readonly ex: Exchange;
  readonly body: Json;
  /** Set once the check deleted it, so the cleanup does not spend a request on it again. */
  deleted: boolean;
}

/** The id a create answered; when it names none, a cleanup reports the campaign nothing can delete. */
function createdId(t: CheckContext, ex: Exchange, body: Json): string | undefined {
  const id = campaignOf(ex)?.id;
  if (typeof id === 'string' || typeof id === 'number') return String(id);
  t.cleanup(`campaign ${String(body.name)}`, async () => {
    throw new Error('created, but the create answer carried no id to delete it by');
  });
  return undefined;
}

/** Registers the deletion of a created campaign; a campaign already deleted by the check is left alone. */
function adopt(t: CheckContext, ex: Exchange, body: Json): Campaign | undefined {
  const id = createdId(t, ex, body);
  if (id === undefined) return undefined;
  const campaign: Campaign = { id, ex, body, deleted: false };
  t.cleanup(`delete campaign ${campaign.id}`, async () => {
    if (campaign.deleted) return;
    const del = await dialer(t, 'campaigns.delete', { campaignId: campaign.id }).send();
    if (!is2xx(del.status) && del.status !== 404) throw new Error(`delete of campaign ${campaign.id} answered ${del.status}`);
  });
  return campaign;
}

/** Sends a create that may be refused; a 2xx is adopted (its deletion registered). */
export async function tryCreate(t: CheckContext, body: Json): Promise<{ ex: Exchange; campaign?: Campaign }> {
  const ex = await dialer(t, 'campaigns.create').json(body).send();
  if (!is2xx(ex.status)) return { ex };
  const campaign = adopt(t, ex, body);
  return campaign ? { ex, campaign } : { ex };
}

/** Creates a campaign the check builds on: a failure here is a failed prerequisite. */
export async function createCampaign(t: CheckContext, overrides: Json = {}): Promise<Campaign> {
  const { ex, campaign } = await tryCreate(t, campaignPayload(t, overrides));
  t.expectOk(ex, 'creating a campaign');
  t.prerequisite(campaign !== undefined, 'the create answer carries no campaign id (looked in data.id and id)', ex);
  return campaign as Campaign;
}

/**
 * Creates a campaign whose deletion is left to the caller (a shared record, deleted when its lane ends):
 * nothing is registered but the report of a create that named no id. A failure is a failed prerequisite.
 */
export async function createKept(t: CheckContext): Promise<{ readonly id: string; readonly ex: Exchange; readonly body: Json }> {
  const body = campaignPayload(t);
  return keptFrom(t, await dialer(t, 'campaigns.create').json(body).send(), body);
}

/** The campaign a create answered, as `createKept` takes it: a failure is a failed prerequisite. */
export function keptFrom(t: CheckContext, ex: Exchange, body: Json): { readonly id: string; readonly ex: Exchange; readonly body: Json } {
  t.expectOk(ex, 'creating a campaign');
  const id = createdId(t, ex, body);
  t.prerequisite(id !== undefined, 'the create answer carries no campaign id (looked in data.id and id)', ex);
  return { id: id as string, ex, body };
}

export async function deleteCampaign(t: CheckContext, campaign: Campaign): Promise<Exchange> {
  const ex = await dialer(t, 'campaigns.delete', { campaignId: campaign.id }).send();
  if (is2xx(ex.status)) campaign.deleted = true;
  return ex;
}

/** Reads a campaign as a prerequisite. */
export async function readCampaign(t: CheckContext, id: string): Promise<Json> {
  const ex = await dialer(t, 'campaigns.get', { campaignId: id }).send();
  t.expectOk(ex, `reading campaign ${id}`);
  const record = campaignOf(ex);
  t.prerequisite(record !== undefined, `reading campaign ${id}: no campaign object in data or at the top level`, ex);
  return record as Json;
}

/** The campaign a write answered with, or else a read of it (the write's body shape is not shown). */
export async function recordAfter(t: CheckContext, ex: Exchange, id: string): Promise<Json> {
  return campaignOf(ex) ?? readCampaign(t, id);
}

/** One page of the campaign list as a prerequisite. */
export function listPage(t: CheckContext, query: Readonly<Record<string, QueryValue | undefined>> = {}): Promise<CursorPage<Json>> {
  return readCursorPage<Json>(t, dialer(t, 'campaigns.list').query(query));
}

export const idsOf = (items: readonly Json[]): string[] => items.map((c) => String(c.id));

/** The texts of a service error a client reads: its message (a string or a list) and its subErrors. */
export function errorTexts(ex: Exchange): string[] {
  if (!isObject(ex.json)) return [];
  const { message, subErrors } = ex.json;
  const all = [...(Array.isArray(message) ? message : [message]), ...(Array.isArray(subErrors) ? subErrors : [])];
  return all.filter((s): s is string => typeof s === 'string');
}

/** True when a subErrors entry holds the phrase. */
export function subErrorsMention(ex: Exchange, phrase: string): boolean {
  const subErrors = isObject(ex.json) ? ex.json.subErrors : undefined;
  return Array.isArray(subErrors) && subErrors.some((s) => typeof s === 'string' && s.includes(phrase));
}

/**
 * A name sent with whitespace around a valid one, 'trimmed before validation' (DIALER-NAME-TRIMMED,
 * DIALER-CAMPAIGN-NAME-TRIMMED): the write must not be refused for its name, a 400 or 422 whose message or
 * subErrors name it. A write refused for another reason judges nothing here. Returns whether it was accepted.
 */
export function judgePaddedNameWrite(t: CheckContext, rule: RuleId, ex: Exchange, sent: string, what: string): 'accepted' | 'refused for its name' | 'refused' {
  if (is2xx(ex.status)) return 'accepted';
  const forName = (ex.status === 400 || ex.status === 422) && errorTexts(ex).some((text) => /\bname\b/i.test(text));
  t.judge(rule, !forName, () => `${what} with the name ${JSON.stringify(sent)} was refused for its name (${ex.status}), though trimmed it is a valid name`, ex);
  return forName ? 'refused for its name' : 'refused';
}

/** The name kept after a write of a padded name: the trimmed one or the one sent, either is accepted and noted. */
export function judgePaddedNameKept(t: CheckContext, rule: RuleId, sent: string, stored: unknown, ex: Exchange, what: string): void {
  const kept = stored === sent.trim() ? 'trimmed' : stored === sent ? 'as sent' : undefined;
  const judged = t.judge(
    rule,
    kept !== undefined,
    () => `${what}: the name sent as ${JSON.stringify(sent)} reads back as ${JSON.stringify(stored)}, neither trimmed nor as sent`,
    ex,
  );
  if (judged) t.note(rule, `${what}: the name sent as ${JSON.stringify(sent)} is kept ${kept}`);
}

/** The most frequent value of a field among items, ignoring those `skip` names. */
export function commonest(items: readonly Json[], field: string, skip: readonly unknown[] = []): string | undefined {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = item[field];
    if (typeof value === 'string' && !skip.includes(value)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** An id of the form the company's ids have, which no company holds. */
export function unknownCampaignId(sample: unknown): string {
  return typeof sample === 'number' || (typeof sample === 'string' && /^\d+$/.test(sample)) ? '2147480123' : 'c0c0c0c0-0000-4000-8000-00000000c0de';
}
