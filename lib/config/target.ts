import type { Release } from '../dialer/releases.ts';
import type { DialerRoutes } from '../dialer/routes.ts';
import type { KeySlot, Surface } from '../contract/vocabulary.ts';

/** Where a stateful check's failing sequence is found again: the exploration's seed and fast-check's path in it. */
export interface SequenceReplay {
  readonly check: string;
  readonly rule: string;
  readonly seed: number;
  readonly path: string;
}

/** What replaying a failing sequence alone (CC_SEQUENCE_REPLAY) may spend shrinking it on a configured target (lib/config/load.ts). */
export const REPLAY_SHRINK_REQUESTS = 24;

/** How much a stateful check explores: its random sequences, their length, and what shrinking a failure may spend. */
export interface SequenceSize {
  readonly count: number;
  readonly steps: number;
  /** The most requests the steps of one sequence may send, its closing apart; absent: no cap besides the steps. */
  readonly stepRequests?: number;
  readonly shrinkRequests: number;
}

/** The shape of a configured target: where it is, which keys reach it, what it may be made to do. */

export const EFFECTS = [
  'call',
  'sms',
  'voice-agent',
  'voice-call',
  'emergency-stop',
  'dialer-records',
  'dialer-exports',
  'campaign-sequences',
  'group-sequences',
  'budget',
] as const;
export type Effect = (typeof EFFECTS)[number];

/** What each effect does to a live account, for skip reasons and the README. */
export const EFFECT_MEANING: Readonly<Record<Effect, string>> = {
  call: 'places a real call (Make a call)',
  sms: 'sends a real SMS (Send sms)',
  'voice-agent': 'creates voice agents, which the API gives no way to delete',
  'voice-call': 'starts a real VoiceAgent call to a fictional number',
  'emergency-stop': 'stops outbound VoiceAgent dialing of the whole company for a moment, then lifts the stop',
  'dialer-records': 'creates Dialer call scripts and surveys, which the API gives no way to delete',
  'dialer-exports': 'queues Dialer data export jobs of campaigns it created, which the API gives no way to delete',
  'campaign-sequences': 'creates and deletes Dialer campaigns in random sequences, which the API keeps with status deleted',
  'group-sequences':
    "adds its own agent to two of the account's groups and removes it again, in random sequences, and judges the company-wide member counts of the realtime group statistics, which another client's membership changes meanwhile would throw off",
  budget: "spends the company's whole core and Dialer budgets on purpose, so the company's other integrations get 429 meanwhile",
};

export interface KeyPair {
  readonly id: string;
  readonly secret: string;
}

export interface Target {
  readonly urls: Readonly<Partial<Record<Surface, string>>>;
  readonly keys: Readonly<Partial<Record<KeySlot, KeyPair>>>;
  /** PEM text of the extra CA, read from CC_CA_FILE. */
  readonly ca?: string;
  readonly caFile?: string;
  readonly rateWindowMs: number;
  /** Of each company's budget per window, the share the run may spend (CC_BUDGET_SHARE), 0 < share <= 1. */
  readonly budgetShare: number;
  readonly effects: ReadonlySet<Effect>;
  /**
   * Nothing else spends the company's budgets during the run (CC_BUDGET_EXCLUSIVE, or the bundled mock):
   * only then is a count below the budget the target's own doing.
   */
  readonly budgetExclusive: boolean;
  /** An existing voice agent to read when the suite may not create one. */
  readonly voiceAgentId?: string;
  readonly dialer: {
    /** The Dialer release the target is expected to be; the suite checks exactly its behaviour. */
    readonly release: Release;
    readonly routes: DialerRoutes;
    /** A call tag of the account that is archived: no endpoint lists one, so the user names it. */
    readonly archivedTagId?: string;
  };
  readonly timeoutMs: number;
  /**
   * Random values a fuzzed check may draw beside its exact boundaries (CC_FUZZ_RANDOM), each a request or
   * two against the budget; absent, each check draws the number it states (the bundled mock's default).
   */
  readonly fuzzRandomCap?: number;
  /**
   * How many of a lane's fuzzed checks draw their random values in a run (CC_FUZZ_CHECKS), chosen by the run
   * seed; absent: every one. The others send their exact boundaries only.
   */
  readonly fuzzChecksPerLane?: number;
  /**
   * How many of a lane's stateful checks with closing steps draw random steps in a run (CC_SEQUENCE_CHECKS),
   * chosen by the run seed; absent: every one. The others run their closing steps alone, which judge each of
   * their rules.
   */
  readonly sequenceChecksPerLane?: number;
  /**
   * How many random sequences each stateful check runs (CC_SEQUENCES), of how many steps at most, and the
   * requests it may spend shrinking a failing one: few on a configured target, where each step costs budget.
   */
  readonly sequences: SequenceSize;
  /** A stateful check's failing sequence to run again (CC_SEQUENCE_REPLAY): the check, the rule it broke, fast-check's seed and path. */
  readonly sequenceReplay?: SequenceReplay;
  /** Set when the run started the mock itself; shown in the report, never used to relax a check. */
  readonly bundledMock: boolean;
}
