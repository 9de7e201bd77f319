import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import { createContact, readPage, UNKNOWN_ID } from './fixtures.js';

/**
 * List contacts filters. List items' fields are not shown in the spec, so each check creates a contact
 * with a unique name and judges a filter by whether that contact's id comes back.
 */
async function listedIds(t: CheckContext, query: Record<string, string | number>): Promise<{ ids: Set<string>; complete: boolean }> {
  const { page } = await readPage<{ Contact?: { id?: unknown } }>(t, '/contacts/index.json', { ...query, limit: 1000 });
  return { ids: new Set(page.data.map((item) => String(item.Contact?.id))), complete: page.pageCount <= 1 };
}

/**
 * The filter must keep the contact for a matching value and drop it for a value that does not match.
 * `keyword` narrows both reads to the created contact, so a whole account need not be paged through.
 */
async function judgeFilter(t: CheckContext, rule: string, id: string, name: string, filter: string, matching: string | number, other: string | number): Promise<void> {
  const hit = await listedIds(t, { keyword: name, [filter]: matching });
  if (!hit.ids.has(id) && !hit.complete) t.skip(`more than 1000 contacts match ${filter}=${matching}; the created contact may sit on a later page`);
  t.check(rule, hit.ids.has(id), `the contact (id ${id}) is missing from List contacts with ${filter}=${matching}`);
  const miss = await listedIds(t, { keyword: name, [filter]: other });
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
      const countries = ((ex.json as { responseData?: { Country?: { id?: unknown } }[] }).responseData ?? []).map((c) => Number(c.Country?.id)).filter(Number.isInteger);
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
      const { page } = await readPage<{ Tag?: { id?: unknown; name?: string } }>(t, '/tags/index.json', { limit: 2 });
      const tag = page.data[0]?.Tag;
      if (!tag?.name) t.skip('needs at least one tag in the account');
      const otherTag = page.data[1]?.Tag?.id ?? UNKNOWN_ID;
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
      const industry = t.session.uniqueName('ccindustry');
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
      const hit = await listedIds(t, { keyword: name });
      t.check('CORE-CONTACTS-FILTER-KEYWORD', hit.ids.has(id), `the contact (id ${id}) is missing from List contacts with keyword=${name}`);
      const miss = await listedIds(t, { keyword: t.session.uniqueName('ccnomatch') });
      t.check('CORE-CONTACTS-FILTER-KEYWORD', !miss.ids.has(id), `the contact (id ${id}) is listed for a keyword it does not contain`);
    },
  }),
];
