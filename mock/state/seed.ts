import { COUNTRIES } from './countries.ts';
import type { Agent, ApiKey, BlacklistType, Call, Company, Contact, MockState, Presence, RecordingState } from './model.ts';
import { nextId } from './model.ts';
import { emptyDialerState } from './dialer.ts';
import { seedContactHistory } from './contact-history-seed.ts';
import { seedCoreCampaigns } from './core-campaigns-seed.ts';
import { seedDialerCampaigns } from './dialer-campaigns-seed.ts';
import { seedDialerResources } from './dialer-resources-seed.ts';
import { ARCHIVED_TAG_NAME, derivedUuid, iso, Random, REFERENCE_DAY } from './seed-tools.ts';

/**
 * Deterministic seed data: the same seed gives the same companies, keys and records.
 * Calls are dated back from the reference day (the day the mock starts); a seed replays identically within it.
 * One world: a call's external number is its contact's, its internal number its agent's outbound number.
 */

/** Recordings of calls older than this are expired (410 'Recording expired.'). */
export const RECORDING_RETENTION_DAYS = 180;
const DAY = 86_400_000;

export interface CompanyPlan {
  readonly key: string;
  readonly name: string;
  readonly agentMax: number;
  readonly smsFunds: boolean;
  readonly agents: number;
  readonly contacts: number;
  readonly calls: number;
  readonly blacklist: number;
  readonly numbers: number;
  /** Key pairs: labels of the active ones, then whether a revoked one exists. */
  readonly keys: readonly string[];
  readonly revokedKey: boolean;
}

/** Company A is under test (two key pairs and a revoked one), B is the other company, C sits at its limits. */
export const PLANS: readonly CompanyPlan[] = [
  {
    key: 'a',
    name: 'Company A',
    agentMax: 40,
    smsFunds: true,
    agents: 8,
    contacts: 45,
    calls: 320,
    blacklist: 14,
    numbers: 5,
    keys: ['a1', 'a2'],
    revokedKey: true,
  },
  { key: 'b', name: 'Company B', agentMax: 10, smsFunds: true, agents: 3, contacts: 12, calls: 60, blacklist: 4, numbers: 2, keys: ['b1'], revokedKey: false },
  { key: 'c', name: 'Company C', agentMax: 2, smsFunds: false, agents: 2, contacts: 3, calls: 10, blacklist: 1, numbers: 1, keys: ['c1'], revokedKey: false },
];

const FIRST = ['Ada', 'Boris', 'Carla', 'Dmitri', 'Eva', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Katya', 'Luis', 'Mira', 'Nils', 'Olga', 'Pavel'];
const LAST = ['Novak', 'Schmidt', 'Rossi', 'Kowalski', 'Dubois', 'Horvat', 'Jensen', 'Silva', 'Murphy', 'Varga', 'Berg', 'Costa'];
const INDUSTRIES = ['it', 'finance', 'retail', 'health', 'logistics'];
const CITIES = ['Bratislava', 'Prague', 'Vienna', 'Berlin', 'Dublin', 'Lisbon', 'Warsaw'];
const TAGS = ['VIP', 'Lead', 'Missed', 'Callback', 'Partner', 'Churn risk'];
const GROUPS = ['Sales', 'Support', 'Billing'];
/** Disposition colours of the call tags; 'Missed' has none, so a button shows colour null. */
const TAG_COLORS: Readonly<Record<string, string>> = { VIP: '#d4af37', Lead: '#2e86de', Callback: '#10ac84', Partner: '#8e44ad', 'Churn risk': '#e74c3c' };
const PRESENCE_CYCLE: readonly Presence[] = ['online', 'offline', 'calling', 'paused', 'online', 'offline', 'online', 'online'];
const CALLING_CODES = ['44', '421', '420', '49', '1'];

function seedCompany(state: MockState, random: Random, plan: CompanyPlan, companyId: number): Company {
  const company: Company = {
    analyses: new Map(),
    voiceAgents: new Map(),
    activeCalls: new Map(),
    voiceAgentDialingStopped: false,
    dialer: emptyDialerState(),
    id: companyId,
    name: plan.name,
    agentMax: plan.agentMax,
    smsFunds: plan.smsFunds,
    agents: new Map(),
    groups: new Map(),
    memberships: new Set(),
    tags: new Map(),
    contacts: new Map(),
    attributes: [],
    blacklist: new Map(),
    notes: new Map(),
    activities: new Map(),
    campaigns: new Map(),
    numbers: new Map(),
    calls: new Map(),
  };
  for (let i = 0; i < plan.numbers; i++) {
    const id = nextId(state, 'number');
    const code = i === 0 ? '44' : random.pick(CALLING_CODES);
    const area = random.int(20, 99);
    company.numbers.set(id, {
      id,
      routed: true,
      country_code: Number(code),
      area_code: area,
      internal_name: `${plan.name} line ${i + 1}`,
      caller_id_e164: `+${code}${area}${random.digits(7)}`,
      is_redirected: false,
      connected_to: random.int(0, 1),
      source_id: random.int(1, 50),
    });
  }
  const numberIds = [...company.numbers.keys()];
  // Extensions start at 2001 so the boundary values 1000 and 9999 stay free for the suite.
  for (let i = 0; i < plan.agents; i++) {
    const id = nextId(state, 'agent');
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const agent: Agent = {
      id,
      firstname: first,
      lastname: last,
      email: `${first}.${last}.${id}@${plan.key}.example.com`.toLowerCase(),
      pass: random.hex(16),
      status_outbound: true,
      daily_price_limit: random.int(10, 200),
      extension: 2001 + i,
      call_number_id: numberIds[i % numberIds.length] ?? null,
      availability_status: PRESENCE_CYCLE[i % PRESENCE_CYCLE.length] as Presence,
    };
    company.agents.set(id, agent);
  }
  for (const name of GROUPS) {
    const id = nextId(state, 'group');
    company.groups.set(id, { id, internal_name: name });
    for (const agentId of company.agents.keys()) if (random.chance(50)) company.memberships.add(`${agentId}:${id}`);
  }
  // A number routes to a group or an agent of its own company (Edit a number refuses any other), so one read and
  // written back is accepted. Its draw was made before those records existed: it picks among them now, drawing
  // nothing more, so every later record of the seed stays as it was.
  const routeTargets = [[...company.groups.keys()], [...company.agents.keys()]];
  for (const number of company.numbers.values()) {
    const targets = routeTargets[number.connected_to] ?? [];
    if (targets.length > 0) number.source_id = targets[(number.source_id - 1) % targets.length] as number;
  }
  for (const name of TAGS) {
    const id = nextId(state, 'tag');
    company.tags.set(id, { id, name, color: TAG_COLORS[name] ?? null, archived: false });
  }
  for (const title of ['Age', 'Plan']) company.attributes.push({ id: nextId(state, 'attribute'), title });
  const agentIds = [...company.agents.keys()];
  const tagIds = [...company.tags.keys()];
  for (let i = 0; i < plan.contacts; i++) {
    const id = nextId(state, 'contact');
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const country = random.pick(COUNTRIES);
    const created = REFERENCE_DAY - random.int(30, 700) * DAY;
    const contact: Contact = {
      id,
      name: `${first} ${last}`,
      title: random.pick(['', 'Ing.', 'Dr.', 'Mgr.']),
      company: `${last} ${random.pick(['s.r.o.', 'GmbH', 'Ltd.', 'a.s.'])}`,
      industry: random.pick(INDUSTRIES),
      website: `https://www.${last.toLowerCase()}${id}.example.com/`,
      address: `${random.int(1, 120)} Main Street`,
      city: random.pick(CITIES),
      zip: random.digits(5),
      state: '',
      country_id: country.id,
      favorite_agent: random.chance(30) ? random.pick(agentIds) : null,
      external_urls: random.chance(40) ? [{ name: 'CRM', url: `https://crm.example.com/c/${id}` }] : [],
      numbers: [`+${country.calling_code}${random.digits(9)}`],
      emails: [`${first}.${last}.${id}@example.com`.toLowerCase()],
      tags: tagIds.filter(() => random.chance(25)),
      attributes: company.attributes.filter(() => random.chance(50)).map((a) => ({ attribute_id: a.id, value: String(random.int(18, 90)) })),
      created: iso(created),
      modified: iso(created + random.int(0, 20) * DAY),
    };
    company.contacts.set(id, contact);
  }
  const types: readonly BlacklistType[] = ['all', 'incoming', 'outgoing'];
  for (let i = 0; i < plan.blacklist; i++) {
    const id = nextId(state, 'blacklist');
    company.blacklist.set(id, { id, type: types[i % 3] as BlacklistType, public_number: Number(`${random.pick(CALLING_CODES)}${random.digits(9)}`) });
  }
  const contactIds = [...company.contacts.keys()];
  const expiredBefore = REFERENCE_DAY - RECORDING_RETENTION_DAYS * DAY;
  // Chronological ids: call N+1 never starts before call N. Stored newest first, the order call history lists them in.
  const calls: Call[] = [];
  const starts = Array.from({ length: plan.calls }, () => REFERENCE_DAY - random.int(1, 365 * 24 * 60) * 60_000).sort((a, b) => a - b);
  for (const startedAt of starts) {
    const id = nextId(state, 'call');
    const agent = company.agents.get(random.pick(agentIds)) as Agent;
    const contact = random.chance(85) ? company.contacts.get(random.pick(contactIds)) : undefined;
    const answered = random.chance(75);
    const waitingTime = random.int(1, 40);
    const talking = answered ? random.int(5, 900) : 0;
    const answeredAt = answered ? startedAt + waitingTime * 1000 : null;
    let recording: RecordingState = 'none';
    if (answered && random.chance(60)) {
      if (startedAt < expiredBefore) recording = 'expired';
      else recording = random.chance(8) ? 'deleted' : 'available';
    }
    const call: Call = {
      id,
      uuid: derivedUuid(state.seed, `call:${id}`),
      type: random.pick(['incoming', 'outgoing', 'outgoing', 'internal'] as const),
      startedAt,
      answeredAt,
      endedAt: (answeredAt ?? startedAt + waitingTime * 1000) + talking * 1000,
      waitingTime,
      wrapupTime: answered ? random.int(0, 60) : 0,
      userId: agent.id,
      contactId: contact?.id ?? null,
      tagIds: tagIds.filter(() => random.chance(15)),
      // A call without a contact is from a number no contact has; an agent without a number of its own calls from the company's first.
      publicExternal: contact?.numbers[0] ?? `+${random.pick(CALLING_CODES)}${random.digits(9)}`,
      publicInternal: company.numbers.get(agent.call_number_id ?? numberIds[0] ?? -1)?.caller_id_e164 ?? '',
      recording,
    };
    calls.push(call);
  }
  for (const call of calls.reverse()) company.calls.set(call.id, call);
  // Added after the calls were drawn, without the seeded random, so the records drawn before stay the same.
  const archivedId = nextId(state, 'tag');
  company.tags.set(archivedId, { id: archivedId, name: ARCHIVED_TAG_NAME, color: '#7f8c8d', archived: true });
  for (const call of [...company.calls.values()].slice(0, 3)) call.tagIds.push(archivedId);
  for (const agent of company.agents.values()) {
    if (agent.availability_status === 'calling') company.activeCalls.set(derivedUuid(state.seed, `live:${agent.id}`), agent.id);
  }
  return company;
}

export function seedState(seed: number): MockState {
  const state: MockState = { seed, companies: new Map(), keys: new Map(), sequences: new Map() };
  // Identifiers start high, well apart from small numbers a client might guess.
  for (const kind of ['number', 'agent', 'group', 'tag', 'attribute', 'contact', 'blacklist', 'call', 'note', 'activity', 'campaign', 'button'])
    state.sequences.set(kind, 10_000 + (seed % 1000) * 10);
  const random = new Random(seed);
  PLANS.forEach((plan, index) => {
    const company = seedCompany(state, random, plan, index + 1);
    state.companies.set(company.id, company);
    const keys: ApiKey[] = plan.keys.map((label) => ({
      id: `CCK${label.toUpperCase()}${random.hex(12).toUpperCase()}`,
      secret: random.hex(32),
      companyId: company.id,
      revoked: false,
      label,
    }));
    if (plan.revokedKey)
      keys.push({
        id: `CCK${plan.key.toUpperCase()}R${random.hex(12).toUpperCase()}`,
        secret: random.hex(32),
        companyId: company.id,
        revoked: true,
        label: `${plan.key}-revoked`,
      });
    for (const key of keys) state.keys.set(key.id, key);
  });
  for (const company of state.companies.values()) {
    seedContactHistory(state, company);
    seedCoreCampaigns(state, company);
  }
  seedDialerCampaigns(state);
  // After the campaigns: gives them their disposition buttons; draws only from generators of its own.
  for (const company of state.companies.values()) seedDialerResources(state, company);
  return state;
}
