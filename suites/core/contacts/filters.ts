import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { readPage, recordOf } from '../../shared/core-reads.ts';
import { UNKNOWN_ID } from '../../shared/inert-values.ts';
import { listedIds } from '../fixtures/shapes.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { COUNTRIES, countryIds, FIRST_TAGS, LANE_CONTACT, LANE_CONTACT_SHARES, type LaneContact, sharedList, tagOf } from '../fixtures/shared-records.ts';

/**
 * List contacts filters. List items' fields are not shown in the spec, so each check looks for a contact
 * with an industry no other record has and judges a filter by whether that contact's id comes back: the lane's
 * contact (fixtures/shared-records.ts), which carries every value these filters match and which none of them changes. What
 * a keyword matches is not shown, so no read is narrowed by one: the contact's industry narrows them.
 */
type Query = Record<string, string | number>;

/** The contact the check looks for: its id, and the industry only it has. */
type OwnContact = Pick<LaneContact, 'id' | 'industry'>;

async function contactIds(t: CheckContext, query: Query): Promise<{ ids: Set<string>; complete: boolean }> {
  const { ex, page } = await readPage(t, '/contacts/index.json', { ...query, limit: 1000 });
  // The spec does not show list items: an item shape that shows no id (vendor reference: { Contact: { id } }) judges nothing.
  const ids = listedIds(page.data, 'Contact');
  t.prerequisite(ids !== undefined, 'List contacts items show no contact id (vendor reference item { Contact: { id } })', ex);
  return { ids: ids ?? new Set(), complete: page.pageCount <= 1 };
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
    cost: { requests: { 'a matching read': 1, 'the other value narrowed and, when need be, alone': 2 } },
    records: { shares: LANE_CONTACT_SHARES },
    async run(t) {
      const ex = await t.shared(COUNTRIES);
      t.expectOk(ex, 'listing countries');
      // The spec shows no country fields: the id is read from the vendor reference's { Country: { id } } or a bare record.
      const countries = countryIds(ex);
      if (countries.length < 2) t.skip('needs at least two countries in List countries');
      const [mine, other] = countries as [number, number];
      const contact = await t.shared(LANE_CONTACT);
      t.prerequisite(contact.countryId === mine, `the lane's contact was created without country_id ${mine}, the first of List countries`);
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-COUNTRY', contact, 'country_id', mine, other);
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-tag',
    title: 'List contacts: tag_id filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-TAG'],
    cost: { requests: { 'a matching read': 1, 'the other value narrowed and, when need be, alone': 2 } },
    records: { shares: LANE_CONTACT_SHARES },
    async run(t) {
      // The spec shows no tag list: path and item shape ({ Tag: { id, name } }) follow the vendor reference.
      const { items } = await sharedList(t, FIRST_TAGS);
      const tag = tagOf(items[0]);
      if (tag === undefined) t.skip('needs at least one tag in the account whose id and name the tag list shows');
      const otherTag = recordOf(items[1], 'Tag')?.id ?? UNKNOWN_ID;
      const contact = await t.shared(LANE_CONTACT);
      t.prerequisite(contact.tag?.id === tag?.id, `the lane's contact was created without tag ${String(tag?.name)}, the first of the tag list`);
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-TAG', contact, 'tag_id', String(tag?.id), String(otherTag));
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-industry',
    title: 'List contacts: industry filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-INDUSTRY'],
    cost: { requests: { 'a matching read': 1, 'another industry alone': 1 } },
    records: { shares: LANE_CONTACT_SHARES },
    async run(t) {
      const rule = 'CORE-CONTACTS-FILTER-INDUSTRY';
      const contact = await t.shared(LANE_CONTACT);
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
    cost: { requests: { 'its whole name as keyword': 1, 'an absent keyword narrowed and, when need be, alone': 2 } },
    records: { shares: LANE_CONTACT_SHARES },
    async run(t) {
      const contact = await t.shared(LANE_CONTACT);
      const name = contact.name;
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
