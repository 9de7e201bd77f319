import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { createCampaign, deleteCampaign } from './campaign-fixtures.js';
import { dialer } from './fixtures.js';
import { isObject, type Json, listOf, recordOf } from './resource-fixtures.js';

/**
 * Campaign statistics. Their field names are not shown (GAP-DIALER-STATS-FIELDS): the suite reads the
 * names of schemas/dialer/statistics.json, and its rules are labelled vendor-reference.
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
  if (by.person + by.voicemail + by.machine !== calls.answered) return `person + voicemail + machine = ${by.person + by.voicemail + by.machine}, answered = ${calls.answered}`;
  if (c.reached > by.person) return `${c.reached} contacts reached by only ${by.person} calls a person answered`;
  if (Math.abs(rates.answer - ratio(calls.answered, calls.dialed)) > RATE_TOLERANCE) return `answer rate ${rates.answer}, answered / dialed = ${ratio(calls.answered, calls.dialed)}`;
  if (Math.abs(rates.conversion - ratio(c.converted, c.reached)) > RATE_TOLERANCE) return `conversion rate ${rates.conversion}, converted / reached = ${ratio(c.converted, c.reached)}`;
  const disposed = dispositions.reduce((n, x) => n + x.calls, 0);
  if (disposed > by.person) return `${disposed} calls with a disposition, only ${by.person} answered by a person`;
  if (d.longestSeconds > d.totalSeconds) return `longest call ${d.longestSeconds} s is longer than all calls together (${d.totalSeconds} s)`;
  if (Math.abs(d.averageSeconds - ratio(d.totalSeconds, calls.answered)) > AVERAGE_TOLERANCE) return `average ${d.averageSeconds} s, total / answered = ${ratio(d.totalSeconds, calls.answered)} s`;
  return undefined;
}

/** Reads statistics under `rule`: 200 and the schema. */
async function judged(t: CheckContext, rule: string, campaignId: string, window?: Readonly<Record<string, string>>): Promise<{ ex: Exchange; stats: Stats }> {
  const ex = await stats(t, campaignId, window);
  t.expectStatus(rule, ex, 200);
  t.expectSchema(rule, ex, 'dialer/statistics', recordOf(ex) ?? null);
  return { ex, stats: recordOf(ex) as unknown as Stats };
}

const read = defineCheck({
  id: 'dialer.statistics.read',
  title: 'campaign statistics: every figure the spec names, holding together, all-time and for a date window',
  surface: 'ai',
  rules: ['DIALER-STATS-READ', 'DIALER-STATS-CONSISTENT', 'DIALER-STATS-WINDOW'],
  maxRequests: 5,
  async run(t) {
    // An existing campaign has history to count; it is only read. A new one is made when there is none.
    const list = await dialer(t, 'campaigns.list').query({ limit: 1 }).send();
    const first = (listOf(list) ?? []).find(isObject)?.id;
    const campaignId = first === undefined ? (await createCampaign(t)).id : String(first);
    const all = await judged(t, 'DIALER-STATS-READ', campaignId);
    const problem = inconsistency(all.stats);
    t.check('DIALER-STATS-CONSISTENT', problem === undefined, () => `all-time statistics of campaign ${campaignId}: ${problem}`, all.ex);
    t.note('DIALER-STATS-READ', `campaign ${campaignId}: ${all.stats.calls.dialed} calls dialed, ${all.stats.calls.answered} answered`);
    const rule = 'DIALER-STATS-WINDOW';
    const empty = await judged(t, rule, campaignId, BEFORE_EVERYTHING);
    t.expectEqual(rule, [empty.stats.calls.dialed, empty.stats.calls.answered, empty.stats.contacts.dialed], [0, 0, 0], 'calls dialed, answered and contacts dialed in January 2000', empty.ex);
    const now = Date.now();
    const recent = { dateFrom: new Date(now - 400 * 86_400_000).toISOString(), dateTo: new Date(now + 86_400_000).toISOString() };
    const part = await judged(t, rule, campaignId, recent);
    const pairs: [string, number, number][] = [
      ['calls dialed', part.stats.calls.dialed, all.stats.calls.dialed],
      ['calls answered', part.stats.calls.answered, all.stats.calls.answered],
      ['contacts reached', part.stats.contacts.reached, all.stats.contacts.reached],
    ];
    for (const [what, windowed, total] of pairs) t.check(rule, windowed <= total, `${what} in the window ${windowed} > all-time ${total}`, part.ex);
    const windowProblem = inconsistency(part.stats);
    t.check('DIALER-STATS-CONSISTENT', windowProblem === undefined, () => `statistics of the window: ${windowProblem}`, part.ex);
  },
});

const FIGURES = ['contacts', 'calls', 'rates', 'answeredBy', 'dispositions', 'durations'] as const;
const figuresOf = (record: Json | undefined): Json => Object.fromEntries(FIGURES.map((f) => [f, record?.[f]]));

const deleted = defineCheck({
  id: 'dialer.statistics.deleted',
  title: "a deleted campaign's statistics stay available, unchanged",
  surface: 'ai',
  rules: ['DIALER-STATS-DELETED'],
  maxRequests: 4,
  async run(t) {
    const rule = 'DIALER-STATS-DELETED';
    const campaign = await createCampaign(t);
    const before = await stats(t, campaign.id);
    t.expectOk(before, 'reading the statistics before the deletion');
    t.expectOk(await deleteCampaign(t, campaign), 'deleting the campaign');
    const after = await stats(t, campaign.id);
    t.expectStatus(rule, after, 200);
    t.expectEqual(rule, figuresOf(recordOf(after)), figuresOf(recordOf(before)), 'figures after the deletion', after);
  },
});

export const STATISTICS_CHECKS = [read, deleted];
