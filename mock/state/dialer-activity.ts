import type { OutcomeKind } from '../../lib/dialer/outcomes.ts';
import type { DialerCampaign, DialerCampaignContact } from './dialer.ts';
import { seededButtons } from './dialer-resources-seed.ts';
import { derivedRandom } from './seed-tools.ts';
import type { Company, MockState } from './model.ts';
import type { Random } from './seed-tools.ts';

/**
 * The dialing history behind a campaign's statistics, derived from its dialing list: each contact's
 * `attempts` count and `status` decide its calls, a generator of the contact's own fills in the rest.
 * Derived on every read, so the same seed always gives the same history, and a campaign made through
 * the API, with no contacts, has none.
 */
export type CallResult = 'no_answer' | 'person' | 'voicemail' | 'machine';

export interface Attempt {
  contact: string;
  /** Epoch ms. */
  at: number;
  result: CallResult;
  talkSeconds: number;
  /** The disposition an agent chose after a call a person answered. */
  tagId: number | null;
  outcomeKind: OutcomeKind | null;
}

const MINUTE = 60_000;
const RETRY_RESULTS: readonly CallResult[] = ['no_answer', 'no_answer', 'voicemail', 'machine'];

/** The last call of a contact, as its status tells: completed contacts were reached, failed ones never were. */
function lastResult(status: DialerCampaignContact['status'], random: Random): CallResult {
  if (status === 'completed') return 'person';
  if (status === 'called') return random.chance(70) ? 'person' : 'voicemail';
  if (status === 'failed') return random.chance(50) ? 'no_answer' : 'machine';
  return random.pick(RETRY_RESULTS);
}

function talkSeconds(result: CallResult, random: Random): number {
  if (result === 'person') return random.int(20, 600);
  if (result === 'voicemail') return random.int(5, 40);
  return result === 'machine' ? random.int(1, 10) : 0;
}

export function campaignAttempts(state: MockState, company: Company, campaign: DialerCampaign): Attempt[] {
  const dispositions = seededButtons(company);
  const created = Date.parse(campaign.createdAt);
  const attempts: Attempt[] = [];
  for (const contact of campaign.contacts) {
    const random = derivedRandom(state.seed, `dialer-attempts:${contact.id}`);
    let at = created;
    for (let i = 0; i < contact.attempts; i++) {
      at += random.int(30, 10 * 24 * 60) * MINUTE;
      const result = i === contact.attempts - 1 ? lastResult(contact.status, random) : random.pick(RETRY_RESULTS);
      const button = result === 'person' && dispositions.length > 0 && random.chance(85) ? random.pick(dispositions) : undefined;
      attempts.push({
        contact: contact.id,
        at,
        result,
        talkSeconds: talkSeconds(result, random),
        tagId: button?.tag_id ?? null,
        outcomeKind: button?.outcome_kind ?? null,
      });
    }
  }
  return attempts.sort((a, b) => a.at - b.at);
}
