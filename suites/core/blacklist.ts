import type { CheckContext } from '../../lib/checks/context.ts';
import { defineCheck } from '../../lib/checks/define.ts';
import { type Page, readPage, responseData, recordOf } from '../shared/core-reads.ts';
import { fictionalNumber } from '../shared/inert-values.ts';
import { createdId } from './shapes.ts';
import { isObject } from '../shared/json.ts';

interface Entry {
  readonly id: string;
  readonly type: string;
  readonly public_number: string | number;
}
type Item = { Blacklist?: Entry };

const digits = (n: unknown): string => String(n).replace(/^\+/, '');

/** Blacklist entries of the account; when there are none, one with a fictional number is added (and removed after). */
async function entries(t: CheckContext): Promise<readonly Entry[]> {
  const { page } = await readPage<Item>(t, '/blacklist/index.json', { limit: 100 });
  const found = page.data.map((item) => item.Blacklist).filter((e): e is Entry => e !== undefined);
  if (found.length > 0) return found;
  // Add number to blacklist: path and payload from the vendor reference.
  const created = await t
    .core('PUT', '/blacklist/add.json')
    .json({ type: 'all', public_number: Number(digits(fictionalNumber(500))) })
    .send();
  t.expectOk(created, 'adding a blacklist entry to an empty blacklist');
  const id = createdId(created);
  t.prerequisite(id !== undefined, 'adding a blacklist entry returned no id in responseData.data.id or responseData.id', created);
  t.undo(`delete blacklist entry ${String(id)}`, t.core('DELETE', `/blacklist/delete/${String(id)}.json`));
  return [{ id: String(id), type: 'all', public_number: digits(fictionalNumber(500)) }];
}

async function filtered(
  t: CheckContext,
  query: Record<string, string | number>,
): Promise<{ ex: import('../../lib/http/exchange.ts').Exchange; page: Page<Item> }> {
  return readPage<Item>(t, '/blacklist/index.json', { ...query, limit: 1000 });
}

export const blacklistChecks = [
  defineCheck({
    id: 'core.blacklist.items',
    title: 'List blacklist items are { Blacklist: { id, type, public_number } }',
    surface: 'core',
    rules: ['CORE-BLACKLIST-ITEM'],
    maxRequests: 3,
    async run(t) {
      await entries(t);
      const ex = await t.core('GET', '/blacklist/index.json').query({ limit: 100 }).send();
      t.expectStatus('CORE-BLACKLIST-ITEM', ex, 200);
      const data = responseData<{ data?: unknown[] }>(ex).data ?? [];
      for (const [index, item] of data.entries()) {
        const result = t.validate('core/blacklist-item', item);
        t.check('CORE-BLACKLIST-ITEM', result.ok, () => `data[${index}]: ${result.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ')}`, ex);
      }
      const kinds = new Set(data.map((item) => typeof (item as Item).Blacklist?.public_number));
      t.note('CORE-BLACKLIST-ITEM', `public_number sent as ${[...kinds].join(' and ')} (spec: integer; vendor reference: string)`);
    },
  }),

  defineCheck({
    id: 'core.blacklist.filter-type',
    title: 'List blacklist: type filter',
    surface: 'core',
    rules: ['CORE-BLACKLIST-FILTER-TYPE'],
    maxRequests: 4,
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
    maxRequests: 3,
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
    maxRequests: 3,
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
    maxRequests: 4,
    async run(t) {
      const known = await entries(t);
      const ex = await t.core('GET', '/countries/index.json').send();
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
