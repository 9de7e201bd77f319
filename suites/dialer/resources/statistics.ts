import type { Assertions } from '../../../lib/checks/assertions.ts';
import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from '../../../lib/checks/context.ts';
import { defineCheck } from '../../../lib/checks/define.ts';
import type { Exchange } from '../../../lib/http/exchange.ts';
import { dialer, isRouteNotFound, notRouted } from '../../shared/dialer-requests.ts';
import { isObject, listOf, recordOf } from '../fixtures/resources.ts';
import { accountFirst, DELETED_CAMPAIGN, deletedCampaign, LANE_CAMPAIGN, LISTED_CAMPAIGNS } from '../fixtures/shared-records.ts';

/**
 * Campaign statistics. Their field names are not shown (GAP-DIALER-STATS-FIELDS): the read is judged on its
 * status, its shape and what every figure the spec names is whatever its name (a count or duration never
 * negative, a rate within its range: DIALER-STATS-VALUES); whether the figures carry the names of
 * schemas/dialer/statistics.json, and hold together as they define them, is observed.
 */
type Stats = {
  contacts: { total: number; dialed: number; reached: number; converted: number };
  calls: { dialed: number; answered: number };
  rates: { answer: number; conversion: number };
  answeredBy: { person: number; voicemail: number; machine: number };
  dispositions: { calls: number }[];
  durations: { totalSeconds: number; averageSeconds: number; longestSeconds: number };
};

/** Rates may be rounded by the server; four decimal places are what a ratio needs to be read. */
const RATE_TOLERANCE = 0.0005;
/** Averages may be rounded to a tenth of a second, or to whole seconds. */
const AVERAGE_TOLERANCE = 0.51;

/** A window no campaign of any account can have calls in. */
const BEFORE_EVERYTHING = { dateFrom: '2000-01-01T00:00:00Z', dateTo: '2000-01-02T00:00:00Z' };

const stats = (t: CheckContext, campaignId: string, window: Readonly<Record<string, string>> = {}): Promise<Exchange> =>
  dialer(t, 'campaign.statistics', { campaignId }).query(window).send();

/** The first problem with the figures holding together, or undefined. */
export function inconsistency(s: Stats): string | undefined {
  const { contacts: c, calls, rates, answeredBy: by, dispositions, durations: d } = s;
  const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  if (!(c.total >= c.dialed && c.dialed >= c.reached && c.reached >= c.converted)) return `the funnel widens: ${JSON.stringify(c)}`;
  if (calls.answered > calls.dialed) return `answered ${calls.answered} > dialed ${calls.dialed}`;
  if (calls.dialed < c.dialed) return `${c.dialed} contacts dialed with only ${calls.dialed} calls`;
  if (by.person + by.voicemail + by.machine !== calls.answered)
    return `person + voicemail + machine = ${by.person + by.voicemail + by.machine}, answered = ${calls.answered}`;
  if (c.reached > by.person) return `${c.reached} contacts reached by only ${by.person} calls a person answered`;
  if (Math.abs(rates.answer - ratio(calls.answered, calls.dialed)) > RATE_TOLERANCE)
    return `answer rate ${rates.answer}, answered / dialed = ${ratio(calls.answered, calls.dialed)}`;
  if (Math.abs(rates.conversion - ratio(c.converted, c.reached)) > RATE_TOLERANCE)
    return `conversion rate ${rates.conversion}, converted / reached = ${ratio(c.converted, c.reached)}`;
  const disposed = dispositions.reduce((n, x) => n + x.calls, 0);
  if (disposed > by.person) return `${disposed} calls with a disposition, only ${by.person} answered by a person`;
  if (d.longestSeconds > d.totalSeconds) return `longest call ${d.longestSeconds} s is longer than all calls together (${d.totalSeconds} s)`;
  if (Math.abs(d.averageSeconds - ratio(d.totalSeconds, calls.answered)) > AVERAGE_TOLERANCE)
    return `average ${d.averageSeconds} s, total / answered = ${ratio(d.totalSeconds, calls.answered)} s`;
  return undefined;
}

const FIGURES = ['contacts', 'calls', 'rates', 'answeredBy', 'dispositions', 'durations'] as const;

/** One number of a statistics body: the member names and indexes that lead to it, and its value. */
export interface NumericLeaf {
  readonly path: readonly (string | number)[];
  readonly value: number;
}

export function numericLeaves(value: unknown, path: readonly (string | number)[] = []): NumericLeaf[] {
  if (typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => numericLeaves(item, [...path, i]));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => numericLeaves(item, [...path, key]));
  return [];
}

export const showPath = (path: readonly (string | number)[]): string =>
  path.length === 0
    ? '(the body)'
    : path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
        .join('')
        .replace(/^\./, '');

/** The words of a member name, split at camelCase, underscores, hyphens and spaces: answerRate, answer_rate → answer, rate. */
export const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

const RATE_WORDS = new Set(['rate', 'rates', 'ratio', 'ratios', 'percent', 'percentage']);
const ID_WORDS = new Set(['id', 'ids']);
/** A rate may be a fraction (0 to 1) or a percent (0 to 100): the union is 0 to 100. */
const RATE_MAX = 100;

/**
 * Words of the figures the spec names (contact funnel, dialed and answered counts, the person/voicemail/machine
 * split, the disposition breakdown, call durations), with the plain words for a count.
 */
const FIGURE_WORDS = new Set([
  'contact',
  'contacts',
  'funnel',
  'dial',
  'dials',
  'dialed',
  'dialled',
  'answer',
  'answers',
  'answered',
  'call',
  'calls',
  'conversion',
  'conversions',
  'converted',
  'person',
  'persons',
  'human',
  'humans',
  'voicemail',
  'voicemails',
  'machine',
  'machines',
  'disposition',
  'dispositions',
  'duration',
  'durations',
  'count',
  'counts',
  'total',
  'totals',
]);

/**
 * Words that name a part or a measure of a figure and nothing of their own: a stage of the funnel, an aggregate,
 * a unit. A number named with them alone is the figure a member name on its path names (durations.averageSeconds,
 * contacts.reached).
 */
const PART_WORDS = new Set([
  ...['sum', 'number', 'num', 'amount', 'value', 'values', 'quantity', 'all', 'overall', 'unique', 'distinct'],
  ...['average', 'avg', 'mean', 'median', 'min', 'minimum', 'max', 'maximum', 'longest', 'shortest'],
  ...['second', 'seconds', 'sec', 'secs', 'minute', 'minutes', 'mins', 'hour', 'hours', 'ms', 'millis', 'milliseconds'],
  ...['talk', 'time', 'reached', 'contacted', 'connected', 'attempted', 'completed', 'remaining', 'pending', 'new', 'failed'],
]);

export type FigureKind = 'rate' | 'identifier' | 'count or duration' | 'unnamed';

/**
 * How DIALER-STATS-VALUES reads a number by the names on its path. Its own member name (for an array item, the
 * array's) must name a figure the spec names, or a part of one, and nothing else: a name with another word
 * (changePercent, trend, utcOffset) is no figure of the spec, and may well be negative. A figure is a rate by its
 * own name or the one holding it, a count or duration when a name on its path has a figure's word. An identifier
 * goes by its own name.
 */
export function kindOf(path: readonly (string | number)[]): FigureKind {
  const names = path.filter((p): p is string => typeof p === 'string');
  const own = wordsOf(names.at(-1) ?? '');
  if (own.some((w) => ID_WORDS.has(w))) return 'identifier';
  if (!own.every((w) => FIGURE_WORDS.has(w) || RATE_WORDS.has(w) || PART_WORDS.has(w))) return 'unnamed';
  const holder = wordsOf(names.at(-2) ?? '');
  if ([...own, ...holder].some((w) => RATE_WORDS.has(w))) return 'rate';
  return names.some((name) => wordsOf(name).some((w) => FIGURE_WORDS.has(w))) ? 'count or duration' : 'unnamed';
}

/**
 * The first number of a statistics body out of its kind's range, or undefined; how many numbers were read, how
 * many of them are rates, and the paths of those named as no figure of the spec (judged finite only).
 */
export function valueProblem(record: unknown): { problem?: string; numbers: number; rates: number; unnamed: string[] } {
  const leaves = numericLeaves(record);
  let rates = 0;
  const unnamed: string[] = [];
  const counted = { numbers: leaves.length, unnamed };
  for (const { path, value } of leaves) {
    const at = showPath(path);
    if (!Number.isFinite(value)) return { problem: `${at} is ${value}, not a finite number`, ...counted, rates };
    const kind = kindOf(path);
    if (kind === 'unnamed') unnamed.push(at);
    if (kind === 'identifier' || kind === 'unnamed') continue;
    if (kind === 'rate') {
      rates += 1;
      if (value < 0 || value > RATE_MAX)
        return { problem: `${at} is ${value}: a rate (so named) lies within 0 to 1 as a fraction or 0 to ${RATE_MAX} as a percent`, ...counted, rates };
    } else if (value < 0) return { problem: `${at} is ${value}: a count or duration is never negative`, ...counted, rates };
  }
  return { ...counted, rates };
}

/**
 * Judges DIALER-STATS-VALUES on a statistics body already read (200, a JSON object); returns how many numbers
 * it held, so a check whose bodies held none leaves the rule unjudged rather than passing it on nothing.
 */
export function judgeValues(t: Assertions, ex: Exchange, what: string): number {
  const record = recordOf(ex);
  if (ex.status !== 200 || !isObject(record)) return 0;
  const { problem, numbers, rates, unnamed } = valueProblem(record);
  const others = unnamed.length === 0 ? '' : `; named as no figure of the spec, so judged finite only: ${unnamed.join(', ')}`;
  // Judged without ending the check: the bodies serve other rules of it too.
  if (t.judge('DIALER-STATS-VALUES', problem === undefined, () => `${what}: ${problem}`, ex) && numbers > 0)
    t.note('DIALER-STATS-VALUES', `${what}: ${numbers} numbers, ${rates} of them rates by name, in range${others}`);
  return numbers;
}

/** A campaign's statistics as read (DIALER-STATS-READ): 200 with a JSON object. Returns the object. */
export function judgeStatsRead(t: Assertions, ex: Exchange): ReturnType<typeof recordOf> {
  t.expectStatus('DIALER-STATS-READ', ex, 200);
  const record = recordOf(ex);
  t.check('DIALER-STATS-READ', isObject(record), 'the statistics are not a JSON object', ex);
  return record;
}

const NO_NUMBERS = 'the statistics read held no JSON number: no count, rate or duration to judge';

/**
 * Reads statistics: 200 and a JSON object (DIALER-STATS-READ), and whether they follow the reference schema,
 * observed (DIALER-STATS-FIGURES): a name of ours the target uses for something else is no failure. Returns
 * the figures only when they follow the reference, so the other observations can use them.
 */
async function judged(t: CheckContext, campaignId: string): Promise<{ ex: Exchange; stats?: Stats }> {
  const ex = await stats(t, campaignId);
  const record = judgeStatsRead(t, ex);
  const used = FIGURES.filter((f) => record?.[f] !== undefined);
  const reference = t.validate('dialer/statistics', record ?? null);
  if (reference.ok) {
    t.observe('DIALER-STATS-FIGURES', 'every figure the spec names, under the reference names');
    return { ex, stats: record as unknown as Stats };
  }
  const problems = reference.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ');
  t.observe(
    'DIALER-STATS-FIGURES',
    used.length === 0
      ? `none of the reference names (${FIGURES.join(', ')}): the target names its figures otherwise`
      : `the reference names ${used.join(', ')}, not as the reference has them: ${problems}`,
  );
  return { ex };
}

const read = defineCheck({
  id: 'dialer.statistics.read',
  title: 'campaign statistics: 200 with a JSON object of finite figures in range; the reference figures, how they relate and a date window are observed',
  surface: 'ai',
  rules: ['DIALER-STATS-READ', 'DIALER-STATS-VALUES', 'DIALER-STATS-FIGURES', 'DIALER-STATS-CONSISTENT', 'DIALER-STATS-WINDOW'],
  cost: {
    // three reads, of the head of the campaign list's first campaign or, when it lists none, the lane's
    requests: 3,
  },
  records: { shares: [LISTED_CAMPAIGNS, LANE_CAMPAIGN] },
  async run(t) {
    // An existing campaign of the account has history to count; it is only read. The lane's serves when there is none.
    const first = accountFirst(t, (listOf(await t.shared(LISTED_CAMPAIGNS)) ?? []).filter(isObject))[0]?.id;
    const campaignId = first === undefined ? (await t.shared(LANE_CAMPAIGN)).id : String(first);
    const all = await judged(t, campaignId);
    if (judgeValues(t, all.ex, `all-time statistics of campaign ${campaignId}`) === 0) t.skipRule('DIALER-STATS-VALUES', NO_NUMBERS);
    if (!all.stats) {
      t.observe('DIALER-STATS-CONSISTENT', 'not observed: the statistics do not follow the reference names');
      t.observe('DIALER-STATS-WINDOW', 'not observed: the statistics do not follow the reference names');
      return;
    }
    t.note('DIALER-STATS-READ', `campaign ${campaignId}: ${all.stats.calls.dialed} calls dialed, ${all.stats.calls.answered} answered`);
    const problem = inconsistency(all.stats);
    t.observe(
      'DIALER-STATS-CONSISTENT',
      problem === undefined
        ? 'all-time figures hold together as the reference defines them'
        : `all-time figures of campaign ${campaignId} do not hold together as the reference defines them: ${problem}`,
    );
    const empty = await stats(t, campaignId, BEFORE_EVERYTHING);
    const now = Date.now();
    const part = await stats(t, campaignId, { dateFrom: new Date(now - 400 * 86_400_000).toISOString(), dateTo: new Date(now + 86_400_000).toISOString() });
    // The window is asked for with names of ours: an answer other than 200 with an object is not judged here.
    judgeValues(t, empty, `statistics of campaign ${campaignId} for a window in January 2000`);
    judgeValues(t, part, `statistics of campaign ${campaignId} for the last 400 days`);
    const dialed = (ex: Exchange) => (recordOf(ex) as unknown as Partial<Stats> | undefined)?.calls?.dialed;
    t.observe(
      'DIALER-STATS-WINDOW',
      `a window in January 2000 answered ${empty.status} with ${String(dialed(empty))} calls dialed (0 expected); the last 400 days answered ${part.status} with ${String(dialed(part))} of ${all.stats.calls.dialed} calls dialed`,
    );
  },
});

/**
 * The figures of a statistics body whatever the target calls them: each number DIALER-STATS-VALUES reads as a
 * count, duration or rate, by its path. Numbers named as nothing the spec names (a clock, say) are left out.
 */
export const figureLeaves = (record: unknown): Record<string, number> =>
  Object.fromEntries(
    numericLeaves(record)
      .filter(({ path }) => kindOf(path) === 'rate' || kindOf(path) === 'count or duration')
      .map(({ path, value }) => [showPath(path), value]),
  );

const leafKey = (leaf: NumericLeaf): string => JSON.stringify(leaf.path);
/** Changed numbers named in a failure; the count says how many more. */
const SHOWN_CHANGES = 4;

/**
 * The numbers of the first live read that the second one shows unchanged: those the deletion must keep.
 * A number the target changed between two reads of a live campaign nobody touched is its own (a clock, a
 * counter), and says nothing of the deletion.
 */
function stableLeaves(first: unknown, second: unknown): { stable: NumericLeaf[]; moving: string[] } {
  const again = new Map(numericLeaves(second).map((leaf) => [leafKey(leaf), leaf.value]));
  const stable: NumericLeaf[] = [];
  const moving: string[] = [];
  for (const leaf of numericLeaves(first)) {
    if (again.get(leafKey(leaf)) === leaf.value) stable.push(leaf);
    else moving.push(showPath(leaf.path));
  }
  return { stable, moving };
}

const deleted = defineCheck({
  id: 'dialer.statistics.deleted',
  title: "a deleted campaign's statistics stay available, every number unchanged",
  surface: 'ai',
  rules: ['DIALER-STATS-DELETED', 'DIALER-STATS-VALUES'],
  cost: {
    // a read after its deletion: the two while it lived are the run's deleted campaign's (shared)
    requests: 1,
  },
  records: { shares: [DELETED_CAMPAIGN] },
  async run(t) {
    const rule = 'DIALER-STATS-DELETED';
    const campaign = await t.shared(DELETED_CAMPAIGN);
    const [before, again] = campaign.statistics;
    // Those reads were sent as they are: an unmatched route of the table skips the check here, as its own read would.
    for (const [ex, what] of [
      [before, 'reading the statistics before the deletion'],
      [again, 'reading the statistics before the deletion a second time'],
    ] as const) {
      if (isRouteNotFound(ex)) t.skip(notRouted('campaign.statistics'));
      t.expectOk(ex, what);
    }
    const numbers =
      judgeValues(t, before, `statistics of campaign ${campaign.id} before its deletion`) +
      judgeValues(t, again, `statistics of campaign ${campaign.id} read again before its deletion`);
    deletedCampaign(t, campaign, 'deleting the campaign');
    const after = await stats(t, campaign.id);
    t.expectStatus(rule, after, 200);
    if (judgeValues(t, after, `statistics of campaign ${campaign.id} after its deletion`) + numbers === 0) t.skipRule('DIALER-STATS-VALUES', NO_NUMBERS);
    const earlier = recordOf(before);
    t.prerequisite(isObject(earlier), 'the statistics read before the deletion are not a JSON object: there is nothing to compare after it', before);
    const later = recordOf(after);
    if (isDeepStrictEqual(later, earlier)) return t.pass(rule, 'the statistics read after the deletion are the same JSON as before it');
    const { stable, moving } = stableLeaves(earlier, recordOf(again));
    if (moving.length > 0) t.note(rule, `left out of the comparison, as the target changed them between two reads of the live campaign: ${moving.join(', ')}`);
    if (stable.length === 0)
      return t.skipRule(
        rule,
        `the statistics before the deletion held no number that two reads of the live campaign agreed on${moving.length > 0 ? '' : ' (they held no number at all)'}: nothing to compare after it`,
      );
    const kept = new Map(numericLeaves(later).map((leaf) => [leafKey(leaf), leaf.value]));
    const changed = stable.filter((leaf) => kept.get(leafKey(leaf)) !== leaf.value);
    t.check(
      rule,
      changed.length === 0,
      () => {
        const shown = changed
          .slice(0, SHOWN_CHANGES)
          .map((leaf) => `${showPath(leaf.path)} is ${kept.has(leafKey(leaf)) ? String(kept.get(leafKey(leaf))) : 'gone'} (was ${leaf.value})`);
        return `after the deletion ${changed.length} of the ${stable.length} numbers differ: ${shown.join(', ')}${changed.length > SHOWN_CHANGES ? ', …' : ''}`;
      },
      after,
    );
    t.note(rule, `the body changed after the deletion, but each of the ${stable.length} numbers two reads of the live campaign agreed on kept its value`);
  },
});

export const STATISTICS_CHECKS = [read, deleted];
