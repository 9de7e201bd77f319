import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { analysedCall, dataOf, FIND_CALL_REQUESTS, ITEMS, itemsOf, lacksPart, type PagedRead, paginationOf, partAnswer, readCiPage } from './calls.ts';

/**
 * The spec's recipe for reading everything: raise offset by limit until offset >= pagination.total.
 * The limit is chosen for about four pages, so a walk proves paging without paying for many requests.
 */
const MAX_PAGES = 6;
const REPEATED = ['callId', 'callers', 'language'] as const;

function pageSize(total: number): number {
  return Math.max(1, Math.ceil(total / 4));
}

async function walk(t: CheckContext, read: PagedRead, guess: number): Promise<void> {
  const call = await analysedCall(t);
  let limit = read === 'transcription' && call.transcriptionTotal !== undefined ? pageSize(call.transcriptionTotal) : guess;
  let ex = await readCiPage(t, call.id, read, { limit, offset: 0 });
  // An analysis may lack its topics (CI-ANALYSIS-PARTS): there is nothing to walk, and the transcription's walk judges.
  if (read === 'topics' && lacksPart(ex)) t.skip(`topics answered ${partAnswer(ex)}: call ${call.id} has no topics to walk`);
  t.expectStatus('CI-WALK', ex, 200);
  if (read === 'topics' && itemsOf(ex, read) === undefined) {
    t.skip('the topics page holds no data.topics array: the spec names no items array for topics and the vendor reference calls it topics');
  }
  t.check('CI-WALK', itemsOf(ex, read) !== undefined, `${read}: data.${ITEMS[read]} is not an array`, ex);
  const total = paginationOf(ex).total as number;
  t.check('CI-WALK', Number.isInteger(total) && total >= 0, `${read}: pagination.total is ${JSON.stringify(total)}, not a count`, ex);
  if (total < 2) t.skip(`a walk needs at least 2 ${ITEMS[read]}; the ${read} of call ${call.id} has ${total}`);
  if (Math.ceil(total / limit) > MAX_PAGES) {
    limit = pageSize(total);
    ex = await readCiPage(t, call.id, read, { limit, offset: 0 });
    t.expectStatus('CI-WALK', ex, 200);
  }
  const first = dataOf(ex);
  const repeated = REPEATED.filter((field) => field in first);
  const seen = new Set<string>();
  for (let offset = 0; offset < total; offset += limit) {
    if (offset > 0) {
      ex = await readCiPage(t, call.id, read, { limit, offset });
      t.expectStatus('CI-WALK', ex, 200);
      for (const field of repeated)
        t.expectEqual('CI-REPEAT-FIELDS', dataOf(ex)[field], first[field], `${read} at offset ${offset}: data.${field} as on the first page`, ex);
    }
    t.expectEqual('CI-WALK', paginationOf(ex).total, total, `${read} at offset ${offset}: pagination.total as on the first page`, ex);
    const page = itemsOf(ex, read) ?? [];
    t.expectEqual(
      'CI-WALK',
      page.length,
      Math.min(limit, total - offset),
      `${read} at offset ${offset}: ${ITEMS[read]} on the page (limit ${limit}, total ${total})`,
      ex,
    );
    for (const item of page) {
      const key = JSON.stringify(item);
      t.check('CI-WALK', !seen.has(key), `${read} at offset ${offset}: ${key.slice(0, 120)} was already on an earlier page`, ex);
      seen.add(key);
    }
  }
  t.expectEqual('CI-WALK', seen.size, total, `${read}: distinct ${ITEMS[read]} over the walk`);
  t.note('CI-WALK', `${read}: ${total} ${ITEMS[read]} in ${Math.ceil(total / limit)} pages of ${limit}`);
  if (repeated.length === 0) t.skip(`the first ${read} page carries none of ${REPEATED.join(', ')}`);
}

export const CI_WALK_CHECKS = [
  defineCheck({
    id: 'ai.ci.walk-transcription',
    title: 'walking the transcription yields every segment once; callId, callers and language repeat',
    surface: 'ai',
    rules: ['CI-WALK', 'CI-REPEAT-FIELDS'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, pages: MAX_PAGES } },
    needs: { surfaces: ['core'] },
    run: (t) => walk(t, 'transcription', 10),
  }),
  defineCheck({
    id: 'ai.ci.walk-topics',
    title: 'walking the topics, when the call has them, yields every topic once; callId and callers repeat',
    surface: 'ai',
    rules: ['CI-WALK', 'CI-REPEAT-FIELDS'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, pages: MAX_PAGES } },
    needs: { surfaces: ['core'] },
    run: (t) => walk(t, 'topics', 2),
  }),
];
