import type { FastifyInstance } from 'fastify';
import { companyOf, type MockContext } from '../../../context.ts';
import { type Attempt, campaignAttempts } from '../../../state/dialer-activity.ts';
import type { Company } from '../../../state/model.ts';
import { parseRfc3339 } from './export-dates.ts';
import { campaignOf, invalid } from './resource-common.ts';
import { wrapped } from './dialect.ts';
import { serve } from './route.ts';

/**
 * Campaign statistics, counted from the calls of the campaign's dialing list (mock/state/dialer-activity.ts;
 * a campaign made through the API has dialed nobody). Field names are this mock's (GAP-DIALER-STATS-FIELDS):
 * - contacts: the funnel, total ≥ dialed ≥ reached (a person answered) ≥ converted (a positive button);
 * - calls: dialed and answered; answeredBy: person, voicemail, machine (summing to answered);
 * - rates: answer = answered / dialed, conversion = converted / reached, ratios rounded to 4 places;
 * - dispositions: calls per button tag; durations: talk seconds of answered calls.
 * A window (`dateFrom`, `dateTo`, RFC 3339, both optional) counts only attempts inside it; the contact
 * total stays the campaign's. The variant dialect gives the same figures under names of its own
 * (`variantNames`).
 */
const ratio = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

function dispositionName(company: Company, tagId: number): string | null {
  return company.tags.get(tagId)?.name ?? null;
}

export function statistics(
  ctx: MockContext,
  company: Company,
  contacts: number,
  history: readonly Attempt[],
  inWindow: (a: Attempt) => boolean,
): Record<string, unknown> {
  const attempts = history.filter(inWindow);
  const answered = attempts.filter((a) => a.result !== 'no_answer');
  const count = (result: Attempt['result']) => attempts.filter((a) => a.result === result).length;
  const dialedContacts = new Set(attempts.map((a) => a.contact));
  const reached = new Set(attempts.filter((a) => a.result === 'person').map((a) => a.contact));
  const converted = new Set(attempts.filter((a) => a.outcomeKind === 'positive').map((a) => a.contact));
  const byTag = new Map<number, number>();
  for (const a of attempts) if (a.tagId !== null) byTag.set(a.tagId, (byTag.get(a.tagId) ?? 0) + 1);
  const talk = answered.map((a) => a.talkSeconds);
  const total = talk.reduce((s, x) => s + x, 0);
  const machine = count('machine');
  return {
    contacts: { total: contacts, dialed: dialedContacts.size, reached: reached.size, converted: converted.size },
    calls: { dialed: attempts.length, answered: answered.length },
    rates: { answer: ratio(answered.length, attempts.length), conversion: ratio(converted.size, reached.size) },
    answeredBy: { person: count('person'), voicemail: count('voicemail'), machine },
    dispositions: [...byTag].map(([tagId, calls]) => ({ tag_id: tagId, name: dispositionName(company, tagId), calls })),
    durations: {
      totalSeconds: total,
      averageSeconds: answered.length === 0 ? 0 : Math.round((total / answered.length) * 10) / 10,
      longestSeconds: Math.max(0, ...talk),
    },
  };
}

/**
 * The figures under the variant's own names, flat, where `calls` is a plain count of the calls dialed: one of
 * the reference's names used for something else, which the spec (showing no names) equally allows. The funnel
 * also carries a signed trend, a number the spec does not name (`changePercent`, here a fall of 12%).
 */
/** The variant's trend of the contact funnel, in percent: negative, as a trend may be. */
const FUNNEL_TREND = -12;

function variantNames(figures: Record<string, unknown>): Record<string, unknown> {
  const f = figures as {
    contacts: Record<string, number>;
    calls: Record<string, number>;
    rates: Record<string, number>;
    answeredBy: Record<string, number>;
    dispositions: { tag_id: number; name: string | null; calls: number }[];
    durations: Record<string, number>;
  };
  return {
    funnel: { ...f.contacts, changePercent: FUNNEL_TREND },
    calls: f.calls.dialed,
    answered: f.calls.answered,
    answerRate: f.rates.answer,
    conversionRate: f.rates.conversion,
    answeredBy: f.answeredBy,
    byDisposition: f.dispositions.map((d) => ({ tagId: d.tag_id, name: d.name, count: d.calls })),
    talkTime: f.durations,
  };
}

export function statisticsRoutes(app: FastifyInstance, ctx: MockContext): void {
  serve(app, ctx, 'campaign.statistics', (req, reply) => {
    const company = companyOf(req);
    const query = req.query as Record<string, unknown>;
    const bounds: Record<string, number | undefined> = {};
    const errors: string[] = [];
    for (const field of ['dateFrom', 'dateTo'] as const) {
      const raw = query[field];
      if (raw === undefined || raw === '') continue;
      const ms = typeof raw === 'string' ? parseRfc3339(raw) : undefined;
      if (ms === undefined) errors.push(`${field} must be an RFC 3339 date-time`);
      bounds[field] = ms;
    }
    if (errors.length > 0) return invalid(ctx, reply, errors);
    // History stays available for reporting: a deleted campaign's statistics are still served.
    const campaign = campaignOf(ctx, req, reply, ctx.faults.on('dialer-stats-deleted-404') ? 'write' : 'read');
    if (!campaign) return reply;
    const { dateFrom: from, dateTo: to } = bounds;
    const inWindow = (a: Attempt) => (from === undefined || a.at >= from) && (to === undefined || a.at < to);
    const figures = statistics(ctx, company, campaign.contacts.length, campaignAttempts(ctx.state, company, campaign), inWindow);
    const { contacts, rates, durations } = figures as Record<'contacts' | 'rates' | 'durations', Record<string, number>>;
    // A counter that goes below zero (a converted contact taken back twice), a rate gone out of any scale, an
    // average taken of a signed difference of timestamps read the wrong way round.
    if (ctx.faults.on('dialer-stats-negative')) contacts.converted = -1;
    if (ctx.faults.on('dialer-stats-rate-out-of-range')) rates.answer = 250;
    if (ctx.faults.on('dialer-stats-average-negative')) durations.averageSeconds = -(durations.averageSeconds || 42.5);
    const window = { dateFrom: from === undefined ? null : new Date(from).toISOString(), dateTo: to === undefined ? null : new Date(to).toISOString() };
    // The fault's server answers a CSV report where the API answers JSON.
    if (ctx.faults.on('dialer-stats-csv')) {
      const { calls } = figures as { calls: { dialed: number; answered: number } };
      return reply.code(200).type('text/csv').send(`campaign,dialed,answered\n${campaign.id},${calls.dialed},${calls.answered}\n`);
    }
    // The dropping fault's server keeps a deleted campaign but no longer reports its figures.
    if (campaign.status === 'deleted' && ctx.faults.on('dialer-stats-deleted-figures-dropped'))
      return reply.code(200).send(wrapped(ctx, { campaignId: campaign.id, window }));
    return reply.code(200).send(wrapped(ctx, { campaignId: campaign.id, window, ...(ctx.dialect === 'variant' ? variantNames(figures) : figures) }));
  });
}
