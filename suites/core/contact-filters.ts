import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { createContact } from './fixtures.ts';
import { readPage, readList, recordOf } from '../shared/core-reads.ts';
import { UNKNOWN_ID } from '../shared/inert-values.ts';
import { listedIds } from './shapes.ts';
import { isObject } from '../shared/json.ts';
import type { RuleId } from '../../lib/rules/index.ts';

/**
 * List contacts filters. List items' fields are not shown in the spec, so each check creates a contact
 * with an industry no other record has and judges a filter by whether that contact's id comes back. What
 * a keyword matches is not shown, so no read is narrowed by one: the contact's industry narrows them.
 */
type Query = Record<string, string | number>;

/** The check's own contact: its id, and the industry only it has. */
interface OwnContact {
  readonly id: string;
  readonly industry: string;
}

async function contactIds(t: CheckContext, query: Query): Promise<{ ids: Set<string>; complete: boolean }> {
  const { ex, page } = await readPage(t, '/contacts/index.json', { ...query, limit: 1000 });
  // The spec does not show list items: an item shape that shows no id (vendor reference: { Contact: { id } }) judges nothing.
  const ids = listedIds(page.data, 'Contact');
  t.prerequisite(ids !== undefined, 'List contacts items show no contact id (vendor reference item { Contact: { id } })', ex);
  return { ids: ids ?? new Set(), complete: page.pageCount <= 1 };
}

/** Creates the check's contact with an industry of its own, beside the fields the check gives it. */
async function createOwnContact(t: CheckContext, body: Record<string, unknown> = {}): Promise<OwnContact> {
  const industry = t.uniqueName();
  return { id: await createContact(t, { industry, ...body }), industry };
}

const shown = (query: Query): string =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/**
 * The contact must be left out for a query it does not match. The read is narrowed by the contact's own
 * industry unless `narrowed` is false; a contact still listed there may meet a target that joins filters
 * with OR, so the query is then asked alone, and only a listing there fails the rule.
 */
async function judgeLeftOut(t: CheckContext, rule: RuleId, contact: OwnContact, query: Query, narrowed = true): Promise<void> {
  if (narrowed) {
    const together = await contactIds(t, { industry: contact.industry, ...query });
    if (!together.ids.has(contact.id)) return t.pass(rule);
    t.note(
      rule,
      `the contact is listed with industry=${contact.industry}&${shown(query)}: the target may join filters with OR, so ${shown(query)} was asked alone`,
    );
  }
  const alone = await contactIds(t, query);
  t.check(rule, !alone.ids.has(contact.id), `the contact (id ${contact.id}) is listed with ${shown(query)}, which it does not match`);
  if (!alone.complete)
    t.skip(`more than 1000 contacts match ${shown(query)}: the created contact may sit on a later page, so it cannot be told whether the filter leaves it out`);
}

/** The filter must keep the contact for a matching value and leave it out for a value that does not match, each read narrowed by its industry. */
async function judgeFilter(
  t: CheckContext,
  rule: RuleId,
  contact: OwnContact,
  filter: string,
  matching: string | number,
  other: string | number,
): Promise<void> {
  const hit = await contactIds(t, { industry: contact.industry, [filter]: matching });
  if (!hit.ids.has(contact.id) && !hit.complete)
    t.skip(`more than 1000 contacts match industry=${contact.industry}&${filter}=${matching}; the created contact may sit on a later page`);
  t.check(
    rule,
    hit.ids.has(contact.id),
    `the contact (id ${contact.id}) is missing from List contacts with industry=${contact.industry}&${filter}=${matching}`,
  );
  await judgeLeftOut(t, rule, contact, { [filter]: other });
}

/**
 * A keyword no field of the check's contact holds, nor any word of the run's names: letters from the check's
 * seed after a `qz` no name of the run has, with no separator a search could split on.
 */
function absentKeyword(t: CheckContext): string {
  return `qz${t.seed.toString(36)}x`;
}

export const contactFilterChecks = [
  defineCheck({
    id: 'core.contacts.filter-country',
    title: 'List contacts: country_id filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-COUNTRY'],
    // countries, the contact, a matching read, and the other value narrowed and, when need be, alone
    maxRequests: 6,
    async run(t) {
      const ex = await t.core('GET', '/countries/index.json').send();
      t.expectOk(ex, 'listing countries');
      // The spec shows no country fields: the id is read from the vendor reference's { Country: { id } } or a bare record.
      const list = isObject(ex.json) ? ex.json.responseData : undefined;
      const countries = (Array.isArray(list) ? list : []).map((c) => Number(recordOf(c, 'Country')?.id)).filter(Number.isInteger);
      if (countries.length < 2) t.skip('needs at least two countries in List countries');
      const [mine, other] = countries as [number, number];
      const contact = await createOwnContact(t, { country_id: mine });
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-COUNTRY', contact, 'country_id', mine, other);
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-tag',
    title: 'List contacts: tag_id filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-TAG'],
    maxRequests: 6,
    async run(t) {
      // The spec shows no tag list: path and item shape ({ Tag: { id, name } }) follow the vendor reference.
      const { items } = await readList(t, '/tags/index.json', { limit: 2 });
      const tag = recordOf(items[0], 'Tag');
      if (typeof tag?.name !== 'string' || tag.id === undefined) t.skip('needs at least one tag in the account whose id and name the tag list shows');
      const otherTag = recordOf(items[1], 'Tag')?.id ?? UNKNOWN_ID;
      const contact = await createOwnContact(t, { ContactsTag: [{ name: tag?.name }] });
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-TAG', contact, 'tag_id', String(tag?.id), String(otherTag));
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-industry',
    title: 'List contacts: industry filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-INDUSTRY'],
    maxRequests: 4,
    async run(t) {
      const rule = 'CORE-CONTACTS-FILTER-INDUSTRY';
      const contact = await createOwnContact(t);
      // The industry narrows nothing here: it is the filter under test, matched by its own value alone.
      const hit = await contactIds(t, { industry: contact.industry });
      t.check(rule, hit.ids.has(contact.id), `the contact (id ${contact.id}) is missing from List contacts with industry=${contact.industry}`);
      await judgeLeftOut(t, rule, contact, { industry: t.uniqueName() }, false);
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-keyword',
    title: 'List contacts: keyword filter leaves out a contact without the keyword; whether it finds one by name is observed',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-KEYWORD', 'CORE-CONTACTS-KEYWORD-NAME'],
    // the contact, its whole name as keyword, and an absent keyword narrowed and, when need be, alone
    maxRequests: 5,
    async run(t) {
      const name = t.uniqueName();
      const contact = await createOwnContact(t, { name });
      const byName = await contactIds(t, { keyword: name });
      const found = byName.ids.has(contact.id);
      t.observe(
        'CORE-CONTACTS-KEYWORD-NAME',
        found
          ? 'keyword finds a contact by its whole name'
          : `keyword=${name} does not list the contact of that name${byName.complete ? '' : ' on the first page of 1000'}: the target's keyword searches other fields`,
      );
      await judgeLeftOut(t, 'CORE-CONTACTS-FILTER-KEYWORD', contact, { keyword: absentKeyword(t) });
    },
  }),
];
