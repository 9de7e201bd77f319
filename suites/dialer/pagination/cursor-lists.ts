import type { Assertions } from '../../../lib/checks/assertions.ts';
import { DIALER_LIMIT } from '../../../lib/contract/limits.ts';
import fc from 'fast-check';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { type CheckDefinition, type CheckRecords, defineCheck } from '../../../lib/checks/define.ts';
import type { SharedRecord } from '../../../lib/checks/shared-records.ts';
import type { QueryValue, RequestSpec } from '../../../lib/requests/request-spec.ts';
import type { DialerRouteName } from '../../../lib/dialer/routes.ts';
import type { Release } from '../../../lib/dialer/releases.ts';
import { rule as lookupRule } from '../../../lib/rules/index.ts';
import { explore } from '../../../lib/fuzz/property.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import type { Json } from '../fixtures/campaigns.ts';
import { type CursorPage, judgedAnswer, judgedPage, keysOf, pageOf, prerequisitePage, readCursorPage } from '../fixtures/cursor-page.ts';
import { type CursorCase, cursorArbitrary, cursorCases, MAX_CURSOR_CASES } from '../fixtures/cursor-values.ts';
import { confirmedRouted, dialer, dialerAsIs } from '../../shared/dialer-requests.ts';
import { membershipProblem } from '../fixtures/membership.ts';
import { SUB_ERRORS, subErrorsJudge } from '../errors/sub-errors.ts';
import { accountFirst, LANE_CAMPAIGN, LISTED_CAMPAIGNS } from '../fixtures/shared-records.ts';

/**
 * What every cursor-paginated Dialer list shares (spec: Endpoints > Dialer, "the same limit, cursor,
 * meta.nextCursor scheme"; Limits; Validation in the Dialer): the page size by default and at its bounds,
 * an empty cursor, and cursors that are not the server's own. One set of checks per list, made from the
 * list's description, so each list is judged, and skipped, on its own.
 */
type Params = Readonly<Record<string, string>>;
type Query = Readonly<Record<string, QueryValue | undefined>>;

export interface CursorList {
  /** Part of the check ids: `dialer.lists.<key>.…`. */
  readonly key: string;
  /** The list in words, for titles and notes. */
  readonly what: string;
  readonly route: DialerRouteName;
  /**
   * Path parameters the list needs, found or made by the check: the shared
   * records they come from, with the campaigns among them (CheckRecords `shares` and `leaves`).
   */
  readonly params?: Pick<CheckRecords, 'shares' | 'leaves'> & { find(t: CheckContext): Promise<Params> };
  /** Random values tried beside the boundaries; each costs a request. */
  readonly randomRuns: number;
}

/**
 * A campaign whose contacts to page through: the first one the account lists, the run's own after the
 * account's, else the lane's (an empty list pages too).
 */
const someCampaign = {
  shares: [LISTED_CAMPAIGNS, LANE_CAMPAIGN],
  async find(t: CheckContext): Promise<Params> {
    const first = accountFirst(t, prerequisitePage<Json>(t, await t.shared(LISTED_CAMPAIGNS)).data)[0]?.id;
    return { campaignId: first === undefined ? (await t.shared(LANE_CAMPAIGN)).id : String(first) };
  },
};

/** The list every client reads: more random values. */
export const CAMPAIGN_LIST: CursorList = { key: 'campaigns', what: 'the campaign list', route: 'campaigns.list', randomRuns: 2 };

export const CONTACT_LIST: CursorList = { key: 'contacts', what: "a campaign's contacts", route: 'campaign.contacts', params: someCampaign, randomRuns: 1 };
export const SCRIPT_LIST: CursorList = { key: 'scripts', what: 'the call script list', route: 'scripts.list', randomRuns: 1 };
export const SURVEY_LIST: CursorList = { key: 'surveys', what: 'the survey list', route: 'surveys.list', randomRuns: 1 };

/** The lists the spec gives "the same limit, cursor, meta.nextCursor scheme". */
export const OTHER_CURSOR_LISTS: readonly CursorList[] = [CONTACT_LIST, SCRIPT_LIST, SURVEY_LIST];

const { min: MIN_LIMIT, max: MAX_LIMIT, default: DEFAULT_LIMIT } = DIALER_LIMIT;

const listAnswers = new Map<string, SharedRecord<Exchange>>();

/** One read of a list, sent once a run as it is (lib/checks/shared-records.ts): each sharer meets a missing route as its own read would. */
function listAnswer(list: CursorList, name: string, query: Query): SharedRecord<Exchange> {
  const key = `dialer.answer.${list.key}-${name}`;
  let record = listAnswers.get(key);
  if (!record) {
    record = {
      key,
      lane: 'dialer',
      meter: 'dialer',
      makeRequests: 1,
      removeRequests: 0,
      async make(t: CheckContext) {
        const params = list.params ? await list.params.find(t) : {};
        return { value: await dialerAsIs(t, list.route, params).query(query).send() };
      },
    };
    listAnswers.set(key, record);
  }
  return record;
}

/**
 * The list's page of the smallest limit: the limits check judges it beside the page of the largest limit it
 * reads just before, the cursor check takes it as its first page (the real cursor it tampers with, and what
 * an undecodable cursor must answer before the next release), and the missing-record check takes an id of
 * the list's form from it. The limits check comes first in run order and reads it right after its page of the
 * largest limit, as it would its own; the cursor check follows with nothing written in between, and the
 * missing-record check reads only an id.
 */
export const smallestPage = (list: CursorList): SharedRecord<Exchange> => listAnswer(list, `limit-${MIN_LIMIT}`, { limit: MIN_LIMIT });

/**
 * The list's page of the largest limit: the limits check judges it and the list's smallest page, which it reads
 * right after; the campaign list's filter check reads it after its filtered reads, the unfiltered list they are
 * compared with, and comes before the limits check in run order with nothing but reads between them.
 */
export const largestPage = (list: CursorList): SharedRecord<Exchange> => listAnswer(list, `limit-${MAX_LIMIT}`, { limit: MAX_LIMIT });

/**
 * The list's first page without limit or cursor: the first-page check judges its size and reads the list
 * with an empty cursor between it and a read of its own after; the campaign list's envelope check, which
 * comes before in run order with nothing but reads after it, judges its envelope, as it would its own. A
 * campaign's contacts (which no check changes) confirm that their route is routed for the check of an
 * unknown campaign, when that route answers it 'Route not found'.
 */
export const defaultPage = (list: CursorList): SharedRecord<Exchange> => listAnswer(list, 'first-page', {});

/** What a list's checks declare of the shared records its parameters come from, and of the shared reads of the list they take. */
function sharing(list: CursorList, reads: readonly SharedRecord<Exchange>[] = []): Pick<CheckDefinition, 'records'> {
  const shares = [...(list.params?.shares ?? []), ...reads];
  const leaves = list.params?.leaves;
  return { records: { ...(shares.length > 0 ? { shares } : {}), ...(leaves ? { leaves } : {}) } };
}

/** The list's request builder, its path parameters found once. */
async function lister(t: CheckContext, list: CursorList): Promise<(query: Query) => RequestSpec> {
  const params = list.params ? await list.params.find(t) : {};
  return (query) => dialer(t, list.route, params).query(query);
}

const idsOf = (page: CursorPage): string[] => keysOf(page.data);

function firstPage(list: CursorList): CheckDefinition {
  return defineCheck({
    id: `dialer.lists.${list.key}.first-page`,
    title: `${list.what}: ${DEFAULT_LIMIT} items a page without limit, and an empty cursor gives the first page`,
    surface: 'ai',
    rules: ['DIALER-LIMIT-DEFAULT-50', 'DIALER-CURSOR-EMPTY-FIRST-PAGE'],
    // the first page again, since others may write in between
    cost: { requests: { 'the empty cursor': 1, 'the first page again': 1 } },
    ...sharing(list, [defaultPage(list)]),
    async run(t) {
      const request = await lister(t, list);
      const rule = 'DIALER-LIMIT-DEFAULT-50';
      const first = judgedAnswer(t, rule, confirmedRouted(t, list.route, await t.shared(defaultPage(list))));
      judgeDefaultLimit(t, first, list.what);
      const n = first.data.length;
      if (first.nextCursor === null && n < DEFAULT_LIMIT) t.note(rule, `${list.what} holds ${n} items in all, too few to show the default of ${DEFAULT_LIMIT}`);
      t.done(rule);

      const empty = 'DIALER-CURSOR-EMPTY-FIRST-PAGE';
      const fromEmpty = await judgedPage(t, empty, request({ cursor: '' }));
      const again = await readCursorPage(t, request({}));
      const problem = membershipProblem(idsOf(fromEmpty), idsOf(first), idsOf(again));
      t.check(empty, problem === undefined, () => `${list.what} with cursor= against the first page read before and after it: ${problem}`, fromEmpty.ex);
    },
  });
}

/** A page read without limit (DIALER-LIMIT-DEFAULT-50): 50 items when a nextCursor follows, at most 50 on the last. */
export function judgeDefaultLimit(t: Assertions, page: CursorPage, what: string): void {
  const n = page.data.length;
  const full = page.nextCursor === null ? n <= DEFAULT_LIMIT : n === DEFAULT_LIMIT;
  t.check('DIALER-LIMIT-DEFAULT-50', full, `${what} without limit: ${n} items and nextCursor ${page.nextCursor === null ? 'null' : 'set'}`, page.ex);
}

/** A page read with limit 1 or 100 (DIALER-LIMIT-BOUNDS): never more than the limit, and full when a nextCursor follows. */
export function judgeBoundedPage(t: Assertions, page: CursorPage, limit: number, what: string): void {
  t.check(
    'DIALER-LIMIT-BOUNDS',
    page.data.length <= limit && (page.nextCursor === null || page.data.length === limit),
    `${what} with limit=${limit}: ${page.data.length} items, nextCursor ${page.nextCursor === null ? 'null' : 'set'}`,
    page.ex,
  );
}

/**
 * A read with a limit outside 1 to 100, or no integer (DIALER-LIMIT-OUT-OF-RANGE): never a 5xx; a 400 in the
 * service shape, or a page of 1 to 100 items. `listEmpty`: whether the list has no item, where that is known;
 * an empty page of a list not known to hold any judges nothing of the lower bound.
 */
export function judgeLimitOutside(t: Assertions, ex: Exchange, limit: string, listEmpty: boolean | undefined): void {
  const outside = 'DIALER-LIMIT-OUT-OF-RANGE';
  t.check(outside, ex.status < 500, `limit=${JSON.stringify(limit)} answered ${ex.status}`, ex);
  t.expectStatus(outside, ex, [200, 400]);
  if (ex.status === 400) {
    t.expectSchema(outside, ex, 'ai/service-error');
    return;
  }
  if (ex.status !== 200 || !t.expectSchema(outside, ex, 'dialer/cursor-page')) return;
  const page = pageOf(ex) as CursorPage;
  const n = page.data.length;
  t.check(outside, n <= MAX_LIMIT, `limit=${JSON.stringify(limit)} was applied: a page of ${n} items`, ex);
  // A nextCursor says the list holds items, whatever this page shows.
  const empty = listEmpty ?? (page.nextCursor !== null ? false : undefined);
  if (n === 0 && empty === undefined) return t.note(outside, `limit=${JSON.stringify(limit)} answered an empty page of a list not known to hold any`);
  t.check(outside, n >= MIN_LIMIT || empty === true, `limit=${JSON.stringify(limit)} was applied: a page of ${n} items`, ex);
}

/** Limits that are no integer in range beyond the two just outside it: a fraction, a word, a negative. */
const NOT_INTEGER = ['1.5', 'abc', '-1'];

function limits(list: CursorList): CheckDefinition {
  const boundaries = [String(MIN_LIMIT - 1), String(MAX_LIMIT + 1)];
  return defineCheck({
    id: `dialer.lists.${list.key}.limits`,
    title: `${list.what}: limit ${MIN_LIMIT} and ${MAX_LIMIT} are served and never exceeded; ${MIN_LIMIT - 1}, ${MAX_LIMIT + 1} and non-integers are never applied (fuzzed)`,
    surface: 'ai',
    rules: ['DIALER-LIMIT-BOUNDS', 'DIALER-LIMIT-OUT-OF-RANGE', SUB_ERRORS],
    cost: {
      requests: { boundaries: boundaries.length, samples: NOT_INTEGER.length, 'random values': list.randomRuns },
      randomValues: { count: { samples: NOT_INTEGER.length, 'random values': list.randomRuns }, requestsEach: 1 },
    },
    ...sharing(list, [largestPage(list), smallestPage(list)]),
    async run(t) {
      const request = await lister(t, list);
      const rule = 'DIALER-LIMIT-BOUNDS';
      const all = judgedAnswer(t, rule, confirmedRouted(t, list.route, await t.shared(largestPage(list))));
      judgeBoundedPage(t, all, MAX_LIMIT, list.what);
      // First in run order of the checks that share it, so read now, right after the page above.
      const one = judgedAnswer(t, rule, confirmedRouted(t, list.route, await t.shared(smallestPage(list))));
      t.check(
        rule,
        one.data.length === Math.min(MIN_LIMIT, all.data.length),
        `${list.what} with limit=${MIN_LIMIT}, ${all.data.length} items listed: ${one.data.length} items`,
        one.ex,
      );
      t.check(
        rule,
        all.data.length <= MIN_LIMIT || one.nextCursor !== null,
        `${list.what} with limit=${MIN_LIMIT} over several items: nextCursor null after the first`,
        one.ex,
      );
      t.done(rule);

      const outside = 'DIALER-LIMIT-OUT-OF-RANGE';
      const subErrors = subErrorsJudge(t);
      const seen: string[] = [];
      await explore(t, {
        arbitrary: fc.oneof(
          fc.integer({ min: MAX_LIMIT + 1, max: 100_000 }).map(String),
          fc.integer({ min: -1000, max: MIN_LIMIT - 1 }).map(String),
          fc.constantFrom('1e1', '2.0', '0x10', 'ten'),
        ),
        boundaries,
        samples: NOT_INTEGER,
        property: async (limit) => {
          const ex: Exchange = await request({ limit }).send();
          judgeLimitOutside(t, ex, limit, all.data.length === 0);
          if (ex.status === 400) {
            subErrors.judge(ex, `${list.what} with limit=${JSON.stringify(limit)}`);
            seen.push(`${JSON.stringify(limit)} 400`);
            return;
          }
          seen.push(`${JSON.stringify(limit)} 200 with ${(pageOf(ex) as CursorPage | undefined)?.data.length}`);
        },
      });
      t.note(outside, `${list.what}: ${seen.join('; ')}`);
      subErrors.settle(`${list.what}: limits outside ${MIN_LIMIT} to ${MAX_LIMIT} and non-integers`);
    },
  });
}

/** The rule an undecodable cursor is judged by from the release that made it a 400 on, and that release. */
const INVALID_400 = 'DIALER-CURSOR-INVALID-400';
const INVALID_400_SINCE = lookupRule(INVALID_400).since as Release;

function foreignCursors(list: CursorList): CheckDefinition {
  return defineCheck({
    id: `dialer.lists.${list.key}.cursor-fuzz`,
    title: `${list.what}: undecodable, truncated and tampered cursors get 400 PAGINATION.INVALID_CURSOR or a page, as the release says (fuzzed)`,
    surface: 'ai',
    rules: [INVALID_400, 'DIALER-CURSOR-INVALID-FIRST-PAGE', SUB_ERRORS],
    cost: {
      // The first page to tamper with is the list's smallest page, shared.
      requests: { boundaries: MAX_CURSOR_CASES.boundaries, samples: MAX_CURSOR_CASES.samples, 'random values': list.randomRuns, 'the first page again': 1 },
      randomValues: { count: { samples: MAX_CURSOR_CASES.samples, 'random values': list.randomRuns }, requestsEach: 1 },
      // The first page again is read only where an undecodable cursor may answer a page, which it must then be: before that release.
      olderReleasesOnly: { before: INVALID_400_SINCE, requests: 1 },
    },
    ...sharing(list, [smallestPage(list)]),
    async run(t) {
      const request = await lister(t, list);
      // Pages of the smallest limit, the first page's size: the limits check read it just before, with nothing written since.
      const page = (cursor?: string) => request({ limit: MIN_LIMIT, cursor });
      const first = prerequisitePage(t, confirmedRouted(t, list.route, await t.shared(smallestPage(list))));
      const after = t.applies(INVALID_400);
      const rule = after ? INVALID_400 : 'DIALER-CURSOR-INVALID-FIRST-PAGE';
      if (first.nextCursor === null)
        t.note(rule, `${list.what} fits one page of ${MIN_LIMIT}: only undecodable cursors were sent, no real one to truncate or tamper with`);
      const seen: string[] = [];
      const servedForGarbage: CursorPage[] = [];
      const subErrors = subErrorsJudge(t);
      await explore<CursorCase>(t, {
        arbitrary: cursorArbitrary(first.nextCursor),
        ...cursorCases(first.nextCursor),
        // Named, so a list without a real cursor, which has fewer samples, draws no more random values for it.
        randomRuns: list.randomRuns,
        property: async ({ kind, cursor }) => {
          const ex = await page(cursor).send();
          seen.push(`${kind} ${ex.status}`);
          // The code the spec names sits beside the service shape, subErrors included (the rule's reading).
          subErrors.judge(ex, `${list.what}: ${kind} cursor ${JSON.stringify(cursor)}`);
          // Before the change the changelog states the answer to an undecodable cursor only: the others are reported.
          if (!after && kind !== 'garbage') return;
          t.check(rule, ex.status < 500, `${list.what}: ${kind} cursor ${JSON.stringify(cursor)} answered ${ex.status}`, ex);
          if (after && kind === 'garbage') {
            t.expectStatus(rule, ex, 400);
            return t.expectSchema(rule, ex, 'dialer/invalid-cursor');
          }
          t.expectStatus(rule, ex, after ? [200, 400] : 200);
          if (ex.status === 400) return t.expectSchema(rule, ex, 'dialer/invalid-cursor');
          t.expectSchema(rule, ex, 'dialer/cursor-page');
          if (kind === 'garbage') servedForGarbage.push(pageOf(ex) as CursorPage);
        },
      });
      if (servedForGarbage.length > 0) {
        // Before the next release an undecodable cursor means the first page, read again to allow for other writers.
        const last = await readCursorPage(t, page());
        for (const served of servedForGarbage) {
          const problem = membershipProblem(idsOf(served), idsOf(first), idsOf(last));
          t.check(rule, problem === undefined, () => `${list.what}: an undecodable cursor answered a page that is not the first one: ${problem}`, served.ex);
        }
      }
      subErrors.settle(`${list.what}: undecodable, truncated and tampered cursors`);
      const counts = seen.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>());
      t.note(rule, `${list.what}: ${[...counts].map(([s, k]) => `${s} ×${k}`).join(', ')}`);
    },
  });
}

/** The cursor checks of one list. */
export function cursorListChecks(list: CursorList): CheckDefinition[] {
  return [firstPage(list), limits(list), foreignCursors(list)];
}
