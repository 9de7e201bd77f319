import type { Assertions } from '../../../lib/checks/assertions.ts';
import type { CheckContext } from '../../../lib/checks/context.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { type Page, readPage, recordOf, responseData } from '../../shared/core-reads.ts';
import {
  BLACKLIST_ENTRIES,
  BLACKLIST_ENTRIES_SHARES,
  BLACKLIST_SAMPLE,
  type BlacklistEntry as Entry,
  type BlacklistItem as Item,
  COUNTRIES,
} from '../fixtures/shared-records.ts';
import { isObject } from '../../shared/json.ts';

/** Each item of a List blacklist page is { Blacklist: { id, type, public_number } } (CORE-BLACKLIST-ITEM); returns the items. */
export function judgeBlacklistItems(t: Assertions, ex: Exchange): readonly unknown[] {
  t.expectStatus('CORE-BLACKLIST-ITEM', ex, 200);
  const data = responseData<{ data?: unknown[] }>(ex).data ?? [];
  for (const [index, item] of data.entries()) {
    const result = t.validate('core/blacklist-item', item);
    t.check('CORE-BLACKLIST-ITEM', result.ok, () => `data[${index}]: ${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')}`, ex);
  }
  return data;
}

const digits = (n: unknown): string => String(n).replace(/^\+/, '');

/** Blacklist entries of the account, read once for the lane's blacklist checks; one is added when there are none (fixtures/shared-records.ts). */
async function entries(t: CheckContext): Promise<readonly Entry[]> {
  return (await t.shared(BLACKLIST_ENTRIES)).entries;
}

async function filtered(
  t: CheckContext,
  query: Record<string, string | number>,
): Promise<{ ex: import('../../../lib/http/exchange.ts').Exchange; page: Page<Item> }> {
  return readPage<Item>(t, '/blacklist/index.json', { ...query, limit: 1000 });
}

export const blacklistChecks = [
  defineCheck({
    id: 'core.blacklist.items',
    title: 'List blacklist items are { Blacklist: { id, type, public_number } }',
    surface: 'core',
    rules: ['CORE-BLACKLIST-ITEM'],
    cost: { requests: { 'a read showing the entry added to an empty blacklist': 1 } },
    records: { shares: BLACKLIST_ENTRIES_SHARES },
    async run(t) {
      // The items judged are the first 100 the entries came from, unless the blacklist was empty and got one.
      const { added } = await t.shared(BLACKLIST_ENTRIES);
      const ex = added ? await t.core('GET', BLACKLIST_SAMPLE.path).query({ limit: 100 }).send() : await t.shared(BLACKLIST_SAMPLE);
      const data = judgeBlacklistItems(t, ex);
      const kinds = new Set(data.map((item) => typeof (item as Item).Blacklist?.public_number));
      t.note('CORE-BLACKLIST-ITEM', `public_number sent as ${[...kinds].join(' and ')} (spec: integer; vendor reference: string)`);
    },
  }),

  defineCheck({
    id: 'core.blacklist.filter-type',
    title: 'List blacklist: type filter',
    surface: 'core',
    rules: ['CORE-BLACKLIST-FILTER-TYPE'],
    cost: { requests: 3 },
    records: { shares: BLACKLIST_ENTRIES_SHARES },
    async run(t) {
      const known = await entries(t);
      for (const type of ['all', 'incoming', 'outgoing']) {
        const { ex, page } = await filtered(t, { type });
        const wrong = page.data.find((item) => item.Blacklist?.type !== type);
        t.check(
          'CORE-BLACKLIST-FILTER-TYPE',
          wrong === undefined,
          () => `type=${type} returned an entry of type ${JSON.stringify(wrong?.Blacklist?.type)}`,
          ex,
        );
        if (known.some((e) => e.type === type))
          t.check('CORE-BLACKLIST-FILTER-TYPE', page.data.length > 0, `type=${type} returned nothing though such entries exist`, ex);
      }
    },
  }),

  defineCheck({
    id: 'core.blacklist.filter-id',
    title: 'List blacklist: id filter',
    surface: 'core',
    rules: ['CORE-BLACKLIST-FILTER-ID'],
    cost: { requests: 1 },
    records: { shares: BLACKLIST_ENTRIES_SHARES },
    async run(t) {
      const [entry] = await entries(t);
      const { ex, page } = await filtered(t, { id: String(entry?.id) });
      t.expectEqual(
        'CORE-BLACKLIST-FILTER-ID',
        page.data.map((item) => String(item.Blacklist?.id)),
        [String(entry?.id)],
        `ids returned for id=${entry?.id}`,
        ex,
      );
    },
  }),

  defineCheck({
    id: 'core.blacklist.filter-number',
    title: 'List blacklist: number filter',
    surface: 'core',
    rules: ['CORE-BLACKLIST-FILTER-NUMBER'],
    cost: { requests: 1 },
    records: { shares: BLACKLIST_ENTRIES_SHARES },
    async run(t) {
      const [entry] = await entries(t);
      const number = digits(entry?.public_number);
      const { ex, page } = await filtered(t, { public_number: number });
      t.check('CORE-BLACKLIST-FILTER-NUMBER', page.data.length > 0, `public_number=${number} returned nothing though the entry exists`, ex);
      const wrong = page.data.find((item) => digits(item.Blacklist?.public_number) !== number);
      t.check(
        'CORE-BLACKLIST-FILTER-NUMBER',
        wrong === undefined,
        () => `public_number=${number} returned ${JSON.stringify(wrong?.Blacklist?.public_number)}`,
        ex,
      );
    },
  }),

  defineCheck({
    id: 'core.blacklist.filter-country',
    title: 'List blacklist: country calling code filter',
    surface: 'core',
    rules: ['CORE-BLACKLIST-FILTER-COUNTRY'],
    cost: { requests: 1 },
    records: { shares: [...BLACKLIST_ENTRIES_SHARES, COUNTRIES] },
    async run(t) {
      const known = await entries(t);
      const ex = await t.shared(COUNTRIES);
      t.expectOk(ex, 'listing countries');
      // The spec shows no country fields: calling_code is read from the vendor reference's { Country: {...} } or a bare record.
      const list = isObject(ex.json) ? ex.json.responseData : undefined;
      const codes = (Array.isArray(list) ? list : []).map((c) => String(recordOf(c, 'Country')?.calling_code ?? '')).filter(Boolean);
      // The longest calling code that starts an entry's number is that entry's country.
      const pick = known
        .map((e) => ({ e, code: codes.filter((c) => digits(e.public_number).startsWith(c)).sort((a, b) => b.length - a.length)[0] }))
        .find((x) => x.code !== undefined);
      if (!pick?.code) t.skip('no blacklist entry starts with a calling code of List countries');
      const code = pick?.code as string;
      const { ex: listed, page } = await filtered(t, { country_code: code });
      t.check(
        'CORE-BLACKLIST-FILTER-COUNTRY',
        page.data.some((item) => String(item.Blacklist?.id) === String(pick?.e.id)),
        `country_code=${code} leaves out entry ${pick?.e.id}`,
        listed,
      );
      const wrong = page.data.find((item) => !digits(item.Blacklist?.public_number).startsWith(code));
      t.check(
        'CORE-BLACKLIST-FILTER-COUNTRY',
        wrong === undefined,
        () => `country_code=${code} returned ${JSON.stringify(wrong?.Blacklist?.public_number)}`,
        listed,
      );
    },
  }),
];
