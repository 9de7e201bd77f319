/**
 * Where a conformance run's requests go. Budgets are metered per host (the Dialer apart from the rest of
 * the AI host) and company; checks of different budgets run side by side in lanes, each lane in its fixed
 * order, so one budget's wait does not hold up another's checks.
 */

export const LANES = ['core', 'dialer', 'hosts'] as const;
export type Lane = (typeof LANES)[number];

export const LANE_MEANING: Readonly<Record<Lane, string>> = {
  core: 'the core API',
  dialer: 'the Dialer',
  hosts: 'the hosts without a stated budget: the AI host (Conversation Intelligence, VoiceAgent), CueCard, analytics',
};

/** The budget checks spend whole budgets on purpose: they run alone, after every lane has finished. */
export const LAST = 'budget';
