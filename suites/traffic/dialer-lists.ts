import { DIALER_LIMIT } from '../../lib/contract/limits.ts';
import { isEdgeBlock } from '../../lib/requests/pipeline.ts';
import { ruleJudge, type TrafficJudge } from '../../lib/traffic/judge.ts';
import type { ObservedExchange } from '../../lib/traffic/observed.ts';
import { judgeCampaignCreated, judgeCampaignDeleted } from '../dialer/campaigns/records.ts';
import { type CursorPage, judgedAnswer, judgeWalkPage } from '../dialer/fixtures/cursor-page.ts';
import { judgeIncludeDeleted } from '../dialer/campaigns/validation.ts';
import { OBSERVABLE_FROM_TRAFFIC } from '../../lib/rules/traffic.ts';
import { judgeBoundedPage, judgeDefaultLimit, judgeLimitOutside } from '../dialer/pagination/cursor-lists.ts';
import { judgeSubErrors } from '../shared/sub-errors.ts';

/**
 * The judges of the Dialer's cursor lists and campaign writes as traffic shows them, with the checks' own
 * functions. The lists are the campaigns, a campaign's contacts, the call scripts and the surveys, at the
 * paths the spec and the project's route table give them.
 */

/** The cursor lists, by their routes in the target's table. */
const CURSOR_LISTS: ReadonlySet<string> = new Set(['campaigns.list', 'campaign.contacts', 'scripts.list', 'surveys.list']);

/**
 * A read of a cursor list the Dialer's service answered, with its query: a 401 is the authentication layer's,
 * a 429 the budget's, so no list rule reads them.
 */
function listRead(seen: ObservedExchange): { limit: string | null; limitAlone: boolean } | undefined {
  const { exchange: ex, placement } = seen;
  if (placement.part !== 'dialer' || seen.route === undefined || !CURSOR_LISTS.has(seen.route.name)) return undefined;
  // A 404 says the list is not at this path on the target: the paths are the route table's reading, not the spec's.
  if (ex.status === 401 || ex.status === 404 || ex.status === 429 || isEdgeBlock(ex) || seen.bodyLeftOut) return undefined;
  const query = new URL(ex.request.url).searchParams;
  return { limit: query.get('limit'), limitAlone: [...query.keys()].every((key) => key === 'limit') };
}

/** A request body that is no JSON: a 400 for it refuses the body's syntax, which is no validation of a value. */
function unparsableBody(seen: ObservedExchange): boolean {
  const body = seen.exchange.request.body;
  if (body === undefined || body.trim() === '') return false;
  try {
    JSON.parse(body);
    return false;
  } catch {
    return true;
  }
}

const what = (seen: ObservedExchange) => `GET ${seen.placement.path}`;
const outside = (limit: string | null): limit is string =>
  limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= DIALER_LIMIT.min && Number(limit) <= DIALER_LIMIT.max);
const ok = (seen: ObservedExchange) => seen.exchange.status >= 200 && seen.exchange.status < 300;

/** A walk of a campaign's contacts under way: the pages so far, and the cursor its next page carries. */
interface ContactWalk {
  readonly pages: CursorPage[];
  readonly keys: string[];
  next: string | null;
}

/**
 * Walks of a campaign's contacts (DIALER-CAMPAIGN-CONTACTS-CURSOR): a first page, then each page whose cursor is
 * the nextCursor before it, by one company with one limit. A page that follows no walk seen is not judged.
 */
function contactWalks(): TrafficJudge {
  const rule = 'DIALER-CAMPAIGN-CONTACTS-CURSOR';
  return {
    id: 'traffic.dialer.contact-walks',
    title: `${rule} from traffic`,
    surface: 'dialer',
    rules: [rule],
    reading: OBSERVABLE_FROM_TRAFFIC[rule] ?? '',
    reads: (s) => listRead(s) !== undefined && s.route?.name === 'campaign.contacts' && ok(s),
    start() {
      const walks = new Map<string, ContactWalk>();
      let unplaced = 0;
      return {
        see(t, s) {
          const query = new URL(s.exchange.request.url).searchParams;
          const cursor = query.get('cursor') ?? '';
          const limit = query.get('limit');
          const key = `${s.company} ${s.placement.path} ${limit ?? ''}`;
          const page = judgedAnswer(t, rule, s.exchange);
          if (cursor === '') walks.set(key, { pages: [], keys: [], next: null });
          const walk = walks.get(key);
          if (!walk || (cursor !== '' && cursor !== walk.next)) return void (unplaced += 1);
          judgeWalkPage(t, rule, page, walk, limit !== null && /^\d+$/.test(limit) ? Number(limit) : DIALER_LIMIT.default);
          walk.next = page.nextCursor;
          if (page.nextCursor === null) walks.delete(key);
        },
        end(t) {
          if (unplaced > 0)
            t.note(rule, `${unplaced} page${unplaced === 1 ? '' : 's'} followed no walk the capture holds from its first page: judged for shape only`);
        },
      };
    },
  };
}

export const DIALER_LIST_JUDGES: readonly TrafficJudge[] = [
  contactWalks(),
  ruleJudge(
    'traffic.dialer.include-deleted',
    'DIALER-INCLUDE-DELETED-STRICT',
    'dialer',
    (s) => {
      const query = new URL(s.exchange.request.url).searchParams;
      const value = query.get('include_deleted');
      // Without status; an empty value may stand for no value at all, which only a read of the list without it tells.
      return listRead(s) !== undefined && s.route?.name === 'campaigns.list' && value !== null && value !== '' && !query.has('status');
    },
    (t, s) => judgeIncludeDeleted(t, s.exchange, new URL(s.exchange.request.url).searchParams.get('include_deleted') as string),
  ),
  ruleJudge(
    'traffic.dialer.lists.default-limit',
    'DIALER-LIMIT-DEFAULT-50',
    'dialer',
    (s) => listRead(s)?.limit === null && ok(s),
    (t, s) => judgeDefaultLimit(t, judgedAnswer(t, 'DIALER-LIMIT-DEFAULT-50', s.exchange), what(s)),
  ),
  ruleJudge(
    'traffic.dialer.lists.limit-bounds',
    'DIALER-LIMIT-BOUNDS',
    'dialer',
    // A refusal is this rule's only where the limit is all the query holds: a cursor or filter may be what was refused.
    (s) => {
      const read = listRead(s);
      const bound = read?.limit === String(DIALER_LIMIT.min) || read?.limit === String(DIALER_LIMIT.max);
      return bound && (ok(s) || read?.limitAlone === true);
    },
    (t, s) => judgeBoundedPage(t, judgedAnswer(t, 'DIALER-LIMIT-BOUNDS', s.exchange), Number(listRead(s)?.limit), what(s)),
  ),
  ruleJudge(
    'traffic.dialer.lists.limit-outside',
    'DIALER-LIMIT-OUT-OF-RANGE',
    'dialer',
    (s) => outside(listRead(s)?.limit ?? null),
    (t, s) => judgeLimitOutside(t, s.exchange, listRead(s)?.limit as string, undefined),
  ),
  ruleJudge(
    'traffic.dialer.sub-errors',
    'DIALER-VALIDATION-SUBERRORS',
    'dialer',
    (s) => s.placement.part === 'dialer' && s.exchange.status === 400 && !isEdgeBlock(s.exchange) && !s.bodyLeftOut && !unparsableBody(s),
    (t, s) => judgeSubErrors(t, 'DIALER-VALIDATION-SUBERRORS', s.exchange, `${s.exchange.request.method} ${s.placement.path}`),
  ),
  ruleJudge(
    'traffic.dialer.campaigns.create',
    'DIALER-CAMPAIGN-CREATE-201',
    'dialer',
    (s) => s.route?.name === 'campaigns.create' && ok(s),
    (t, s) => judgeCampaignCreated(t, s.exchange),
  ),
  ruleJudge(
    'traffic.dialer.campaigns.delete',
    'DIALER-CAMPAIGN-DELETE-204',
    'dialer',
    (s) => s.route?.name === 'campaigns.delete' && ok(s),
    (t, s) => judgeCampaignDeleted(t, s.exchange),
  ),
];
