import { ACTIVITY_TYPES, type Company, type MockState, nextId } from './model.ts';
import { derivedRandom, iso, REFERENCE_DAY } from './seed-tools.ts';

const DAY = 86_400_000;

const NOTES = [
  'Asked for a call back next week.',
  'Interested in the yearly plan.',
  'Prefers e-mail over calls.',
  'Sent the price list.',
  'Complained about the last invoice.',
];
const ACTIVITY_NAMES = ['Order', 'Follow-up task', 'Support ticket', 'Invoice', 'Chat'];

/**
 * Notes and activities of a company's contacts (vendor reference: Contacts > notes, activities), each
 * assigned to one of the company's contacts and, for notes, often to one of its agents. Drawn from a
 * generator of their own, so the records seeded before them stay as they were.
 */
export function seedContactHistory(state: MockState, company: Company): void {
  const random = derivedRandom(state.seed, `contact-history:${company.id}`);
  const contactIds = [...company.contacts.keys()];
  const agentIds = [...company.agents.keys()];
  const authors = [...company.agents.values()].map((a) => `${a.firstname} ${a.lastname}`);
  for (const contactId of contactIds) {
    const notes = random.int(0, 2);
    for (let i = 0; i < notes; i++) {
      const id = nextId(state, 'note');
      const created = REFERENCE_DAY - random.int(1, 300) * DAY;
      company.notes.set(id, {
        id,
        contact_id: contactId,
        user_id: random.chance(70) ? random.pick(agentIds) : null,
        note: random.pick(NOTES),
        created: iso(created),
      });
    }
    if (random.chance(50)) {
      const id = nextId(state, 'activity');
      const type = random.pick(ACTIVITY_TYPES);
      const external = random.int(100_000, 999_999);
      const date = REFERENCE_DAY - random.int(1, 300) * DAY;
      company.activities.set(id, {
        id,
        contact_id: contactId,
        type,
        name: `${random.pick(ACTIVITY_NAMES)} #${external}`,
        description: '',
        activity_author: random.pick(authors),
        external_id: external,
        external_url: `https://shop.example.com/orders/${external}`,
        activity_date: iso(date),
        created: iso(date),
      });
    }
  }
}
