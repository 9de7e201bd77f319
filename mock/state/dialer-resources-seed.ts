import type { OutcomeKind } from '../../lib/dialer/outcomes.ts';
import { type DispositionButton, nextSeq, resourcesOf } from './dialer-resources.ts';
import type { Company, MockState } from './model.ts';
import { ARCHIVED_TAG_NAME, derivedUuid, iso, REFERENCE_DAY } from './seed-tools.ts';

const DAY = 86_400_000;

const SCRIPTS: readonly [string, string][] = [
  ['Opening pitch', 'Hello, this is {agent} from {company}. Do you have two minutes?'],
  ['Objection handling', 'I understand. Many of our customers felt the same before they tried it.'],
  ['Voicemail message', 'Sorry we missed you. Please call us back at your convenience.'],
];

const SURVEYS: readonly [string, { text: string; options: string[] }[]][] = [
  [
    'Customer satisfaction',
    [
      { text: 'How satisfied are you with our service?', options: ['1', '2', '3', '4', '5'] },
      { text: 'Anything we could do better?', options: [] },
    ],
  ],
  ['Product interest', [{ text: 'Would you like a demo?', options: ['yes', 'no'] }]],
];

/**
 * The dispositions of every seeded campaign, by tag name: a coloured tag, a tag without colour
 * ('Missed'), the archived tag (which only releases before the undated change show) and a call-back.
 * The statistics draw the dispositions of past calls from the same list.
 */
export function seededDispositions(): readonly (readonly [string, OutcomeKind])[] {
  // A function, not a constant: seed.ts imports this file, so its exports are not there yet at load time.
  return [
    ['VIP', 'positive'],
    ['Missed', 'neutral'],
    [ARCHIVED_TAG_NAME, 'negative'],
    ['Callback', 'callback'],
  ];
}

/** The seeded dispositions as buttons of the company's tags (a company lacking a tag skips it). */
export function seededButtons(company: Company): DispositionButton[] {
  const tags = [...company.tags.values()];
  return seededDispositions().flatMap(([name, kind]) => {
    const tag = tags.find((t) => t.name === name);
    return tag ? [{ tag_id: tag.id, outcome_kind: kind, lastName: tag.name, lastColor: tag.color }] : [];
  });
}

/** Seeds a company's call scripts and surveys, and the buttons of the campaigns seeded before them. */
export function seedDialerResources(state: MockState, company: Company): void {
  const resources = resourcesOf(company);
  SCRIPTS.forEach(([name, content], i) => {
    const id = derivedUuid(state.seed, `dialer-script:${company.id}:${i}`);
    const at = iso(REFERENCE_DAY - (40 - i) * DAY);
    resources.scripts.set(id, { id, name, content, createdAt: at, updatedAt: at, seq: nextSeq(company) });
  });
  SURVEYS.forEach(([name, questions], i) => {
    const id = derivedUuid(state.seed, `dialer-survey:${company.id}:${i}`);
    const at = iso(REFERENCE_DAY - (30 - i) * DAY);
    resources.surveys.set(id, {
      id,
      name,
      questions: questions.map((q) => ({ text: q.text, options: [...q.options] })),
      createdAt: at,
      updatedAt: at,
      seq: nextSeq(company),
    });
  });
  for (const campaign of company.dialer.campaigns.values()) resources.buttons.set(campaign.id, seededButtons(company));
}
