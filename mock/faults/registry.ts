import { AI_FAULTS } from './ai.ts';
import { ANALYTICS_FAULTS } from './analytics.ts';
import { CI_FAULTS } from './conversation-intelligence.ts';
import { CORE_FAULTS } from './core.ts';
import { CUECARD_FAULTS } from './cuecard.ts';
import { DIALER_FAULTS } from './dialer.ts';
import { DIALER_CAMPAIGN_FAULTS } from './dialer-campaigns.ts';
import { DIALER_RESOURCE_FAULTS } from './dialer-resources.ts';
import { VOICE_AGENT_FAULTS } from './voice-agents.ts';
import type { FaultSpec } from './spec.ts';
import { DIAGNOSTIC_FAULTS } from './diagnostic.ts';

export type { FaultSpec } from './spec.ts';
export { DIAGNOSTIC_FAULTS, type DiagnosticFault } from './diagnostic.ts';

/**
 * Every fault of the mock, one file per host. Keyed by name, each naming the rule it breaks;
 * a rule may have several faults.
 */
export const FAULTS = [
  ...CORE_FAULTS,
  ...AI_FAULTS,
  ...CI_FAULTS,
  ...VOICE_AGENT_FAULTS,
  ...CUECARD_FAULTS,
  ...ANALYTICS_FAULTS,
  ...DIALER_FAULTS,
  ...DIALER_CAMPAIGN_FAULTS,
  ...DIALER_RESOURCE_FAULTS,
] as const satisfies readonly FaultSpec[];

/** Every name a mock may ask for: a typo in `faults.on('…')` is a compile error, not a throw when that line runs. */
export type FaultName = (typeof FAULTS)[number]['name'] | (typeof DIAGNOSTIC_FAULTS)[number]['name'];

const BY_NAME = new Map<string, FaultSpec>(FAULTS.map((spec) => [spec.name, spec]));

/** Every name a mock can switch on: the faults that break a rule and the diagnostic ones. */
const ALL_NAMES: readonly string[] = [...FAULTS.map((spec) => spec.name), ...DIAGNOSTIC_FAULTS.map((d) => d.name)];

export function faultSpec(name: string): FaultSpec | undefined {
  return BY_NAME.get(name);
}

/** Whether a mock knows the fault, a rule-breaking or a diagnostic one. */
export function isFaultName(name: string): boolean {
  return ALL_NAMES.includes(name);
}

/** The faults switched on in one mock instance. Asking for an unregistered name is a defect of the mock. */
export class Faults {
  readonly #on: ReadonlySet<string>;
  /** Every registered name, switched on or not: `on` runs several times per request, so one lookup. */
  readonly #state: ReadonlyMap<string, boolean>;

  constructor(names: Iterable<string> = []) {
    const on = new Set<string>();
    for (const name of names) {
      if (!isFaultName(name)) throw new Error(`unknown fault ${JSON.stringify(name)}; see mock/faults/registry.ts`);
      on.add(name);
    }
    this.#on = on;
    this.#state = new Map(ALL_NAMES.map((name) => [name, on.has(name)]));
  }

  on(name: FaultName): boolean {
    const state = this.#state.get(name);
    if (state === undefined) throw new Error(`mock asks for unregistered fault ${name}`);
    return state;
  }

  names(): string[] {
    return [...this.#on];
  }
}
