import { CORE_LIMIT } from '../../lib/contract/limits.ts';
import type { Exchange } from '../../lib/http/exchange.ts';
import { schemas } from '../../lib/schemas/registry.ts';
import { ruleJudge, type TrafficAssertions, type TrafficJudge } from '../../lib/traffic/judge.ts';
import type { ObservedExchange } from '../../lib/traffic/observed.ts';
import { OBSERVABLE_FROM_TRAFFIC } from '../../lib/rules/traffic.ts';
import type { RuleId } from '../../lib/rules/index.ts';
import type { Page } from '../shared/core-reads.ts';
import {
  judgeDefaults,
  judgeEmpty,
  judgeLimitBounds,
  judgeLimitEcho,
  judgePageBounds,
  judgePageCount,
  judgePageNumber,
  judgeWalk,
} from '../core/pagination/limits-and-pages.ts';
import { isEdgeBlock } from '../../lib/requests/pipeline.ts';

/**
 * The judges of the core collections' paging as traffic shows it: each page a read answered (the lists the
 * spec calls collections, and List contacts), judged with the paging checks' own functions, and the walks
 * of pages 1 to pageCount one client made of one query.
 */

const COLLECTION = /^\/(calls|blacklist|contacts)\/index\.json$/;

interface PageRead {
  readonly ex: Exchange;
  readonly page: Page;
  /** The query as sent, every value as text. */
  readonly query: ReadonlyMap<string, string>;
}

/** A read of a collection the API answered, with its query; the page when it holds the collection envelope. */
function collectionRead(seen: ObservedExchange): { query: ReadonlyMap<string, string>; page?: Page } | undefined {
  const { exchange: ex, placement } = seen;
  // A 429 is the budget's answer, not the collection's: no paging rule reads it.
  if (placement.part !== 'core' || ex.request.method !== 'GET' || !COLLECTION.test(placement.path) || ex.status === 429 || isEdgeBlock(ex) || seen.bodyLeftOut)
    return undefined;
  const query = new Map(new URL(ex.request.url).searchParams);
  const enveloped = ex.status === 200 && schemas().validate('core/collection', ex.json).ok;
  return { query, ...(enveloped ? { page: (ex.json as { responseData: Page }).responseData } : {}) };
}

/** A page answered 200 in the collection envelope: what every paging judge reads but the bounds'. */
function pageRead(seen: ObservedExchange): PageRead | undefined {
  const read = collectionRead(seen);
  return read?.page ? { ex: seen.exchange, page: read.page, query: read.query } : undefined;
}

const whole = (raw: string | undefined): number | undefined => (raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined);
const limitOf = (q: ReadonlyMap<string, string>) => whole(q.get('limit'));
const pageOf = (q: ReadonlyMap<string, string>) => whole(q.get('page'));
const inRange = (limit: number | undefined): limit is number => limit !== undefined && limit >= CORE_LIMIT.min && limit <= CORE_LIMIT.max;
/** A query of paging alone (besides `allowed`): a filter's answer could be refused for the filter, not the bound. */
const only = (q: ReadonlyMap<string, string>, ...allowed: string[]) => [...q.keys()].every((key) => allowed.includes(key));

function pageJudge(id: string, rule: RuleId, reads: (read: PageRead) => boolean, judge: (t: TrafficAssertions, read: PageRead) => void): TrafficJudge {
  return ruleJudge(
    id,
    rule,
    'core',
    (seen) => {
      const read = pageRead(seen);
      return read !== undefined && reads(read);
    },
    (t, seen) => judge(t, pageRead(seen) as PageRead),
  );
}

function boundJudge(id: string, rule: RuleId, param: 'limit' | 'page', other: 'limit' | 'page', judge: typeof judgeLimitBounds): TrafficJudge {
  return ruleJudge(
    id,
    rule,
    'core',
    (seen) => {
      const read = collectionRead(seen);
      // The other paging value, when sent, must be one the API applies: a refusal must be the bound's own.
      const valid = other === 'limit' ? !read?.query.has('limit') || inRange(limitOf(read.query)) : !read?.query.has('page') || (pageOf(read.query) ?? 0) >= 1;
      return read !== undefined && read.query.has(param) && only(read.query, param, other) && valid && seen.exchange.status < 500;
    },
    (t, seen) => judge(t, seen.exchange, new URL(seen.exchange.request.url).searchParams.get(param) ?? ''),
  );
}

/** A walk in progress: the pages of one query of one company, by number. */
interface Walk {
  readonly pages: Map<number, PageRead>;
  readonly total: number;
  readonly pageCount: number;
  readonly limit: number;
}

/** Walks of pages 1..pageCount of one query (CORE-PAGE-WALK), each judged once its last missing page came. */
function walks(): TrafficJudge {
  const rule = 'CORE-PAGE-WALK';
  return {
    id: 'traffic.core.paging.walks',
    title: `${rule} from traffic`,
    surface: 'core',
    rules: [rule],
    reading: OBSERVABLE_FROM_TRAFFIC[rule] ?? '',
    reads: (seen) => {
      const read = pageRead(seen);
      return read !== undefined && inRange(limitOf(read.query)) && (pageOf(read.query) ?? 1) >= 1;
    },
    start() {
      const open = new Map<string, Walk>();
      let changed = 0;
      return {
        see(t, seen) {
          const read = pageRead(seen) as PageRead;
          const number = pageOf(read.query) ?? 1;
          const rest = [...read.query].filter(([key]) => key !== 'page').sort();
          const key = `${seen.company} ${seen.placement.path} ${JSON.stringify(rest)}`;
          // Page 1 starts a walk; a page that disagrees with its walk's count means the list changed under it.
          if (number === 1) open.set(key, { pages: new Map(), total: read.page.itemsCount, pageCount: read.page.pageCount, limit: read.page.limit });
          const walk = open.get(key);
          if (!walk) return;
          if (read.page.itemsCount !== walk.total || read.page.pageCount !== walk.pageCount || number > walk.pageCount) {
            changed += 1;
            open.delete(key);
            return;
          }
          walk.pages.set(number, read);
          if (walk.pages.size < walk.pageCount || walk.pageCount < 2) return;
          open.delete(key);
          const pages = Array.from({ length: walk.pageCount }, (_, i) => walk.pages.get(i + 1) as PageRead);
          judgeWalk(t, pages, walk.total, walk.limit);
        },
        end(t) {
          if (changed > 0) t.note(rule, `${changed} walk${changed === 1 ? '' : 's'} not judged: the count changed between pages (the list changed under it)`);
          if (open.size > 0) t.note(rule, `${open.size} walk${open.size === 1 ? '' : 's'} of several pages not judged: not every page was read`);
        },
      };
    },
  };
}

export const CORE_PAGE_JUDGES: readonly TrafficJudge[] = [
  pageJudge(
    'traffic.core.paging.limit-echo',
    'CORE-PAGE-LIMIT-ECHO',
    (r) => inRange(limitOf(r.query)),
    (t, r) => judgeLimitEcho(t, r.ex, r.page, limitOf(r.query) as number, pageOf(r.query) ?? 1),
  ),
  // Any success without page and limit: an envelope without its paging fields is this rule's to fail too.
  ruleJudge(
    'traffic.core.paging.defaults',
    'CORE-PAGE-DEFAULTS',
    'core',
    (seen) => {
      const read = collectionRead(seen);
      return read !== undefined && !read.query.has('page') && !read.query.has('limit') && seen.exchange.status >= 200 && seen.exchange.status < 300;
    },
    (t, seen) => {
      judgeDefaults(t, seen.exchange);
    },
  ),
  pageJudge(
    'traffic.core.paging.number',
    'CORE-PAGE-NUMBER',
    (r) => {
      const page = pageOf(r.query);
      return page !== undefined && page >= 1 && page <= Math.max(r.page.pageCount, 1);
    },
    (t, r) => judgePageNumber(t, r.ex, r.page, pageOf(r.query) as number),
  ),
  pageJudge(
    'traffic.core.paging.count',
    'CORE-PAGE-COUNT',
    () => true,
    (t, r) => {
      const limit = limitOf(r.query);
      judgePageCount(t, r.ex, r.page, inRange(limit) ? limit : r.page.limit);
    },
  ),
  pageJudge(
    'traffic.core.paging.empty',
    'CORE-PAGE-EMPTY',
    (r) => r.page.itemsCount === 0 || ((pageOf(r.query) ?? 1) === 1 && Array.isArray(r.page.data) && r.page.data.length === 0),
    (t, r) => judgeEmpty(t, r.ex, r.page),
  ),
  boundJudge('traffic.core.paging.limit-bounds', 'CORE-PAGE-LIMIT-BOUNDS', 'limit', 'page', judgeLimitBounds),
  boundJudge('traffic.core.paging.page-bounds', 'CORE-PAGE-PAGE-BOUNDS', 'page', 'limit', judgePageBounds),
  walks(),
];
