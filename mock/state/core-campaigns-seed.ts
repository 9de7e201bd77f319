import { type CampaignButton, type Company, type MockState, nextId } from './model.ts';
import { derivedRandom } from './seed-tools.ts';

/** The two buttons every seeded campaign offers its agents after a call. */
const BUTTONS: readonly Omit<CampaignButton, 'id'>[] = [
  { title: 'Sale', type: 'successful_positive', color: '#2980b9', description: 'Sold' },
  { title: 'Not interested', type: 'unsuccessful_do_not_call', color: '#c0392b', description: 'Do not call again' },
];

/**
 * Core campaigns (vendor reference: Campaigns), one power and one predictive per company, with the
 * company's own tags, groups and agents. A generator of their own keeps earlier records as they were.
 */
export function seedCoreCampaigns(state: MockState, company: Company): void {
  const random = derivedRandom(state.seed, `core-campaigns:${company.id}`);
  const tags = [...company.tags.values()].filter((t) => !t.archived).map((t) => t.id);
  const groups = [...company.groups.keys()];
  const agents = [...company.agents.keys()];
  const numbers = [...company.numbers.keys()];
  for (const [name, predictive] of [
    ['Spring outreach', 0],
    ['Renewals', 1],
  ] as const) {
    const id = nextId(state, 'campaign');
    company.campaigns.set(id, {
      id,
      name,
      status: predictive ? 'inactive' : 'active',
      has_schedule_date: false,
      schedule_start_date: null,
      schedule_start_time: null,
      answer_wait_time: random.int(20, 60),
      after_call_dialing_auto: random.chance(50),
      after_call_time: random.int(5, 30),
      is_recording: random.chance(50),
      call_number_id: numbers[0] ?? null,
      call_script_id: null,
      survey_id: null,
      is_predictive: predictive,
      calls_percentage: 100,
      attempts: random.int(1, 3),
      attempts_interval: random.int(1, 24),
      buttons: BUTTONS.map((b) => ({ id: nextId(state, 'button'), ...b })),
      tagIds: tags.filter(() => random.chance(40)),
      groupIds: groups.slice(0, 1),
      agentIds: agents.filter(() => random.chance(50)),
    });
  }
}
