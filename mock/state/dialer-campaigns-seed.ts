import { createHash } from 'node:crypto';
import type { CampaignStatus, DialerCampaign, DialerCampaignContact } from './dialer.ts';
import type { Company, MockState } from './model.ts';
// seed.ts imports this file: the cycle is harmless because nothing here runs at load time.
import { derivedUuid, iso, Random, REFERENCE_DAY } from './seed-tools.ts';

/*
 * Seeded Dialer campaigns and their dialing lists. Kept apart from ./dialer.ts so that the route files,
 * which import the record types, never pull seed.ts into the load order ahead of the seed modules.
 */

/** Campaigns per company id: A shows the default page size of 50 with room to spare, B a handful, C two. */
const CAMPAIGNS_PER_COMPANY: Readonly<Record<number, number>> = { 1: 70, 2: 6, 3: 2 };
/** One in ten is deleted, so every list filter has something to show and something to hide. */
const STATUS_CYCLE: readonly CampaignStatus[] = ['active', 'active', 'paused', 'draft', 'completed', 'deleted', 'active', 'paused', 'completed', 'draft'];
const THEMES = ['Spring renewal', 'Winback', 'Upsell', 'Survey follow-up', 'Event invite', 'Trial conversion', 'Churn rescue'];
const START_TIMES = ['08:00', '09:30', '10:00:00', '13:15', '15:45:30'];
const CONTACT_STATUSES: readonly DialerCampaignContact['status'][] = ['pending', 'called', 'completed', 'failed'];
const DAY = 86_400_000;

/** A generator of its own, seeded from the data seed: the shared seeded random draws exactly what it drew before. */
function dialerRandom(seed: number): Random {
  return new Random(Number.parseInt(createHash('sha256').update(`${seed}:dialer-campaigns`).digest('hex').slice(0, 8), 16) | 0);
}

function seedContacts(state: MockState, company: Company, random: Random, campaignId: string, count: number): DialerCampaignContact[] {
  const coreContacts = [...company.contacts.values()];
  return Array.from({ length: count }, (_, i) => {
    const core = coreContacts.length > 0 && random.chance(80) ? random.pick(coreContacts) : undefined;
    return {
      id: derivedUuid(state.seed, `dialer-contact:${campaignId}:${i}`),
      contact_id: core?.id ?? null,
      phone_number: core?.numbers[0] ?? `+447700900${String(random.int(0, 999)).padStart(3, '0')}`,
      status: random.pick(CONTACT_STATUSES),
      attempts: random.int(0, 3),
      seq: company.dialer.nextSeq++,
    };
  });
}

function seedCompanyCampaigns(state: MockState, company: Company, random: Random): void {
  const count = CAMPAIGNS_PER_COMPANY[company.id] ?? 0;
  for (let i = 0; i < count; i++) {
    const id = derivedUuid(state.seed, `dialer-campaign:${company.id}:${i}`);
    const created = REFERENCE_DAY - (count - i) * DAY - random.int(0, 80_000) * 1000;
    const start = new Date(created + random.int(1, 20) * DAY).toISOString().slice(0, 10);
    const calling: Record<string, unknown> = { max_attempts: random.int(1, 5), retry_interval_minutes: random.pick([15, 30, 60, 120]) };
    if (random.chance(60)) Object.assign(calling, { call_window_start: '09:00', call_window_end: random.pick(['12:00', '17:00', '19:30']) });
    const seq = company.dialer.nextSeq++;
    company.dialer.campaigns.set(id, {
      id,
      name: `${random.pick(THEMES)} ${company.id}-${i + 1}`,
      status: STATUS_CYCLE[i % STATUS_CYCLE.length] as CampaignStatus,
      mode: random.chance(60) ? 'power' : 'predictive',
      createdAt: iso(created),
      updatedAt: iso(created + random.int(0, 5) * DAY),
      schedule_policy: { start_date: start, start_time: random.pick(START_TIMES) },
      calling_policy: calling,
      seq,
      contacts: [],
    });
    // Contacts take their seq after the campaign's. The first campaign holds enough for a walk of several pages.
    const campaign = company.dialer.campaigns.get(id) as DialerCampaign;
    campaign.contacts = seedContacts(state, company, random, id, i === 0 ? 12 : random.int(2, 6));
  }
}

/** Seeds every company's Dialer campaigns and their dialing lists (called once from seedState). */
export function seedDialerCampaigns(state: MockState): void {
  const random = dialerRandom(state.seed);
  for (const company of state.companies.values()) seedCompanyCampaigns(state, company, random);
}
