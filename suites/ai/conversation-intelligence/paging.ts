import type { Assertions } from '../../../lib/checks/assertions.ts';
import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import { NON_INTEGER_QUERY } from '../../../lib/fuzz/arbitraries.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import {
  type AnalysedCall,
  analysedCall,
  FIND_CALL_REQUESTS,
  isObject,
  itemsOf,
  lacksPart,
  type PagedRead,
  paginationOf,
  partAnswer,
  readCiPage,
} from './calls.ts';
import type { RuleId } from '../../../lib/rules/index.ts';
import { validationSubErrorsJudge } from '../../shared/sub-errors.ts';

/** The transcription's total: from the discovery probe when it gave one, else one more read. */
async function transcriptionTotal(t: CheckContext, call: AnalysedCall): Promise<number> {
  if (call.transcriptionTotal !== undefined) return call.transcriptionTotal;
  const ex = await readCiPage(t, call.id, 'transcription', { limit: 1 });
  const total = paginationOf(ex).total;
  t.prerequisite(ex.status === 200 && Number.isInteger(total), 'reading the transcription total: no 200 with an integer pagination.total', ex);
  return total as number;
}

/** Non-integers the boundaries do not already try, so random runs spend requests on new values. */
const BEYOND_BOUNDARIES = NON_INTEGER_QUERY.filter((v) => v !== 'abc' && v !== '1.5');

/** A probe with an invalid value: rejected (400 service error) or answered with a corrected counter. */
function judgeInvalid(t: CheckContext, rule: RuleId, ex: Exchange, judge200: (pagination: Record<string, unknown>) => void): string {
  t.expectStatus(rule, ex, [200, 400]);
  if (ex.status === 400) {
    t.expectEqual(rule, isObject(ex.json) ? ex.json.statusCode : undefined, 400, 'statusCode of the rejection', ex);
    return 'rejected 400';
  }
  const pagination = paginationOf(ex);
  judge200(pagination);
  return `answered 200 with limit ${JSON.stringify(pagination.limit)}, offset ${JSON.stringify(pagination.offset)}`;
}

/**
 * A page of topics or transcription (CI-PAGED-ENVELOPE): 200, { data: {...}, pagination } without responseData,
 * its counters integers. Returns whether the pagination counters are of the envelope's shape.
 */
export function judgePagedEnvelope(t: Assertions, ex: Exchange, read: PagedRead): boolean {
  t.expectStatus('CI-PAGED-ENVELOPE', ex, 200);
  t.check(
    'CI-PAGED-ENVELOPE',
    isObject(ex.json) && !('responseData' in ex.json) && isObject(ex.json.data),
    `${read}: expected a body { data: {...}, pagination } without responseData`,
    ex,
  );
  return t.expectSchema('CI-PAGED-ENVELOPE', ex, 'ai/pagination', paginationOf(ex));
}

/** A page read with a limit of 1 or more (CI-LIMIT-ECHO): the limit echoed, and no more items than it. */
export function judgeCiLimitEcho(t: Assertions, ex: Exchange, read: PagedRead, limit: number): void {
  t.expectStatus('CI-LIMIT-ECHO', ex, 200);
  t.expectEqual('CI-LIMIT-ECHO', paginationOf(ex).limit, limit, `${read}?limit=${limit}: pagination.limit`, ex);
  const items = itemsOf(ex, read);
  if (items === undefined && read === 'topics') {
    t.note('CI-LIMIT-ECHO', 'topics has no data.topics array (vendor reference name); its page size is not judged');
    return;
  }
  t.check('CI-LIMIT-ECHO', items !== undefined && items.length <= limit, () => `${read}?limit=${limit} returned ${items?.length ?? 'no'} items`, ex);
}

export const CI_PAGING_CHECKS = [
  defineCheck({
    id: 'ai.ci.paged-envelope',
    title: 'topics (when the call has them) and transcription: { data, pagination } with integer counters; offset defaults to 0',
    surface: 'ai',
    rules: ['CI-PAGED-ENVELOPE', 'CI-OFFSET-DEFAULT', 'CI-LIMIT-DEFAULT'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'topics and transcription without offset': 2, 'the transcription with offset 0': 1 } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const call = await analysedCall(t);
      const defaults: string[] = [];
      let firstSegments: unknown[] = [];
      for (const read of ['topics', 'transcription'] as const) {
        const ex = await readCiPage(t, call.id, read, {});
        // An analysis may lack its topics (CI-ANALYSIS-PARTS): what is there, the transcription, is judged.
        if (read === 'topics' && lacksPart(ex)) {
          const lacking = `topics answered ${partAnswer(ex)}: call ${call.id} has no topics, so the transcription alone is judged`;
          t.note('CI-PAGED-ENVELOPE', lacking);
          t.note('CI-OFFSET-DEFAULT', lacking);
          defaults.push(`topics: answered ${ex.status}`);
          continue;
        }
        // Counters not of the envelope's shape say nothing of the default: the envelope rule's failure blocks it.
        if (!judgePagedEnvelope(t, ex, read)) {
          t.blockRule('CI-OFFSET-DEFAULT', 'CI-PAGED-ENVELOPE');
          continue;
        }
        const pagination = paginationOf(ex) as { limit: number; offset: number; total: number };
        t.expectEqual('CI-OFFSET-DEFAULT', pagination.offset, 0, `${read} without offset: pagination.offset`, ex);
        defaults.push(`${read}: limit ${pagination.limit}, ${itemsOf(ex, read)?.length ?? '?'} of ${pagination.total} items`);
        if (read === 'transcription') firstSegments = itemsOf(ex, read) ?? [];
      }
      t.observe('CI-LIMIT-DEFAULT', `without limit: ${defaults.join('; ')}`);
      // Echoing 0 is not enough: the page must also start where offset=0 starts.
      const explicit = await readCiPage(t, call.id, 'transcription', { offset: 0 });
      t.expectOk(explicit, 'reading the transcription with offset=0');
      const n = Math.min(2, firstSegments.length);
      t.expectEqual(
        'CI-OFFSET-DEFAULT',
        firstSegments.slice(0, n),
        (itemsOf(explicit, 'transcription') ?? []).slice(0, n),
        'first segments without offset and with offset=0',
        explicit,
      );
    },
  }),

  defineCheck({
    id: 'ai.ci.limit-echo',
    title: 'limit 1, 5 (transcription) and 2 (topics, when the call has them) are applied and echoed',
    surface: 'ai',
    rules: ['CI-LIMIT-ECHO'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'the three limits': 3 } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const call = await analysedCall(t);
      for (const [read, limit] of [
        ['transcription', 1],
        ['transcription', 5],
        ['topics', 2],
      ] as const) {
        const ex = await readCiPage(t, call.id, read, { limit });
        if (read === 'topics' && lacksPart(ex)) {
          t.note(
            'CI-LIMIT-ECHO',
            `topics?limit=${limit} answered ${partAnswer(ex)}: call ${call.id} has no topics, so the transcription's limits alone are judged`,
          );
          continue;
        }
        judgeCiLimitEcho(t, ex, read, limit);
      }
    },
  }),

  defineCheck({
    id: 'ai.ci.limit-min',
    title: 'limit below 1 or not an integer is never applied (fuzzed)',
    surface: 'ai',
    rules: ['CI-LIMIT-MIN', 'CI-VALIDATION-SUBERRORS'],
    cost: {
      requests: { 'find an analysed call': FIND_CALL_REQUESTS, boundaries: 5, 'random values': 3 },
      randomValues: { count: 3, requestsEach: 1 },
    },
    needs: { surfaces: ['core'] },
    async run(t) {
      const rule = 'CI-LIMIT-MIN';
      const call = await analysedCall(t);
      const seen: string[] = [];
      const subErrors = validationSubErrorsJudge(t, 'CI-VALIDATION-SUBERRORS');
      await explore(t, {
        arbitrary: fc.oneof(fc.integer({ min: -1000, max: -2 }).map(String), fc.constantFrom(...BEYOND_BOUNDARIES)),
        boundaries: ['1', '0', '-1', 'abc', '1.5'],
        property: async (raw) => {
          const ex = await readCiPage(t, call.id, 'transcription', { limit: raw });
          if (raw === '1') {
            t.expectStatus(rule, ex, 200);
            t.expectEqual(rule, paginationOf(ex).limit, 1, 'the minimum limit=1: pagination.limit', ex);
            return;
          }
          subErrors.judge(ex, `the transcription with limit=${JSON.stringify(raw)}`);
          const answer = judgeInvalid(t, rule, ex, (p) => {
            t.check(
              rule,
              Number.isInteger(p.limit) && (p.limit as number) >= 1,
              `limit=${JSON.stringify(raw)} was answered with pagination.limit ${JSON.stringify(p.limit)}`,
              ex,
            );
            const items = itemsOf(ex, 'transcription');
            t.check(
              rule,
              items !== undefined && items.length <= (p.limit as number),
              `limit=${JSON.stringify(raw)} returned more segments than pagination.limit`,
              ex,
            );
          });
          seen.push(`${JSON.stringify(raw)} ${answer}`);
        },
      });
      subErrors.settle('limits below 1 or not an integer');
      t.note(rule, seen.join('; '));
    },
  }),

  defineCheck({
    id: 'ai.ci.offset-type',
    title: 'an integer offset is applied and echoed; one that is not an integer is never applied (fuzzed)',
    surface: 'ai',
    rules: ['CI-OFFSET-TYPE', 'CI-VALIDATION-SUBERRORS'],
    cost: {
      requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'the transcription total': 1, boundaries: 4, 'random values': 3 },
      randomValues: { count: 3, requestsEach: 1 },
    },
    needs: { surfaces: ['core'] },
    async run(t) {
      const rule = 'CI-OFFSET-TYPE';
      const call = await analysedCall(t);
      const total = await transcriptionTotal(t, call);
      if (total < 1) t.skip(`the transcription of call ${call.id} has no segments to offset into`);
      const seen: string[] = [];
      const subErrors = validationSubErrorsJudge(t, 'CI-VALIDATION-SUBERRORS');
      await explore(t, {
        arbitrary: fc.oneof(fc.integer({ min: 0, max: total - 1 }).map(String), fc.constantFrom(...BEYOND_BOUNDARIES)),
        boundaries: ['0', String(total - 1), 'abc', '1.5'],
        property: async (raw) => {
          const ex = await readCiPage(t, call.id, 'transcription', { offset: raw, limit: 2 });
          if (/^\d+$/.test(raw)) {
            t.expectStatus(rule, ex, 200);
            t.expectEqual(rule, paginationOf(ex).offset, Number(raw), `offset=${raw}: pagination.offset`, ex);
            seen.push(`${raw} applied`);
            return;
          }
          subErrors.judge(ex, `the transcription with offset=${JSON.stringify(raw)}`);
          const answer = judgeInvalid(t, rule, ex, (p) => {
            t.check(
              rule,
              Number.isInteger(p.offset) && (p.offset as number) >= 0,
              `offset=${JSON.stringify(raw)} was answered with pagination.offset ${JSON.stringify(p.offset)}`,
              ex,
            );
          });
          seen.push(`${JSON.stringify(raw)} ${answer}`);
        },
      });
      subErrors.settle('offsets that are not an integer');
      t.note(rule, seen.join('; '));
    },
  }),

  defineCheck({
    id: 'ai.ci.offset-negative',
    title: 'a negative offset (observed)',
    surface: 'ai',
    rules: ['CI-OFFSET-NEGATIVE'],
    cost: { requests: { 'find an analysed call': FIND_CALL_REQUESTS, 'the negative offset': 1 } },
    needs: { surfaces: ['core'] },
    async run(t) {
      const call = await analysedCall(t);
      const ex = await readCiPage(t, call.id, 'transcription', { offset: -1, limit: 2 });
      const p = paginationOf(ex);
      t.observe(
        'CI-OFFSET-NEGATIVE',
        `offset=-1 answered ${ex.status}${ex.status === 200 ? ` with pagination.offset ${JSON.stringify(p.offset)} and ${itemsOf(ex, 'transcription')?.length ?? '?'} segments` : ''}`,
      );
    },
  }),
];
