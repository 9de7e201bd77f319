import { AI_FAULTS } from './ai.js';
import { ANALYTICS_FAULTS } from './analytics.js';
import { CI_FAULTS } from './conversation-intelligence.js';
import { CORE_FAULTS } from './core.js';
import { CUECARD_FAULTS } from './cuecard.js';
import { DIALER_FAULTS } from './dialer.js';
import { DIALER_CAMPAIGN_FAULTS } from './dialer-campaigns.js';
import { DIALER_RESOURCE_FAULTS } from './dialer-resources.js';
import { VOICE_AGENT_FAULTS } from './voice-agents.js';
import type { FaultSpec } from './spec.js';

export type { FaultSpec } from './spec.js';

/**
 * Every fault of the mock, one file per host. Keyed by name, each naming the rule it breaks;
 * a rule may have several faults.
 */
export const FAULTS: readonly FaultSpec[] = [...CORE_FAULTS, ...AI_FAULTS, ...CI_FAULTS, ...VOICE_AGENT_FAULTS, ...CUECARD_FAULTS, ...ANALYTICS_FAULTS, ...DIALER_FAULTS, ...DIALER_CAMPAIGN_FAULTS, ...DIALER_RESOURCE_FAULTS];

const BY_NAME = new Map(FAULTS.map((spec) => [spec.name, spec]));

export function faultSpec(name: string): FaultSpec | undefined {
  return BY_NAME.get(name);
}

/** The faults switched on in one mock instance. Asking for an unregistered name is a defect of the mock. */
export class Faults {
  readonly #on: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    const on = new Set<string>();
    for (const name of names) {
      if (!BY_NAME.has(name)) throw new Error(`unknown fault ${JSON.stringify(name)}; see mock/faults/registry.ts`);
      on.add(name);
    }
    this.#on = on;
  }

  on(name: string): boolean {
    if (!BY_NAME.has(name)) throw new Error(`mock asks for unregistered fault ${name}`);
    return this.#on.has(name);
  }

  names(): string[] {
    return [...this.#on];
  }
}
