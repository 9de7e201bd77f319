import { createHash } from 'node:crypto';
import type { Call, Company } from './model.ts';
import { Random } from './seed-tools.ts';

/**
 * Conversation Intelligence of one call: summary, sentiment, talk/listen ratio, topics, transcription,
 * smart notes and details link. Made deterministically from the data seed and the call id, with its own
 * generator: reading analyses in any order never changes the seeded records or each other.
 */
export interface CallerRef {
  readonly id: number;
  readonly type: 'contact' | 'agent';
  readonly localIdentifier: string;
}

export interface Segment {
  readonly start: number;
  readonly end: number;
  readonly caller: string;
  readonly text: string;
}

export interface Topic {
  readonly topic: string;
  readonly weight: number;
  readonly spans: readonly Segment[];
}

export type Sentiment = 'very negative' | 'negative' | 'neutral' | 'positive' | 'very positive';

/** Field names follow the vendor reference (CallSmartNotes); the spec shows none of them. */
export interface SmartNotes {
  readonly callDetails: {
    readonly callDateTime: string;
    readonly participants: readonly { name: string; jobPosition?: string; company?: string; callerType: 'agent' | 'contact' }[];
    readonly callMetadata: string;
  };
  readonly actionItems: readonly string[];
  readonly decisionsMade: readonly string[];
  readonly openQuestions: readonly string[];
  readonly importantDatesAndDeadlines: readonly { dateMention: string; eventDescription: string }[];
  readonly risksAndIssues: readonly string[];
  readonly customerFeedback: readonly string[];
}

export interface CallAnalysis {
  readonly callId: number;
  readonly language: string;
  readonly callers: readonly CallerRef[];
  readonly segments: readonly Segment[];
  readonly topics: readonly Topic[];
  readonly summary: string;
  readonly overallSentiment: Sentiment;
  readonly talkListenRatio: readonly { caller: string; talkingTime: number; ratio: number }[];
  readonly smartNotes: SmartNotes;
  readonly detailsLink: string;
}

const CONTACT = 'caller1';
const AGENT = 'caller2';
const SENTIMENTS: readonly Sentiment[] = ['very negative', 'negative', 'neutral', 'positive', 'very positive'];
const TOPICS = [
  'Billing',
  'Delivery delay',
  'Contract renewal',
  'Pricing',
  'Technical issue',
  'Account access',
  'Refund',
  'Onboarding',
  'Upgrade',
  'Cancellation',
  'Invoice copy',
  'Feedback',
];
const AGENT_LINES = [
  'Thank you for calling, how can I help you today?',
  'Let me look that up for you.',
  'I can see the order in our system.',
  'Could you confirm the e-mail address on the account?',
  'I will send you a confirmation right after this call.',
  'That should be resolved within two business days.',
  'Is there anything else I can help you with?',
  'I understand, that must be frustrating.',
];
const CONTACT_LINES = [
  'Hello, I would like to ask for help.',
  'My last invoice looks higher than usual.',
  'The delivery has not arrived yet.',
  'Yes, that is the right address.',
  'Can you tell me when it will be fixed?',
  'That works for me, thank you.',
  'I would like to change my plan.',
  'No, that is all for today.',
];
const ACTIONS = ['Send a confirmation e-mail', 'Issue a credit note', 'Schedule a follow-up call', 'Escalate to the technical team'];
const DECISIONS = ['Upgrade to the yearly plan', 'Keep the current contract', 'Refund the last invoice'];
const QUESTIONS = ['Final price of the upgrade', 'Exact delivery date', 'Whether the discount applies'];
const RISKS = ['Customer considers cancelling', 'Repeated delivery delays', 'Concern about the cost of the service'];
const FEEDBACK = ['Good service', 'Waiting time was long', 'The app is easy to use'];

/** Seconds with millisecond precision, as the vendor reference's examples show them. */
const secs = (ms: number): number => Math.round(ms) / 1000;

function generatorFor(seed: number, callId: number): Random {
  const digest = createHash('sha256').update(`${seed}:analysis:${callId}`).digest();
  return new Random(digest.readInt32BE(0));
}

function some<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  const n = Math.min(random.int(min, max), pool.length);
  while (out.length < n) out.push(pool.splice(random.int(0, pool.length - 1), 1)[0] as T);
  return out;
}

/**
 * Which calls of a company have an analysis: answered calls with a known contact (both parties can be
 * named), except every fourth of them in id order, so a history always holds calls without one.
 */
function isAnalysed(company: Company, call: Call): boolean {
  if (call.answeredAt === null || call.contactId === null) return false;
  let index = 0;
  for (const other of company.calls.values()) {
    if (other.id === call.id) break;
    if (other.answeredAt !== null && other.contactId !== null) index += 1;
  }
  return index % 4 !== 3;
}

function generate(seed: number, company: Company, call: Call, contactId: number): CallAnalysis {
  const random = generatorFor(seed, call.id);
  const callers: CallerRef[] = [
    { id: contactId, type: 'contact', localIdentifier: CONTACT },
    { id: call.userId, type: 'agent', localIdentifier: AGENT },
  ];
  // Long enough that a walk with a small limit takes several pages.
  const count = random.int(25, 80);
  const segments: Segment[] = [];
  let at = random.int(300, 1500);
  let speaker = call.type === 'incoming' ? AGENT : CONTACT;
  for (let i = 0; i < count; i++) {
    const length = random.int(800, 6000);
    const lines = speaker === AGENT ? AGENT_LINES : CONTACT_LINES;
    segments.push({ start: secs(at), end: secs(at + length), caller: speaker, text: random.pick(lines) });
    at += length + random.int(100, 1500);
    if (random.chance(80)) speaker = speaker === AGENT ? CONTACT : AGENT;
  }
  const topicNames = some(random, TOPICS, 3, 8);
  const topics: Topic[] = topicNames.map((topic, i) => ({
    topic,
    weight: Math.round((1 - i / (topicNames.length + 1)) * 1000) / 1000,
    spans: some(random, segments, 1, 3).sort((a, b) => a.start - b.start),
  }));
  const talking = (id: string) => segments.filter((s) => s.caller === id).reduce((sum, s) => sum + (s.end - s.start), 0);
  const contactTime = Math.round(talking(CONTACT));
  const agentTime = Math.round(talking(AGENT));
  const contactRatio = contactTime + agentTime === 0 ? 50 : Math.round((100 * contactTime) / (contactTime + agentTime));
  const contact = company.contacts.get(contactId);
  const agent = company.agents.get(call.userId);
  const answered = new Date(call.answeredAt ?? call.startedAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const followUp = new Date((call.answeredAt ?? call.startedAt) + random.int(1, 14) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    callId: call.id,
    language: 'en',
    callers,
    segments,
    topics,
    summary: `The customer called about ${topicNames[0]?.toLowerCase()} and ${topicNames[1]?.toLowerCase()}. The agent ${random.pick(['resolved the issue', 'promised a follow-up', 'escalated the case'])}.`,
    overallSentiment: random.pick(SENTIMENTS),
    talkListenRatio: [
      { caller: CONTACT, talkingTime: contactTime, ratio: contactRatio },
      { caller: AGENT, talkingTime: agentTime, ratio: 100 - contactRatio },
    ],
    smartNotes: {
      callDetails: {
        callDateTime: answered,
        participants: [
          { name: agent ? `${agent.firstname} ${agent.lastname}` : 'Agent', jobPosition: 'Support agent', company: company.name, callerType: 'agent' },
          { name: contact?.name ?? 'Customer', ...(contact?.company ? { company: contact.company } : {}), callerType: 'contact' },
        ],
        callMetadata: `Ticket ${random.digits(6)}`,
      },
      actionItems: some(random, ACTIONS, 1, 2),
      decisionsMade: some(random, DECISIONS, 0, 1),
      openQuestions: some(random, QUESTIONS, 0, 2),
      importantDatesAndDeadlines: [{ dateMention: followUp, eventDescription: 'Follow-up call' }],
      risksAndIssues: some(random, RISKS, 0, 1),
      customerFeedback: some(random, FEEDBACK, 0, 1),
    },
    detailsLink: `https://analytics.example.com/calls/${call.uuid}`,
  };
}

/**
 * The analysis of a call of the company: undefined when the id is no call of this company, null when
 * the call has none. Made on first read and kept, so later reads (and pages) see the same record.
 */
export function analysisOf(seed: number, company: Company, callId: number): CallAnalysis | null | undefined {
  const call = company.calls.get(callId);
  if (!call) return undefined;
  const known = company.analyses.get(callId);
  if (known !== undefined) return known;
  const made = isAnalysed(company, call) && call.contactId !== null ? generate(seed, company, call, call.contactId) : null;
  company.analyses.set(callId, made);
  return made;
}
