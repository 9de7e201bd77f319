import type { CheckContext } from '../../lib/checks/context.js';
import { defineCheck } from '../../lib/checks/define.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { createCampaign, deleteCampaign } from './campaign-fixtures.js';
import { dialer } from './fixtures.js';
import { isObject, type Json, listOf, recordOf } from './resource-fixtures.js';

/**
 * Campaign statistics. Their field names are not shown (GAP-DIALER-STATS-FIELDS): the read is judged on its
 * status and shape alone, and whether the figures carry the names of schemas/dialer/statistics.json, and
 * hold together as they define them, is observed.
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

const FIGURES = ['contacts', 'calls', 'rates', 'answeredBy', 'dispositions', 'durations'] as const;

/**
 * Reads statistics: 200 and a JSON object (DIALER-STATS-READ), and whether they follow the reference schema,
 * observed (DIALER-STATS-FIGURES): a name of ours the target uses for something else is no failure. Returns
 * the figures only when they follow the reference, so the other observations can use them.
 */
async function judged(t: CheckContext, campaignId: string): Promise<{ ex: Exchange; stats?: Stats }> {
  const ex = await stats(t, campaignId);
  t.expectStatus('DIALER-STATS-READ', ex, 200);
  const record = recordOf(ex);
  t.check('DIALER-STATS-READ', isObject(record), 'the statistics are not a JSON object', ex);
  const used = FIGURES.filter((f) => record?.[f] !== undefined);
  const reference = t.session.schemas.validate('dialer/statistics', record ?? null);
  if (reference.ok) {
    t.observe('DIALER-STATS-FIGURES', 'every figure the spec names, under the reference names');
    return { ex, stats: record as unknown as Stats };
  }
  const problems = reference.problems.map((p) => `${p.instancePath} ${p.message}`).join('; ');
  t.observe('DIALER-STATS-FIGURES', used.length === 0 ? `none of the reference names (${FIGURES.join(', ')}): the target names its figures otherwise` : `the reference names ${used.join(', ')}, not as the reference has them: ${problems}`);
  return { ex };
}

const read = defineCheck({
  id: 'dialer.statistics.read',
  title: 'campaign statistics: 200 with a JSON object; the reference figures, how they relate and a date window are observed',
  surface: 'ai',
  rules: ['DIALER-STATS-READ', 'DIALER-STATS-FIGURES', 'DIALER-STATS-CONSISTENT', 'DIALER-STATS-WINDOW'],
  maxRequests: 5,
  async run(t) {
    // An existing campaign has history to count; it is only read. A new one is made when there is none.
    const list = await dialer(t, 'campaigns.list').query({ limit: 1 }).send();
    const first = (listOf(list) ?? []).find(isObject)?.id;
    const campaignId = first === undefined ? (await createCampaign(t)).id : String(first);
    const all = await judged(t, campaignId);
    if (!all.stats) {
      t.observe('DIALER-STATS-CONSISTENT', 'not observed: the statistics do not follow the reference names');
      t.observe('DIALER-STATS-WINDOW', 'not observed: the statistics do not follow the reference names');
      return;
    }
    t.note('DIALER-STATS-READ', `campaign ${campaignId}: ${all.stats.calls.dialed} calls dialed, ${all.stats.calls.answered} answered`);
    const problem = inconsistency(all.stats);
    t.observe('DIALER-STATS-CONSISTENT', problem === undefined ? 'all-time figures hold together as the reference defines them' : `all-time figures of campaign ${campaignId} do not hold together as the reference defines them: ${problem}`);
    const empty = await stats(t, campaignId, BEFORE_EVERYTHING);
    const now = Date.now();
    const part = await stats(t, campaignId, { dateFrom: new Date(now - 400 * 86_400_000).toISOString(), dateTo: new Date(now + 86_400_000).toISOString() });
    const dialed = (ex: Exchange) => (recordOf(ex) as unknown as Partial<Stats> | undefined)?.calls?.dialed;
    t.observe(
      'DIALER-STATS-WINDOW',
      `a window in January 2000 answered ${empty.status} with ${String(dialed(empty))} calls dialed (0 expected); the last 400 days answered ${part.status} with ${String(dialed(part))} of ${all.stats.calls.dialed} calls dialed`,
    );
  },
});

export const figuresOf = (record: Json | undefined): Json => Object.fromEntries(FIGURES.map((f) => [f, record?.[f]]));

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
