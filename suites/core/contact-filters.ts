import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import { createContact, readPage, UNKNOWN_ID } from './fixtures.js';
import { isJson, listedIds, readList, recordOf } from './shapes.js';

/**
 * List contacts filters. List items' fields are not shown in the spec, so each check creates a contact
 * with a unique name and judges a filter by whether that contact's id comes back.
 */
async function contactIds(t: CheckContext, query: Record<string, string | number>): Promise<{ ids: Set<string>; complete: boolean }> {
  const { ex, page } = await readPage(t, '/contacts/index.json', { ...query, limit: 1000 });
  // The spec does not show list items: an item shape that shows no id (vendor reference: { Contact: { id } }) judges nothing.
  const ids = listedIds(page.data, 'Contact');
  t.prerequisite(ids !== undefined, 'List contacts items show no contact id (vendor reference item { Contact: { id } })', ex);
  return { ids: ids ?? new Set(), complete: page.pageCount <= 1 };
}

/**
 * The filter must keep the contact for a matching value and drop it for a value that does not match.
 * `keyword` narrows both reads to the created contact, so a whole account need not be paged through.
 */
async function judgeFilter(t: CheckContext, rule: string, id: string, name: string, filter: string, matching: string | number, other: string | number): Promise<void> {
  const hit = await contactIds(t, { keyword: name, [filter]: matching });
  if (!hit.ids.has(id) && !hit.complete) t.skip(`more than 1000 contacts match ${filter}=${matching}; the created contact may sit on a later page`);
  t.check(rule, hit.ids.has(id), `the contact (id ${id}) is missing from List contacts with ${filter}=${matching}`);
  const miss = await contactIds(t, { keyword: name, [filter]: other });
  t.check(rule, !miss.ids.has(id), `the contact (id ${id}) is listed with ${filter}=${other}, which it does not match`);
}

export const contactFilterChecks = [
  defineCheck({
    id: 'core.contacts.filter-country',
    title: 'List contacts: country_id filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-COUNTRY'],
    maxRequests: 4,
    async run(t) {
      const ex = await t.core('GET', '/countries/index.json').send();
      t.expectOk(ex, 'listing countries');
      // The spec shows no country fields: the id is read from the vendor reference's { Country: { id } } or a bare record.
      const list = isJson(ex.json) ? ex.json.responseData : undefined;
      const countries = (Array.isArray(list) ? list : []).map((c) => Number(recordOf(c, 'Country')?.id)).filter(Number.isInteger);
      if (countries.length < 2) t.skip('needs at least two countries in List countries');
      const [mine, other] = countries as [number, number];
      const name = t.session.uniqueName();
      const id = await createContact(t, { name, country_id: mine });
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-COUNTRY', id, name, 'country_id', mine, other);
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-tag',
    title: 'List contacts: tag_id filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-TAG'],
    maxRequests: 4,
    async run(t) {
      // The spec shows no tag list: path and item shape ({ Tag: { id, name } }) follow the vendor reference.
      const { items } = await readList(t, '/tags/index.json', { limit: 2 });
      const tag = recordOf(items[0], 'Tag');
      if (typeof tag?.name !== 'string' || tag.id === undefined) t.skip('needs at least one tag in the account whose id and name the tag list shows');
      const otherTag = recordOf(items[1], 'Tag')?.id ?? UNKNOWN_ID;
      const name = t.session.uniqueName();
      const id = await createContact(t, { name, ContactsTag: [{ name: tag?.name }] });
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-TAG', id, name, 'tag_id', String(tag?.id), String(otherTag));
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-industry',
    title: 'List contacts: industry filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-INDUSTRY'],
    maxRequests: 3,
    async run(t) {
      const name = t.session.uniqueName();
      const industry = t.session.uniqueName();
      const id = await createContact(t, { name, industry });
      await judgeFilter(t, 'CORE-CONTACTS-FILTER-INDUSTRY', id, name, 'industry', industry, `${industry}-other`);
    },
  }),

  defineCheck({
    id: 'core.contacts.filter-keyword',
    title: 'List contacts: keyword filter',
    surface: 'core',
    rules: ['CORE-CONTACTS-FILTER-KEYWORD'],
    maxRequests: 3,
    async run(t) {
      const name = t.session.uniqueName();
      const id = await createContact(t, { name });
      const hit = await contactIds(t, { keyword: name });
      t.check('CORE-CONTACTS-FILTER-KEYWORD', hit.ids.has(id), `the contact (id ${id}) is missing from List contacts with keyword=${name}`);
      const miss = await contactIds(t, { keyword: t.session.uniqueName() });
      t.check('CORE-CONTACTS-FILTER-KEYWORD', !miss.ids.has(id), `the contact (id ${id}) is listed for a keyword it does not contain`);
    },
  }),
];
