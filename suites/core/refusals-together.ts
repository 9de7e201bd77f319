import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { CheckContext } from '../../lib/checks/context.ts';
import type { SharedRecord } from '../../lib/checks/shared-records.ts';
import { type CheckCost, partsOf } from '../../lib/checks/define.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import {
  CALL_NUMBER_ID_MIN,
  CONTACT_MAX_LENGTHS,
  type ContactLengthField,
  DAILY_PRICE_LIMIT,
  EXTENSION,
  EXTERNAL_URL_MAX_ITEMS,
} from '../../lib/contract/limits.ts';
import { INVALID_EMAIL_BOUNDARIES, plainText } from '../../lib/fuzz/arbitraries.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import { AGENT_LIST, recordOf } from '../shared/core-reads.ts';
import { fieldMessages, probeAgent, skipAtMaximum } from './fixtures.ts';
import { AGENTS, ATTRIBUTES, attributeIdsIn, CONTACT_POOL, editsPooledContact, itemsOf, pooledContact } from './shared-fixtures.ts';

/**
 * Values a request must refuse, of several checks, sent together: one request carries one value of each check's
 * field, so three edits of a contact judge what twenty-two sent alone would, and three agent creates what fourteen would.
 *
 * The spec's 406 maps "a field name to an array of message strings": a target may name every field it refused or
 * only the first. A value counts as judged together only when its request was answered 406 with a field message
 * that names its field and no other field the request carried; each check then judges that answer as it would
 * its own. Any other answer (a 406 naming only some fields, an acceptance, any other status) says nothing certain
 * of one value, so the check sends that value alone, as it would without the others, which its allowance counts
 * (`ifBatchRefused`) and the plan names apart. The verdict is thus the one the value alone would get.
 */

/** One request of refusals sent together: the fields it carried that a check judges, and the target's answer. */
export interface SentTogether {
  readonly sent: Readonly<Record<string, unknown>>;
  readonly ex: Exchange;
}

/** Whether `ex` refused the request with 406 and a field message naming `named` (as `namesField` reads it) and none of the other fields sent. */
function namesAlone(ex: Exchange, named: string, sent: Readonly<Record<string, unknown>>, key: string): boolean {
  if (ex.status !== 406) return false;
  const others = Object.keys(sent)
    .filter((k) => k !== key)
    .map((k) => k.toLowerCase());
  return Object.keys(fieldMessages(ex) ?? {}).some((message) => {
    const k = message.toLowerCase();
    return k.includes(named.toLowerCase()) && !others.some((other) => k.includes(other));
  });
}

/** How a check judges the values of one field it sent together with others. */
export interface TogetherField<T> {
  readonly rule: RuleId;
  /** The key the value was sent under. */
  readonly key: string;
  /** What a field message's key must contain to name it (`namesField`): the key itself unless the check reads it otherwise. */
  readonly named?: string;
  /** The values the check would send alone. */
  readonly values: readonly T[];
  /** Judges a refusal of the value, from the request that carried it. */
  judge(ex: Exchange, value: T): void;
}

/**
 * Judges each value of `field` that a request of `together` carried and refused naming it alone; gives back the
 * values the check must still send alone: those no request carried, and those whose answer judged nothing certain.
 */
export function judgedTogether<T>(t: CheckContext, together: readonly SentTogether[], field: TogetherField<T>): T[] {
  const left: T[] = [];
  for (const value of field.values) {
    const carried = together.find((r) => field.key in r.sent && isDeepStrictEqual(r.sent[field.key], value));
    if (carried === undefined) {
      left.push(value);
      continue;
    }
    if (namesAlone(carried.ex, field.named ?? field.key, carried.sent, field.key)) {
      field.judge(carried.ex, value);
      continue;
    }
    left.push(value);
    const with_ = Object.keys(carried.sent).filter((k) => k !== field.key);
    t.note(
      field.rule,
      `${field.key} ${JSON.stringify(value)}, sent with ${with_.join(', ')}, was answered ${carried.ex.status} without a field message naming ${field.named ?? field.key} alone: sent alone`,
    );
  }
  return left;
}

/** A URL prefix for website values: what follows it pads the value to the length wanted. */
const URL_HEAD = 'https://example.com/';

/** The shortest value `valueOfLength` can make for a contact field. */
export function shortestValue(field: ContactLengthField): number {
  return field === 'website' ? URL_HEAD.length + 1 : 1;
}

/**
 * A value of exactly `length` characters that the field takes on its own merits, so that a refusal can only be
 * for the length: a URL for website, digits for zip, letters and digits for the free-text fields.
 */
export function valueOfLength(field: ContactLengthField, length: number, seed: number): string {
  const text = (n: number) => fc.sample(plainText(n), { numRuns: 1, seed })[0] as string;
  if (field === 'website') return URL_HEAD + text(length - URL_HEAD.length);
  if (field === 'zip') return text(length).replace(/[a-z]/g, (c) => String(c.charCodeAt(0) % 10));
  return text(length);
}

/** `count` ExternalUrl items, each valid on its own. */
export const externalUrls = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `CRM${i}`, url: `https://crm.example.com/c/${i}` }));

/** The over-length value of a contact field sent together: one character past its maximum. */
export const overLength = (field: ContactLengthField): string => valueOfLength(field, CONTACT_MAX_LENGTHS[field] + 1, CONTACT_MAX_LENGTHS[field]);

/** Wrong types of country_id and favorite_agent, an integer field each, one per edit. */
export const COUNTRY_ID_WRONG_TYPES: readonly unknown[] = ['abc', true, { id: 1 }];
export const FAVORITE_AGENT_WRONG_TYPES: readonly unknown[] = ['abc', 2.5, { id: 1 }];

/**
 * ContactAttribute items Edit contact must refuse: an attribute_id that is not an integer, then a value that is not
 * a string, of the account's first attribute (the attribute read the lane shares); none without one.
 */
export function wrongAttributeItems(attributeId: number | undefined): { attribute_id: unknown; value: unknown }[] {
  return [{ attribute_id: 'abc', value: '1' }, ...(attributeId === undefined ? [] : [{ attribute_id: attributeId, value: { text: '1' } }])];
}

/**
 * The three edits: every contact field one character too long, ExternalUrl one item too many, and each wrong
 * type, invalid e-mail and wrong attribute item of the checks, one per edit.
 */
function contactRefusals(attributeId: number | undefined): Readonly<Record<string, unknown>>[] {
  const lengths = Object.fromEntries((Object.keys(CONTACT_MAX_LENGTHS) as ContactLengthField[]).map((f) => [f, overLength(f)]));
  const attributes = wrongAttributeItems(attributeId);
  return [0, 1, 2].map((i) => ({
    ...(i === 0 ? { ...lengths, ExternalUrl: externalUrls(EXTERNAL_URL_MAX_ITEMS + 1) } : {}),
    country_id: COUNTRY_ID_WRONG_TYPES[i],
    favorite_agent: FAVORITE_AGENT_WRONG_TYPES[i],
    ContactEmail: [{ email: INVALID_EMAIL_BOUNDARIES[i] }],
    ...(attributes[i] === undefined ? {} : { ContactAttribute: [attributes[i]] }),
  }));
}

/**
 * Edit contact's refusals of the contact checks (field lengths, ExternalUrl items, field types, favorite_agent,
 * e-mail, attribute items, the 406 envelope), sent together in three edits of one contact of the pool, which no accepted edit
 * changes. A sharer declares the pool too: the contact is one of its ten.
 */
export const CONTACT_REFUSALS: SharedRecord<readonly SentTogether[]> = {
  key: 'core.contact-refusals',
  lane: 'core',
  meter: 'core',
  makeRequests: 3,
  // The contact is the pool's, deleted with the lane's other contacts.
  removeRequests: 0,
  madeTogether: {
    what: (sharers) => `the values Edit contact must refuse that ${sharers} judge, in three edits of one contact`,
    ifRefused: 'a target whose 406 does not name each field alone gets each value alone',
  },
  async make(t) {
    // Read without judging: without an attribute the edits carry one wrong item fewer, and the check that judges them reads it too.
    const attributeId = attributeIdsIn(await t.shared(ATTRIBUTES))[0];
    const id = await pooledContact(t);
    const out: SentTogether[] = [];
    for (const sent of contactRefusals(attributeId)) out.push({ sent, ex: await t.core('POST', `/contacts/edit/${id}.json`).json(sent).send() });
    return { value: out };
  },
};

/**
 * What a check judging values together with the other contact checks declares: what it `sends` always on its
 * contact of the pool, and `alone` it sends only for the values the refusals together left unjudged, with its
 * contact and the refusals' own when the target made the pool none; the refusals, the attribute read their
 * make takes a value from, and the pool.
 */
export function editsRefusingTogether(
  sends: CheckCost['sends'],
  alone: number,
  more: Omit<CheckCost, 'sends' | 'ifBatchRefused'> = {},
): ReturnType<typeof editsPooledContact> {
  const pooled = editsPooledContact({ ...partsOf(sends), 'values the refusals together left unjudged, each alone': alone }, [ATTRIBUTES, CONTACT_REFUSALS], {
    ...more,
    ifBatchRefused: [
      { record: CONTACT_POOL, requests: 2 },
      { record: CONTACT_REFUSALS, requests: alone },
    ],
  });
  return pooled;
}

/** Values of status_outbound, a boolean, of other types. */
export const STATUS_OUTBOUND_WRONG_TYPES = ['maybe', 2] as const;

/** The fields Add an agent requires. */
export const REQUIRED_AGENT_FIELDS: readonly string[] = ['firstname', 'lastname', 'email', 'pass'];

/**
 * The refused values of Add an agent sent together, one of each field per create: the bounds below the range, then
 * those above it; then every required field left out.
 */
export const AGENT_REFUSED_VALUES: readonly Readonly<Record<string, number | string | undefined>>[] = [
  {
    daily_price_limit: DAILY_PRICE_LIMIT.min - 1,
    extension: EXTENSION.min - 1,
    call_number_id: CALL_NUMBER_ID_MIN - 1,
    email: INVALID_EMAIL_BOUNDARIES[0] as string,
    status_outbound: STATUS_OUTBOUND_WRONG_TYPES[0],
  },
  {
    daily_price_limit: DAILY_PRICE_LIMIT.max + 1,
    extension: EXTENSION.max + 1,
    call_number_id: -1,
    email: INVALID_EMAIL_BOUNDARIES[1] as string,
    status_outbound: STATUS_OUTBOUND_WRONG_TYPES[1],
  },
  Object.fromEntries(REQUIRED_AGENT_FIELDS.map((field) => [field, undefined])),
];

/**
 * The refused bounds of the range checks, the invalid e-mails, the wrong types of status_outbound and the missing
 * required fields of Add an agent, in
 * three creates, each deleted at once should a target create it (`probeAgent`). An extension an agent of the
 * account uses, or one the agent list cannot show in full, is left out, as the range check leaves it out. An
 * account at its agent maximum answers the first with 403, and the others are not sent: each sharer is skipped by
 * that answer as by its own.
 */
export const AGENT_REFUSALS: SharedRecord<readonly SentTogether[]> = {
  key: 'core.agent-refusals',
  lane: 'core',
  meter: 'core',
  // three creates, and the deletion of each a faulty target makes
  makeRequests: 6,
  removeRequests: 0,
  madeTogether: {
    what: (sharers) => `the values Add an agent must refuse that ${sharers} judge, in three creates`,
    ifRefused: 'a target whose 406 does not name each field alone gets each value alone',
  },
  async make(t) {
    const agents = await t.shared(AGENTS);
    const listed = itemsOf(agents);
    const shownInFull = agents.status === 200 && listed.length < AGENT_LIST.query.limit;
    const used = new Set(listed.map((item) => Number(recordOf(item, 'Agent')?.extension)));
    const out: SentTogether[] = [];
    for (const values of AGENT_REFUSED_VALUES) {
      const { extension, ...rest } = values;
      const sent = shownInFull && !used.has(Number(extension)) ? values : rest;
      const ex = await probeAgent(t, sent);
      out.push({ sent, ex });
      if (ex.status === 403) break;
    }
    return { value: out };
  },
};

/** What a sharer of the agent refusals declares: them and the agent list their make reads. */
export const AGENT_REFUSALS_SHARES: readonly SharedRecord<unknown>[] = [AGENTS, AGENT_REFUSALS];

/**
 * Judges the values of `field` that the agent refusals together carried and gives back those the check must still
 * send alone; an account at its agent maximum answered them 403, and the check is skipped, as `skipAtMaximum` does
 * for a value sent alone.
 */
export async function agentRefusalsLeft<T>(t: CheckContext, field: TogetherField<T>): Promise<T[]> {
  const together = await t.shared(AGENT_REFUSALS);
  for (const { ex } of together) skipAtMaximum(t, ex, 'an agent carrying refused values of several fields');
  return judgedTogether(t, together, field);
}
